import Foundation
@testable import GatherServer
import HTTP
import Networking
import TestSupport
import XCTest

/// `/api/channels`: a group's channels made, shown without their secrets, and told of its news by
/// the sender, against real HTTP receivers on this machine (the server allowed to reach them:
/// `--allow-http-channels`, `--allow-private-channels`).
final class ChannelAPITests: XCTestCase {
    private var server: InProcessAPI!
    private var receiver: ChannelReceiver!
    /// Thursday 26 November 2026, 12:00 in Amsterdam.
    private let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-26T11:00:00Z")!)

    override func setUpWithError() throws {
        var options = InProcessAPI.defaultOptions
        let clock = clock
        options.now = { clock.now }
        options.timeZone = "Europe/Amsterdam"
        options.channelPolicy = OutboundPolicy(allowsPlainHTTP: true, allowsPrivateAddresses: true)
        server = try InProcessAPI(options: options)
        receiver = try ChannelReceiver()
    }

    override func tearDown() {
        server?.stop()
        receiver?.stop()
    }

    private func owner() throws -> APIClient { try server.registeredClient().client }

    private func channel(_ client: APIClient, _ body: [String: Any]) throws -> [String: Any] {
        let created = try client.request(.post, "/api/channels", json: body)
        XCTAssertEqual(created.status, 201, created.text)
        return try created.jsonObject()
    }

    private func fixture(_ client: APIClient) throws -> [String: Any] {
        let created = try client.request(.post, "/api/fixtures", json: ["startsAt": "2026-12-03T19:00:00+01:00", "place": "Sportpark Noord",
                                                                          "places": 10])
        XCTAssertEqual(created.status, 201, created.text)
        return try created.jsonObject()
    }

    private func deliveries(_ client: APIClient, channel: Int) throws -> [[String: Any]] {
        try client.request(.get, "/api/channels/\(channel)/deliveries").jsonArray()
    }

    /// Waits until the channel's latest delivery is in `state`; that delivery.
    private func latest(_ client: APIClient, channel: Int, is state: String) throws -> [String: Any] {
        var last: [String: Any] = [:]
        let reached = try waitUntil {
            last = try deliveries(client, channel: channel).first ?? [:]
            return last["state"] as? String == state
        }
        XCTAssertTrue(reached, "the delivery stayed \(last)")
        return last
    }

    /// The original client saves a match first and its score at full time (`PUT`): the group hears
    /// the score then; a correction that night is told as one; last season's fixed score is no news.
    func testAScoreGivenAfterTheMatchWasSavedIsToldAndACorrectionThatNightToo() throws {
        let client = try owner()
        _ = try channel(client, ["kind": "slack", "name": "Chat", "url": receiver.baseURL + "/slack", "events": ["match.result"]])
        let saved = try client.request(.post, "/api/gathers", json: [:] as [String: Any])
        XCTAssertEqual(saved.status, 201, saved.text)
        let id = try XCTUnwrap(try saved.jsonObject()["id"] as? String)
        let heard = { self.receiver.requests.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.body))) as? [String: Any] }
            .compactMap { $0["text"] as? String } }

        XCTAssertEqual(try client.request(.put, "/api/gathers/\(id)", json: ["score": "3-1", "winnerTeam": "Team A"]).status, 204)
        XCTAssertEqual(receiver.waitForRequests(count: 1).count, 1)
        XCTAssertEqual(heard(), ["Full time: Team A 3–1 Team B."])

        clock.advance(by: 600)
        XCTAssertEqual(try client.request(.put, "/api/gathers/\(id)", json: ["score": "3-2", "winnerTeam": "Team A"]).status, 204)
        XCTAssertEqual(receiver.waitForRequests(count: 2).count, 2)
        XCTAssertEqual(heard().last, "Score corrected: Team A 3–2 Team B, not 3–1.")
        XCTAssertEqual(try client.request(.put, "/api/gathers/\(id)", json: ["score": "3-2", "winnerTeam": "Team A"]).status, 204,
                       "the same score again")

        clock.advance(by: 2 * 86_400)
        XCTAssertEqual(try client.request(.put, "/api/gathers/\(id)", json: ["score": "4-2", "winnerTeam": "Team A"]).status, 204)
        // What each write announced is in the deliveries before its answer: nothing was for these.
        let channel = try XCTUnwrap(try client.request(.get, "/api/channels").jsonArray().first?["id"] as? Int)
        XCTAssertEqual(try deliveries(client, channel: channel).count, 2)
        XCTAssertEqual(heard().count, 2)
    }

    func testAWebhookHearsOfANewFixtureSignedWithItsSecretAndKeyed() throws {
        let client = try owner()
        let made = try channel(client, ["kind": "webhook", "name": "Our bot", "url": receiver.baseURL + "/hooks/secret-path?key=abc"])
        let secret = try XCTUnwrap(made["secret"] as? String)
        XCTAssertTrue(secret.hasPrefix("whsec_"), secret)
        let id = try XCTUnwrap(made["id"] as? Int)
        // Shown again without the path, which may be the secret, and never with the secret.
        let shown = try client.request(.get, "/api/channels/\(id)")
        XCTAssertEqual(try shown.jsonObject()["url"] as? String, receiver.baseURL + "/…")
        XCTAssertFalse(shown.text.contains("secret-path") || shown.text.contains(secret), shown.text)
        XCTAssertFalse(try client.request(.get, "/api/channels").text.contains(secret))

        let fixtureID = try XCTUnwrap(try fixture(client)["id"] as? Int)
        let request = try XCTUnwrap(receiver.waitForRequests(count: 1).first)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.target, "/hooks/secret-path?key=abc")
        XCTAssertEqual(request.header("Content-Type"), "application/json")
        XCTAssertEqual(request.header("X-Gather-Event"), "fixture.created")
        // The signature the receiver recomputes: t=…,v1=hex(HMAC-SHA256(secret, "t.body")).
        let signature = try XCTUnwrap(request.header("X-Gather-Signature"))
        let time = try XCTUnwrap(Int(signature.dropFirst(2).prefix { $0 != "," }))
        XCTAssertEqual(time, Int(clock.now.timeIntervalSince1970))
        XCTAssertEqual(signature, WebhookSignature.header(secret: secret, time: time, body: request.body))
        XCTAssertNotEqual(signature, WebhookSignature.header(secret: secret + "x", time: time, body: request.body))
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        XCTAssertEqual(body["event"] as? String, "fixture.created")
        XCTAssertEqual(body["id"] as? String, request.header("Idempotency-Key"))
        XCTAssertEqual((body["fixture"] as? [String: Any])?["id"] as? Int, fixtureID)
        XCTAssertNotNil((body["group"] as? [String: Any])?["name"] as? String)
        XCTAssertEqual(body["text"] as? String,
                       "New match: Thu 3 Dec, 19:00 at Sportpark Noord, 10 places. Answer by Thu 3 Dec, 17:00 on your own link.")

        let delivered = try latest(client, channel: id, is: "sent")
        XCTAssertEqual(delivered["event"] as? String, "fixture.created")
        XCTAssertEqual(delivered["attempts"] as? Int, 1)
        XCTAssertEqual(delivered["lastStatus"] as? Int, 200)
        // Cancelled: told once, and nothing more for the same change, whether by DELETE or PATCH.
        XCTAssertEqual(try client.request(.delete, "/api/fixtures/\(fixtureID)").status, 204)
        XCTAssertEqual(try client.request(.delete, "/api/fixtures/\(fixtureID)").status, 204)
        XCTAssertEqual(try client.request(.patch, "/api/fixtures/\(fixtureID)", json: ["status": "cancelled"]).status, 200)
        XCTAssertEqual(try latest(client, channel: id, is: "sent")["event"] as? String, "fixture.cancelled")
        XCTAssertEqual(receiver.waitForRequests(count: 2).map { $0.header("X-Gather-Event") }, ["fixture.created", "fixture.cancelled"])
        XCTAssertEqual(try deliveries(client, channel: id).count, 2)
        // Another fixture called off by a change of its status is told too.
        let other = try XCTUnwrap(try fixture(client)["id"] as? Int)
        // (Its creation told first: one still due when it is called off is left unsaid, no longer true.)
        XCTAssertEqual(receiver.waitForRequests(count: 3).count, 3)
        XCTAssertEqual(try client.request(.patch, "/api/fixtures/\(other)", json: ["status": "cancelled"]).status, 200)
        XCTAssertEqual(receiver.waitForRequests(count: 4).compactMap { $0.header("X-Gather-Event") },
                       ["fixture.created", "fixture.cancelled", "fixture.created", "fixture.cancelled"])
    }

    func testEachChatHearsItInItsOwnShape() throws {
        let client = try owner()
        let discord = try XCTUnwrap(try channel(client, ["kind": "discord", "name": "Discord", "url": receiver.baseURL + "/api/webhooks/1/tok",
                                                         "link": "https://football.example.org/s/abc"])["id"] as? Int)
        _ = try channel(client, ["kind": "slack", "name": "Slack", "url": receiver.baseURL + "/services/T/B/X"])
        let telegram = try channel(client, ["kind": "telegram", "name": "Telegram", "url": receiver.baseURL,
                                            "botToken": "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345", "chatId": "-1001234567890"])
        XCTAssertEqual(telegram["chatId"] as? String, "-1001234567890")
        XCTAssertTrue(telegram["secret"] is NSNull)
        _ = try channel(client, ["kind": "matrix", "name": "Matrix", "url": receiver.baseURL, "accessToken": "syt_matrix_token",
                                 "roomId": "!room:example.org"])
        XCTAssertFalse(try client.request(.get, "/api/channels").text.contains("ABCdefGHI"), "a bot token is never shown again")
        _ = try fixture(client)

        let requests = receiver.waitForRequests(count: 4)
        XCTAssertEqual(requests.count, 4)
        let byPath = Dictionary(requests.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let text = "New match: Thu 3 Dec, 19:00 at Sportpark Noord, 10 places. Answer by Thu 3 Dec, 17:00 on your own link."
        func json(_ request: ChannelReceiver.Request?) -> [String: Any] {
            (request.flatMap { try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] }) ?? [:]
        }
        XCTAssertEqual(json(byPath["/api/webhooks/1/tok"])["content"] as? String, text + "\nhttps://football.example.org/s/abc")
        XCTAssertEqual(json(byPath["/services/T/B/X"])["text"] as? String, text)
        let sent = json(byPath["/bot123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345/sendMessage"])
        XCTAssertEqual(sent["chat_id"] as? String, "-1001234567890")
        XCTAssertEqual(sent["text"] as? String, text)
        let matrix = try XCTUnwrap(requests.first { $0.path.hasPrefix("/_matrix/client/v3/rooms/%21room%3Aexample.org/send/m.room.message/") })
        XCTAssertEqual(matrix.method, "PUT")
        XCTAssertEqual(matrix.header("Authorization"), "Bearer syt_matrix_token")
        XCTAssertEqual(json(matrix)["msgtype"] as? String, "m.text")
        XCTAssertEqual(json(matrix)["body"] as? String, text)
        XCTAssertEqual(try latest(client, channel: discord, is: "sent")["attempts"] as? Int, 1)
    }

    func testAFailingFarEndIsTriedAgainHonouringRetryAfterWithTheSameKey() throws {
        let client = try owner()
        receiver.answerInOrder([.status(503, "busy"), .tooManyRequests(retryAfter: "120", body: #"{"retry_after":120}"#), .status(204)])
        let id = try XCTUnwrap(try channel(client, ["kind": "webhook", "name": "Flaky", "url": receiver.baseURL + "/hook"])["id"] as? Int)
        _ = try fixture(client)
        XCTAssertEqual(receiver.waitForRequests(count: 1).count, 1)
        XCTAssertTrue(try waitUntil { try deliveries(client, channel: id).first?["attempts"] as? Int == 1 })
        var due = try latest(client, channel: id, is: "due")
        let deadline = { (delivery: [String: Any]) in ISO8601DateFormatter().date(from: delivery["dueAt"] as? String ?? "") }
        XCTAssertEqual(due["attempts"] as? Int, 1)
        XCTAssertEqual(due["lastStatus"] as? Int, 503)
        XCTAssertEqual(due["lastError"] as? String, "the far end answered 503: busy")
        // Backed off about 30 s: nothing is tried before.
        let first = try XCTUnwrap(deadline(due)).timeIntervalSince(clock.now)
        XCTAssertTrue((26...34).contains(first), "\(first)")
        clock.advance(by: 35)
        server.application.deliverDueAnnouncements()
        XCTAssertEqual(receiver.waitForRequests(count: 2).count, 2)
        XCTAssertTrue(try waitUntil { try deliveries(client, channel: id).first?["attempts"] as? Int == 2 })
        due = try latest(client, channel: id, is: "due")
        XCTAssertEqual(due["lastStatus"] as? Int, 429)
        XCTAssertEqual(try XCTUnwrap(deadline(due)).timeIntervalSince(clock.now), 120, accuracy: 1, "Retry-After is honoured")
        clock.advance(by: 121)
        server.application.deliverDueAnnouncements()
        let sent = try latest(client, channel: id, is: "sent")
        XCTAssertEqual(sent["attempts"] as? Int, 3)
        let keys = receiver.waitForRequests(count: 3).map { $0.header("Idempotency-Key") }
        XCTAssertEqual(keys.count, 3)
        XCTAssertEqual(Set(keys).count, 1, "every try of one delivery carries its key: \(keys)")
    }

    func testAFarEndThatRefusesIsGivenUpAtOnceAndShown() throws {
        let client = try owner()
        receiver.answer(path: "/gone", with: .status(404, #"{"message": "Unknown Webhook", "code": 10015}"#))
        let id = try XCTUnwrap(try channel(client, ["kind": "discord", "name": "Old", "url": receiver.baseURL + "/gone"])["id"] as? Int)
        _ = try fixture(client)
        let failed = try latest(client, channel: id, is: "failed")
        XCTAssertEqual(failed["lastStatus"] as? Int, 404)
        XCTAssertTrue((failed["lastError"] as? String ?? "").contains("Unknown Webhook"), "\(failed)")
        XCTAssertEqual(receiver.requests.count, 1)
    }

    func testTheTestRouteSaysWhatTheFarEndAnswered() throws {
        let client = try owner()
        let id = try XCTUnwrap(try channel(client, ["kind": "slack", "name": "Team chat", "url": receiver.baseURL + "/ok"])["id"] as? Int)
        let tested = try client.request(.post, "/api/channels/\(id)/test")
        XCTAssertEqual(tested.status, 200, tested.text)
        XCTAssertEqual(try tested.jsonObject()["delivered"] as? Bool, true)
        XCTAssertEqual(try tested.jsonObject()["status"] as? Int, 200)
        XCTAssertTrue(receiver.requests.first?.text.contains("A test from Football Gather") ?? false)

        receiver.answer(path: "/bad", with: .status(400, "invalid_payload"))
        XCTAssertEqual(try client.request(.patch, "/api/channels/\(id)", json: ["url": receiver.baseURL + "/bad"]).status, 200)
        let refused = try client.request(.post, "/api/channels/\(id)/test").jsonObject()
        XCTAssertEqual(refused["delivered"] as? Bool, false)
        XCTAssertEqual(refused["status"] as? Int, 400)
        XCTAssertEqual(refused["answer"] as? String, "invalid_payload")
        XCTAssertEqual(try deliveries(client, channel: id).count, 0, "a test is recorded nowhere")
    }

    /// A test is a request made at once: a group has five a minute, so this server cannot be used
    /// to flood a far end; another group's tests are not held up by it.
    func testAGroupHasFiveTestsAMinute() throws {
        let client = try owner()
        let id = try XCTUnwrap(try channel(client, ["kind": "webhook", "name": "Bot", "url": receiver.baseURL + "/ok"])["id"] as? Int)
        for _ in 0..<5 { XCTAssertEqual(try client.request(.post, "/api/channels/\(id)/test").status, 200) }
        let refused = try client.request(.post, "/api/channels/\(id)/test")
        XCTAssertEqual(refused.status, 429, refused.text)
        XCTAssertEqual(refused.headers["Retry-After"], "60")
        XCTAssertEqual(try refused.jsonObject()["reason"] as? String, "at most 5 channel tests a minute for a group; try again in 60 seconds")
        XCTAssertEqual(receiver.requests.count, 5)

        let other = try owner()
        let theirs = try XCTUnwrap(try channel(other, ["kind": "webhook", "name": "Bot", "url": receiver.baseURL + "/ok"])["id"] as? Int)
        XCTAssertEqual(try other.request(.post, "/api/channels/\(theirs)/test").status, 200)
        clock.advance(by: 61)
        XCTAssertEqual(try client.request(.post, "/api/channels/\(id)/test").status, 200, "a minute on")
    }

    /// Only a few tests are under way in the whole server at once: the rest of the workers stay
    /// free for everyone's requests.
    func testTestsBeyondTheServersShareAtOnceAreTurnedAway() throws {
        let allowance = ChannelTestAllowance(perGroupPerMinute: 5, atOnce: 1)
        let now = Date()
        let answered = try allowance.run(for: UUID(), now: now) { () throws -> Int in
            XCTAssertThrowsError(try allowance.run(for: UUID(), now: now) { 0 }) { error in
                XCTAssertEqual((error as? APIError)?.status.code, 503)
                XCTAssertEqual((error as? APIError)?.headers["Retry-After"], "5")
            }
            return 1
        }
        XCTAssertEqual(answered, 1)
        XCTAssertEqual(try allowance.run(for: UUID(), now: now) { 2 }, 2, "free again once the first ended")
    }

    func testChannelsAreForOwnersWithALoginAndBadFieldsAreNamed() throws {
        let client = try owner()
        let cases: [([String: Any], String)] = [
            (["kind": "fax", "name": "x", "url": "https://a.example"], "kind"),
            (["kind": "webhook", "name": "x"], "url"),
            (["kind": "webhook", "name": "x", "url": "ftp://a.example"], "url"),
            (["kind": "webhook", "name": "x", "url": "https://a.example", "botToken": "1:abcdefghijabcdefghij"], "botToken"),
            (["kind": "telegram", "name": "x", "chatId": "-100"], "botToken"),
            (["kind": "telegram", "name": "x", "botToken": "1:abcdefghijabcdefghij", "chatId": "not a chat"], "chatId"),
            (["kind": "matrix", "name": "x", "url": "https://m.example", "accessToken": "t", "roomId": "#alias:example.org"], "roomId"),
            (["kind": "webhook", "name": "x", "url": "https://a.example", "events": ["fixture.created", "party"]], "events"),
            (["kind": "webhook", "name": "x", "url": "https://a.example", "reminderHours": [24, 3, 1, 2, 5]], "reminderHours"),
            (["kind": "webhook", "name": "x", "url": "https://a.example", "reminderHours": [0]], "reminderHours"),
            (["kind": "telegram", "name": "x", "url": NSNull(), "botToken": "1:abcdefghijabcdefghij", "chatId": "-100"], "url"),
        ]
        for (body, field) in cases {
            let refused = try client.request(.post, "/api/channels", json: body)
            XCTAssertEqual(refused.status, 400, "\(body): \(refused.text)")
            XCTAssertTrue(try refused.errorReason().contains(field), "\(body): \(refused.text)")
        }
        XCTAssertEqual(try client.request(.get, "/api/channels").jsonArray().count, 0)
        let made = try XCTUnwrap(try channel(client, ["kind": "webhook", "name": "x", "url": "https://a.example"])["id"] as? Int)
        for (body, field) in [(["url": NSNull()], "url"), (["kind": "slack"], "kind"), (["botToken": "1:abcdefghijabcdefghij"], "botToken")] as [([String: Any], String)] {
            let refused = try client.request(.patch, "/api/channels/\(made)", json: body)
            XCTAssertEqual(refused.status, 400, "\(body): \(refused.text)")
            XCTAssertTrue(try refused.errorReason().contains(field), "\(body): \(refused.text)")
        }
        // An API token, even one that may write, cannot point the group's news somewhere new.
        let token = try client.request(.post, "/api/tokens", json: ["name": "script", "scope": "write"])
        XCTAssertEqual(token.status, 201, token.text)
        let script = try server.client(token: try XCTUnwrap(token.jsonObject()["token"] as? String))
        XCTAssertEqual(try script.request(.post, "/api/channels", json: ["kind": "webhook", "name": "x", "url": "https://a.example"]).status, 403)
    }

    func testByDefaultTheServerSendsOnlyToHTTPSAndPublicAddresses() throws {
        let strict = try InProcessAPI()
        defer { strict.stop() }
        let client = try strict.registeredClient().client
        let refusals: [(String, String)] = [
            ("http://hooks.example.org/x", "--allow-http-channels"),
            ("https://127.0.0.1:8443/x", "--allow-private-channels"),
            ("https://10.1.2.3/x", "--allow-private-channels"),
            ("https://169.254.169.254/latest/meta-data", "--allow-private-channels"),
            ("https://[::1]/x", "--allow-private-channels"),
            ("https://[fd00::1]/x", "--allow-private-channels"),
        ]
        for (url, fix) in refusals {
            let refused = try client.request(.post, "/api/channels", json: ["kind": "webhook", "name": "x", "url": url])
            XCTAssertEqual(refused.status, 400, "\(url): \(refused.text)")
            XCTAssertTrue(try refused.errorReason().contains(fix), "\(url): \(refused.text)")
        }
        // A name is checked when it is resolved, at each delivery: localhost is this machine.
        let local = try channel(client, ["kind": "webhook", "name": "Here", "url": "https://localhost:1/x"])
        let tested = try client.request(.post, "/api/channels/\(try XCTUnwrap(local["id"] as? Int))/test").jsonObject()
        XCTAssertEqual(tested["delivered"] as? Bool, false)
        XCTAssertTrue((tested["error"] as? String ?? "").contains("--allow-private-channels"), "\(tested)")
    }

    func testAStoredTokenGoesNowhereNewWithoutBeingGivenAgain() throws {
        let client = try owner()
        let telegram = try XCTUnwrap(try channel(client, ["kind": "telegram", "name": "Chat", "url": receiver.baseURL,
                                                          "botToken": "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345",
                                                          "chatId": "-1001234567890"])["id"] as? Int)
        let moved = try client.request(.patch, "/api/channels/\(telegram)", json: ["url": "https://attacker.example"])
        XCTAssertEqual(moved.status, 400, moved.text)
        XCTAssertTrue(try moved.errorReason().contains("botToken"), moved.text)
        let withToken = try client.request(.patch, "/api/channels/\(telegram)",
                                           json: ["url": receiver.baseURL + "/", "botToken": "654321:ZYXwvuTSRqpoNMLkjiHGFedcba543210"])
        XCTAssertEqual(withToken.status, 200, withToken.text)
        XCTAssertEqual(try client.request(.patch, "/api/channels/\(telegram)", json: ["name": "Renamed"]).status, 200, "the rest changes freely")
    }

    func testOneGroupsSlowFarEndNeverHoldsUpAnotherGroup() throws {
        let slow = try owner(), fast = try owner()
        receiver.answer(path: "/slow", with: .delayed(.milliseconds(1500), then: .status(200)))
        // Forty messages of one group due first: more than the sender reads at one look.
        for index in 1...10 {
            _ = try channel(slow, ["kind": "webhook", "name": "Slow \(index)", "url": receiver.baseURL + "/slow"])
        }
        _ = try channel(fast, ["kind": "webhook", "name": "Fast", "url": receiver.baseURL + "/fast"])
        for day in 3...6 {
            XCTAssertEqual(try slow.request(.post, "/api/fixtures", json: ["startsAt": "2026-12-0\(day)T19:00:00+01:00", "places": 10]).status, 201)
        }
        _ = try fixture(fast)
        // The slow group's forty wait two at a time; the other group's one goes out beside the first two.
        let arrived = receiver.waitForRequests(count: 3)
        XCTAssertEqual(arrived.prefix(3).filter { $0.path == "/fast" }.count, 1, "\(arrived.map(\.path))")
    }

}
