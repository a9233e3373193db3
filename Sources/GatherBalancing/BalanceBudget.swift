/// How long a balance may search: asked between the searches of the keep-apart groups'
/// orientations (up to 64, each exact and a few milliseconds at most), so a request with many
/// groups stops with the best split found so far instead of running for as long as it likes.
/// The first search always runs: there is always an answer.
package struct BalanceBudget: Sendable {
    /// Whether the budget is spent, asked once after each search.
    package let isSpent: @Sendable () -> Bool

    package init(isSpent: @escaping @Sendable () -> Bool) {
        self.isSpent = isSpent
    }

    /// Every orientation tried, however long it takes.
    package static let unlimited = BalanceBudget { false }
}
