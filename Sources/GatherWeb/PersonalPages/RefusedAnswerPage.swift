/// What a friend sees when an answer (or a vote) was not taken: the reason in words and the way back.
package enum RefusedAnswerPage {
    package enum Kind: Sendable {
        case answer, vote
    }

    package static func page(reason: String, back: SitePath?, of kind: Kind = .answer) -> Page {
        Page(title: kind == .answer ? "Answer not saved" : "Vote not saved") {
            P(.class(.site)) { "Football Gather" }
            H1 { kind == .answer ? "Your answer was not saved" : "Your vote was not saved" }
            P { Text(reason.prefix(1).uppercased() + reason.dropFirst() + ".") }
            if let back { P { A(href: back) { "← Back to your page" } } }
        }
    }
}
