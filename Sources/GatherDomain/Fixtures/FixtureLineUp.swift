/// Who holds the fixture's places and who waits, derived from the "in" answers alone: places go
/// to "in" answers in the order they came (`inOrder`, the fixture's running count when each said
/// in), the rest wait in that same order. Every write that can move someone (an answer, the number
/// of places, a guest) derives it again here, inside its transaction, so no two writes can give one
/// place twice, and a freed place goes to the first waiting answer at once.
package struct FixtureLineUp: Hashable, Sendable {
    /// Where one "in" answer stands.
    package enum Standing: Hashable, Sendable {
        /// 1-based place.
        case place(Int)
        /// 1-based position on the waiting list.
        case waiting(Int)
    }

    /// An "in" answer as the line-up reads it: its row and when it said in.
    package struct Entry: Hashable, Sendable {
        package var id: Int
        package var inOrder: Int

        package init(id: Int, inOrder: Int) {
            self.id = id
            self.inOrder = inOrder
        }
    }

    package private(set) var standings: [Int: Standing] = [:]

    /// `places` places for the "in" answers `entries`, in any order.
    package init(places: Int, entries: [Entry]) {
        let ordered = entries.sorted { ($0.inOrder, $0.id) < ($1.inOrder, $1.id) }
        for (index, entry) in ordered.enumerated() {
            standings[entry.id] = index < places ? .place(index + 1) : .waiting(index - places + 1)
        }
    }

    package func standing(of id: Int) -> Standing? { standings[id] }

    package var placesTaken: Int { standings.values.count { if case .place = $0 { true } else { false } } }
    package var waiting: Int { standings.count - placesTaken }
}
