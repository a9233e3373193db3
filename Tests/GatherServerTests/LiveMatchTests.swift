import Foundation
import GatherServer
import HTTP
import Networking
import Storage
import TestSupport
import XCTest

/// The match being played, published by the organiser (`PUT /api/live`) and pushed to every share
/// page watching (`GET /s/{token}/events`, Server-Sent Events), over real sockets.
final class LiveMatchTests: XCTestCase {
    private var server: TestServer!

    override func tearDown() {
        server?.stop()
    }

    /// An organiser with a roster of four and a share link; the link's token.
    private func organiser(username: String = "user-\(UUID().uuidString.prefix(8))") throws
        -> (client: APIClient, players: [Int], token: String) {
        server = try TestServer()
        let client = try server.registeredClient(username: username).client
        var players: [Int] = []
        for name in ["Ana", "Ben", "Cleo <b>", "Dan"] {
            players.append(try XCTUnwrap(client.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int))
        }
        let share = try client.request(.post, "/api/shares", json: ["name": "Thursday"]).jsonObject()
        return (client, players, String(try XCTUnwrap(share["path"] as? String).dropFirst(3)))
    }

    private func watch(_ token: String) throws -> RawConnection {
        let connection = try RawConnection(port: server.port)
        connection.send("GET /s/\(token)/events HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n")
        return connection
    }

    /// The data of each event called `name`, in order, decoded.
    private func events(_ name: String, in connection: RawConnection) -> [Any] {
        connection.text.components(separatedBy: "\n\n").compactMap { block -> Any? in
            let lines = block.components(separatedBy: "\n")
            guard lines.contains("event: \(name)"), let data = lines.first(where: { $0.hasPrefix("data: ") }) else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8), options: .fragmentsAllowed)
        }
    }

    private func update(_ players: [Int], score: String, phase: String, remaining: Int, id: String = "6F9619FF-8B86-D011-B42D-00C04FC964FF")
        -> [String: Any] {
        ["gatherId": id, "teamA": [players[0], players[1]], "teamB": [players[2], players[3]], "score": score, "phase": phase,
         "remainingSeconds": remaining, "durationSeconds": 600]
    }

    func testAPageHearsTheMatchAsItChangesAndWhenTheResultsDo() throws {
        let (client, players, token) = try organiser()
        let viewer = try watch(token)
        XCTAssertTrue(viewer.read { $0.contains("event: match\ndata: null\n\n") }, "no match yet: \(viewer.text)")
        let head = viewer.text.components(separatedBy: "\r\n\r\n")[0]
        XCTAssertTrue(head.contains("Content-Type: text/event-stream"), head)
        XCTAssertTrue(head.contains("Cache-Control: no-store"), head)
        XCTAssertTrue(viewer.text.contains("retry: 3000\n\n"))

        XCTAssertEqual(try client.request(.put, "/api/live", json: update(players, score: "1-0", phase: "running", remaining: 540)).status, 204)
        XCTAssertTrue(viewer.read { _ in self.events("match", in: viewer).count == 2 }, viewer.text)
        let live = try XCTUnwrap(events("match", in: viewer).last as? [String: Any])
        XCTAssertEqual(live["teamA"] as? [String], ["Ana", "Ben"])
        XCTAssertEqual(live["teamB"] as? [String], ["Cleo <b>", "Dan"], "names as typed; the page escapes them")
        XCTAssertEqual(live["scoreA"] as? Int, 1)
        XCTAssertEqual(live["scoreB"] as? Int, 0)
        XCTAssertEqual(live["phase"] as? String, "running")
        XCTAssertEqual(live["durationSeconds"] as? Int, 600)
        XCTAssertLessThanOrEqual(try XCTUnwrap(live["remainingSeconds"] as? Int), 540)

        // A second page opened now hears the match as it stands at once.
        let latecomer = try watch(token)
        XCTAssertTrue(latecomer.read { _ in (self.events("match", in: latecomer).first as? [String: Any])?["scoreA"] as? Int == 1 },
                      latecomer.text)

        XCTAssertEqual(try client.request(.put, "/api/live", json: update(players, score: "1-1", phase: "paused", remaining: 300)).status, 204)
        for page in [viewer, latecomer] {
            XCTAssertTrue(page.read { _ in (self.events("match", in: page).last as? [String: Any])?["phase"] as? String == "paused" })
            XCTAssertEqual((events("match", in: page).last as? [String: Any])?["remainingSeconds"] as? Int, 300, "paused: the time stands")
        }

        // Saving the result: the pages hear that the results changed, then the match ends.
        let saved = try client.request(.post, "/api/gathers", json: ["id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "score": "1-1",
                                                                      "winnerTeam": "None"])
        XCTAssertEqual(saved.status, 201)
        XCTAssertTrue(viewer.read { $0.contains("event: results\n") }, viewer.text)
        XCTAssertEqual(try client.request(.delete, "/api/live").status, 204)
        XCTAssertTrue(viewer.read { _ in self.events("match", in: viewer).last is NSNull }, viewer.text)
        XCTAssertFalse(viewer.peerClosed, "the page keeps listening for the next match")
    }

    func testThePageHearsWhoScoredAsItHappens() throws {
        let (client, players, token) = try organiser()
        let viewer = try watch(token)
        XCTAssertTrue(viewer.read { $0.contains("event: match\ndata: null\n\n") }, "no match yet: \(viewer.text)")
        var body = update(players, score: "1-1", phase: "running", remaining: 400)
        body["goals"] = [["team": "Team A", "scorer": players[1], "minute": 3],
                         ["team": "Team A", "scorer": players[2], "minute": 12, "ownGoal": true]].reversed().map { $0 }
        body["score"] = "2-0"
        XCTAssertEqual(try client.request(.put, "/api/live", json: body).status, 204)
        XCTAssertTrue(viewer.read { _ in self.events("match", in: viewer).count == 2 }, viewer.text)
        let live = try XCTUnwrap(events("match", in: viewer).last as? [String: Any])
        let goals = try XCTUnwrap(live["goals"] as? [[String: Any]])
        XCTAssertEqual(goals.compactMap { $0["text"] as? String }, ["own goal (Cleo <b>) 12'", "Ben 3'"])
        XCTAssertEqual(goals.map { $0["scorer"] as? String }, ["Cleo <b>", "Ben"])

        body["goals"] = [["team": "Team B", "scorer": NSNull()]]
        let refused = try client.request(.put, "/api/live", json: body)
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(try refused.errorReason(), "goals add up to 0-1 but the score is 2-0")
    }

    func testHalfTimeIsAnEventOnThePageWithTheHalfItIs() throws {
        let (client, players, token) = try organiser()
        let viewer = try watch(token)
        XCTAssertTrue(viewer.read { $0.contains("event: match\ndata: null\n\n") }, "no match yet: \(viewer.text)")
        var body = update(players, score: "0-0", phase: "running", remaining: 100)
        body["period"] = 1
        body["periods"] = 2
        XCTAssertEqual(try client.request(.put, "/api/live", json: body).status, 204)
        XCTAssertTrue(viewer.read { _ in (self.events("match", in: viewer).last as? [String: Any])?["periodName"] as? String == "1st half" },
                      viewer.text)
        body["phase"] = "halfTime"
        body["period"] = 2
        body["remainingSeconds"] = 300
        body["durationSeconds"] = 300
        XCTAssertEqual(try client.request(.put, "/api/live", json: body).status, 204)
        XCTAssertTrue(viewer.read { _ in (self.events("match", in: viewer).last as? [String: Any])?["phase"] as? String == "halfTime" },
                      viewer.text)
        XCTAssertEqual((events("match", in: viewer).last as? [String: Any])?["periodName"] as? String, "2nd half", "the half to come")

        body["period"] = 3
        let refused = try client.request(.put, "/api/live", json: body)
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(try refused.errorReason(), "period must be from 1 to periods")
    }

    func testOnlyTheOrganisersOwnPagesHearIt() throws {
        let (client, players, token) = try organiser()
        let stranger = try server.registeredClient().client
        let strangersShare = try stranger.request(.post, "/api/shares", json: ["name": "Other"]).jsonObject()
        let other = try watch(String(try XCTUnwrap(strangersShare["path"] as? String).dropFirst(3)))
        let mine = try watch(token)
        XCTAssertTrue(other.read { $0.contains("data: null") })
        XCTAssertTrue(mine.read { $0.contains("data: null") })
        XCTAssertEqual(try client.request(.put, "/api/live", json: update(players, score: "2-0", phase: "running", remaining: 100)).status, 204)
        XCTAssertTrue(mine.read { $0.contains("\"scoreA\":2") })
        // The stranger publishing the organiser's player ids gets no names: they are not theirs.
        XCTAssertEqual(try stranger.request(.put, "/api/live", json: update(players, score: "0-0", phase: "running", remaining: 100)).status, 204)
        XCTAssertTrue(other.read { $0.contains("\"teamA\":[]") }, other.text)
        XCTAssertFalse(other.text.contains("Ana"))
        XCTAssertFalse(mine.text.contains("\"scoreA\":0,"), "the organiser's pages heard nothing of the stranger's")
    }

    func testBadUpdatesAreRefusedAndUnknownLinksHaveNoEvents() throws {
        let (client, players, token) = try organiser()
        for (body, reason) in [(update(players, score: "1-x", phase: "running", remaining: 10), "score"),
                               (update(players, score: "1-0", phase: "halftime", remaining: 10), "phase"),
                               (update(players, score: "1-0", phase: "running", remaining: 86_401), "remainingSeconds must be from 0 to 86400"),
                               (["gatherId": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "teamA": [0], "teamB": [], "score": "0-0",
                                 "phase": "ready", "remainingSeconds": 0, "durationSeconds": 0], "each 1 or more"),
                               (["gatherId": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "teamA": [players[0], players[0]], "teamB": [],
                                 "score": "0-0", "phase": "running", "remainingSeconds": 1, "durationSeconds": 1], "must not list a player twice")] {
            let refused = try client.request(.put, "/api/live", json: body)
            XCTAssertEqual(refused.status, 400, "\(body)")
            XCTAssertTrue(try refused.errorReason().contains(reason), refused.text)
        }
        XCTAssertEqual(try server.client().request(.put, "/api/live", json: update(players, score: "1-0", phase: "running", remaining: 1)).status,
                       401)

        for target in ["/s/\(String(repeating: "A", count: 43))/events", "/s/short/events", "/s/\(token)x/events"] {
            let response = try server.client().request(.get, target)
            XCTAssertEqual(response.status, 404, target)
        }
        let revoked = try XCTUnwrap(client.request(.get, "/api/shares").jsonArray().first?["id"] as? Int)
        let open = try watch(token)
        XCTAssertTrue(open.read { $0.contains("data: null") })
        XCTAssertEqual(try client.request(.delete, "/api/shares/\(revoked)").status, 204)
        XCTAssertEqual(try server.client().request(.get, "/s/\(token)/events").status, 404, "a revoked link opens no new stream")
        XCTAssertTrue(open.waitForClose(), "the stream the link had opened ends with it: \(open.text)")
    }

    /// The organiser's own stream (`gather watch` without a link), read as it arrives by the
    /// client's own connection, as `gather watch` reads it.
    private func ownStream(token: String?) throws -> (connection: HTTPClientConnection, head: ReceivedResponse) {
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: server.port, timeout: .seconds(5))
        var headers = HTTPHeaders()
        if let token { headers.set(name: "Authorization", value: "Bearer \(token)") }
        headers.set(name: "Accept", value: "text/event-stream")
        return (connection, try connection.open(target: "/api/live/events", headers: headers, timeout: .seconds(5)))
    }

    /// Whether the stream ends (whatever it says first) before `limit`.
    private func ends(_ connection: HTTPClientConnection, within limit: Duration) throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            guard try connection.readArrivedBody(timeout: limit) != nil else { return true }
        }
        return false
    }

    /// Reads the stream until `condition` holds of all it has read, or 5 s pass.
    private func read(_ connection: HTTPClientConnection, into text: inout String, until condition: (String) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition(text) {
            guard Date() < deadline, let bytes = try connection.readArrivedBody(timeout: .seconds(5)) else { return false }
            text += String(decoding: bytes, as: UTF8.self)
        }
        return true
    }

    func testTheOrganisersOwnSessionWatchesUntilItLogsOut() throws {
        let (client, players, _) = try organiser(username: "ana")
        let token = try XCTUnwrap(client.token)
        XCTAssertEqual(try ownStream(token: nil).head.status, 401, "no session, no stream")
        XCTAssertEqual(try ownStream(token: "not-a-token").head.status, 401)

        let (stream, head) = try ownStream(token: token)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["Content-Type"], "text/event-stream; charset=utf-8")
        var text = ""
        XCTAssertTrue(try read(stream, into: &text) { $0.contains("event: match\ndata: null\n\n") }, text)
        XCTAssertEqual(try client.request(.put, "/api/live", json: update(players, score: "3-1", phase: "running", remaining: 60)).status, 204)
        XCTAssertTrue(try read(stream, into: &text) { $0.contains("\"scoreA\":3,\"scoreB\":1") }, text)

        // Another session of the same account keeps its stream when this one logs out.
        let login = try server.client().request(.post, "/api/users/login",
                                                headers: ["Authorization": APIClient.basic("ana", "correct horse battery")])
        let (other, _) = try ownStream(token: try XCTUnwrap(login.jsonObject()["token"] as? String))
        var otherText = ""
        XCTAssertTrue(try read(other, into: &otherText) { $0.contains("\"scoreA\":3") }, otherText)
        XCTAssertEqual(try client.request(.post, "/api/users/logout").status, 204)
        XCTAssertNil(try stream.readArrivedBody(timeout: .seconds(5)), "the logged-out session's stream ended")
        // It may still hear events (the logout was a change of the account's); it does not end.
        var stillOpen = false
        for _ in 0..<10 {
            do {
                guard try other.readArrivedBody(timeout: .milliseconds(300)) != nil else { break }
            } catch HTTPClientError.timedOut {
                stillOpen = true
                break
            }
        }
        XCTAssertTrue(stillOpen, "the other session's stream goes on")
    }

    /// An owner removes a member who is watching the group's match: the member's stream of that
    /// group ends at once, not when they next reconnect.
    func testAMemberRemovedFromTheGroupStopsHearingItsMatch() throws {
        let (ana, players, _) = try organiser(username: "ana")
        let group = try XCTUnwrap(ana.request(.get, "/api/users/me").jsonObject()["id"] as? String)
        let (ben, benID) = try server.registeredClient(username: "ben")
        let code = try XCTUnwrap(ana.request(.post, "/api/groups/\(group)/invites", json: ["role": "viewer"]).jsonObject()["code"] as? String)
        XCTAssertEqual(try ben.request(.post, "/api/invites/\(code)/accept").status, 200)
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: server.port, timeout: .seconds(5))
        let head = try connection.open(target: "/api/groups/\(group)/live/events",
                                       headers: ["Authorization": "Bearer \(try XCTUnwrap(ben.token))", "Accept": "text/event-stream"],
                                       timeout: .seconds(5))
        XCTAssertEqual(head.status, 200)
        var text = ""
        XCTAssertTrue(try read(connection, into: &text) { $0.contains("data: null") }, text)
        XCTAssertEqual(try ana.request(.put, "/api/live", json: update(players, score: "1-0", phase: "running", remaining: 60)).status, 204)
        XCTAssertTrue(try read(connection, into: &text) { $0.contains("\"scoreA\":1") }, text)

        XCTAssertEqual(try ana.request(.delete, "/api/groups/\(group)/members/\(benID)").status, 204)
        // A word that the group's data changed may come first; then the end.
        XCTAssertTrue(try ends(connection, within: .seconds(5)), "the removed member's stream ended: \(text)")
    }

    /// Behind a trusted proxy every connection comes from the proxy: the streams are counted by the
    /// address it forwards, and at that address's cap the oldest yields to the newcomer.
    func testBehindAProxyStreamsAreCountedByTheForwardedAddress() throws {
        server = try TestServer { configuration in
            configuration.http.trustProxyHeaders = true
            configuration.http.maxConnections = 64
        }
        let client = try server.registeredClient().client
        let share = try client.request(.post, "/api/shares", json: ["name": "Thursday"]).jsonObject()
        let token = String(try XCTUnwrap(share["path"] as? String).dropFirst(3))
        // 64 connections: 4 streams an address.
        func watch(from address: String) throws -> RawConnection {
            let connection = try RawConnection(port: server.port)
            connection.send("GET /s/\(token)/events HTTP/1.1\r\nHost: test\r\nX-Forwarded-For: \(address)\r\n\r\n")
            XCTAssertTrue(connection.read { $0.contains("event: match") }, connection.text)
            return connection
        }
        let household = try (0..<4).map { _ in try watch(from: "198.51.100.7") }
        let neighbour = try watch(from: "198.51.100.8")
        let fifth = try watch(from: "198.51.100.7")
        XCTAssertTrue(household[0].waitForClose(), "the household's oldest stream made room")
        for connection in household.dropFirst() + [neighbour, fifth] {
            XCTAssertFalse(connection.waitForClose(timeout: 0.2), "the others stay")
        }
    }

    /// `gather passwd` on one laptop: the other sessions end, and so do the streams they opened;
    /// this session's own stream goes on and hears the next change.
    func testAPasswordChangeEndsTheStreamsOfTheSessionsItEnds() throws {
        let (client, players, _) = try organiser(username: "bea")
        let login = try server.client().request(.post, "/api/users/login",
                                                headers: ["Authorization": APIClient.basic("bea", "correct horse battery")])
        let (other, _) = try ownStream(token: try XCTUnwrap(login.jsonObject()["token"] as? String))
        let (own, _) = try ownStream(token: try XCTUnwrap(client.token))
        var otherText = "", ownText = ""
        XCTAssertTrue(try read(other, into: &otherText) { $0.contains("data: null") }, otherText)
        XCTAssertTrue(try read(own, into: &ownText) { $0.contains("data: null") }, ownText)

        let change = try client.request(.put, "/api/users/me/password",
                                        json: ["currentPassword": "correct horse battery", "newPassword": "a brand new password"])
        XCTAssertEqual(change.status, 204, change.text)
        XCTAssertNil(try other.readArrivedBody(timeout: .seconds(5)), "the ended session's stream ended: \(otherText)")
        XCTAssertEqual(try client.request(.put, "/api/live", json: update(players, score: "2-0", phase: "running", remaining: 60)).status, 204)
        XCTAssertTrue(try read(own, into: &ownText) { $0.contains("\"scoreA\":2") }, "this session's stream goes on: \(ownText)")
    }

    /// The operator disables an account from the host (`gather-server user disable`, another
    /// process on the file): the running server hears of it within a second or two, not when its
    /// cached session runs out a minute later: the session is refused and its stream ends.
    func testAnAccountDisabledFromTheHostIsShutOutOfTheRunningServerAtOnce() throws {
        let (client, _, _) = try organiser(username: "cid")
        XCTAssertEqual(try client.request(.get, "/api/players").status, 200, "the session is cached now")
        let (stream, _) = try ownStream(token: try XCTUnwrap(client.token))
        var text = ""
        XCTAssertTrue(try read(stream, into: &text) { $0.contains("data: null") }, text)

        let host = try DatabasePool(path: server.databasePath, configuration: DatabasePool.Configuration(readerCount: 0))
        _ = try AccountAdministration(database: host, passwordHasher: PasswordHasher.forTests).setDisabled("cid", true)
        host.close()

        XCTAssertNil(try stream.readArrivedBody(timeout: .seconds(5)), "the stream ended: \(text)")
        XCTAssertTrue(waitUntil(timeout: 5) { (try? client.request(.get, "/api/players").status) == 401 },
                      "the cached session is refused")
    }

    /// `gather-server user rm` from the host: friends watching the account's share page are cut
    /// off as when the account closes itself, not left on a page of an account that is gone.
    func testAnAccountRemovedFromTheHostTakesItsSharePageStreamsWithIt() throws {
        let (_, _, token) = try organiser(username: "dee")
        let viewer = try watch(token)
        XCTAssertTrue(viewer.read { $0.contains("data: null") }, viewer.text)

        let host = try DatabasePool(path: server.databasePath, configuration: DatabasePool.Configuration(readerCount: 0))
        _ = try AccountAdministration(database: host, passwordHasher: PasswordHasher.forTests).remove("dee")
        host.close()

        XCTAssertTrue(viewer.waitForClose(), "the share page's stream ended: \(viewer.text)")
        XCTAssertEqual(try server.client().request(.get, "/s/\(token)/events").status, 404)
    }
}

/// The match being played survives a restart of the server: kept in the database as it is
/// published, shown at once by the new server, with how long ago the organiser was heard.
final class LiveMatchRestartTests: XCTestCase {
    private var servers: [TestServer] = []

    override func tearDown() {
        for server in servers { server.stop() }
    }

    func testAfterARestartThePageShowsTheMatchAtOnceNotNoMatch() throws {
        let first = try TestServer()
        servers.append(first)
        let client = try first.registeredClient(username: "restarter").client
        var players: [Int] = []
        for name in ["Ana", "Ben"] {
            players.append(try XCTUnwrap(client.request(.post, "/api/players", json: ["name": name]).jsonObject()["id"] as? Int))
        }
        let share = try client.request(.post, "/api/shares", json: ["name": "Thursday"]).jsonObject()
        let path = try XCTUnwrap(share["path"] as? String)
        XCTAssertEqual(try client.request(.put, "/api/live", json: [
            "gatherId": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "teamA": [players[0]], "teamB": [players[1]], "score": "2-1",
            "phase": "paused", "remainingSeconds": 300, "durationSeconds": 600]).status, 204)
        first.server.shutdown()

        // The same file under a new server, as a restart leaves it.
        let second = try TestServer(prepareDatabase: first.copyingItsDatabase())
        servers.append(second)
        let viewer = try RawConnection(port: second.port)
        viewer.send("GET \(path)/events HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n")
        XCTAssertTrue(viewer.read { $0.contains("event: match\ndata: {") }, viewer.text)
        let data = try XCTUnwrap(viewer.text.components(separatedBy: "\n").first { $0.hasPrefix("data: {") })
        let match = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8)) as? [String: Any])
        XCTAssertEqual(match["scoreA"] as? Int, 2)
        XCTAssertEqual(match["scoreB"] as? Int, 1)
        XCTAssertEqual(match["teamA"] as? [String], ["Ana"])
        XCTAssertEqual(match["remainingSeconds"] as? Int, 300, "paused: the time stands")

        // Ended, it is gone for the next restart too.
        let again = try second.client(token: client.token)
        XCTAssertEqual(try again.request(.delete, "/api/live").status, 204)
        second.server.shutdown()
        let third = try TestServer(prepareDatabase: second.copyingItsDatabase())
        servers.append(third)
        let later = try RawConnection(port: third.port)
        later.send("GET \(path)/events HTTP/1.1\r\nHost: test\r\nAccept: text/event-stream\r\n\r\n")
        XCTAssertTrue(later.read { $0.contains("event: match\ndata: null") }, later.text)
    }
}
