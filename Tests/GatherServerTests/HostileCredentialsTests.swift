import Foundation
import HTTP
import XCTest

/// Credentials a hostile client sends: NUL bytes, control characters, other spellings of a name.
final class HostileCredentialsTests: XCTestCase {
    var server: TestServer!

    override func setUpWithError() throws {
        server = try TestServer()
    }

    override func tearDown() {
        server.stop()
    }

    /// `Authorization: Basic` for raw bytes, NULs included.
    private func basic(_ credentials: String) -> HTTPHeaders {
        ["Authorization": "Basic " + Data(credentials.utf8).base64EncodedString()]
    }

    private func login(_ client: APIClient, _ credentials: String) throws -> ReceivedResponse {
        try client.request(.post, "/api/users/login", headers: basic(credentials))
    }

    func testNULInTheUsernameCannotDodgeTheThrottle() throws {
        _ = try server.registeredClient(username: "victim", password: "right-password")
        let attacker = try server.client()
        // The lookup once stopped at the NUL while the throttle counted the whole string:
        // `victim\0<n>` logged in as victim and was never throttled.
        for guess in 0..<3 {
            let response = try login(attacker, "victim\u{0}\(guess):right-password")
            XCTAssertEqual(response.status, 400)
            XCTAssertEqual(try response.errorReason(), "username must not contain control characters")
        }
        for _ in 0..<5 {
            XCTAssertEqual(try login(attacker, "victim:wrong-password").status, 401)
        }
        XCTAssertEqual(try login(attacker, "victim:right-password").status, 429)
        XCTAssertEqual(try login(attacker, "victim\u{0}x:right-password").status, 400, "still no way around the lockout")
    }

    func testOtherSpellingsOfTheNameShareOneThrottle() throws {
        _ = try server.registeredClient(username: "Zoë", password: "right-password")
        let attacker = try server.client()
        for spelling in ["Zoë", "ZOË", "zoe\u{308}", " zoë", "ZOE\u{308} "] {
            XCTAssertEqual(try login(attacker, "\(spelling):wrong-password").status, 401, spelling.debugDescription)
        }
        for spelling in ["zoë", "Zoe\u{308}"] {
            XCTAssertEqual(try login(attacker, "\(spelling):right-password").status, 429, spelling.debugDescription)
        }
    }

    func testNULInAPasswordIsRefusedNotTruncated() throws {
        let client = try server.client()
        // libcrypt reads up to the NUL: this password would have been "abcd", under the minimum.
        let truncated = try client.request(.post, "/api/users", json: ["username": "nul", "password": "abcd\u{0}efgh"])
        XCTAssertEqual(truncated.status, 400)
        XCTAssertEqual(try truncated.errorReason(), "password must not contain control characters")
        let allNUL = try client.request(.post, "/api/users", json: ["username": "nul", "password": String(repeating: "\u{0}", count: 8)])
        XCTAssertEqual(allNUL.status, 400)

        _ = try server.registeredClient(username: "holder", password: "holder-password")
        let eightNULs = try login(client, "holder:" + String(repeating: "\u{0}", count: 8))
        XCTAssertEqual(eightNULs.status, 400)
        XCTAssertEqual(try eightNULs.errorReason(), "password must not contain NUL")
        XCTAssertEqual(try login(client, "holder:holder-password\u{0}tail").status, 400)
        XCTAssertEqual(try login(client, "holder:holder-password").status, 200)
        let tab = try client.request(.post, "/api/users", json: ["username": "tabby", "password": "tab\there-ok"])
        XCTAssertEqual(try tab.errorReason(), "password must not contain control characters", "new passwords refuse every control character")
    }

    func testUsernamesAreOneAccountHoweverSpelled() throws {
        let client = try server.client()
        func register(_ username: String) throws -> ReceivedResponse {
            try client.request(.post, "/api/users", json: ["username": username, "password": "long-enough"])
        }
        XCTAssertEqual(try register("Ärger").status, 201)
        XCTAssertEqual(try register("ärger").status, 409, "case of a non-ASCII letter")
        XCTAssertEqual(try register("ÄRGER").status, 409)
        XCTAssertEqual(try register("A\u{308}rger").status, 409, "decomposed")
        XCTAssertEqual(try register("Jos\u{E9}").status, 201)
        XCTAssertEqual(try register("Jose\u{301}").status, 409)
        XCTAssertEqual(try register("Straße").status, 201)
        XCTAssertEqual(try register("STRASSE").status, 409, "full case folding")

        let padded = try register("  padded  ")
        XCTAssertEqual(padded.status, 201)
        XCTAssertEqual(try padded.jsonObject()["username"] as? String, "padded")
        XCTAssertEqual(try login(client, "padded:long-enough").status, 200)
        XCTAssertEqual(try login(client, "PADDED:long-enough").status, 200)
        XCTAssertEqual(try login(client, "a\u{308}rger:long-enough").status, 200)
    }

    func testCompatibilityLookAlikesAreTheSameName() throws {
        let client = try server.client()
        XCTAssertEqual(try client.request(.post, "/api/users", json: ["username": "admin", "password": "long-enough"]).status, 201)
        for lookAlike in ["ａｄｍｉｎ", "𝖺𝖽𝗆𝗂𝗇", "ADMIN", "𝐀𝐃𝐌𝐈𝐍"] {
            XCTAssertEqual(try client.request(.post, "/api/users", json: ["username": lookAlike, "password": "long-enough"]).status,
                           409, lookAlike)
        }
    }

    func testAPasswordStartingWithAnAccentLogsIn() throws {
        // As Characters, ":" and a following combining mark are one grapheme cluster: the colon
        // that separates name and password must be found as a byte.
        _ = try server.registeredClient(username: "accent", password: "\u{301}accented-pass")
        XCTAssertEqual(try login(try server.client(), "accent:\u{301}accented-pass").status, 200)
    }

    func testInvisibleAndLookAlikeUsernamesAreRefused() throws {
        let client = try server.client()
        let refused: [(String, String)] = [
            ("ad\u{200B}min", "username must not contain invisible or text-direction characters"),
            ("\u{202E}nimda", "username must not contain invisible or text-direction characters"),
            ("admin\u{FEFF}", "username must not contain invisible or text-direction characters"),
            ("\u{3164}", "username must not contain invisible or text-direction characters"),
            ("admin\u{2800}", "username must not contain invisible or text-direction characters"),
            ("adm\u{456}n", "username must not mix Latin, Greek and Cyrillic letters"),
            ("ad  min", "username may only separate words with single plain spaces"),
        ]
        for (username, reason) in refused {
            let response = try client.request(.post, "/api/users", json: ["username": username, "password": "long-enough"])
            XCTAssertEqual(response.status, 400, username.debugDescription)
            XCTAssertEqual(try response.errorReason(), reason, username.debugDescription)
        }
    }

    func testByteLimitsKeepOneCharacterFromWeighingAMegabyte() throws {
        let (client, _) = try server.registeredClient()
        // A single grapheme cluster of ~500 KB: once a valid one-character name. (Its accents come
        // in runs of ten, joined by U+200D: a run of more than 30 refuses the whole body first.)
        let heavy = "x" + String(repeating: String(repeating: "\u{301}", count: 10) + "\u{200D}", count: 22_000)
        XCTAssertEqual(heavy.count, 1)
        let tower = try client.request(.post, "/api/players", json: ["name": "x" + String(repeating: "\u{301}", count: 250_000)])
        XCTAssertEqual(try tower.errorReason(), "text in the body must not stack more than 30 accents on one letter")
        let player = try client.request(.post, "/api/players", json: ["name": heavy])
        XCTAssertEqual(player.status, 400)
        XCTAssertEqual(try player.errorReason(), "name must be at most 1024 bytes of UTF-8")
        let team = try client.request(.post, "/api/players", json: ["name": "Ana", "favouriteTeam": heavy])
        XCTAssertEqual(try team.errorReason(), "favouriteTeam must be at most 1024 bytes of UTF-8")
        XCTAssertEqual(try client.request(.get, "/api/players").jsonArray().count, 0)

        // A 40 KB username once registered but could never log in (its Basic header passed the header limit).
        let longName = "u" + String(repeating: String(repeating: "\u{301}", count: 10) + "\u{200D}", count: 2_000)
        let account = try client.request(.post, "/api/users", json: ["username": longName, "password": "long-enough"])
        XCTAssertEqual(account.status, 400)
        XCTAssertEqual(try account.errorReason(), "username must be at most 256 bytes of UTF-8")
        // The largest username and password that can register still log in (a password of
        // 256 four-byte characters once registered with a 500: libcrypt hashes 511 bytes at most).
        let name = String(repeating: "🙂", count: 64), password = String(repeating: "🔑", count: 127) + "abc"
        XCTAssertEqual(try client.request(.post, "/api/users", json: ["username": name, "password": password]).status, 201)
        XCTAssertEqual(try login(try server.client(), "\(name):\(password)").status, 200)
    }
}
