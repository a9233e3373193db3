/// What a friend sees when an answer was not taken: the reason in words and the way back.
package enum RefusedAnswerPage {
    package static func page(reason: String, back: SitePath?) -> Page {
        Page(title: "Answer not saved") {
            P(.class(.site)) { "Football Gather" }
            H1 { "Your answer was not saved" }
            P { Text(reason.prefix(1).uppercased() + reason.dropFirst() + ".") }
            if let back { P { A(href: back) { "← Back to your page" } } }
        }
    }
}
