@testable import GatherClient
import Networking
import XCTest

final class ClientCommandLineTests: XCTestCase {
    private func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws -> ClientCommand {
        try ClientCommandLine.parse(arguments: arguments, environment: environment)
    }

    func testDefaultServerEnvironmentAndFlagWithTheFlagWinning() throws {
        XCTAssertEqual(try parse([]), .run(ConnectionSettings(server: ServerAddress(host: "127.0.0.1", port: 8080))))
        let environment = ["FG_SERVER_URL": "http://gather.example.org:9000"]
        XCTAssertEqual(try parse([], environment), .run(ConnectionSettings(server: ServerAddress(host: "gather.example.org", port: 9000))))
        XCTAssertEqual(try parse(["--server", "http://10.0.0.2:81"], environment), .run(ConnectionSettings(server: ServerAddress(host: "10.0.0.2", port: 81))))
        XCTAssertEqual(try parse(["--server=http://[::1]:82"], environment), .run(ConnectionSettings(server: ServerAddress(host: "::1", port: 82))))
        XCTAssertEqual(try parse([], ["FG_SERVER_URL": ""]), .run(ConnectionSettings(server: ServerAddress(host: "127.0.0.1", port: 8080))), "empty means unset")
    }

    func testHelpAndVersionWinWhereverTheyStand() throws {
        XCTAssertEqual(try parse(["--server", "http://h:1", "--help"]), .help)
        XCTAssertEqual(try parse(["-h"]), .help)
        XCTAssertEqual(try parse(["--timeout", "5", "--version"]), .version)
        XCTAssertThrowsError(try parse(["--version", "--bogus"]), "an unknown option is never passed over") { error in
            XCTAssertEqual((error as? ClientCommandLineError)?.message, "unknown option --bogus")
        }
        XCTAssertTrue(ClientCommandLine.usage.contains("--server URL"))
    }

    func testMistakesAreClearErrors() {
        let cases: [([String], String)] = [
            (["--server"], "--server needs a value"),
            (["--colour"], "unknown option --colour"),
            (["--sever", "http://h:1"], "unknown option --sever; did you mean --server?"),
            (["-s", "http://h:1"], "unknown option -s; options start with --"),
            (["frobnicate"], "no command \"frobnicate\"; see gather help"),
            (["--server", "ftp://h"], "server URL must start with https:// or http:// (got \"ftp://h\")"),
            (["--ca-file"], "--ca-file needs a value"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? ClientCommandLineError)?.message, message)
            }
        }
    }

    func testTimeoutFromFlagOrEnvironmentWithTheFlagWinning() throws {
        func timeout(_ arguments: [String], _ environment: [String: String] = [:]) throws -> Duration? {
            guard case .run(let settings) = try parse(arguments, environment) else { return nil }
            return settings.timeout
        }
        XCTAssertEqual(try timeout([]), .seconds(10))
        XCTAssertEqual(try timeout(["--timeout", "3"]), .seconds(3))
        XCTAssertEqual(try timeout(["--timeout=300"]), .seconds(300))
        XCTAssertEqual(try timeout([], ["FG_TIMEOUT": "20"]), .seconds(20))
        XCTAssertEqual(try timeout(["--timeout", "2"], ["FG_TIMEOUT": "20"]), .seconds(2))
        XCTAssertEqual(try timeout([], ["FG_TIMEOUT": ""]), .seconds(10), "empty means unset")
        for (arguments, environment, message) in [
            (["--timeout"], [:], "--timeout needs a value"),
            (["--timeout", "0"], [:], "--timeout must be a whole number from 1 to 300 (got \"0\")"),
            (["--timeout=1.5"], [:], "--timeout must be a whole number from 1 to 300 (got \"1.5\")"),
            ([], ["FG_TIMEOUT": "forever"], "FG_TIMEOUT must be a whole number of seconds from 1 to 300"),
        ] as [([String], [String: String], String)] {
            XCTAssertThrowsError(try parse(arguments, environment), "\(arguments) \(environment)") { error in
                XCTAssertEqual((error as? ClientCommandLineError)?.message, message)
            }
        }
    }

    func testHTTPSCAFileAndInsecure() throws {
        XCTAssertEqual(try parse(["--server", "https://gather.example.org"]),
                       .run(ConnectionSettings(server: ServerAddress(host: "gather.example.org", port: 443, scheme: .https))))
        XCTAssertEqual(try parse(["--server", "https://h:8443", "--ca-file", "/etc/ca.pem"]),
                       .run(ConnectionSettings(server: ServerAddress(host: "h", port: 8443, scheme: .https), caFile: "/etc/ca.pem")))
        XCTAssertEqual(try parse(["--server=https://h", "--ca-file=/x.pem", "--insecure"], ["FG_CA_FILE": "/env.pem"]),
                       .run(ConnectionSettings(server: ServerAddress(host: "h", port: 443, scheme: .https), caFile: "/x.pem", insecure: true)))
        XCTAssertEqual(try parse(["--server=https://h"], ["FG_CA_FILE": "/env.pem"]),
                       .run(ConnectionSettings(server: ServerAddress(host: "h", port: 443, scheme: .https), caFile: "/env.pem")))
        XCTAssertTrue(ClientCommandLine.usage.contains("--ca-file PATH"))
    }

    func testWarningsBeforeAPasswordIsTyped() throws {
        func warning(_ arguments: [String]) throws -> String? {
            guard case .run(let settings) = try parse(arguments) else { return "not a run" }
            return settings.securityWarning
        }
        XCTAssertEqual(try warning(["--server", "http://gather.example.org"]), "http:// sends your password unencrypted: use https://")
        XCTAssertEqual(try warning(["--server", "http://192.168.1.20:8080"]), "http:// sends your password unencrypted: use https://")
        XCTAssertNil(try warning(["--server", "http://127.0.0.1:8080"]), "this machine")
        XCTAssertNil(try warning(["--server", "http://localhost:8080"]))
        XCTAssertNil(try warning(["--server", "http://[::1]:8080"]))
        XCTAssertNil(try warning(["--server", "https://gather.example.org"]))
        XCTAssertEqual(try warning(["--server", "https://gather.example.org", "--insecure"]),
                       "--insecure: the server's certificate is not checked")
    }
}
