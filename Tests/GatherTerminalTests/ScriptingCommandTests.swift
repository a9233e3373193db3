import Foundation
import GatherDomain
import GatherServer
import Storage
import TestSupport
import XCTest

/// The real `gather` binary's subcommands against a live gather-server: every command, its exit code and
/// its --json shape.
final class ScriptingCommandTests: XCTestCase {
    private var server: FootballGatherServer!
    private var directory: URL!
    private var url: String { "http://127.0.0.1:\(server.port ?? 0)" }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = directory.appendingPathComponent("cli.sqlite").path
        configuration.quiet = true
        server = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        try server.start()
    }

    override func tearDown() {
        server.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    private struct Result {
        let status: Int32
        let output: String
        let errors: String

        func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(output.utf8)) }
    }

    /// Runs `gather` with this test's server and config directory; `input` goes to its stdin.
    @discardableResult
    private func client(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = TmuxSession.binaryDirectory.appendingPathComponent("gather")
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FG_") }
        env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        env["FG_SERVER_URL"] = url
        env.merge(environment) { $1 }
        process.environment = env
        let output = Pipe(), errors = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                      errors: String(decoding: err, as: UTF8.self))
    }

    /// Creates the account with curl (gather has no register command: the TUI registers).
    private func register(_ username: String) throws {
        let registration = Process()
        registration.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        registration.arguments = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "\(url)/api/users",
                                  "-H", "Content-Type: application/json", "-d", #"{"username":"\#(username)","password":"long-enough"}"#]
        let pipe = Pipe()
        registration.standardOutput = pipe
        try registration.run()
        let code = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        registration.waitUntilExit()
        XCTAssertEqual(code, "201")
    }

    func testASessionFromLoginToLogout() throws {
        try register("ana")
        let wrong = try client(["login", "--username", "ana"], input: "wrong-password\n")
        XCTAssertEqual(wrong.status, 1, "a wrong password: the server refused")
        XCTAssertTrue(wrong.errors.contains("Wrong username or password"), wrong.errors)
        let login = try client(["login", "--username", "ana"], input: "long-enough\n")
        XCTAssertEqual(login.status, 0, login.errors)
        XCTAssertEqual(login.errors, "Logged in as ana at \(url)\n", "a message for people: on stderr")
        XCTAssertEqual(login.output, "", "no data")
        XCTAssertEqual(try client(["whoami"]).output, "ana at \(url)\n")
        let me = try XCTUnwrap(try client(["whoami", "--json"]).json() as? [String: Any])
        XCTAssertEqual(me["username"] as? String, "ana")
        XCTAssertNotNil(me["id"])
        let logout = try client(["logout"])
        XCTAssertEqual([logout.output, logout.errors], ["", "Logged out\n"])
        let after = try client(["players", "list"])
        XCTAssertEqual(after.status, 4)
        XCTAssertTrue(after.errors.contains("not logged in"), after.errors)
        XCTAssertEqual(try client(["login"], environment: ["FG_PASSWORD": "long-enough"]).status, 0, "the remembered name, FG_PASSWORD")
    }

    /// A cron job as cron runs it (no session, almost no environment, a pipeline under pipefail)
    /// with a read token made once: it keeps working after the login ends, cannot change
    /// anything, and stops the moment it is revoked.
    func testACronJobWithAReadTokenOutlivesTheLoginAndStopsWhenRevoked() throws {
        try register("coach")
        XCTAssertEqual(try client(["login", "--username", "coach"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        XCTAssertEqual(try client(["players", "add", "--name", "Ana"]).status, 0)
        let made = try client(["token", "create", "--name", "cron", "--scope", "read", "--expires", "90d"])
        XCTAssertEqual(made.status, 0, made.errors)
        let secret = made.output.trimmingCharacters(in: .newlines)
        XCTAssertNotNil(secret.range(of: "^gather_[A-Za-z0-9_-]{43}$", options: .regularExpression), "the token alone on stdout: \(made.output)")
        XCTAssertTrue(made.errors.contains("shown this once"), made.errors)
        let tokenFile = directory.appendingPathComponent("cron.token")
        try made.output.write(to: tokenFile, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(tokenFile.path, 0o600), 0)
        XCTAssertEqual(try client(["token", "create", "--name", "cron"]).status, 1, "names are unique per account")
        XCTAssertEqual(try client(["logout"]).status, 0)

        let gather = TmuxSession.binaryDirectory.appendingPathComponent("gather").path
        let cron = { (command: String) throws -> (status: String, output: String) in
            let job = Process()
            job.executableURL = URL(fileURLWithPath: "/bin/bash")
            job.arguments = ["-c", "set -o pipefail; '\(gather)' --token-file '\(tokenFile.path)' \(command) 2>&1 | head -5; echo \"exit ${PIPESTATUS[0]}\""]
            job.environment = ["HOME": self.directory.path, "PATH": "/usr/bin:/bin", "SHELL": "/bin/sh", "LOGNAME": "coach",
                               "FG_SERVER_URL": self.url]
            let output = Pipe()
            job.standardOutput = output
            try job.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            job.waitUntilExit()
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            return (String(lines.last ?? ""), lines.dropLast().joined(separator: "\n"))
        }
        let list = try cron("players list --json")
        XCTAssertEqual(list.status, "exit 0", list.output)
        XCTAssertTrue(list.output.contains("\"name\":\"Ana\""), list.output)
        // Every refusal for the token's scope exits 4, as every refusal for the credential does.
        let write = try cron("players add --name Eve")
        XCTAssertEqual(write.status, "exit 4", write.output)
        XCTAssertTrue(write.output.contains("can only read"), write.output)
        let link = try cron("share create Thursday")
        XCTAssertEqual(link.status, "exit 4", link.output)
        let invite = try cron("group invite --role viewer")
        XCTAssertEqual(invite.status, "exit 4", invite.output)
        let mint = try client(["token", "create", "--name", "stronger"], environment: ["FG_TOKEN": secret])
        XCTAssertEqual(mint.status, 4, mint.errors)
        XCTAssertTrue(mint.errors.contains("needs a login session"), mint.errors)

        XCTAssertEqual(try client(["login", "--username", "coach"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let listed = try XCTUnwrap(try client(["token", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(listed.compactMap { $0["name"] as? String }, ["cron"])
        XCTAssertEqual(listed.first?["scope"] as? String, "read")
        XCTAssertNotNil(listed.first?["expiresAt"] as? String)
        XCTAssertNil(listed.first?["token"], "never the secret")
        XCTAssertFalse(try client(["token", "list"]).output.contains(secret))
        let revoked = try client(["token", "revoke", "cron"])
        XCTAssertEqual([revoked.output, String(revoked.status)], ["", "0"], revoked.errors)
        let after = try cron("players list")
        XCTAssertEqual(after.status, "exit 4", after.output)
        XCTAssertTrue(after.output.contains("API token was refused"), after.output)
        XCTAssertEqual(try client(["whoami"]).status, 0, "revoking a token leaves the login alone")
    }

    /// Settings kept once: the login remembers its server, `gather config` keeps the rest, and a
    /// flag beats the environment, which beats the file; `config list --origin` says which won.
    func testTheServerIsRememberedAndSettingsComeFromFlagEnvironmentThenFile() throws {
        try register("coach")
        let noServer = ["FG_SERVER_URL": ""]
        let login = try client(["login", "--username", "coach", "--server", url], environment: noServer.merging(["FG_PASSWORD": "long-enough"]) { $1 })
        XCTAssertEqual(login.status, 0, login.errors)
        let whoami = try client(["whoami"], environment: noServer)
        XCTAssertEqual([whoami.output, String(whoami.status)], ["coach at \(url)\n", "0"], "the server logged in to: \(whoami.errors)")
        let origins = try client(["config", "list", "--origin"], environment: noServer)
        XCTAssertTrue(origins.output.contains("server=\(url)\tthe saved session (gather login)"), origins.output)
        XCTAssertTrue(origins.output.contains("timeout=10\tdefault"), origins.output)

        let settingsFile = directory.appendingPathComponent("config/gather/settings").path
        XCTAssertEqual(try client(["config", "set", "output", "json"], environment: noServer).status, 0)
        XCTAssertEqual(try client(["config", "set", "timeout", "30"], environment: noServer).status, 0)
        let bad = try client(["config", "set", "timeout", "0"], environment: noServer)
        XCTAssertEqual(bad.status, 2, bad.errors)
        XCTAssertTrue(bad.errors.contains("from 1 to 300"), bad.errors)
        XCTAssertEqual(try client(["config", "set", "colour", "red"], environment: noServer).status, 2)
        XCTAssertNotNil(try client(["players", "list"], environment: noServer).json() as? [Any], "output = json: JSON without --json")
        let secret = try client(["token", "create", "--name", "kept"], environment: noServer)
        XCTAssertTrue(secret.output.hasPrefix("gather_"), "a token alone, whatever the output setting: \(secret.output)")
        let badOutput = try client(["players", "list"], environment: ["FG_SERVER_URL": "", "FG_OUTPUT": "yaml"])
        XCTAssertEqual(badOutput.status, 2)
        XCTAssertTrue(badOutput.errors.contains("output must be table or json (got \"yaml\" from environment FG_OUTPUT)"), badOutput.errors)
        let dashed = try client(["--timeout", "9", "share", "create", "--quiet", "--", "-the B team"], environment: noServer)
        XCTAssertEqual(dashed.status, 0, "options before the command stay options, after -- a name may start with -: \(dashed.errors)")
        XCTAssertEqual(try client(["config", "get", "timeout"], environment: noServer).output, "30\n")
        XCTAssertEqual(try client(["config", "get", "timeout"], environment: ["FG_SERVER_URL": "", "FG_TIMEOUT": "7"]).output, "7\n")
        XCTAssertEqual(try client(["config", "get", "timeout", "--timeout", "9"], environment: ["FG_SERVER_URL": "", "FG_TIMEOUT": "7"]).output,
                       "9\n", "a flag beats the environment")
        let all = try client(["config", "list", "--origin"], environment: ["FG_SERVER_URL": "", "FG_TIMEOUT": "7"]).output
        XCTAssertTrue(all.contains("timeout=7\tenvironment FG_TIMEOUT"), all)
        XCTAssertTrue(all.contains("output=json\tfile \(settingsFile)"), all)

        // A server kept in the file wins over the session's; a broken one is named, and can be put right.
        XCTAssertEqual(try client(["config", "set", "server", "http://127.0.0.1:1"], environment: noServer).status, 0)
        let elsewhere = try client(["whoami"], environment: noServer)
        XCTAssertEqual(elsewhere.status, 4, "no session for that server: \(elsewhere.errors)")
        try "server = ftp://nowhere\n".write(toFile: settingsFile, atomically: true, encoding: .utf8)
        let broken = try client(["whoami"], environment: noServer)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.errors.contains("gather config set server URL"), broken.errors)
        XCTAssertEqual(try client(["config", "unset", "server"], environment: noServer).status, 0)
        XCTAssertEqual(try client(["whoami"], environment: noServer).status, 0, "back to the session's server")
    }

    func testPlayersGathersTeamsAndStats() throws {
        try register("coach")
        XCTAssertEqual(try client(["login", "--username", "coach"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        var ids: [String] = []
        for (name, skill, position) in [("Ana", "professional", "goalkeeper"), ("Ben", "amateur", "striker"),
                                        ("Cy", "beginner", "goalkeeper"), ("Di", "amateur", "defender")] {
            let added = try client(["players", "add", "--name", name, "--skill", skill, "--position", position, "--quiet"])
            XCTAssertEqual(added.status, 0, added.errors)
            ids.append(added.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let list = try XCTUnwrap(try client(["players", "list", "--json", "--sort", "name"]).json() as? [[String: Any]])
        XCTAssertEqual(list.compactMap { $0["name"] as? String }, ["Ana", "Ben", "Cy", "Di"])
        XCTAssertEqual(Set(list.first?.keys.map { $0 } ?? []), ["id", "name", "age", "skill", "preferredPosition", "favouriteTeam", "regular"],
                       "the API's field names")
        let table = try client(["players", "list"]).output
        XCTAssertTrue(table.hasPrefix("ID  NAME  AGE  SKILL"), table)

        XCTAssertEqual(try client(["players", "edit", ids[1], "--age", "31", "--clear", "position"]).status, 0)
        let ben = try XCTUnwrap(try client(["players", "show", ids[1], "--json"]).json() as? [String: Any])
        XCTAssertEqual(ben["age"] as? Int, 31)
        XCTAssertTrue(ben["preferredPosition"] is NSNull)
        XCTAssertNotNil(ben["stats"], "with the record")

        let split = try XCTUnwrap(try client(["teams", "balance"] + ids + ["--seed", "7", "--json"]).json() as? [String: Any])
        XCTAssertEqual(split["seed"] as? Int, 7)
        XCTAssertEqual(split["difference"] as? Double, 2, "3 + 2 against 1 + 2: the keepers must be apart")
        let teamA = ((split["teamA"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }.map(String.init)
        let teamB = ((split["teamB"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }.map(String.init)

        let created = try client(["gathers", "new", "--team-a", teamA.joined(separator: ","), "--team-b", teamB.joined(separator: ","), "--quiet"])
        XCTAssertEqual(created.status, 0, created.errors)
        let gather = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let scored = try client(["gathers", "score", gather, "3-2"])
        XCTAssertEqual([scored.output, scored.errors], ["", "Saved: Team A 3 – 2 Team B\n"])
        let shown = try XCTUnwrap(try client(["gathers", "show", gather, "--json"]).json() as? [String: Any])
        XCTAssertEqual(shown["score"] as? String, "3-2")
        XCTAssertEqual((shown["players"] as? [Any])?.count, 4)
        let ended = try XCTUnwrap(try client(["gathers", "list", "--status", "ended", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(ended.count, 1)
        let board = try XCTUnwrap(try client(["stats", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(board.count, 4)
        let record = try XCTUnwrap(try client(["stats", "--player", teamA[0], "--json"]).json() as? [String: Any])
        XCTAssertEqual(record["won"] as? Int, 1)
        // The favourites (5 skill points against 3) won by one goal only, less than their ratings said: they drop.
        XCTAssertLessThan(try XCTUnwrap((record["rating"] as? [String: Any])?["lastChange"] as? Double), 0)
        let readable = try client(["stats", "--player", teamA[0]])
        XCTAssertTrue(readable.output.contains("Rating ") && readable.output.contains("after the last match"), readable.output)
        let byRating = try client(["stats", "--sort", "rating"])
        XCTAssertEqual(byRating.status, 0, byRating.errors)
        XCTAssertTrue(byRating.output.hasPrefix("#") && byRating.output.contains("RATING"), byRating.output)
        let highest = try XCTUnwrap(board.max { (($0["rating"] as? [String: Any])?["mean"] as? Double ?? 0) < (($1["rating"] as? [String: Any])?["mean"] as? Double ?? 0) })
        let firstRow = byRating.output.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        XCTAssertTrue(firstRow.contains(try XCTUnwrap(highest["name"] as? String)), "the highest rated first:\n\(byRating.output)")
        let rated = try XCTUnwrap(try client(["teams", "balance"] + ids + ["--weighting", "rating", "--json"]).json() as? [String: Any])
        XCTAssertEqual(rated["weighting"] as? String, "rating")
        let told = try client(["teams", "balance"] + ids + ["--weighting", "rating", "--seed", "3"])
        XCTAssertTrue(told.output.contains("Chances by the ratings: A "), told.output)
        XCTAssertEqual(try client(["teams", "balance"] + ids + ["--weighting", "luck"]).status, 2, "not one of the choices")

        XCTAssertEqual(try client(["gathers", "rm", gather]).status, 0)
        XCTAssertEqual(try client(["gathers", "show", gather]).status, 1, "gone: the server refuses")
        XCTAssertEqual(try client(["players", "rm", ids[3]]).status, 2, "not on a terminal: --yes is required")
        XCTAssertEqual(try client(["players", "rm", ids[3], "--yes"]).status, 0)
    }

    func testTheTopScorersForScriptsAndSpreadsheetsAndAMatchsGoals() throws {
        try register("scorers")
        XCTAssertEqual(try client(["login", "--username", "scorers"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let empty = try client(["stats", "scorers"])
        XCTAssertEqual(empty.status, 0, empty.errors)
        XCTAssertTrue(empty.output.contains("No scorers yet"), empty.output)
        let ids = try ["Ana", "Ben", "Cy"].map { name in
            try client(["players", "add", "--name", name, "--quiet"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let created = try client(["gathers", "new", "--team-a", "\(ids[0]),\(ids[1])", "--team-b", ids[2], "--score", "2-0", "--quiet"])
        XCTAssertEqual(created.status, 0, created.errors)
        let gather = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
        // Its goals as the match screen would have sent them: Ana's (made by Ben), then Ben's.
        try server.database.write { database in
            try database.execute("""
                INSERT INTO goals (gather_id, number, group_id, team, scorer_id, assist_id, minute, own_goal)
                SELECT id, 1, group_id, 'Team A', ?1, ?2, 12, 0 FROM gathers UNION ALL
                SELECT id, 2, group_id, 'Team A', ?2, NULL, 30, 0 FROM gathers
                """, Int(ids[0]) ?? 0, Int(ids[1]) ?? 0)
        }

        let json = try XCTUnwrap(try client(["stats", "scorers", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(json.compactMap { $0["name"] as? String }, ["Ben", "Ana"], "as many goals: the one who also made one first")
        XCTAssertEqual(Set(json.first?.keys.map { $0 } ?? []), ["playerId", "name", "goals", "assists", "matches"], "the API's fields")
        let table = try client(["stats", "scorers"]).output
        XCTAssertTrue(table.hasPrefix("#  NAME  GOALS  ASSISTS  P  G/P"), table)
        let csv = try client(["stats", "scorers", "--csv", "--delimiter", ";"]).output
        XCTAssertEqual(csv, "\u{FEFF}Rank;Name;Goals;Assists;Matches;Goals per match\n1;Ben;1;1;1;1.00\n2;Ana;1;0;1;1.00\n")
        let shown = try client(["gathers", "show", gather]).output
        XCTAssertTrue(shown.contains("Goals for Team A: Ana 12' (assist Ben), Ben 30'"), shown)
        let record = try client(["stats", "--player", ids[1]]).output
        XCTAssertTrue(record.contains("Scored 1, made 1, 1.00 goals a match"), record)
    }

    func testManOfTheMatchIsReadChosenAndTakenBackFromTheCommandLine() throws {
        try register("motm")
        XCTAssertEqual(try client(["login", "--username", "motm"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let ids = try ["Ana", "Ben", "Cy"].map { name in
            try client(["players", "add", "--name", name, "--quiet"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let created = try client(["gathers", "new", "--team-a", "\(ids[0]),\(ids[1])", "--team-b", ids[2], "--score", "2-0", "--quiet"])
        XCTAssertEqual(created.status, 0, created.errors)
        let gather = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let open = try client(["gathers", "motm", gather])
        XCTAssertEqual(open.status, 0, open.errors)
        XCTAssertTrue(open.output.hasPrefix("Man of the match: voting until "), open.output)
        XCTAssertTrue(open.output.contains(", 0 votes so far"), open.output)

        let chosen = try client(["gathers", "motm", gather, "Cy"])
        XCTAssertEqual(chosen.status, 0, chosen.errors)
        XCTAssertEqual(chosen.output, "Man of the match: Cy (chosen)\n")
        XCTAssertTrue(try client(["gathers", "show", gather]).output.contains("Man of the match: Cy (chosen)"))
        let json = try XCTUnwrap(try client(["gathers", "motm", gather, "--json"]).json() as? [String: Any])
        XCTAssertEqual(json["state"] as? String, "chosen")
        XCTAssertEqual(Set(json.keys), ["state", "closesAt", "winners", "votesCast"], "the API's fields")
        let record = try XCTUnwrap(try client(["stats", "--player", ids[2], "--json"]).json() as? [String: Any])
        XCTAssertEqual(record["manOfTheMatch"] as? Int, 1)

        XCTAssertEqual(try client(["gathers", "motm", gather, "Cy", "--clear"]).status, 2, "a player or --clear, not both")
        let cleared = try client(["gathers", "motm", gather, "--clear"])
        XCTAssertTrue(cleared.output.hasPrefix("Man of the match: voting until "), cleared.output)
        let settings = try client(["group", "settings", "--vote-hours", "0"])
        XCTAssertEqual(settings.status, 0, settings.errors)
        XCTAssertTrue(settings.output.contains("Votes:      none for man of the match"), settings.output)
        XCTAssertEqual(try client(["group", "settings", "--vote-hours", "400"]).status, 2)
    }

    func testThePitchFeeFromTheCommandLineForOrganisersAndSpreadsheets() throws {
        try register("treasurer")
        XCTAssertEqual(try client(["login", "--username", "treasurer"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let ids = try ["Ana", "Ben", "Cy"].map { name in
            try client(["players", "add", "--name", name, "--quiet"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let gather = try client(["gathers", "new", "--team-a", "\(ids[0]),\(ids[1])", "--team-b", ids[2], "--score", "2-0", "--quiet"])
            .output.trimmingCharacters(in: .whitespacesAndNewlines)
        let cost = try client(["gathers", "cost", gather, "10"])
        XCTAssertEqual(cost.status, 0, cost.errors)
        XCTAssertTrue(cost.errors.contains("Cost 10.00 EUR, shared among those who played"), cost.errors)
        XCTAssertEqual(try client(["gathers", "cost", gather, "ten"]).status, 2)
        XCTAssertEqual(try client(["gathers", "cost", gather, "10", "--clear"]).status, 2, "an amount or --clear")

        let paid = try client(["money", "pay", "Ana", "12.5", "--note", "cash", "--on", "2026-11-20"])
        XCTAssertEqual(paid.status, 0, paid.errors)
        XCTAssertTrue(paid.errors.contains("Recorded 12.50 EUR on 2026-11-20"), paid.errors)
        XCTAssertEqual(try client(["money", "pay", "Ana", "1.234"]).status, 2, "no fractions of a cent")

        let table = try client(["money"]).output
        XCTAssertTrue(table.hasPrefix("NAME  BALANCE (EUR)"), table)
        XCTAssertTrue(table.contains("Ben   -3.33          owes"), table)
        XCTAssertTrue(table.contains("Owed in all: 6.66 EUR"), table)
        let csv = try client(["money", "--csv", "--delimiter", ";"]).output
        XCTAssertEqual(csv, "\u{FEFF}Name;Balance;Currency\nBen;-3.33;EUR\nCy;-3.33;EUR\nAna;9.16;EUR\n")
        let json = try XCTUnwrap(try client(["money", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(json.compactMap { $0["balance"] as? Int }, [-333, -333, 916], "the API's minor units")

        let account = try client(["money", "show", "Ana"]).output
        XCTAssertTrue(account.hasPrefix("Ana: in credit, 9.16 EUR"), account)
        XCTAssertTrue(account.contains("cash"), account)
        XCTAssertTrue(account.contains("Match 2–0: a share of 10.00 EUR"), account)
        let payment = try XCTUnwrap((try client(["money", "show", "Ana", "--json"]).json() as? [String: Any])?["lines"] as? [[String: Any]])
            .compactMap { $0["paymentId"] as? Int }.first
        XCTAssertEqual(try client(["money", "rm", String(try XCTUnwrap(payment))]).status, 0)
        XCTAssertTrue(try client(["money", "show", "Ana"]).output.hasPrefix("Ana: owes 3.34 EUR"))

        let settings = try client(["group", "settings"])
        XCTAssertTrue(settings.output.contains("Money:      counted in EUR"), settings.output)
        let refused = try client(["group", "settings", "--currency", "gbp"])
        XCTAssertEqual(refused.status, 1, "money is kept in euro cents already")
        XCTAssertTrue(refused.errors.contains("this group's costs and payments are kept in EUR; its currency cannot change now"), refused.errors)
        XCTAssertEqual(try client(["group", "settings", "--currency", "pounds"]).status, 2)

        // A new group's currency is its own choice.
        try register("treasurer-gbp")
        XCTAssertEqual(try client(["login", "--username", "treasurer-gbp"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let pounds = try client(["group", "settings", "--currency", "gbp"])
        XCTAssertEqual(pounds.status, 0, pounds.errors)
        XCTAssertTrue(pounds.output.contains("Money:      counted in GBP"), pounds.output)
        XCTAssertTrue(try client(["money"]).output.contains("No players yet."))
    }

    func testSeasonsAreNamedAndTheTableAndTheirAwardsReadForOne() throws {
        try register("seasons")
        XCTAssertEqual(try client(["login", "--username", "seasons"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        XCTAssertTrue(try client(["seasons", "list"]).output.contains("No seasons yet"))
        let ids = try ["Ana", "Ben"].map { name in
            try client(["players", "add", "--name", name, "--quiet"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        for (score, day) in [("2-0", "2026-04-10 19:00"), ("0-1", "2026-07-10 19:00")] {
            let played = try client(["gathers", "new", "--team-a", ids[0], "--team-b", ids[1], "--score", score, "--kick-off", day],
                                    environment: ["TZ": "UTC"])
            XCTAssertEqual(played.status, 0, played.errors)
        }
        let made = try client(["seasons", "new", "Spring 2026", "--from", "2026-03-01", "--to", "2026-05-31", "--quiet"])
        XCTAssertEqual(made.status, 0, made.errors)
        let spring = made.output.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(try client(["seasons", "list"]).output.contains("Spring 2026"))

        let springTable = try XCTUnwrap(try client(["stats", "--season", spring, "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(springTable.compactMap { $0["name"] as? String }, ["Ana", "Ben"])
        XCTAssertEqual(springTable.compactMap { $0["played"] as? Int }, [1, 1])
        let allTime = try XCTUnwrap(try client(["stats", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(allTime.compactMap { $0["played"] as? Int }, [2, 2])
        let record = try XCTUnwrap(try client(["stats", "--player", ids[1], "--season", spring, "--json"]).json() as? [String: Any])
        XCTAssertEqual(record["lost"] as? Int, 1)
        XCTAssertEqual(try client(["stats", "--season", "spring"]).status, 2, "not a season")

        let shown = try client(["seasons", "show", spring])
        XCTAssertTrue(shown.output.contains("Spring 2026: 2026-03-01 to 2026-05-31"), shown.output)
        XCTAssertTrue(shown.output.contains("Most wins: Ana (1 win)"), shown.output)
        XCTAssertEqual(try client(["seasons", "rm", spring]).status, 0)
        XCTAssertEqual(try client(["seasons", "show", spring]).status, 1, "gone: the server refuses")
    }

    func testAMatchEnteredAfterwardsKeepsItsKickOffShownInTheUsersTimeZone() throws {
        try register("backfill")
        XCTAssertEqual(try client(["login", "--username", "backfill"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let ids = try ["Ana", "Ben"].map { name in
            try client(["players", "add", "--name", name, "--quiet"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let madrid = ["TZ": "Europe/Madrid"]
        let created = try client(["gathers", "new", "--team-a", ids[0], "--team-b", ids[1], "--score", "2-1",
                                  "--kick-off", "2026-11-19 19:00", "--quiet"], environment: madrid)
        XCTAssertEqual(created.status, 0, created.errors)
        let gather = created.output.trimmingCharacters(in: .whitespacesAndNewlines)

        let stored = try XCTUnwrap(try client(["gathers", "show", gather, "--json"]).json() as? [String: Any])
        XCTAssertEqual(stored["createdAt"] as? String, "2026-11-19T18:00:00Z", "19:00 in Madrid is 18:00 UTC; --json keeps RFC 3339")
        let table = try client(["gathers", "list"], environment: madrid).output
        XCTAssertTrue(table.contains("KICK-OFF (Europe/Madrid)"), table)
        XCTAssertTrue(table.contains("2026-11-19 19:00"), "its kick-off as Madrid reads it, not when it ended, not UTC:\n\(table)")
        XCTAssertTrue(try client(["gathers", "list"], environment: ["TZ": "UTC"]).output.contains("2026-11-19 18:00"))
        let shown = try client(["gathers", "show", gather], environment: madrid).output
        XCTAssertTrue(shown.contains("kick-off Thu 19 Nov 2026 19:00 (Europe/Madrid)"), shown)

        let future = try client(["gathers", "new", "--team-a", ids[0], "--team-b", ids[1], "--score", "1-0", "--kick-off", "2099-01-01 10:00"])
        XCTAssertEqual(future.status, 2)
        XCTAssertTrue(future.errors.contains("is in the future"), future.errors)
        let garbled = try client(["gathers", "new", "--team-a", ids[0], "--team-b", ids[1], "--score", "1-0", "--kick-off", "Thursday"])
        XCTAssertEqual(garbled.status, 2)
        XCTAssertTrue(garbled.errors.contains("--kick-off is a date and time: \"2026-11-19 19:00\""), garbled.errors)
    }

    func testTablesFitEightyColumnsCuttingTheNameNotTheNumbers() throws {
        try register("tables")
        XCTAssertEqual(try client(["login", "--username", "tables"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let long = "Maximiliano Alejandro de la Santísima Trinidad Fernández y Gómez de la Serna ok"
        XCTAssertEqual(long.count, 79)
        let ids = try [long, "Ana"].map { name in
            try client(["players", "add", "--name", name, "--age", "31", "--skill", "amateur", "--position", "goalkeeper", "--quiet"])
                .output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(try client(["gathers", "new", "--team-a", ids[0], "--team-b", ids[1], "--score", "3-1"]).status, 0)

        // Not a terminal: 80 columns.
        let stats = try client(["stats"]).output.split(separator: "\n").map(String.init)
        for line in stats { XCTAssertLessThanOrEqual(line.count, 80, line) }
        let first = try XCTUnwrap(stats.first { $0.contains("Maximiliano") })
        XCTAssertTrue(first.contains("…") && first.contains("1  1  0  0  100%"), "every number whole:\n\(stats.joined(separator: "\n"))")
        let roster = try client(["players", "list"]).output.split(separator: "\n").map(String.init)
        for line in roster { XCTAssertLessThanOrEqual(line.count, 80, line) }
        XCTAssertTrue(roster.contains { $0.contains("Maximiliano") && $0.contains("31") && $0.contains("amateur") && $0.contains("goalkeeper") },
                      roster.joined(separator: "\n"))

        XCTAssertTrue(try client(["stats", "--wide"]).output.contains(long), "--wide: everything")
        XCTAssertTrue(try client(["players", "list", "--json"]).output.contains(long), "--json: never cut")
    }

    func testSpreadsheetsGetWhatTheyRead() throws {
        try register("sheets")
        XCTAssertEqual(try client(["login", "--username", "sheets"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let roster = directory.appendingPathComponent("roster.csv")
        try Data("Name;Notes;Position\nJosé;captain;GK\nBen;;Keeper\n".utf8).write(to: roster)
        let imported = try client(["import", roster.path])
        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertTrue(imported.errors.contains("Left out the column \"Notes\": not a player's field"), imported.errors)
        let players = try XCTUnwrap(try client(["players", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(players.compactMap { $0["preferredPosition"] as? String }, ["goalkeeper", "goalkeeper"], "GK and Keeper read")

        let exported = directory.appendingPathComponent("export.csv")
        XCTAssertEqual(try client(["export", "--format", "csv", "--delimiter", ";", "--output", exported.path]).status, 0)
        let bytes = try Data(contentsOf: exported)
        XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF], "marked as UTF-8 for a spreadsheet")
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("id;name;age;skill;preferredPosition;favouriteTeam"))
        let mode = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: exported.path)[.posixPermissions] as? NSNumber).intValue
        XCTAssertEqual(mode & 0o777, 0o600, "only its owner reads the roster, like every file gather keeps")
        XCTAssertEqual(try client(["import", "--dry-run", exported.path]).output.contains("Would import 0 players"), true,
                       "it reads back")

        let ids = players.compactMap { $0["id"] as? Int }.map(String.init)
        XCTAssertEqual(try client(["gathers", "new", "--team-a", ids[0], "--team-b", ids[1], "--score", "2-0"]).status, 0)
        let table = try client(["stats", "--csv", "--delimiter", ";"]).output
        XCTAssertTrue(table.hasPrefix("\u{FEFF}Rank;Name;Played;Won;Drawn;Lost;Win %;Goal difference;Rating;Man of the match\n"), table)
        XCTAssertTrue(table.contains(";José;1;1;0;0;100;2;"), table)

        XCTAssertEqual(try client(["group", "rename", "Thursday five-a-side"]).status, 0)
        let groups = try XCTUnwrap(try client(["group", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(groups.first?["name"] as? String, "Thursday five-a-side", "named by its owner from gather")
    }

    func testPlayersAreNamedByNameWhereIdsAreTakenAndASharedNameIsRefusedWithBoth() throws {
        try register("names")
        XCTAssertEqual(try client(["login", "--username", "names"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        for (name, position) in [("Ana", "striker"), ("Ben", "goalkeeper"), ("Cy", "defender"), ("Cy", "winger")] {
            XCTAssertEqual(try client(["players", "add", "--name", name, "--position", position]).status, 0)
        }
        let shown = try XCTUnwrap(try client(["players", "show", "ana", "--json"]).json() as? [String: Any])
        XCTAssertEqual(shown["name"] as? String, "Ana", "any case")
        let created = try client(["gathers", "new", "--team-a", "Ana", "--team-b", "Ben", "--score", "1-0", "--quiet"])
        XCTAssertEqual(created.status, 0, created.errors)
        let record = try XCTUnwrap(try client(["stats", "--player", "Ana", "--json"]).json() as? [String: Any])
        XCTAssertEqual(record["won"] as? Int, 1)
        let split = try client(["teams", "balance", "Ana", "Ben", "--pin", "Ana=A", "--json"])
        XCTAssertEqual(split.status, 0, split.errors)

        let shared = try client(["players", "show", "Cy"])
        XCTAssertEqual(shared.status, 2)
        XCTAssertTrue(shared.errors.contains("2 players are called \"Cy\"; give the id of the one you mean:"), shared.errors)
        XCTAssertTrue(shared.errors.contains("(defender)") && shared.errors.contains("(winger)"), shared.errors)
        let unknown = try client(["gathers", "new", "--team-a", "Ana", "--team-b", "Zoe"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.errors.contains("--team-b: no player called \"Zoe\""), unknown.errors)
    }

    func testShareLinksAreMadeListedAndRevoked() throws {
        try register("host")
        XCTAssertEqual(try client(["login", "--username", "host"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let made = try client(["share", "create", "Thursday five-a-side"])
        XCTAssertEqual(made.status, 0, made.errors)
        let lines = made.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 1, "the link alone on stdout: \(made.output)")
        XCTAssertTrue(made.errors.hasPrefix("Share link "), made.errors)
        XCTAssertNotNil(lines[0].range(of: "^\(NSRegularExpression.escapedPattern(for: url))/s/[A-Za-z0-9_-]{43}$", options: .regularExpression),
                        "a whole link, read against the server's address: \(lines[0])")
        let quiet = try client(["share", "create", "Parents", "--quiet"])
        XCTAssertTrue(quiet.output.hasPrefix("\(url)/s/"), quiet.output)
        let json = try XCTUnwrap(try client(["share", "create", "Club", "--json"]).json() as? [String: Any])
        let path = try XCTUnwrap(json["path"] as? String)
        XCTAssertEqual(json["url"] as? String, url + path)

        let listed = try XCTUnwrap(try client(["share", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(listed.compactMap { $0["name"] as? String }, ["Thursday five-a-side", "Parents", "Club"])
        XCTAssertTrue(listed.allSatisfy { $0["url"] == nil && $0["path"] == nil }, "the server has no links to list")
        let table = try client(["share", "list"]).output
        XCTAssertTrue(table.hasPrefix("ID"), table)
        XCTAssertTrue(table.contains("Thursday five-a-side") && table.contains("never"), table)

        let id = try XCTUnwrap(listed.first?["id"] as? Int)
        let revoked = try client(["share", "revoke", String(id)])
        XCTAssertEqual(revoked.status, 0, revoked.errors)
        XCTAssertEqual([revoked.output, revoked.errors], ["", "Share link \(id) revoked: it no longer opens anything\n"])
        let again = try client(["share", "revoke", String(id)])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.errors.contains("share not found"), again.errors)
        let blank = try client(["share", "create", "  "])
        XCTAssertEqual(blank.status, 1)
        XCTAssertTrue(blank.errors.contains("Name must be 1–100 characters"), blank.errors)
        XCTAssertEqual(try client(["share", "revoke", "x"]).status, 2)
        XCTAssertEqual(try XCTUnwrap(try client(["share", "list", "--json"]).json() as? [[String: Any]]).count, 2)
    }

    /// Two accounts, two config directories: the owner invites, the friend joins, both see the group.
    func testAGroupIsSharedByInvitation() throws {
        try register("host")
        try register("friend")
        let friendConfig = ["XDG_CONFIG_HOME": directory.appendingPathComponent("friend-config").path]
        XCTAssertEqual(try client(["login", "--username", "host"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        XCTAssertEqual(try client(["login", "--username", "friend"], environment: friendConfig.merging(["FG_PASSWORD": "long-enough"]) { $1 }).status, 0)

        let own = try XCTUnwrap(try client(["group", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(own.count, 1)
        XCTAssertEqual(own.first?["isOwn"] as? Bool, true)
        XCTAssertEqual(own.first?["role"] as? String, "owner")

        let made = try client(["group", "invite", "--role", "viewer", "--days", "2"])
        XCTAssertEqual(made.status, 0, made.errors)
        XCTAssertTrue(made.errors.hasPrefix("Invitation to host as viewer, until "), made.errors)
        let lines = made.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 1, "the code alone on stdout: \(made.output)")
        let code = lines[0]
        XCTAssertNotNil(code.range(of: "^[A-Za-z0-9_-]{43}$", options: .regularExpression), code)

        let joined = try client(["group", "accept", code], environment: friendConfig)
        XCTAssertEqual(joined.status, 0, joined.errors)
        XCTAssertEqual(joined.errors, "You joined host as a viewer\n")
        let again = try client(["group", "accept", code], environment: friendConfig)
        XCTAssertEqual(again.status, 1, "used once")
        XCTAssertTrue(again.errors.contains("does not exist, was used or revoked, or has expired"), again.errors)
        XCTAssertEqual(try client(["group", "accept", "not a code"], environment: friendConfig).status, 1)

        let friendsGroups = try client(["group", "list"], environment: friendConfig).output
        XCTAssertTrue(friendsGroups.contains("friend") && friendsGroups.contains("your own"), friendsGroups)
        XCTAssertTrue(friendsGroups.contains("host") && friendsGroups.contains("viewer"), friendsGroups)
        let members = try XCTUnwrap(try client(["group", "members", "host", "--json"], environment: friendConfig).json() as? [[String: Any]])
        XCTAssertEqual(members.compactMap { $0["username"] as? String }, ["host", "friend"])
        XCTAssertEqual(try client(["group", "invite", "host"], environment: friendConfig).status, 1, "a viewer does not invite")
        XCTAssertEqual(try client(["group", "members", "nowhere"], environment: friendConfig).status, 1)

        // Switched, every command (and the full-screen client) acts on the host's group.
        XCTAssertEqual(try client(["players", "add", "--name", "Ana", "--quiet"]).status, 0)
        XCTAssertEqual(try client(["players", "add", "--name", "Own player", "--quiet"], environment: friendConfig).status, 0)
        let switched = try client(["group", "switch", "host"], environment: friendConfig)
        XCTAssertEqual(switched.status, 0, switched.errors)
        XCTAssertEqual(switched.errors, "Now in host (viewer)\n")
        XCTAssertTrue(try client(["group", "list"], environment: friendConfig).output.contains("* "), "the current group is marked")
        XCTAssertEqual(try XCTUnwrap(try client(["players", "list", "--json"], environment: friendConfig).json() as? [[String: Any]])
            .compactMap { $0["name"] as? String }, ["Ana"])
        let refused = try client(["players", "add", "--name", "Mallory"], environment: friendConfig)
        XCTAssertEqual(refused.status, 1, "a viewer changes nothing")
        XCTAssertTrue(refused.errors.contains("a viewer of this group can read it but not change it"), refused.errors)
        let terminal = try TmuxSession(arguments: [], environment: friendConfig.merging(["FG_SERVER_URL": url]) { $1 }, columns: 80, rows: 24)
        XCTAssertTrue(terminal.waitFor("Ana"), terminal.screen())
        XCTAssertTrue(terminal.screen().split(separator: "\n").first?.hasSuffix("host · read-only") == true,
                      "the title names the group, read-only for a viewer: \(terminal.screen())")
        XCTAssertFalse(terminal.screen().contains("Own player"))
        terminal.press("q")
        XCTAssertTrue(terminal.waitFor("FG-EXITED-0"))
        XCTAssertEqual(try client(["group", "switch", "own"], environment: friendConfig).errors, "Now in friend (owner), your own\n")
        XCTAssertEqual(try XCTUnwrap(try client(["players", "list", "--json"], environment: friendConfig).json() as? [[String: Any]])
            .compactMap { $0["name"] as? String }, ["Own player"])

        let left = try client(["group", "leave", "HOST"], environment: friendConfig)
        XCTAssertEqual(left.status, 0, left.errors)
        XCTAssertEqual(left.errors, "You left host\n")
        XCTAssertEqual(try XCTUnwrap(try client(["group", "list", "--json"], environment: friendConfig).json() as? [[String: Any]]).count, 1)
        XCTAssertEqual(try client(["group", "leave", "friend"], environment: friendConfig).status, 1, "nobody leaves their own group")
    }

    /// In the full-screen client: m opens the groups, a joins one with a code, Enter acts on it,
    /// and the roster is then that group's, the title naming it; at 60×16 too.
    func testTheGroupsScreenJoinsAndSwitches() throws {
        try register("host")
        try register("friend")
        let friendConfig = ["XDG_CONFIG_HOME": directory.appendingPathComponent("friend-config").path, "FG_SERVER_URL": url]
        XCTAssertEqual(try client(["login", "--username", "host"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        XCTAssertEqual(try client(["login", "--username", "friend"], environment: friendConfig.merging(["FG_PASSWORD": "long-enough"]) { $1 }).status, 0)
        XCTAssertEqual(try client(["players", "add", "--name", "Hosted player", "--quiet"]).status, 0)
        let code = try XCTUnwrap(try client(["group", "invite", "--role", "organiser", "--json"]).json() as? [String: Any])["code"] as? String

        let terminal = try TmuxSession(arguments: [], environment: friendConfig, columns: 60, rows: 16)
        XCTAssertTrue(terminal.waitFor("No players yet"), terminal.screen())
        terminal.press("m")
        XCTAssertTrue(terminal.waitFor("friend · owner · yours"), terminal.screen())
        terminal.press("a")
        XCTAssertTrue(terminal.waitFor("The invitation's code:"))
        terminal.type(try XCTUnwrap(code))
        terminal.press("Enter")
        XCTAssertTrue(terminal.waitFor("You joined host as an organiser"), terminal.screen())
        XCTAssertTrue(terminal.waitFor("host · owner · founder"), "the members of the group joined: \(terminal.screen())")
        terminal.press("Enter")
        XCTAssertTrue(terminal.waitFor("Hosted player"), terminal.screen())
        XCTAssertTrue(terminal.screen().split(separator: "\n").first?.hasSuffix("host") == true, terminal.screen())
        // The friend, an organiser there, adds a player to the host's roster from here.
        terminal.press("a")
        XCTAssertTrue(terminal.waitFor("Preferred position"))
        terminal.type("Brought by friend")
        terminal.press("C-s")
        // The name shows in the form as it is typed: the form gone and the roster saying so is the save.
        XCTAssertTrue(terminal.waitUntilGone("Preferred position"))
        XCTAssertTrue(terminal.waitFor("Added Brought by friend"), terminal.screen())
        terminal.press("q")
        XCTAssertTrue(terminal.waitFor("FG-EXITED-0"))
        let hosts = try XCTUnwrap(try client(["players", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(hosts.compactMap { $0["name"] as? String }, ["Hosted player", "Brought by friend"])
    }

    /// `--limit N` is N matches, even when many share a second; `--all` pages through every one.
    func testGathersListGivesExactlyTheLimitOrEveryMatch() throws {
        try register("pager")
        XCTAssertEqual(try client(["login", "--username", "pager"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let me = try XCTUnwrap(try XCTUnwrap(try client(["whoami", "--json"]).json() as? [String: Any])["id"] as? String)
        let owner = try XCTUnwrap(UUID(uuidString: me))
        // 450 matches, sixty to a second: pages end inside seconds.
        try server.database.write { database in
            for number in 0..<450 {
                _ = try GatherRepository(database).insert(id: UUID(), owner: owner, result: GatherResult(score: .goalless),
                                                          createdAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(number / 60)))
            }
        }
        for limit in [1, 3, 200] {
            let page = try XCTUnwrap(try client(["gathers", "list", "--limit", String(limit), "--json"]).json() as? [[String: Any]])
            XCTAssertEqual(page.count, limit)
        }
        let every = try XCTUnwrap(try client(["gathers", "list", "--all", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(every.count, 450)
        XCTAssertEqual(Set(every.compactMap { $0["id"] as? String }).count, 450, "none twice, none skipped")
        XCTAssertEqual(try client(["gathers", "list", "--all", "--limit", "3"]).status, 2)
    }

    /// A script's pipeline that stops reading (`| head -1` under `set -o pipefail`): the client ends
    /// as any pipeline's writer does, killed by SIGPIPE (141), with nothing on stderr.
    func testAClosedPipeEndsTheClientQuietlyAsAPipelineWriter() throws {
        try register("piper")
        XCTAssertEqual(try client(["login", "--username", "piper"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let me = try XCTUnwrap(try XCTUnwrap(try client(["whoami", "--json"]).json() as? [String: Any])["id"] as? String)
        let owner = try XCTUnwrap(UUID(uuidString: me))
        // Far more than a pipe holds (64 KiB): the writer is still writing when the reader has gone.
        try server.database.write { database in
            for number in 0..<3_000 { _ = try PlayerRepository(database).insert(try PlayerDetails(name: "Player \(number)"), owner: owner) }
        }
        let gather = TmuxSession.binaryDirectory.appendingPathComponent("gather").path
        for command in ["players list", "players list --json", "gathers list", "export"] {
            let script = Process()
            script.executableURL = URL(fileURLWithPath: "/bin/bash")
            script.arguments = ["-c", "set -o pipefail; '\(gather)' \(command) 2>\"$ERRORS\" | head -c 20 >/dev/null; echo $?"]
            let errors = directory.appendingPathComponent("errors-\(command.count)")
            script.environment = ["PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                                  "FG_SERVER_URL": url, "ERRORS": errors.path]
            let output = Pipe()
            script.standardOutput = output
            try script.run()
            let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            script.waitUntilExit()
            let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            if command == "gathers list" {
                XCTAssertEqual(status, "0\n", "a short output is read whole: \(said)")
            } else {
                XCTAssertEqual(status, "141\n", "\(command): \(said)")
            }
            XCTAssertEqual(said, "", "\(command): no backtrace, no message")
        }
    }

    /// An owner manages the members from the Groups screen: another role, then out of the group.
    func testAnOwnerChangesAMembersRoleAndRemovesThemOnTheGroupsScreen() throws {
        try register("host")
        try register("friend")
        let friendConfig = ["XDG_CONFIG_HOME": directory.appendingPathComponent("friend-config").path, "FG_SERVER_URL": url]
        XCTAssertEqual(try client(["login", "--username", "host"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        XCTAssertEqual(try client(["login", "--username", "friend"], environment: friendConfig.merging(["FG_PASSWORD": "long-enough"]) { $1 }).status, 0)
        let code = try XCTUnwrap(try client(["group", "invite", "--role", "organiser", "--json"]).json() as? [String: Any])["code"] as? String
        XCTAssertEqual(try client(["group", "accept", try XCTUnwrap(code)], environment: friendConfig).status, 0)

        let terminal = try TmuxSession(arguments: [], environment: ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                                                                   "FG_SERVER_URL": url], columns: 80, rows: 24)
        XCTAssertTrue(terminal.waitFor("No players yet"), terminal.screen())
        terminal.press("m")
        XCTAssertTrue(terminal.waitFor("friend · organiser"), terminal.screen())
        terminal.press("Tab", "j", "v")
        XCTAssertTrue(terminal.waitFor("friend is now a viewer of host"), terminal.screen())
        XCTAssertTrue(terminal.waitFor("friend · viewer"), terminal.screen())
        terminal.press("x")
        XCTAssertTrue(terminal.waitFor("Remove friend from host?"), terminal.screen())
        terminal.press("y")
        XCTAssertTrue(terminal.waitFor("friend is no longer in host"), terminal.screen())
        XCTAssertTrue(terminal.waitUntilGone("friend · viewer"), terminal.screen())
        let left = try XCTUnwrap(try client(["group", "list", "--json"], environment: friendConfig).json() as? [[String: Any]])
        XCTAssertEqual(left.compactMap { $0["name"] as? String }, ["friend"], "only their own group is left to the friend")
        terminal.press("q")
        XCTAssertTrue(terminal.waitFor("FG-EXITED-0"), terminal.screen())
    }

    /// A viewer is offered what a viewer may do: no add, pick, delete, correction or share link,
    /// the titles say read-only; an organiser is offered no member or invitation admin.
    func testEachRoleIsOfferedOnlyWhatItMayDo() throws {
        try register("host")
        try register("friend")
        let friendConfig = ["XDG_CONFIG_HOME": directory.appendingPathComponent("friend-config").path, "FG_SERVER_URL": url]
        XCTAssertEqual(try client(["login", "--username", "host"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        XCTAssertEqual(try client(["login", "--username", "friend"], environment: friendConfig.merging(["FG_PASSWORD": "long-enough"]) { $1 }).status, 0)
        let ids = try ["Ana", "Ben"].map { try client(["players", "add", "--name", $0, "--quiet"]).output.trimmingCharacters(in: .whitespacesAndNewlines) }
        XCTAssertEqual(try client(["gathers", "new", "--team-a", ids[0], "--team-b", ids[1], "--score", "1-0"]).status, 0)
        let code = try XCTUnwrap(try client(["group", "invite", "--role", "viewer", "--json"]).json() as? [String: Any])["code"] as? String
        XCTAssertEqual(try client(["group", "accept", try XCTUnwrap(code)], environment: friendConfig).status, 0)
        XCTAssertEqual(try client(["group", "switch", "host"], environment: friendConfig).status, 0)

        let viewer = try TmuxSession(arguments: [], environment: friendConfig, columns: 80, rows: 24)
        XCTAssertTrue(viewer.waitFor("Players · read-only"), viewer.screen())
        XCTAssertTrue(viewer.waitFor("Ana"), viewer.screen())
        let footer = viewer.screen().split(separator: "\n").last.map(String.init) ?? ""
        for offered in ["s select", "a add", "d delete", "S share"] {
            XCTAssertFalse(footer.contains(offered), "\(offered) offered to a viewer: \(footer)")
        }
        viewer.press("a")
        viewer.press("s")
        XCTAssertFalse(viewer.waitUntil(timeout: 0.5) { viewer.screen().contains("Add player") || viewer.screen().contains("selected") },
                       "a and s do nothing for a viewer:\n\(viewer.screen())")
        viewer.press("h")
        XCTAssertTrue(viewer.waitFor("read-only"), viewer.screen())
        XCTAssertTrue(viewer.waitFor("1 – 0"), viewer.screen())
        let historyFooter = viewer.screen().split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertFalse(historyFooter.contains("correct") || historyFooter.contains("delete"), historyFooter)
        viewer.press("x")
        XCTAssertFalse(viewer.waitUntil(timeout: 0.5) { viewer.screen().contains("(y/n)") }, viewer.screen())
        viewer.press("q")
        XCTAssertTrue(viewer.waitFor("FG-EXITED-0"), viewer.screen())

        // Made an organiser (by the owner, elsewhere): changes offered, members and invitations not.
        try server.database.write { database in
            try database.execute("""
                UPDATE memberships SET role = 'organiser'
                WHERE user_id = (SELECT id FROM users WHERE username = 'friend') AND group_id = (SELECT id FROM users WHERE username = 'host')
                """)
        }
        XCTAssertEqual(try client(["group", "switch", "host"], environment: friendConfig).status, 0, "the role noted again")
        let organiser = try TmuxSession(arguments: [], environment: friendConfig, columns: 80, rows: 24)
        XCTAssertTrue(organiser.waitFor("Ana"), organiser.screen())
        XCTAssertFalse(organiser.screen().contains("read-only"), organiser.screen())
        organiser.press("m")
        XCTAssertTrue(organiser.waitFor("friend · organiser"), organiser.screen())
        XCTAssertFalse((organiser.screen().split(separator: "\n").last.map(String.init) ?? "").contains("i invite"), organiser.screen())
        organiser.press("Tab")
        XCTAssertTrue(organiser.waitFor("back to the groups"), organiser.screen())
        XCTAssertFalse(organiser.screen().contains("o/g/v"), organiser.screen())
        organiser.press("q")
        XCTAssertTrue(organiser.waitFor("FG-EXITED-0"), organiser.screen())
    }

    /// Two organisers of one group, each at their own terminal: the same field edited at once is
    /// shown both ways for the one who saves second to choose; the same match saved on both
    /// laptops is kept, counted once, and shown in question in History until the owner settles it.
    func testTwoOrganisersAtTwoTerminalsNeverOverwriteEachOther() throws {
        try register("host")
        try register("friend")
        let hostConfig = ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path, "FG_SERVER_URL": url]
        let friendConfig = ["XDG_CONFIG_HOME": directory.appendingPathComponent("friend-config").path, "FG_SERVER_URL": url]
        XCTAssertEqual(try client(["login", "--username", "host"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        XCTAssertEqual(try client(["login", "--username", "friend"], environment: friendConfig.merging(["FG_PASSWORD": "long-enough"]) { $1 }).status, 0)
        XCTAssertEqual(try client(["players", "add", "--name", "Ana", "--age", "30", "--quiet"]).status, 0)
        XCTAssertEqual(try client(["players", "add", "--name", "Ben", "--quiet"]).status, 0)
        let code = try XCTUnwrap(try client(["group", "invite", "--role", "organiser", "--json"]).json() as? [String: Any])["code"] as? String
        XCTAssertEqual(try client(["group", "accept", try XCTUnwrap(code)], environment: friendConfig).status, 0)
        XCTAssertEqual(try client(["group", "switch", "host"], environment: friendConfig).status, 0)

        let host = try TmuxSession(arguments: [], environment: hostConfig, columns: 80, rows: 24)
        let friend = try TmuxSession(arguments: [], environment: friendConfig, columns: 60, rows: 16)
        // Both open Ana's age before either saves.
        for terminal in [host, friend] {
            XCTAssertTrue(terminal.waitFor("Ana"), terminal.screen())
            terminal.press("Enter")
            XCTAssertTrue(terminal.waitFor("Favourite team"), terminal.screen())
            terminal.press("j", "Enter")
            XCTAssertTrue(terminal.waitFor("Edit age — Ana"), terminal.screen())
            terminal.press("BSpace", "BSpace")
        }
        host.type("31")
        host.press("Enter")
        XCTAssertTrue(host.waitUntilGone("Edit age"), host.screen())
        XCTAssertTrue(host.waitFor("31"), host.screen())
        friend.type("35")
        friend.press("Enter")
        XCTAssertTrue(friend.waitFor("Someone else changed the age while"), friend.screen())
        XCTAssertTrue(friend.waitFor("Theirs: 31"), friend.screen())
        XCTAssertTrue(friend.waitFor("Yours:  35"), friend.screen())
        let meanwhile = try XCTUnwrap(try client(["players", "list", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(meanwhile.first { $0["name"] as? String == "Ana" }?["age"] as? Int, 31, "the host's stands until the friend chooses")
        friend.press("m")
        XCTAssertTrue(friend.waitUntilGone("Someone else changed"), friend.screen())
        XCTAssertTrue(friend.waitUntil {
            let players = (try? client(["players", "list", "--json"]).json() as? [[String: Any]]) ?? []
            return players.first { $0["name"] as? String == "Ana" }?["age"] as? Int == 35
        }, "the friend chose to keep theirs")

        // The same match, kept on both laptops: both match screens open before either saves.
        for terminal in [host, friend] {
            terminal.press("Escape")
            XCTAssertTrue(terminal.waitUntilGone("Favourite team"), terminal.screen())
            terminal.press("s")
            XCTAssertTrue(terminal.waitFor("0 selected"), terminal.screen())
            terminal.press("g", "Space", "j", "Space")
            XCTAssertTrue(terminal.waitFor("2 selected"), terminal.screen())
            terminal.press("c")
            XCTAssertTrue(terminal.waitFor("Bench (2)"), terminal.screen())
            terminal.press("a")
            XCTAssertTrue(terminal.waitFor("Team A (1)"), terminal.screen())
            terminal.press("b")
            XCTAssertTrue(terminal.waitFor("Team B (1)"), terminal.screen())
            terminal.press("Enter")
            XCTAssertTrue(terminal.waitFor("Ready"), terminal.screen())
        }
        // Both start their clocks at the whistle (a three-second match); one saves 1-0, the other,
        // who saw an equaliser, 1-1.
        for terminal in [host, friend] {
            terminal.press("t")
            XCTAssertTrue(terminal.waitFor("Time (mm:ss)"), terminal.screen())
            terminal.type("0:03")
            terminal.press("Enter")
            XCTAssertTrue(terminal.waitUntilGone("Time (mm:ss)"), terminal.screen())
        }
        host.press("Space")
        friend.press("Space")
        XCTAssertTrue(host.waitFor("Time's up"), host.screen())
        XCTAssertTrue(friend.waitFor("Time's up"), friend.screen())
        host.press("+")
        XCTAssertTrue(host.waitFor("1 – 0"), host.screen())
        friend.press("+", "]")
        XCTAssertTrue(friend.waitFor("1 – 1"), friend.screen())
        host.press("e")
        XCTAssertTrue(host.waitFor("winner Team A"), host.screen())
        host.press("y")
        XCTAssertTrue(host.waitFor("Saved: Team A 1 – 0 Team B"), host.screen())
        friend.press("e")
        XCTAssertTrue(friend.waitFor("draw"), friend.screen())
        friend.press("y")
        // The second save is said to be in question at once, not only in History.
        let flat = { (screen: String) in screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
        XCTAssertTrue(friend.waitUntil { flat(friend.screen()).contains("Saved (Team A 1 – 1 Team B), in question: another computer saved "
                                                                         + "it too; see History (x or b)") },
                      friend.screen())
        // History's rows, not the notice still on the match screen, say which row is in question.
        // Saved in the same second, the two are ordered by id: the one in question may come second.
        let highlightTheMatchInQuestion = { (terminal: TmuxSession) in
            terminal.press("h")
            let rows = { terminal.screen().components(separatedBy: "\n").filter { $0.contains("Ana v Ben") } }
            XCTAssertTrue(terminal.waitUntil { rows().count == 2 && rows().contains { $0.contains("in question") } }, terminal.screen())
            if rows().first?.contains("in question") == false {
                terminal.press("j")
                XCTAssertTrue(terminal.waitFor("History 2/2"), terminal.screen())
            }
        }
        highlightTheMatchInQuestion(friend)
        friend.press("Enter")
        XCTAssertTrue(friend.waitUntil { flat(friend.screen()).contains("In question: it repeats a match saved from another computer") },
                      friend.screen())
        friend.press("Escape", "Escape")

        let table = try XCTUnwrap(try client(["stats", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(table.map { $0["played"] as? Int }, [1, 1], "one match, counted once: \(table)")
        highlightTheMatchInQuestion(host)
        XCTAssertTrue(host.waitFor("Saved twice? It repeats the match of"), host.screen())
        host.press("b")
        XCTAssertTrue(host.waitFor("Both matches count now"), host.screen())
        let both = try XCTUnwrap(try client(["stats", "--json"]).json() as? [[String: Any]])
        XCTAssertEqual(both.map { $0["played"] as? Int }, [2, 2], "the owner said both were played")
        for terminal in [host, friend] {
            terminal.press("q")
        }
        XCTAssertTrue(host.waitFor("FG-EXITED-0"), host.screen())
    }

    /// At the pitch, friends scan the link from the laptop: on a terminal it comes with a QR code,
    /// which a decoder that shares no code with ours reads back as the link.
    func testOnATerminalTheLinkComesWithAQRCodeThatReadsBackAsTheLink() throws {
        try register("pitch")
        XCTAssertEqual(try client(["login", "--username", "pitch"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let terminal = try TmuxSession(arguments: ["share", "create", "Pitch"], environment: [
            "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path, "FG_SERVER_URL": url,
            // Whatever the test runner's own environment says: a colour terminal, as at the pitch.
            "NO_COLOR": "",
        ], columns: 100, rows: 40)
        XCTAssertTrue(terminal.waitFor("FG-EXITED-0"))
        let lines = terminal.screen().components(separatedBy: "\n")
        let linkLine = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("\(url)/s/") }, terminal.screen())
        let closing = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("It is shown this once") })
        let code = lines[(linkLine + 1)..<closing].map { Array($0) }
        XCTAssertGreaterThan(code.count, 10, terminal.screen())
        XCTAssertTrue(code.joined().allSatisfy { " ▀▄█".contains($0) }, "half blocks only")
        // Black on white (the terminal's colours set): each glyph draws the dark modules of two rows.
        let width = (code.map(\.count).max() ?? 0) + 4
        let image = PortableGraymap(columns: width, rows: code.count * 2, scale: 4) { x, y in
            let row = code[y / 2]
            guard x < row.count else { return false }
            return y % 2 == 0 ? "█▀".contains(row[x]) : "█▄".contains(row[x])
        }
        XCTAssertEqual(try Zbar.decode(image), lines[linkLine].trimmingCharacters(in: .whitespaces))
        XCTAssertTrue(terminal.styledScreen().contains("\u{1B}[30m\u{1B}[47m"), "drawn black on white whatever the terminal's colours")
    }

    func testExitCodesAndMessages() throws {
        let usage = try client(["players", "list", "--colour"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.errors.contains("players list has no option --colour"), usage.errors)
        XCTAssertTrue(usage.errors.contains("usage: gather players list"), usage.errors)
        XCTAssertEqual(try client(["gathers", "score", "not-a-uuid", "1-0"]).status, 2)
        let unreachable = try client(["players", "list"], environment: ["FG_SERVER_URL": "http://127.0.0.1:1"])
        XCTAssertEqual(unreachable.status, 4, "not logged in to that server comes first")
        try register("eve")
        XCTAssertEqual(try client(["login", "--username", "eve"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let refused = try client(["players", "add", "--name", " "])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.errors.contains("name"), refused.errors)
        let address = url
        server.shutdown()
        let down = try client(["players", "list"], environment: ["FG_SERVER_URL": address])
        XCTAssertEqual(down.status, 3)
        XCTAssertTrue(down.errors.contains("Cannot reach the server"), down.errors)
    }

    func testHelpAndCompletion() throws {
        let help = try client(["help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.contains("players list"), help.output)
        let command = try client(["teams", "balance", "--help"])
        XCTAssertTrue(command.output.contains("Example:\n  gather teams balance"), command.output)
        for shell in ["bash", "zsh", "fish"] {
            let script = try client(["completion", shell])
            XCTAssertEqual(script.status, 0)
            XCTAssertTrue(script.output.contains("players"), shell)
        }
        let bash = try client(["completion", "bash"]).output
        let scriptFile = directory.appendingPathComponent("gather.bash")
        try Data(bash.utf8).write(to: scriptFile)
        func complete(_ words: String, at index: Int) throws -> String {
            try bashCompletion(of: words, at: index, script: scriptFile)
        }
        // The script is valid bash and completes the second word of `gather players`, and an option's values.
        XCTAssertEqual(try complete("gather players l", at: 2), "link list\n")
        XCTAssertEqual(try complete("gather players li", at: 2), "link list\n")
        XCTAssertEqual(try complete("gather players lis", at: 2), "list\n")
        XCTAssertEqual(try complete("gather fixtures ", at: 2), "answer cancel cost links list new show teams\n")
        XCTAssertEqual(try complete("gather fixtures teams 3 --b", at: 4), "--balance\n")
        XCTAssertEqual(try complete("gather fixtures links 3 --d", at: 4), "--delimiter\n")
        XCTAssertEqual(try complete("gather import --encoding w", at: 3), "windows-1252\n")
        XCTAssertEqual(try complete("gather import --encoding utf", at: 3), "utf-16 utf-8\n")
        XCTAssertEqual(try complete("gather players add --skill p", at: 4), "professional\n")
        XCTAssertEqual(try complete("gather import --d", at: 2), "--dry-run\n")
        XCTAssertEqual(try client(["completion", "tcsh"]).status, 2)
    }

    /// Completion offers the ids of the roster last listed where a player id goes, and files where
    /// a file goes, in a real bash, without asking the server.
    func testCompletionOffersPlayerIdsFromTheLastListAndFiles() throws {
        let coach = try loggedIn("coach")
        var ids: [String] = []
        for name in ["Ana", "Ben"] {
            ids.append(try client(["players", "add", "--name", name, "--quiet"], environment: coach).output.trimmingCharacters(in: .newlines))
        }
        XCTAssertEqual(try client(["players", "list"], environment: coach).status, 0)
        let kept = try String(contentsOfFile: (coach["XDG_CONFIG_HOME"] ?? "") + "/gather/player-ids", encoding: .utf8)
        XCTAssertEqual(kept, "\(ids[0])\tAna\n\(ids[1])\tBen\n")
        let scriptFile = directory.appendingPathComponent("gather.bash")
        try Data(try client(["completion", "bash"]).output.utf8).write(to: scriptFile)
        let files = directory.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        for name in ["roster.csv", "results.json"] { try Data().write(to: files.appendingPathComponent(name)) }
        func complete(_ words: String, at index: Int) throws -> String {
            try bashCompletion(of: words, at: index, script: scriptFile, in: files,
                               environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path, "XDG_CONFIG_HOME": coach["XDG_CONFIG_HOME"] ?? ""])
        }
        let both = "\(ids[0]) \(ids[1])\n"
        XCTAssertEqual(try complete("gather players show ''", at: 3), both)
        XCTAssertEqual(try complete("gather teams balance \(ids[0]) ''", at: 4), both)
        XCTAssertEqual(try complete("gather gathers new --team-a ''", at: 4), both)
        XCTAssertEqual(try complete("gather stats --player ''", at: 3), both)
        XCTAssertEqual(try complete("gather players link ''", at: 3), both)
        XCTAssertEqual(try complete("gather fixtures teams 1 --team-b ''", at: 5), both)
        XCTAssertEqual(try complete("gather import r", at: 2), "results.json roster.csv\n")
        XCTAssertEqual(try complete("gather import ro", at: 2), "roster.csv\n")
        XCTAssertEqual(try complete("gather export --output re", at: 3), "results.json\n")
        XCTAssertEqual(try complete("gather players list --token-file r", at: 4), "results.json roster.csv\n")
        XCTAssertEqual(try complete("gather gathers list --limit ''", at: 4), "\n", "a number: nothing to offer")
        XCTAssertEqual(try complete("gather players show --j", at: 3), "--json\n")
    }

    /// What bash's completion offers for `words` with the cursor on word `index`, from the script
    /// `gather completion bash` printed, sorted (compgen -f lists files in the directory's own order,
    /// which differs between file systems).
    private func bashCompletion(of words: String, at index: Int, script: URL, in directory: URL? = nil,
                                environment: [String: String]? = nil) throws -> String {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/bin/bash")
        check.arguments = ["-c", "source \(script.path); COMP_WORDS=(\(words)); COMP_CWORD=\(index); _gather; "
                           + "echo $(printf '%s\\n' \"${COMPREPLY[@]}\" | sort)"]
        if let environment { check.environment = environment }
        if let directory { check.currentDirectoryURL = directory }
        let out = Pipe()
        check.standardOutput = out
        try check.run()
        let completions = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        return completions
    }

    /// Logs `username` in (after registering it) in its own config directory.
    private func loggedIn(_ username: String) throws -> [String: String] {
        try register(username)
        let config = directory.appendingPathComponent("config-\(username)").path
        let environment = ["XDG_CONFIG_HOME": config, "FG_PASSWORD": "long-enough"]
        XCTAssertEqual(try client(["login", "--username", username], environment: environment).status, 0)
        return environment
    }

    /// An export without what differs between accounts (ids, the account, the moment of export),
    /// as one text in a fixed order.
    private func comparable(_ export: String) throws -> String {
        var document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any])
        for key in ["exportedAt", "userId", "username"] { document[key] = nil }
        let players = ((document["players"] as? [[String: Any]]) ?? []).map { player in
            player.filter { $0.key != "id" }
        }
        document["players"] = players.map { "\($0.sorted { $0.key < $1.key })" }.sorted()
        let gathers = ((document["gathers"] as? [[String: Any]]) ?? []).map { gather -> String in
            let members = ((gather["players"] as? [[String: Any]]) ?? []).map { member in
                "\(member["name"] ?? ""):\(member["team"] ?? ""):\(member["retired"] ?? "")"
            }.sorted()
            return [gather["score"], gather["winnerTeam"], gather["createdAt"], gather["endedAt"], gather["balanceSeed"]]
                .map { "\($0 ?? "nil")" }.joined(separator: "|") + " " + members.joined(separator: ",")
        }
        return ["\(document["format"] ?? "")", "\(document["version"] ?? "")", (document["players"] as? [String] ?? []).joined(separator: "\n"),
                gathers.sorted().joined(separator: "\n")].joined(separator: "\n")
    }

    func testExportThenImportIntoAFreshAccountRoundTripsAndTwiceAddsNothing() throws {
        let ana = try loggedIn("exporter")
        var ids: [String] = []
        for name in ["Ana", "Ben, \"the wall\"", "Cy", "Di", "Sam", "Sam"] {
            ids.append(try client(["players", "add", "--name", name, "--skill", "amateur", "--quiet"], environment: ana).output
                .trimmingCharacters(in: .whitespacesAndNewlines))
        }
        XCTAssertEqual(try client(["players", "edit", ids[0], "--age", "30", "--team", "Porto"], environment: ana).status, 0)
        let first = try client(["gathers", "new", "--team-a", "\(ids[0]),\(ids[1])", "--team-b", "\(ids[2]),\(ids[3])", "--score", "3-2",
                            "--quiet"], environment: ana).output.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try client(["gathers", "new", "--team-a", "\(ids[0]),\(ids[4])", "--team-b", "\(ids[2]),\(ids[5])", "--bench", ids[3]],
                   environment: ana)
        let halfMade = try client(["gathers", "new", "--team-a", ids[0], "--team-b", "987654", "--score", "1-0"], environment: ana)
        XCTAssertEqual(halfMade.status, 1)
        XCTAssertTrue(halfMade.errors.contains("player 987654 not found; nothing was saved"), halfMade.errors)
        let twice = try client(["gathers", "new", "--team-a", "\(ids[0]),\(ids[1])", "--team-b", "\(ids[1]),\(ids[2])"], environment: ana)
        XCTAssertEqual(twice.status, 2, "a player on both sides is a usage error, not Team B silently")
        XCTAssertTrue(twice.errors.contains("player \(ids[1]) is listed twice (Team A and Team B)"), twice.errors)
        let oneSided = try client(["gathers", "new", "--team-a", ids[0], "--team-b", "", "--score", "1-0"], environment: ana)
        XCTAssertEqual(oneSided.status, 2, oneSided.errors)
        XCTAssertTrue(oneSided.errors.contains("a match needs a player on each team: --team-b lists none"), oneSided.errors)
        XCTAssertFalse(first.isEmpty)
        // Di retires: the export keeps her in the gathers, marked.
        XCTAssertEqual(try client(["players", "rm", ids[3], "--yes"], environment: ana).status, 0)
        let backup = directory.appendingPathComponent("backup.json").path
        let exported = try client(["export", "--output", backup], environment: ana)
        XCTAssertEqual(exported.status, 0, exported.errors)
        XCTAssertTrue(exported.errors.contains("Exported 5 players and 2 gathers"), "nothing of the refused gather: \(exported.errors)")
        let original = try String(contentsOfFile: backup, encoding: .utf8)

        let bea = try loggedIn("importer")
        let preview = try client(["import", "--dry-run", backup], environment: bea)
        XCTAssertEqual(preview.status, 0, preview.errors)
        XCTAssertTrue(preview.output.hasPrefix("add: \"Ana\" (age 30, skill amateur, team \"Porto\")\n"), preview.output)
        XCTAssertTrue(preview.output.hasSuffix("\nWould import 5 players (0 already there) and 2 gathers (0 already there)\n"), preview.output)
        XCTAssertEqual(try client(["export", "--format", "csv"], environment: bea).output, "\u{FEFF}id,name,age,skill,preferredPosition,favouriteTeam\n",
                       "a dry run imports nothing")
        let imported = try client(["import", backup], environment: bea)
        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertEqual(imported.errors, "Imported 5 players (0 already there) and 2 gathers (0 already there)\n")
        let copy = try client(["export"], environment: bea).output
        XCTAssertEqual(try comparable(copy), try comparable(original), "the same roster and matches, dates and all")

        XCTAssertEqual(try client(["import", "--dry-run", backup], environment: bea).output,
                       "Would import 0 players (5 already there) and 0 gathers (2 already there)\n")
        let again = try client(["import", backup], environment: bea)
        XCTAssertEqual(again.errors, "Imported 0 players (5 already there) and 0 gathers (2 already there)\n")
        XCTAssertEqual(try comparable(try client(["export"], environment: bea).output), try comparable(original),
                       "importing twice duplicates nothing")
    }

    func testACSVOfPlayersImportsAllOrNothingWithLineNumbers() throws {
        let coach = try loggedIn("csv")
        let broken = directory.appendingPathComponent("broken.csv")
        try Data("""
            name,age,skill,position
            Ana,30,amateur,striker
            "Ben, Jr.",abc,amateur,defender
            Cy,,wizard,
            "Di
            on two lines",40,,goalkeeper
            ,20,,
            """.utf8).write(to: broken)
        let refused = try client(["import", broken.path], environment: coach)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.errors.contains("nothing was changed"), refused.errors)
        XCTAssertTrue(refused.errors.contains("line 3: age must be a whole number"), refused.errors)
        XCTAssertTrue(refused.errors.contains("line 4: skill must be beginner, amateur or professional"), refused.errors)
        XCTAssertTrue(refused.errors.contains("line 5: name must not contain control characters"),
                      "a quoted line break is one record, named by its first line: \(refused.errors)")
        XCTAssertTrue(refused.errors.contains("line 7: name must be 1–100 characters"), "and the lines after it count on: \(refused.errors)")
        XCTAssertFalse(refused.errors.contains("line 2"), "line 2 is fine")
        XCTAssertEqual(try client(["players", "list", "--json"], environment: coach).output, "[]\n", "nothing imported")

        let good = directory.appendingPathComponent("good.csv")
        try Data("\u{FEFF}name,age,skill,position,team\nAna,30,amateur,striker,Porto\n\"Ben, Jr.\",,,,\n".utf8).write(to: good)
        XCTAssertEqual(try client(["import", good.path], environment: coach).errors,
                       "Imported 2 players (0 already there) and 0 gathers (0 already there)\n")
        XCTAssertEqual(try client(["import", good.path], environment: coach).errors,
                       "Imported 0 players (2 already there) and 0 gathers (0 already there)\n")
        let csv = try client(["export", "--format", "csv"], environment: coach).output
        XCTAssertTrue(csv.hasPrefix("\u{FEFF}id,name,age,skill,preferredPosition,favouriteTeam\n"), csv)
        XCTAssertTrue(csv.contains(",\"Ben, Jr.\",,,,"), csv)
    }

    /// A file that adds more players than the account may still keep is refused before anything
    /// is sent, in the dry run too; one the server stops part way says exactly what was saved.
    func testAnImportIsHeldToTheAccountsRoomAndSaysWhatWasSavedWhenStopped() throws {
        // Two matches of two players, exported from a server with room to spare.
        let ana = try loggedIn("exporter")
        let ids = try ["Ana", "Ben"].map { name in
            try client(["players", "add", "--name", name, "--quiet"], environment: ana).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        for _ in 0..<2 {
            XCTAssertEqual(try client(["gathers", "new", "--team-a", ids[0], "--team-b", ids[1], "--score", "1-0"], environment: ana).status, 0)
        }
        let backup = directory.appendingPathComponent("two-matches.json").path
        XCTAssertEqual(try client(["export", "--output", backup], environment: ana).status, 0)

        // A server that lets an account keep 4 players and 4 places in matches.
        server.shutdown()
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = directory.appendingPathComponent("quota.sqlite").path
        configuration.quiet = true
        configuration.limits.playersPerAccount = 4
        configuration.limits.placesPerAccount = 4
        server = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        try server.start()
        let coach = try loggedIn("quota")
        for name in ["Kept", "Also kept", "Third"] {
            XCTAssertEqual(try client(["players", "add", "--name", name], environment: coach).status, 0)
        }
        for arguments in [["import", "--dry-run", backup], ["import", backup]] {
            let refused = try client(arguments, environment: coach)
            XCTAssertEqual(refused.status, 1, refused.errors)
            XCTAssertTrue(refused.errors.contains("it adds 2 players; this account keeps 3 of at most 4, so 1 more fit"), refused.errors)
            XCTAssertTrue(refused.errors.contains("nothing was changed"), refused.errors)
        }
        XCTAssertEqual(try roster(coach).count, 3, "nothing sent")

        // With room for the players and two places taken by a match of the coach's, the second
        // match's places run out on the way: said as it is.
        let id = { (name: String) throws -> Int in try XCTUnwrap(try self.roster(coach).first { $0["name"] as? String == name }?["id"] as? Int) }
        XCTAssertEqual(try client(["players", "rm", "--yes", "\(try id("Third"))"], environment: coach).status, 0)
        XCTAssertEqual(try client(["gathers", "new", "--team-a", "\(try id("Kept"))", "--team-b", "\(try id("Also kept"))", "--score", "1-0"],
                                  environment: coach).status, 0)
        let stopped = try client(["import", backup], environment: coach)
        XCTAssertEqual(stopped.status, 1, stopped.errors)
        XCTAssertTrue(stopped.errors.contains("was imported in part: Imported 2 players (0 already there) and 2 gathers (0 already there) "
                                              + "before this stopped it:"), stopped.errors)
        XCTAssertTrue(stopped.errors.contains("places"), stopped.errors)
        XCTAssertTrue(stopped.errors.contains("The rest was not saved; once that is solved, run the same import again"), stopped.errors)
        XCTAssertEqual(try roster(coach).count, 4, "what was saved stays saved")

        // A file that could never fit is refused whole before anything is sent: here, 4 places
        // in matches where the account keeps 3 at most.
        server.shutdown()
        configuration.databasePath = directory.appendingPathComponent("smaller.sqlite").path
        configuration.limits.placesPerAccount = 3
        server = try FootballGatherServer(configuration: configuration, passwordHasher: PasswordHasher(cost: 1))
        try server.start()
        let small = try loggedIn("small")
        let refused = try client(["import", backup], environment: small)
        XCTAssertEqual(refused.status, 1, refused.errors)
        XCTAssertTrue(refused.errors.contains("its gathers hold 4 places; this account keeps at most 3"), refused.errors)
        XCTAssertTrue(refused.errors.contains("nothing was changed"), refused.errors)
        XCTAssertEqual(try roster(small).count, 0, "nothing sent")
    }

    /// Writes `bytes` to a file of this test's directory; its path.
    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// The roster of the account logged in with `environment`, as `players list --json` gives it.
    private func roster(_ environment: [String: String]) throws -> [[String: Any]] {
        let list = try client(["players", "list", "--json"], environment: environment)
        XCTAssertEqual(list.status, 0, list.errors)
        return try XCTUnwrap(try list.json() as? [[String: Any]])
    }

    func testAnExcelCSVInWindows1252IsRefusedWithTheWayToReadItAndReadWithItsEncoding() throws {
        let coach = try loggedIn("excel")
        // What Excel saves as plain "CSV": Windows-1252 (é 0xE9, Á 0xC1, curly quotes 0x93 0x94), CR LF.
        let path = try file("excel.csv", Array("name,age,team\r\nAna,30,Porto\r\nJos".utf8) + [0xE9, 0x20, 0xC1]
                            + Array("lvarez,41,".utf8) + [0x93] + Array("Los Blancos".utf8) + [0x94] + Array("\r\n".utf8))
        let refused = try client(["import", path], environment: coach)
        XCTAssertEqual(refused.status, 1, refused.errors)
        XCTAssertTrue(refused.errors.contains("nothing was changed"), refused.errors)
        XCTAssertTrue(refused.errors.contains("line 3, column 4 (byte 32): 0xE9 is not UTF-8"), refused.errors)
        XCTAssertTrue(refused.errors.contains("iconv -f WINDOWS-1252 -t UTF-8 \(path) > \(directory.appendingPathComponent("excel-utf8.csv").path)"),
                      refused.errors)
        XCTAssertTrue(refused.errors.contains("--encoding windows-1252"), refused.errors)
        XCTAssertEqual(refused.output, "")
        XCTAssertEqual(try roster(coach).count, 0, "nothing imported, not even line 2")

        let accepted = try client(["import", "--encoding", "windows-1252", path], environment: coach)
        XCTAssertEqual(accepted.status, 0, accepted.errors)
        XCTAssertEqual(accepted.errors, "Imported 2 players (0 already there) and 0 gathers (0 already there)\n")
        let players = try roster(coach)
        XCTAssertEqual(players.compactMap { $0["name"] as? String }.sorted(), ["Ana", "José Álvarez"])
        XCTAssertTrue(players.contains { $0["favouriteTeam"] as? String == "\u{201C}Los Blancos\u{201D}" }, "\(players)")

        let hole = try file("hole.csv", Array("name\nAna\nB".utf8) + [0x81] + Array("n\n".utf8))
        let undefined = try client(["import", "--encoding", "windows-1252", hole], environment: coach)
        XCTAssertEqual(undefined.status, 1)
        XCTAssertTrue(undefined.errors.contains("line 3, column 2 (byte 10): byte 0x81 is not a character in Windows-1252"), undefined.errors)
        XCTAssertEqual(try client(["import", "--encoding", "ebcdic", hole], environment: coach).status, 2, "not an encoding gather reads")
    }

    func testAUTF16FileWithItsByteOrderMarkIsRead() throws {
        let coach = try loggedIn("unicode")
        let text = "name,skill,position\r\nZoë,amateur,winger\r\n\"Łukasz, 🧤\",professional,goalkeeper\r\n"
        let path = try file("unicode.csv", [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let imported = try client(["import", path], environment: coach)
        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertEqual(imported.errors, "Imported 2 players (0 already there) and 0 gathers (0 already there)\n")
        XCTAssertEqual(try roster(coach).compactMap { $0["name"] as? String }.sorted(), ["Zoë", "Łukasz, 🧤"])
    }

    func testASemicolonSeparatedSpreadsheetWithCapitalisedHeadersAndValues() throws {
        let coach = try loggedIn("semicolons")
        // A spreadsheet set to a language with decimal commas: `;` between fields, capitals as typed.
        let path = try file("semicolons.csv", Array("Name;Skill;Position;Team\r\nAna;Professional;STRIKER;\"Porto; FC\"\r\nBen, Jr.;amateur;;\r\n".utf8))
        let imported = try client(["import", path], environment: coach)
        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertEqual(imported.errors, "Imported 2 players (0 already there) and 0 gathers (0 already there)\n")
        let players = try roster(coach).sorted { ($0["name"] as? String ?? "") < ($1["name"] as? String ?? "") }
        XCTAssertEqual(players.map { $0["name"] as? String }, ["Ana", "Ben, Jr."])
        XCTAssertEqual(players.map { $0["skill"] as? String }, ["professional", "amateur"])
        XCTAssertEqual(players.first?["preferredPosition"] as? String, "striker")
        XCTAssertEqual(players.first?["favouriteTeam"] as? String, "Porto; FC")
        let wrong = try file("wrong.csv", Array("Name;Skill\nCy;Professional\nDi;Expert\n".utf8))
        let refused = try client(["import", wrong], environment: coach)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.errors.contains("line 3: skill must be beginner, amateur or professional"), refused.errors)
        XCTAssertEqual(try roster(coach).count, 2, "nothing of it imported")
    }

    func testAnEditedExportUpdatesItsPlayersInPlaceAndADryRunShowsHowFirst() throws {
        let coach = try loggedIn("editor")
        let ana = try client(["players", "add", "--name", "Ana", "--skill", "amateur", "--team", "Porto", "--quiet"], environment: coach)
            .output.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(try client(["players", "add", "--name", "Ben", "--quiet"], environment: coach).status, 0)
        let export = try client(["export", "--format", "csv"], environment: coach).output
        XCTAssertTrue(export.contains("\n\(ana),Ana,,amateur,,Porto\n"), export)
        let exported = try file("roster.csv", Array(export.utf8))
        let same = try client(["import", exported], environment: coach)
        XCTAssertEqual(same.status, 0, same.errors)
        XCTAssertEqual(same.errors, "Imported 0 players (2 already there) and 0 gathers (0 already there)\n", "its own export changes nothing")

        // Edited in a spreadsheet: Ana renamed and promoted, a row without an id for a new player.
        let edited = try file("edited.csv", Array((export.replacingOccurrences(of: "\n\(ana),Ana,,amateur,,Porto\n",
                                                                               with: "\n\(ana),Ana Maria,,Professional,,Porto\n") + ",Cy,,,,\n").utf8))
        let before = try client(["players", "list", "--json"], environment: coach).output
        let dryRun = try client(["import", "--dry-run", edited], environment: coach)
        XCTAssertEqual(dryRun.status, 0, dryRun.errors)
        XCTAssertEqual(dryRun.output, """
            add line 4: "Cy"
            update line 2, player \(ana): name "Ana" → "Ana Maria", skill amateur → professional
            Would import 1 players (1 already there) and 0 gathers (0 already there); would update 1 players

            """)
        XCTAssertTrue(dryRun.errors.contains("Dry run: nothing was changed"), dryRun.errors)
        XCTAssertEqual(try client(["players", "list", "--json"], environment: coach).output, before, "a dry run changes nothing")

        let imported = try client(["import", edited], environment: coach)
        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertEqual(imported.errors, "Imported 1 players (1 already there) and 0 gathers (0 already there); updated 1 players\n")
        let players = try roster(coach)
        XCTAssertEqual(players.count, 3, "updated in place, not added: \(players)")
        let renamed = try XCTUnwrap(players.first { ($0["id"] as? Int).map(String.init) == ana })
        XCTAssertEqual(renamed["name"] as? String, "Ana Maria")
        XCTAssertEqual(renamed["skill"] as? String, "professional")
        XCTAssertEqual(renamed["favouriteTeam"] as? String, "Porto")
        let again = try client(["import", edited], environment: coach)
        XCTAssertEqual(again.errors, "Imported 0 players (3 already there) and 0 gathers (0 already there)\n", "twice changes nothing")
        XCTAssertEqual(try client(["import", "--dry-run", edited], environment: coach).output,
                       "Would import 0 players (3 already there) and 0 gathers (0 already there)\n")

        // An id that is not one of this group's players: another account's, or none at all.
        let stranger = try loggedIn("stranger")
        let theirs = try client(["players", "add", "--name", "Theirs", "--quiet"], environment: stranger).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let foreign = try file("foreign.csv", Array("id,name\n\(ana),Ana\n\(theirs),Mine now\n987654,Zed\n".utf8))
        let refused = try client(["import", foreign], environment: coach)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.errors.contains("nothing was changed"), refused.errors)
        XCTAssertTrue(refused.errors.contains("line 3: no player \(theirs) in this group"), refused.errors)
        XCTAssertTrue(refused.errors.contains("line 4: no player 987654 in this group"), refused.errors)
        XCTAssertEqual(try roster(coach).first { ($0["id"] as? Int).map(String.init) == ana }?["name"] as? String, "Ana Maria",
                       "all or nothing: line 2 changed nothing either")
        XCTAssertEqual(try roster(stranger).first?["name"] as? String, "Theirs")
    }

    /// `gather register`: the new password twice on a terminal (two that differ change nothing),
    /// once from a pipe; then logged in; a name taken or impossible is the server's refusal.
    func testRegisterMakesAnAccountAndLogsIn() throws {
        let piped = try client(["register", "--username", "newbie"], input: "long-enough\n")
        XCTAssertEqual(piped.status, 0, piped.errors)
        XCTAssertEqual([piped.output, piped.errors], ["", "Registered and logged in as newbie at \(url)\n"])
        XCTAssertEqual(try client(["whoami"]).output, "newbie at \(url)\n")
        let taken = try client(["register", "--username", "NEWBIE"], input: "long-enough\n")
        XCTAssertEqual(taken.status, 1)
        XCTAssertTrue(taken.errors.contains("The username NEWBIE is already taken"), taken.errors)
        let short = try client(["register", "--username", "brief"], input: "short\n")
        XCTAssertEqual(short.status, 1)
        XCTAssertTrue(short.errors.contains("Password must be 8–256 characters"), short.errors)
        XCTAssertEqual(try client(["register"]).status, 2, "a name is needed")

        let config = ["XDG_CONFIG_HOME": directory.appendingPathComponent("typed-config").path]
        let mistyped = try TmuxSession(arguments: ["register", "--username", "typist", "--server", url], environment: config)
        mistyped.waitFor("New password for typist")
        mistyped.type("long-enough")
        mistyped.press("Enter")
        mistyped.waitFor("Again, to be sure:")
        mistyped.type("long-enuogh")
        mistyped.press("Enter")
        mistyped.waitFor("the two passwords differ; nothing was done")
        mistyped.waitFor("FG-EXITED-2")
        XCTAssertFalse(mistyped.screen().contains("long-en"), "no echo")

        let typed = try TmuxSession(arguments: ["register", "--username", "typist", "--server", url], environment: config)
        typed.waitFor("New password for typist")
        typed.type("long-enough")
        typed.press("Enter")
        typed.waitFor("Again, to be sure:")
        typed.type("long-enough")
        typed.press("Enter")
        typed.waitFor("Registered and logged in as typist")
        typed.waitFor("FG-EXITED-0")
    }

    /// `gather passwd`: the current password, then the new one; this session stays, the others end.
    func testPasswdChangesThePasswordAndEndsTheOtherSessions() throws {
        try register("coach")
        XCTAssertEqual(try client(["login", "--username", "coach"], environment: ["FG_PASSWORD": "long-enough"]).status, 0)
        let phone = ["XDG_CONFIG_HOME": directory.appendingPathComponent("phone").path]
        XCTAssertEqual(try client(["login", "--username", "coach"], environment: phone.merging(["FG_PASSWORD": "long-enough"]) { $1 }).status, 0)

        let wrong = try client(["passwd"], input: "not-my-password\nbrand-new-pass\n")
        XCTAssertEqual(wrong.status, 1, wrong.errors)
        XCTAssertTrue(wrong.errors.contains("the current password is not right; nothing was changed"), wrong.errors)
        let changed = try client(["passwd"], environment: ["FG_PASSWORD": "long-enough", "FG_NEW_PASSWORD": "brand-new-pass"])
        XCTAssertEqual(changed.status, 0, changed.errors)
        XCTAssertEqual([changed.output, changed.errors],
                       ["", "Password changed for coach; your other sessions have ended (API tokens still work)\n"])

        XCTAssertEqual(try client(["whoami"]).status, 0, "this session stays")
        XCTAssertEqual(try client(["whoami"], environment: phone).status, 4, "the phone's ended")
        XCTAssertEqual(try client(["login", "--username", "coach"], environment: phone.merging(["FG_PASSWORD": "long-enough"]) { $1 }).status, 1)
        XCTAssertEqual(try client(["login", "--username", "coach"], environment: phone.merging(["FG_PASSWORD": "brand-new-pass"]) { $1 }).status, 0)
    }

    func testLoginReadsThePasswordFromTheTerminalWithoutEchoAndCtrlCPutsEchoBack() throws {
        try register("typist")
        let typed = try TmuxSession(arguments: ["login", "--username", "typist", "--server", url])
        typed.waitFor("Password for typist:")
        typed.type("long-enough")
        XCTAssertFalse(typed.screen().contains("long-enough"), "no echo")
        typed.press("Enter")
        typed.waitFor("Logged in as typist")
        typed.waitFor("FG-EXITED-0")

        let cancelled = try TmuxSession(arguments: ["login", "--username", "typist", "--server", url])
        cancelled.waitFor("Password for typist:")
        cancelled.type("half")
        cancelled.press("C-c")
        cancelled.waitFor("FG-EXITED-130")
        cancelled.type("echo-is-back")
        cancelled.waitFor("echo-is-back")
    }
}
