import Terminal

/// The keys for `input` fed in one read.
func decode(_ input: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(input)
}

/// The keys for `text` fed in one read.
func decode(_ text: String) -> [Key] {
    decode(bytes(text))
}
