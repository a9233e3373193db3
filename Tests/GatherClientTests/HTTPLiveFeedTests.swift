import Foundation
@testable import GatherClient
import GatherDomain
import GatherServer
import HTTP
import Networking
import TestSupport
import XCTest

/// `gather watch`'s stream reader against a real server on port 0 and against servers that
/// answer wrongly: what the Watch screen hears in each case.
final class HTTPLiveFeedTests: XCTestCase {
    private var server: FootballGatherServer!
    private var directory: URL!
    private var client: APIClient!
    private var misbehaving: MisbehavingServer?

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-feed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = directory.appendingPathComponent("feed.sqlite").path
        configuration.quiet = true
        server = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        client = APIClient(address: ServerAddress(host: "127.0.0.1", port: try server.start()))
    }

    override func tearDown() {
        server.shutdown()
        misbehaving?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// An organiser with two players, logged in on `client`.
    private func organiser() async throws -> [Int] {
        let sessions = APISessionService(client: client)
        client.bearerToken = try await sessions.register(username: "host", password: "long-enough").token
        let players = APIPlayerService(client: client)
        var ids: [Int] = []
        for name in ["Ana", "Ben"] {
            ids.append(try await players.create(try PlayerDetails(name: name)).id)
        }
        return ids
    }

    private func publish(_ players: [Int], score: String) async throws {
        let update = try LiveMatchUpdate(gatherID: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!, teamA: [players[0]],
                                         teamB: [players[1]], score: try XCTUnwrap(Score(score)), phase: .running,
                                         remainingSeconds: 300, durationSeconds: 600)
        try await APILiveService(client: client).publish(update, token: try XCTUnwrap(client.bearerToken))
    }

    private func feed(_ source: LiveFeedSource, silenceLimit: Duration = .seconds(45)) -> HTTPLiveFeed {
        HTTPLiveFeed(source: source, tls: nil, timeout: .seconds(5), silenceLimit: silenceLimit)
    }

    /// Everything a stream says until it ends or fails.
    private func drain(_ feed: HTTPLiveFeed) async -> (events: [LiveFeedEvent], failure: ServiceError?) {
        var events: [LiveFeedEvent] = []
        do {
            for try await event in feed.events() { events.append(event) }
            return (events, nil)
        } catch {
            return (events, error as? ServiceError)
        }
    }

    func testTheOrganisersOwnStreamHearsTheMatchAsItChanges() async throws {
        let players = try await organiser()
        let source = LiveFeedSource.ownMatch(server: client.address, token: try XCTUnwrap(client.bearerToken))
        var iterator = feed(source).events().makeAsyncIterator()
        let first = try await iterator.next()
        XCTAssertEqual(first, .connected)
        let retry = try await iterator.next()
        XCTAssertEqual(retry, .retry(.seconds(3)), "the server's retry: 3000")
        let none = try await iterator.next()
        XCTAssertEqual(none, .match(nil), "no match yet")

        try await publish(players, score: "2-1")
        guard case .match(let match?)? = try await iterator.next() else { return XCTFail("no match heard") }
        XCTAssertEqual(match.teamA.names, ["Ana"])
        XCTAssertEqual(match.teamB.names, ["Ben"])
        XCTAssertEqual(match.score.description, "2-1")
        XCTAssertEqual(match.phase, .running)
        XCTAssertLessThanOrEqual(match.remainingSeconds, 300)

        try await client.request(.delete, "/api/live")
        let ended = try await iterator.next()
        XCTAssertEqual(ended, .match(nil))
    }

    func testASavedResultIsHeardAndARevokedLinkEndsTheStream() async throws {
        let players = try await organiser()
        let created = try await APIShareService(client: client).create(name: "Thursday")
        let source = try LiveFeedSource.shareLink(created.url, server: client.address)
        var iterator = feed(source).events().makeAsyncIterator()
        for _ in 0..<3 { _ = try await iterator.next() }
        try await APIGatherService(client: client).save(GatherRecord(
            id: UUID(), assignments: [TeamAssignmentEntry(playerID: players[0], team: .teamA), TeamAssignmentEntry(playerID: players[1], team: .teamB)],
            result: GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless)))
        // The saved result is heard as a change of the results (the page's table), whatever comes before it.
        var heardResults = false
        while !heardResults, let event = try await iterator.next() { heardResults = event == .resultsChanged }
        XCTAssertTrue(heardResults)
        try await APIShareService(client: client).revoke(id: created.share.id)
        // Revoked: the open stream ends (the iteration finishes) and no new one opens.
        while try await iterator.next() != nil {}
        let again = await drain(feed(source))
        XCTAssertEqual(again.events, [])
        XCTAssertEqual(again.failure, .rejected(status: 404, reason: "this link does not exist or was revoked"))
    }

    func testRefusalsSayWhy() async throws {
        let unauthorized = await drain(feed(.ownMatch(server: client.address, token: "not-a-token")))
        XCTAssertEqual(unauthorized.failure, .unauthorized("invalid or expired token"))
        let down = await drain(feed(.ownMatch(server: ServerAddress(host: "127.0.0.1", port: 1), token: "x")))
        XCTAssertEqual(down.failure,
                       .unreachable("Cannot reach the server at http://127.0.0.1:1: connection refused. Is gather-server running?"))
    }

    private func misbehavingSource(answering answer: MisbehavingServer.Answer) throws -> LiveFeedSource {
        let server = try MisbehavingServer()
        misbehaving = server
        server.answer("GET", "/api/live/events", with: answer)
        return .ownMatch(server: ServerAddress(host: "127.0.0.1", port: server.port), token: "t")
    }

    private static let streamHead = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"

    func testAStreamThroughAProxyInChunksWithEventsThisClientDoesNotKnow() async throws {
        // nginx re-chunks a proxied stream; a newer server may send events of other names.
        let events = "event: match\r\ndata: null\r\n\r\n: keep-alive\n\nevent: newer\ndata: {}\n\nevent: results\ndata: {}\n\n"
        let chunked = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
            + String(events.utf8.count, radix: 16) + "\r\n" + events + "\r\n0\r\n\r\n"
        let heard = await drain(feed(try misbehavingSource(answering: .raw(chunked, holdOpen: false))))
        XCTAssertEqual(heard.events, [.connected, .match(nil), .resultsChanged])
        XCTAssertNil(heard.failure, "the stream ended as the server ended it")
    }

    func testAMatchThisClientCannotReadOrALineWithoutEndStopsTheStream() async throws {
        let bad = Self.streamHead + "event: match\ndata: {\"gatherId\":\"x\"}\n\n"
        let unreadable = await drain(feed(try misbehavingSource(answering: .raw(bad, holdOpen: true))))
        XCTAssertEqual(unreadable.events, [.connected])
        XCTAssertEqual(unreadable.failure, .invalidResponse("a live match this client cannot read"))

        let endless = Self.streamHead + "data: " + String(repeating: "x", count: ServerSentEventParser.maximumBytes + 1)
        let tooLong = await drain(feed(try misbehavingSource(answering: .raw(endless, holdOpen: true))))
        XCTAssertEqual(tooLong.failure, .invalidResponse("an event longer than 256 KiB"))
    }

    func testAStreamThatGoesSilentIsGivenUp() async throws {
        let source = try misbehavingSource(answering: .raw(Self.streamHead + "retry: 500\n\n", holdOpen: true))
        let heard = await drain(feed(source, silenceLimit: .milliseconds(600)))
        XCTAssertEqual(heard.events, [.connected, .retry(.milliseconds(500))])
        XCTAssertEqual(heard.failure, .unreachable("The server at \(source.server) has gone silent"))
    }

    func testAnHTMLErrorPageIsReadForItsStatus() async throws {
        let heard = await drain(feed(try misbehavingSource(answering: .html(status: 502, reasonPhrase: "Bad Gateway"))))
        XCTAssertEqual(heard.failure, .rejected(status: 502, reason: "The server answered 502 Bad Gateway"))
    }

    func testEndingTheIterationClosesTheConnection() async throws {
        let source = try misbehavingSource(answering: .raw(Self.streamHead + "event: match\ndata: null\n\n", holdOpen: true))
        do {
            var iterator = feed(source).events().makeAsyncIterator()
            _ = try await iterator.next()
        }
        // The server's connection ends only when the client closes it.
        let closed = expectation(description: "the reader thread closed the stream when nobody listened any more")
        try XCTUnwrap(misbehaving).whenNoConnectionIsOpen { closed.fulfill() }
        await fulfillment(of: [closed], timeout: 5)
        XCTAssertEqual(misbehaving?.openConnections, 0)
    }
}
