import Foundation
import GatherServer
import HTTP
import XCTest

/// Guests and the group's fixture settings: a named +1 takes a place beside their host when the
/// group allows it, and goes when the host drops out; the group's zone is where fixtures are set.
final class FixtureGuestTests: XCTestCase {
    private var server: InProcessAPI!
    private let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-26T11:00:00Z")!)
    private var organiser: APIClient!
    private var group = ""

    override func setUpWithError() throws {
        var options = InProcessAPI.defaultOptions
        let clock = clock
        options.now = { clock.now }
        options.timeZone = "UTC"
        server = try InProcessAPI(options: options)
        organiser = try server.registeredClient().client
        let groups = try organiser.request(.get, "/api/groups").jsonArray()
        group = try XCTUnwrap(groups.first { $0["isOwn"] as? Bool == true }?["id"] as? String)
    }

    override func tearDown() {
        server?.stop()
    }

    private func player(_ name: String) throws -> Int {
        try XCTUnwrap(try organiser.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int)
    }

    func testAGuestTakesAPlaceAndLeavesWithTheirHost() throws {
        let ana = try player("Ana"), ben = try player("Ben")
        let fixture = try XCTUnwrap(try organiser.request(.post, "/api/fixtures", json: ["startsAt": "2026-12-03T19:00:00Z", "places": 2])
            .jsonObject()["id"] as? Int)
        let early = try organiser.request(.post, "/api/fixtures/\(fixture)/guests", json: ["name": "Ana's cousin", "of": ana])
        XCTAssertEqual(early.status, 409, "the host is not in yet")
        XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(ana)", json: ["answer": "in"]).status, 200)
        let added = try organiser.request(.post, "/api/fixtures/\(fixture)/guests", json: ["name": "Ana's cousin", "of": ana])
        XCTAssertEqual(added.status, 201, added.text)
        var answers = try added.jsonObject()["answers"] as? [[String: Any]] ?? []
        let guest = try XCTUnwrap(answers.first { $0["guestOf"] as? Int == ana })
        XCTAssertEqual(guest["name"] as? String, "Ana's cousin")
        XCTAssertEqual(guest["place"] as? Int, 2)
        XCTAssertTrue(guest["playerId"] is NSNull)
        let guestID = try XCTUnwrap(guest["guestId"] as? Int)

        // Ben waits behind the guest; the guest taken off, Ben moves up.
        answers = try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(ben)", json: ["answer": "in"]).jsonObject()["answers"]
            as? [[String: Any]] ?? []
        XCTAssertEqual(answers.first { $0["playerId"] as? Int == ben }?["waiting"] as? Int, 1)
        XCTAssertEqual(try organiser.request(.delete, "/api/fixtures/\(fixture)/guests/\(guestID)").status, 204)
        answers = try organiser.request(.get, "/api/fixtures/\(fixture)").jsonObject()["answers"] as? [[String: Any]] ?? []
        XCTAssertEqual(answers.first { $0["playerId"] as? Int == ben }?["place"] as? Int, 2)
        XCTAssertNotNil(answers.first { $0["playerId"] as? Int == ben }?["promotedAt"] as? String)

        // A guest goes with their host.
        XCTAssertEqual(try organiser.request(.post, "/api/fixtures/\(fixture)/guests", json: ["name": "Friend of Ana", "of": ana]).status, 201)
        answers = try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(ana)", json: ["answer": "out"]).jsonObject()["answers"]
            as? [[String: Any]] ?? []
        XCTAssertFalse(answers.contains { $0["guestOf"] as? Int == ana })
        XCTAssertEqual(try organiser.request(.delete, "/api/fixtures/\(fixture)/guests/\(guestID)").status, 404)

        // Once cancelled (or played), the list stays as it was.
        XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(fixture)/answers/\(ana)", json: ["answer": "in"]).status, 200)
        let kept = try organiser.request(.post, "/api/fixtures/\(fixture)/guests", json: ["name": "Late cousin", "of": ana]).jsonObject()
        let keptID = try XCTUnwrap((kept["answers"] as? [[String: Any]] ?? []).first { $0["guestOf"] as? Int == ana }?["guestId"] as? Int)
        XCTAssertEqual(try organiser.request(.delete, "/api/fixtures/\(fixture)").status, 204)
        XCTAssertEqual(try organiser.request(.delete, "/api/fixtures/\(fixture)/guests/\(keptID)").status, 409)
    }

    func testTheGroupSetsHowItsMatchesArePlayed() throws {
        var settings = try organiser.request(.get, "/api/groups/\(group)/settings").jsonObject()
        XCTAssertEqual(settings["matchFormat"] as? [String: Int], ["periods": 1, "periodMinutes": 10, "breakMinutes": 0], "as before")
        let changed = try organiser.request(.patch, "/api/groups/\(group)/settings",
                                            json: ["matchFormat": ["periods": 2, "periodMinutes": 25, "breakMinutes": 5]])
        XCTAssertEqual(changed.status, 200, changed.text)
        settings = try organiser.request(.get, "/api/groups/\(group)/settings").jsonObject()
        XCTAssertEqual(settings["matchFormat"] as? [String: Int], ["periods": 2, "periodMinutes": 25, "breakMinutes": 5])
        XCTAssertEqual(settings["allowGuests"] as? Bool, true, "the rest unchanged")

        let refusals: [([String: Any], String)] = [
            (["periods": 3, "periodMinutes": 20], "matchFormat plays 1 period or 2 halves (periods 1 or 2)"),
            (["periods": 2, "periodMinutes": 0], "matchFormat has periods of 1 to 99 minutes (periodMinutes)"),
            (["periods": 2, "periodMinutes": 20, "breakMinutes": 31], "matchFormat has a break of 0 to 30 minutes (breakMinutes)"),
            (["periods": 2], "matchFormat needs periods and periodMinutes"),
            (["periods": "two", "periodMinutes": 20], "matchFormat gives periods as a whole number"),
        ]
        for (format, reason) in refusals {
            let refused = try organiser.request(.patch, "/api/groups/\(group)/settings", json: ["matchFormat": format])
            XCTAssertEqual(refused.status, 400, reason)
            XCTAssertEqual(try refused.errorReason(), reason)
        }
        let one = try organiser.request(.patch, "/api/groups/\(group)/settings",
                                        json: ["matchFormat": ["periods": 1, "periodMinutes": 60, "breakMinutes": 10]]).jsonObject()
        XCTAssertEqual(one["matchFormat"] as? [String: Int], ["periods": 1, "periodMinutes": 60, "breakMinutes": 0], "one period has no break")
    }

    func testTheGroupsSettingsRefuseGuestsAndSetTheZone() throws {
        let ana = try player("Ana")
        var settings = try organiser.request(.get, "/api/groups/\(group)/settings").jsonObject()
        XCTAssertEqual(settings["allowGuests"] as? Bool, true)
        XCTAssertTrue(settings["timeZone"] is NSNull)
        let changed = try organiser.request(.patch, "/api/groups/\(group)/settings", json: ["allowGuests": false, "timeZone": "Europe/Lisbon"])
        XCTAssertEqual(changed.status, 200, changed.text)
        settings = try changed.jsonObject()
        XCTAssertEqual(settings["timeZone"] as? String, "Europe/Lisbon")
        XCTAssertEqual(try organiser.request(.patch, "/api/groups/\(group)/settings", json: ["timeZone": "Atlantis/Capital"]).status, 400)
        XCTAssertEqual(try organiser.request(.patch, "/api/groups/\(group)/settings", json: [:]).status, 400)

        let fixture = try organiser.request(.post, "/api/fixtures", json: ["startsAt": "2027-07-01T19:00:00Z", "places": 4]).jsonObject()
        XCTAssertEqual(fixture["timeZone"] as? String, "Europe/Lisbon", "the group's zone")
        XCTAssertEqual(fixture["startsAt"] as? String, "2027-07-01T20:00:00+01:00")
        let id = try XCTUnwrap(fixture["id"] as? Int)
        XCTAssertEqual(try organiser.request(.put, "/api/fixtures/\(id)/answers/\(ana)", json: ["answer": "in"]).status, 200)
        let refused = try organiser.request(.post, "/api/fixtures/\(id)/guests", json: ["name": "Cousin", "of": ana])
        XCTAssertEqual(refused.status, 403, refused.text)

        // Settings are the owner's to change; a viewer reads them.
        let viewer = try server.registeredClient().client
        let invite = try organiser.request(.post, "/api/groups/\(group)/invites", json: ["role": "viewer"]).jsonObject()
        let code = try XCTUnwrap(invite["code"] as? String)
        XCTAssertEqual(try viewer.request(.post, "/api/invites/\(code)/accept").status, 200)
        XCTAssertEqual(try viewer.request(.get, "/api/groups/\(group)/settings").status, 200)
        XCTAssertEqual(try viewer.request(.patch, "/api/groups/\(group)/settings", json: ["allowGuests": true]).status, 403)
    }
}
