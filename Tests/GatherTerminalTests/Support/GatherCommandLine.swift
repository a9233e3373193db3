import Foundation
import XCTest

/// The real `gather` binary run as a script runs it, against a test's server with a config
/// directory of its own (which a `TmuxSession` may share, to be logged in as the same account),
/// and curl for what is asked of the server directly.
struct GatherCommandLine {
    let url: String
    let configDirectory: URL
    /// `TZ` for every run: the zone kick-offs are read and shown in.
    var timeZone = "Europe/Madrid"

    struct Result {
        let status: Int32
        let output: String
        let errors: String

        func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(output.utf8), options: .fragmentsAllowed) }
        var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// Runs `gather` with `arguments`, on this server and config directory, in `timeZone`.
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = TmuxSession.binaryDirectory.appendingPathComponent("gather")
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FG_") }
        env["XDG_CONFIG_HOME"] = configDirectory.path
        env["FG_SERVER_URL"] = url
        env["TZ"] = timeZone
        env.merge(environment) { $1 }
        process.environment = env
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                      errors: String(decoding: err, as: UTF8.self))
    }

    /// Creates the account with curl and logs in with gather; then the roster, by name.
    func logIn(_ username: String, players: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try curl(["-X", "POST", "\(url)/api/users", "-H", "Content-Type: application/json",
                                 "-d", #"{"username":"\#(username)","password":"long-enough"}"#]), "201", file: file, line: line)
        XCTAssertEqual(try run(["login", "--username", username], environment: ["FG_PASSWORD": "long-enough"]).status, 0, file: file, line: line)
        for name in players { XCTAssertEqual(try run(["players", "add", "--name", name, "--quiet"]).status, 0, name, file: file, line: line) }
    }

    /// curl's status code for a request.
    func curl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-o", "/dev/null", "-w", "%{http_code}"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let code = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return code
    }

    /// The day `days` from now in UTC, as `--at` takes it: "2026-12-03".
    static func day(_ days: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(Double(days) * 86_400))
    }
}
