import Foundation
import GatherServer
import XCTest

/// The README's commands as a newcomer and cron run them: typed into an interactive bash, given to
/// `sh -c`, and from the README's crontab in cron's own environment (`/bin/sh`, `PATH=/usr/bin:/bin`
/// plus what the crontab sets). Each must reach the real `gather`, installed in a directory of its
/// own as `make install` puts it: no shell builtin, alias or completion may swallow the name.
final class ShellCommandTests: XCTestCase {
    private var server: FootballGatherServer!
    private var home: URL!
    private var installDirectory: URL!
    private var url: String { "http://127.0.0.1:\(server.port ?? 0)" }

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("gather-shell-\(UUID().uuidString)")
        installDirectory = home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: installDirectory, withIntermediateDirectories: true)
        for program in ["gather", "gather-server"] {
            try FileManager.default.createSymbolicLink(at: installDirectory.appendingPathComponent(program),
                                                       withDestinationURL: TmuxSession.binaryDirectory.appendingPathComponent(program))
        }
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = home.appendingPathComponent("shell.sqlite").path
        configuration.quiet = true
        server = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        try server.start()
    }

    override func tearDown() {
        server.shutdown()
        try? FileManager.default.removeItem(at: home)
    }

    private static var readme: String {
        get throws {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md")
            return try String(contentsOf: url, encoding: .utf8)
        }
    }

    /// The lines of the README's first ``` block of `language` after `heading`.
    private func block(_ language: String, after heading: String) throws -> [String] {
        let text = try Self.readme
        let section = try XCTUnwrap(text.range(of: heading), "README has \(heading)")
        let open = try XCTUnwrap(text.range(of: "```\(language)\n", range: section.upperBound..<text.endIndex))
        let close = try XCTUnwrap(text.range(of: "```", range: open.upperBound..<text.endIndex))
        return text[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
    }

    /// The README's scripting line that starts with `prefix`, without its comment.
    private func scriptingLine(_ prefix: String) throws -> String {
        let line = try XCTUnwrap(try block("sh", after: "## Scripting").first { $0.hasPrefix(prefix) }, "README shows \(prefix)")
        return line.components(separatedBy: "  #").first?.trimmingCharacters(in: .whitespaces) ?? line
    }

    private struct Run {
        let status: Int32
        let output: String
    }

    /// `program arguments` with exactly `environment` (nothing inherited, as cron and a fresh login give).
    private func run(_ program: String, _ arguments: [String], environment: [String: String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = home
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// A login shell's environment: the install directory first on the PATH, this test's server.
    private var userEnvironment: [String: String] {
        ["HOME": home.path, "PATH": "\(installDirectory.path):/usr/bin:/bin", "FG_SERVER_URL": url, "TERM": "xterm"]
    }

    private func registerAndLogIn() throws {
        let register = try run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "\(url)/api/users",
                                                 "-H", "Content-Type: application/json",
                                                 "-d", #"{"username":"ana","password":"long-enough"}"#], environment: [:])
        XCTAssertEqual(register.output, "201")
        let login = try scriptingLine("FG_PASSWORD=… gather login").replacingOccurrences(of: "FG_PASSWORD=…", with: "FG_PASSWORD=long-enough")
        let result = try run("/bin/bash", ["-ic", login], environment: userEnvironment)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("Logged in as ana"), result.output)
    }

    func testTheREADMECommandsReachGatherInAnInteractiveBash() throws {
        try registerAndLogIn()
        let add = try scriptingLine("A=$(gather players add")
        let list = try scriptingLine("gather players list")
        let script = "\(add)\n\(try scriptingLine("gather whoami"))\n\(list)"

        let result = try run("/bin/bash", ["-ic", script], environment: userEnvironment)

        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertFalse(result.output.contains("no such job") || result.output.contains("fg: no job control"), result.output)
        XCTAssertTrue(result.output.contains("ana at \(url)"), result.output)
        XCTAssertTrue(result.output.contains("Ana"), "the player added, in the list:\n\(result.output)")
    }

    /// The README's scripting session, as it is, top to bottom under `set -euo pipefail`: only the
    /// password and the example server's address are this test's.
    func testTheREADMEScriptingSessionRunsAsItIs() throws {
        let lines = try block("sh", after: "## Scripting")
        XCTAssertGreaterThan(lines.count, 30)
        let script = (["set -euo pipefail"] + lines).joined(separator: "\n")
            .replacingOccurrences(of: "FG_NEW_PASSWORD=…", with: "FG_NEW_PASSWORD=brand-new-pass")
            .replacingOccurrences(of: "FG_PASSWORD=…", with: "FG_PASSWORD=long-enough")
            .replacingOccurrences(of: "https://gather.example.org", with: url)
        let work = home.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let environment = ["HOME": home.path, "PATH": "\(installDirectory.path):/usr/bin:/bin", "LANG": "C.UTF-8"]

        let result = try run("/bin/bash", ["-c", "cd '\(work.path)' && " + script], environment: environment)

        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("Registered and logged in as ana at \(url)"), result.output)
        XCTAssertTrue(result.output.contains("ana at \(url)"), "whoami, with the server remembered: \(result.output)")
        XCTAssertTrue(result.output.contains("\n3-2\n"), "the score through jq: \(result.output)")
        XCTAssertTrue(result.output.contains("name \"Cleo\" → \"Cleo Jones\""), "the dry run's change: \(result.output)")
        let all = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("all.json"))) as? [Any])
        XCTAssertEqual(all.count, 2, "the match played and the one entered afterwards")
        let roster = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: work.appendingPathComponent("roster.json")))
            as? [[String: Any]])
        XCTAssertEqual(roster.count, 4, "read with the API token")
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/bash-completion/completions/gather").path))

        // What it left: Cleo renamed in place (not added), Dan removed, nobody twice, the new password, logged out.
        let login = try run("/bin/bash", ["-c", "FG_PASSWORD=brand-new-pass gather login --username ana && gather players list --json"],
                            environment: environment)
        XCTAssertEqual(login.status, 0, login.output)
        let names = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(login.output.split(separator: "\n").last.map { Array($0.utf8) } ?? []))
            as? [[String: Any]]).compactMap { $0["name"] as? String }
        XCTAssertEqual(names.sorted(), ["Ana", "Ben", "Cleo Jones"])
    }

    func testTheREADMECommandsReachGatherFromShDashC() throws {
        try registerAndLogIn()
        let result = try run("/bin/sh", ["-c", try scriptingLine("gather whoami") + "; gather --version"], environment: userEnvironment)

        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("ana at \(url)"), result.output)
        XCTAssertTrue(result.output.contains("\ngather "), result.output)
    }

    func testTheREADMECrontabRunsInCronsEnvironment() throws {
        try registerAndLogIn()
        // The README's one-time setup, as typed: the folder and the backup's read token…
        let setup = try block("sh", after: "A nightly backup").joined(separator: "\n")
        let prepared = try run("/bin/bash", ["-c", setup], environment: userEnvironment)
        XCTAssertEqual(prepared.status, 0, prepared.output)
        let tokenFile = home.appendingPathComponent(".config/gather/backup.token").path
        let mode = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: tokenFile)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o600, "the token file is the user's alone")
        // …which outlives the login.
        XCTAssertEqual(try run("/bin/bash", ["-c", "gather logout"], environment: userEnvironment).status, 0)
        var environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "SHELL": "/bin/sh", "LOGNAME": "ana"]
        var commands: [String] = []
        for line in try block("cron", after: "A nightly backup") {
            if let equals = line.firstIndex(of: "="), !line.contains(" ") {
                // An assignment, as cron reads it; the README's example addresses become this test's.
                var value = String(line[line.index(after: equals)...])
                value = value.replacingOccurrences(of: "/usr/local/bin", with: installDirectory.path)
                    .replacingOccurrences(of: "https://gather.example.org", with: url)
                environment[String(line[..<equals])] = value
            } else {
                // Five time fields, then the command; cron turns an unescaped % into a newline, \% into %.
                let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
                XCTAssertEqual(fields.count, 6, line)
                commands.append(String(fields[5]).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\%", with: "%"))
            }
        }
        XCTAssertEqual(commands.count, 1)
        XCTAssertTrue(environment["PATH"]?.hasPrefix(installDirectory.path) == true, "the crontab puts the install directory on the PATH")

        let result = try run("/bin/sh", ["-c", commands[0]], environment: environment)

        XCTAssertEqual(result.status, 0, result.output)
        let backups = try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("backups").path)
        let backup = try XCTUnwrap(backups.first { $0.hasPrefix("gather-") && $0.hasSuffix(".json") }, "\(backups)")
        let data = try Data(contentsOf: home.appendingPathComponent("backups").appendingPathComponent(backup))
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(document["format"] as? String, "football-gather-export", "a real export of ana's account")
        let log = try String(contentsOf: home.appendingPathComponent("backups/gather.log"), encoding: .utf8)
        XCTAssertTrue(log.hasPrefix("Exported 0 players and 0 gathers to "), "one line a night in the log: \(log)")
    }
}
