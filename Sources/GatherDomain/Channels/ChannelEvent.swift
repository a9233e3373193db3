/// What a channel can be told. Each channel chooses which it hears; all are on by default.
package enum ChannelEvent: String, CaseIterable, Hashable, Sendable, Comparable {
    case fixtureCreated = "fixture.created"
    case reminder = "fixture.reminder"
    case belowMinimum = "fixture.below_minimum"
    case full = "fixture.full"
    case dropout = "fixture.dropout"
    case teams = "fixture.teams"
    case cancelled = "fixture.cancelled"
    case matchResult = "match.result"
    /// Who was man of the match, once the vote closed.
    case manOfTheMatch = "match.man_of_the_match"
    case seasonAwards = "season.awards"

    package static func < (lhs: ChannelEvent, rhs: ChannelEvent) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// Whether the event is about a fixture (the webhook body's `fixture`) or a match (`match`).
    package var isAboutAMatch: Bool { subjectField == "match" }

    /// The webhook body's field for what the event is about: `fixture`, `match` or `season`.
    package var subjectField: String {
        switch self {
        case .matchResult, .manOfTheMatch: "match"
        case .seasonAwards: "season"
        default: "fixture"
        }
    }

    /// Whether the event is about a fixture (whose kick-off makes it old news).
    package var isAboutAFixture: Bool { subjectField == "fixture" }
}
