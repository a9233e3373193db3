import FoundationEssentials
import GatherDomain
import GatherRating

/// What a settlement of one group's ratings starts from, read in one snapshot of the database:
/// the generation it saw, the kept snapshot it starts at (nil: the first match), and every counted
/// match after it, in play order.
package struct RatingSettlementPlan: Sendable {
    package let owner: UUID
    /// `rating_state.generation` when read: the store tells whether anything changed since.
    package let generation: Int
    package let start: RatingSnapshot?
    package let matches: [RatedMatch]
    /// Each match's place in play order, as `matches`.
    package let orders: [PlayOrder]
    /// Each player's declared level, where they start.
    package let declared: [Int: Skill]

    package init(owner: UUID, generation: Int, start: RatingSnapshot?, matches: [RatedMatch], orders: [PlayOrder], declared: [Int: Skill]) {
        self.owner = owner
        self.generation = generation
        self.start = start
        self.matches = matches
        self.orders = orders
        self.declared = declared
    }
}

/// A settlement worked out: the ratings after the plan's last match, and the snapshots taken on
/// the way, to be stored as one short write.
package struct RatingSettlementOutcome: Sendable {
    package let plan: RatingSettlementPlan
    package let ratings: [Int: PlayerRating]
    package let snapshots: [RatingSnapshot]
}

/// A settlement's replay, a slice at a time: the plan's matches applied in order from its start,
/// a snapshot kept every `RatingSnapshot.interval` places, stopping whenever the caller says the
/// slice is over and resuming where it stopped. The same plan gives the same ratings whatever the
/// slices: exactly what a replay of every match from the first gives.
package struct RatingReplay: Sendable {
    package let plan: RatingSettlementPlan
    private let history: RatingHistory
    private let snapshotInterval: Int
    private var ratings: [Int: PlayerRating]
    private var snapshots: [RatingSnapshot] = []
    private var next = 0
    private var placesSinceSnapshot = 0

    package init(_ plan: RatingSettlementPlan, history: RatingHistory = RatingHistory(), snapshotInterval: Int = RatingSnapshot.interval) {
        self.plan = plan
        self.history = history
        self.snapshotInterval = snapshotInterval
        ratings = plan.start?.ratings ?? [:]
    }

    package var isFinished: Bool { next == plan.matches.count }

    /// Matches applied so far.
    package var applied: Int { next }

    /// Applies matches while `goOn()` (asked after each) says so; returns how many it applied.
    @discardableResult
    package mutating func advance(while goOn: () -> Bool) -> Int {
        let first = next
        while next < plan.matches.count {
            let match = plan.matches[next]
            history.apply(match, to: &ratings, declared: plan.declared)
            placesSinceSnapshot += match.teamA.count + match.teamB.count
            if placesSinceSnapshot >= snapshotInterval {
                snapshots.append(RatingSnapshot(through: plan.orders[next], ratings: ratings))
                placesSinceSnapshot = 0
            }
            next += 1
            if !goOn() { break }
        }
        return next - first
    }

    /// What to store; call once finished.
    package var outcome: RatingSettlementOutcome {
        RatingSettlementOutcome(plan: plan, ratings: ratings, snapshots: snapshots)
    }
}
