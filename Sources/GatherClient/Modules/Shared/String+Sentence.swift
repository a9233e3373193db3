/// Messages from the server and the network, put together into sentences for the screen.
extension String {
    /// "name must be…" → "Name must be…", for messages shown as sentences.
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }

    /// The message ended as a sentence, to put another after it: a full stop unless it already
    /// ends with one, a question mark or an exclamation mark ("…running?", never "…running?.").
    var sentence: String {
        guard let last else { return self }
        return ".?!".contains(last) ? self : self + "."
    }
}
