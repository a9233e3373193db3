import Foundation
import HTTP
import Networking

/// The release `gather-server` binary, started as a deployment would start it, on a database file in
/// a temporary directory; measured from outside (its memory from /proc).
final class ServerUnderTest {
    let port: Int
    let process: Process
    /// From the start of the process to the first answered `GET /health`.
    let startUpMilliseconds: Double

    /// `trustingProxy`: false for a server that counts connections per address against its default
    /// cap, which `--trust-proxy` turns off.
    /// `cores`: when it pins, the server runs on the servers' cores with an event loop for each.
    init(binary: String, database: String, extraArguments: [String] = [], trustingProxy: Bool = true, cores: CorePlan? = nil) throws {
        port = try FreePort.find()
        process = Process()
        // Quiet: the access log is a deployment's choice, and writing it is not what is measured.
        // Trusting X-Forwarded-For lets the login scenarios come from many addresses, as they would.
        let arguments = ["--port", "\(port)", "--db", database, "--quiet", "--max-connections", "20000"]
            + (trustingProxy ? ["--trust-proxy"] : []) + extraArguments
            + (cores?.isPinned == true ? ["--event-loops", "\(cores?.serverThreads ?? 1)"] : [])
        // taskset execs the server in its own process, so the pid (and /proc's figures) are the server's.
        let (program, pinned) = cores?.serverCommand(binary, arguments) ?? (binary, arguments)
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = pinned
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let started = MonotonicClock.now()
        try process.run()
        guard ServerUnderTest.waitForHealth(port: port) else {
            process.terminate()
            throw BenchmarkError("gather-server did not answer /health")
        }
        startUpMilliseconds = Double(MonotonicClock.now() - started) / 1e6
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    func connect() throws -> HTTPClientConnection {
        try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(10))
    }

    /// Resident memory now, the part of it that is the process's own (not mapped from files:
    /// heap, stacks, written data), and the peak, in KiB.
    var memory: (resident: Int, own: Int, peak: Int) {
        let status = ProcStatus(pid: process.processIdentifier)
        return (status.field("VmRSS:"), status.field("RssAnon:"), status.field("VmHWM:"))
    }

    /// Waits, at most 5 s, for the work a server does after it starts answering (the decoy
    /// password hash) to end: its CPU time unchanged for 300 ms (the clock ticks every 10 ms).
    func waitUntilIdle() {
        let deadline = MonotonicClock.now() + 5_000_000_000
        var cpu = ProcessCPU.seconds(of: process.processIdentifier)
        var unchangedSince = MonotonicClock.now()
        while MonotonicClock.now() < deadline {
            usleep(50_000)
            let now = ProcessCPU.seconds(of: process.processIdentifier)
            if now != cpu {
                cpu = now
                unchangedSince = MonotonicClock.now()
            } else if MonotonicClock.now() - unchangedSince >= 300_000_000 {
                return
            }
        }
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Polls every 0.2 ms: the start-up figure is only as fine as this.
    private static func waitForHealth(port: Int, timeout: Double = 10) -> Bool {
        let deadline = MonotonicClock.now() + UInt64(timeout * 1e9)
        while MonotonicClock.now() < deadline {
            if FreePort.accepts(port),
               let connection = try? HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(2)),
               let response = try? connection.send(method: .get, target: "/health", timeout: .seconds(2)), response.status == 200 {
                return true
            }
            usleep(200)
        }
        return false
    }
}

/// An account made through the API: its token, its players' ids and one gather.
struct SeededAccount {
    let username: String
    let token: String
    let playerIDs: [Int]
    let gatherID: String?

    var bearer: String { "Bearer \(token)" }
    /// Every seeded account's.
    static let password = "bench-password"

    /// Registers `username`, logs in, adds `players` players (the first 20 are `BenchmarkSeed`'s;
    /// more are numbered) and, with `gatherOf`, a gather with that many of them on two teams.
    static func make(_ username: String, on server: ServerUnderTest, players: Int, gatherOf: Int? = nil) throws -> SeededAccount {
        let connection = try server.connect()
        let password = SeededAccount.password
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let credentials = #"{"username":"\#(username)","password":"\#(password)"}"#
        let created = try connection.send(method: .post, target: "/api/users", headers: json, body: Array(credentials.utf8), timeout: .seconds(10))
        guard created.status == 201 else { throw BenchmarkError("registration: \(created.status) \(created.text)") }
        let login = try connection.send(method: .post, target: "/api/users/login",
                                        headers: ["Authorization": "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()],
                                        timeout: .seconds(10))
        guard let session = try JSONSerialization.jsonObject(with: Data(login.body)) as? [String: Any],
              let token = session["token"] as? String else { throw BenchmarkError("login: \(login.text)") }
        var headers = json
        headers.add(name: "Authorization", value: "Bearer \(token)")
        var ids: [Int] = []
        for index in 0..<players {
            let body = index < BenchmarkSeed.players.count ? BenchmarkSeed.players[index]
                : #"{"name":"Player \#(index + 1)","age":30,"skill":"amateur","preferredPosition":"midfielder","favouriteTeam":"Team 1"}"#
            let response = try connection.send(method: .post, target: "/api/players", headers: headers, body: Array(body.utf8), timeout: .seconds(10))
            guard let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
                  let id = object["id"] as? Int else { throw BenchmarkError("player: \(response.text)") }
            ids.append(id)
        }
        var gatherID: String?
        if let gatherOf {
            let response = try connection.send(method: .post, target: "/api/gathers", headers: headers, body: Array("{}".utf8), timeout: .seconds(10))
            guard let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
                  let id = object["id"] as? String else { throw BenchmarkError("gather: \(response.text)") }
            for (index, player) in ids.prefix(gatherOf).enumerated() {
                let team = index % 2 == 0 ? #"{"team":"Team A"}"# : #"{"team":"Team B"}"#
                _ = try connection.send(method: .post, target: "/api/gathers/\(id)/players/\(player)", headers: headers,
                                        body: Array(team.utf8), timeout: .seconds(10))
            }
            gatherID = id
        }
        return SeededAccount(username: username, token: token, playerIDs: ids, gatherID: gatherID)
    }
}
