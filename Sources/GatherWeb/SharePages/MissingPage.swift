/// What an unknown, revoked or mistyped link shows (with 404): the same page for each, so it
/// tells nothing of which links exist.
package enum MissingPage {
    package static func page() -> Page {
        Page(title: "Link not found") {
            P(.class(.site)) { "Football Gather" }
            H1 { "This link does not work" }
            P { "It may have been mistyped, or the organiser may have stopped sharing it. Ask them for a new one." }
        }
    }
}
