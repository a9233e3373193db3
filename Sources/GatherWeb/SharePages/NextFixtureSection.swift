import GatherDomain
import GatherWire

/// The next match on the share page: when (rewritten in the reader's zone by the script), where,
/// how many are in, and who. No buttons: a shared link is not a person.
enum NextFixtureSection {
    @HTMLBuilder
    static func section(_ fixture: Fixture) -> [Node] {
        Section(.id("next"), .class(.fixture)) {
            H2 { "Next match" }
            P {
                Time(datetime: InternetDate.string(from: fixture.startsAt, utcOffset: fixture.utcOffset)) {
                    Text(KickOffText.text(fixture.startsAt, utcOffset: fixture.utcOffset))
                }
                if let place = fixture.place { " · " ; Name(place) }
            }
            if fixture.status == .cancelled {
                P(.class(.notice)) { "Cancelled." }
            } else {
                P(.class(.headcount)) { Text(PersonalPage.headcount(fixture)) }
                PersonalPage.teams(fixture)
                PersonalPage.lists(fixture)
            }
        }
    }
}
