import Foundation
import GatherDomain
import GatherWire
import ValidationAssertions
import XCTest

final class PlayerEncodingTests: XCTestCase {
    private let playerKeys: Set<String> = ["id", "name", "age", "skill", "preferredPosition", "favouriteTeam", "regular"]

    func testUnsetFieldsAreExplicitNulls() throws {
        let data = WireFormat.encode(Player(id: 7, name: "Ada"))
        let object = try jsonObject(data)
        XCTAssertEqual(Set(object.keys), playerKeys)
        XCTAssertEqual(object["id"] as? Int, 7)
        XCTAssertEqual(object["name"] as? String, "Ada")
        for key in ["age", "skill", "preferredPosition", "favouriteTeam"] {
            XCTAssertTrue(object[key] is NSNull, "\(key) should be null")
        }
        XCTAssertEqual(String(decoding: data, as: UTF8.self),
                       #"{"age":null,"favouriteTeam":null,"id":7,"name":"Ada","preferredPosition":null,"regular":false,"skill":null}"#)
    }

    func testSetFieldsUseWireValues() throws {
        let player = Player(id: 1, name: "Bo", age: 20, skill: .beginner, preferredPosition: .midfielder, favouriteTeam: "PSV")
        let object = try jsonObject(WireFormat.encode(player))
        XCTAssertEqual(Set(object.keys), playerKeys)
        XCTAssertEqual(object["age"] as? Int, 20)
        XCTAssertEqual(object["skill"] as? String, "beginner")
        XCTAssertEqual(object["preferredPosition"] as? String, "midfielder")
        XCTAssertEqual(object["favouriteTeam"] as? String, "PSV")
    }

    func testPlayerRoundTrips() throws {
        let players = [
            Player(id: 1, name: "Bo"),
            Player(id: 2, name: "Zoë \"Z\" O'Neil", age: 0, skill: .professional, preferredPosition: .goalkeeper,
                   favouriteTeam: "Inter/Milan"),
        ]
        for player in players {
            XCTAssertEqual(try WireFormat.decode(Player.self, from: WireFormat.encode(player)), player)
        }
    }

    func testPlayerFromDetailsKeepsEveryField() throws {
        let details = try PlayerDetails(name: "Cy", age: 40, skill: .amateur, preferredPosition: .defender, favouriteTeam: "Hull")
        let player = Player(id: 9, details: details)
        XCTAssertEqual(player.id, 9)
        XCTAssertEqual(player.details, details)
    }

    func testGatherPlayerAddsTeam() throws {
        let gatherPlayer = GatherPlayer(player: Player(id: 3, name: "Di", skill: .amateur), team: .bench)
        let object = try jsonObject(WireFormat.encode(gatherPlayer))
        XCTAssertEqual(Set(object.keys), playerKeys.union(["team", "retired"]))
        XCTAssertEqual(object["team"] as? String, "Bench")
        XCTAssertEqual(object["retired"] as? Bool, false)
        XCTAssertEqual(object["name"] as? String, "Di")
        XCTAssertTrue(object["age"] is NSNull)
    }

    func testGatherPlayerRoundTrips() throws {
        for team in Team.allCases {
            let gatherPlayer = GatherPlayer(player: Player(id: 4, name: "Ed", age: 50, favouriteTeam: "Celtic"), team: team)
            XCTAssertEqual(try WireFormat.decode(GatherPlayer.self, from: WireFormat.encode(gatherPlayer)), gatherPlayer)
        }
    }

    func testGatherPlayerRequiresTeam() {
        let error = expectDecodingFailure(GatherPlayer.self, #"{"id":1,"name":"Ed"}"#)
        XCTAssertEqual(error?.field, "team")
    }
}
