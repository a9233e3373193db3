/// A match's place in play order: when it ended (or, unfinished, began), in milliseconds since
/// 1970, then its id. Ratings learn from matches in this order.
package struct PlayOrder: Comparable, Hashable, Sendable {
    package let ended: Int64
    package let gather: String

    package init(ended: Int64, gather: String) {
        self.ended = ended
        self.gather = gather
    }

    package static func < (lhs: PlayOrder, rhs: PlayOrder) -> Bool { (lhs.ended, lhs.gather) < (rhs.ended, rhs.gather) }
}
