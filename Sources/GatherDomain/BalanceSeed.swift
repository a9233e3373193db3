/// The seed of a team split, kept with the match it made so the same split can be drawn again.
package enum BalanceSeed {
    /// Whole numbers JSON carries exactly: below 2^53.
    package static let range: ClosedRange<Int> = 0...(1 << 53) - 1
}
