/// Where a fixture stands. `closed` is never stored: an open fixture reads as closed once its
/// answers close, and answers given after that still count, marked late.
package enum FixtureStatus: String, Hashable, Sendable, CaseIterable {
    case open
    case closed
    case cancelled
    /// A result was saved from it.
    case played

    /// What is kept in the row: `closed` is `open` read after `answersCloseAt`.
    package var stored: FixtureStatus { self == .closed ? .open : self }
}
