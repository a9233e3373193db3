@testable import GatherClient
import Networking
import XCTest

final class ClientCommandLineTests: XCTestCase {
    private func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws -> ClientCommand {
        try ClientCommandLine.parse(arguments: arguments, environment: environment)
    }

    func testDefaultServerEnvironmentAndFlagWithTheFlagWinning() throws {
        XCTAssertEqual(try parse([]), .run(ServerAddress(host: "127.0.0.1", port: 8080)))
        let environment = ["FG_SERVER_URL": "http://gather.example.org:9000"]
        XCTAssertEqual(try parse([], environment), .run(ServerAddress(host: "gather.example.org", port: 9000)))
        XCTAssertEqual(try parse(["--server", "http://10.0.0.2:81"], environment), .run(ServerAddress(host: "10.0.0.2", port: 81)))
        XCTAssertEqual(try parse(["--server=http://[::1]:82"], environment), .run(ServerAddress(host: "::1", port: 82)))
        XCTAssertEqual(try parse([], ["FG_SERVER_URL": ""]), .run(ServerAddress(host: "127.0.0.1", port: 8080)), "empty means unset")
    }

    func testHelpAndVersionWinWhereverTheyStand() throws {
        XCTAssertEqual(try parse(["--server", "http://h:1", "--help"]), .help)
        XCTAssertEqual(try parse(["-h"]), .help)
        XCTAssertEqual(try parse(["--version", "--bogus"]), .version)
        XCTAssertTrue(ClientCommandLine.usage.contains("--server URL"))
    }

    func testMistakesAreClearErrors() {
        let cases: [([String], String)] = [
            (["--server"], "--server needs a URL"),
            (["--colour"], "unknown option --colour (see fg --help)"),
            (["--server", "ftp://h"], "server URL must start with http:// (got \"ftp://h\")"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? ClientCommandLineError)?.message, message)
            }
        }
    }
}
