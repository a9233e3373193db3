import Foundation
import GatherServer
import HTTP
import Storage

/// A fixed sequence of requests handled in-process, from request bytes to response bytes:
/// parsing, routing, authentication, the database, JSON and serialisation, without sockets or
/// threads. Its instruction count (valgrind's callgrind, `make bench-check`) is the deterministic
/// regression guard; its time is printed for a quick look.
struct RequestSequence {
    /// The requests of one round; `count` rounds make the sequence.
    static let roundSize = 10

    private let app: InProcessApplication
    private let playerID: Int
    private let gatherID: String

    /// A user with 20 players and a gather of 10, in a new database in a temporary directory.
    init() throws {
        let app = try InProcessApplication(account: "bench")
        self.app = app
        let seeded = try BenchmarkSeed.players.map { body in try app.send("POST /api/players", body: body) }
        let ids = try seeded.map { response in
            guard let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
                  let id = object["id"] as? Int else { throw BenchmarkError("player not created") }
            return id
        }
        playerID = ids[0]
        let gather = try app.send("POST /api/gathers", body: "{}")
        guard let object = try JSONSerialization.jsonObject(with: Data(gather.body)) as? [String: Any],
              let gatherID = object["id"] as? String else { throw BenchmarkError("gather not created") }
        self.gatherID = gatherID
        for (index, id) in ids.prefix(10).enumerated() {
            _ = try app.send("POST /api/gathers/\(gatherID)/players/\(id)", body: index % 2 == 0 ? #"{"team":"Team A"}"# : #"{"team":"Team B"}"#)
        }
    }

    /// The requests of one round: mostly reads, as a roster and a match are used (a player's record
    /// and the leaderboard among them, read from the kept records), and two writes.
    private var round: [(String, String?)] {
        [("GET /api/players", nil),
         ("GET /api/players/\(playerID)", nil),
         ("GET /api/gathers/\(gatherID)/players", nil),
         ("GET /api/users/me", nil),
         ("GET /api/players/\(playerID)/stats", nil),
         ("PUT /api/gathers/\(gatherID)", #"{"score":"2-1","winnerTeam":"Team A"}"#),
         ("GET /api/gathers/\(gatherID)", nil),
         ("GET /health", nil),
         ("PUT /api/players/\(playerID)", #"{"name":"Renamed","age":31,"skill":"professional","preferredPosition":"striker"}"#),
         ("GET /api/stats/leaderboard", nil)]
    }

    /// Runs `rounds` rounds and returns the responses' total size. Named for callgrind's
    /// `--toggle-collect`: only this is counted.
    @inline(never)
    func measuredRequests(rounds: Int) throws -> Int {
        var total = 0
        let requests = round
        for _ in 0..<rounds {
            for (line, body) in requests {
                let response = try app.send(line, body: body)
                guard response.status < 300 else {
                    throw BenchmarkError("\(line) answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
                }
                total += response.body.count
            }
        }
        return total
    }

    func close() {
        app.close()
    }

    /// Parses `line` + headers + body from bytes, answers, serialises and reads the answer back.
    static func send(_ application: GatherApplication, _ line: String, headers: String = "", body: String? = nil) throws -> ReceivedResponse {
        let parts = line.split(separator: " ", maxSplits: 1)
        var text = "\(parts[0]) \(parts[1]) HTTP/1.1\r\nHost: bench\r\n\(headers)"
        if let body {
            text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        } else {
            text += "\r\n"
        }
        var parser = HTTPRequestParser()
        parser.append(Array(text.utf8))
        guard var request = try parser.nextRequest() else { throw BenchmarkError("incomplete request: \(line)") }
        request.client = "127.0.0.1"
        let response = application.respond(to: request)
        let date = "Sun, 22 Nov 2026 00:00:00 GMT"
        var responses = HTTPResponseParser()
        responses.expectResponse(to: request.method)
        // As a connection sends it: a large body apart from its head, not copied behind it.
        let buffers = HTTPResponseSerializer.buffers(response, isHead: false, keepAlive: true, date: date)
        responses.append(buffers.first)
        if let body = buffers.body { responses.append(body) }
        guard let received = try responses.nextResponse() else { throw BenchmarkError("unreadable response to \(line)") }
        return received
    }
}

/// The roster every benchmark seeds: 20 players with every field set, about 2.2 KB as a list.
enum BenchmarkSeed {
    static let players: [String] = (1...20).map { index in
        let positions = ["goalkeeper", "defender", "midfielder", "winger", "striker"]
        let skills = ["beginner", "amateur", "professional"]
        return #"{"name":"Player \#(index)","age":\#(18 + index),"skill":"\#(skills[index % 3])","#
            + #""preferredPosition":"\#(positions[index % 5])","favouriteTeam":"Team \#(index % 4)"}"#
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
