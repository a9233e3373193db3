import Foundation
@testable import GatherClient
import Networking
import XCTest

/// Where each setting comes from: a flag, the environment, the settings file (`gather config`),
/// the saved session's server, or the default, in that order; and the file people may edit too.
final class ClientSettingsTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-settings-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    func testAFlagBeatsTheEnvironmentWhichBeatsTheFileWhichBeatsTheSessionWhichBeatsTheDefault() {
        let stored = StoredSettings(file: [.server: "https://file.example", .timeout: "30"], filePath: "/home/ana/.config/gather/settings",
                                    session: [.server: "https://session.example", .caFile: "/etc/home-ca.pem"])
        let environment = ["FG_SERVER_URL": "https://environment.example"]
        let resolve = { (flags: [ClientSetting: String], environment: [String: String], stored: StoredSettings) in
            stored.resolve(.server, flags: flags, environment: environment)
        }
        XCTAssertEqual(resolve([.server: "https://flag.example"], environment, stored)?.origin, .flag("--server"))
        XCTAssertEqual(resolve([:], environment, stored)?.value, "https://environment.example")
        XCTAssertEqual(resolve([:], environment, stored)?.origin, .environment("FG_SERVER_URL"))
        XCTAssertEqual(resolve([:], ["FG_SERVER_URL": ""], stored)?.origin, .settingsFile("/home/ana/.config/gather/settings"),
                       "empty means unset")
        var sessionOnly = stored
        sessionOnly.file = [:]
        XCTAssertEqual(resolve([:], [:], sessionOnly)?.value, "https://session.example")
        XCTAssertEqual(resolve([:], [:], StoredSettings())?.origin, .builtIn)
        XCTAssertEqual(resolve([:], [:], StoredSettings())?.value, ServerAddress.defaultURL)
        XCTAssertEqual(stored.resolve(.timeout, flags: [:], environment: ["FG_TIMEOUT": "5"])?.value, "5")
        XCTAssertEqual(stored.resolve(.output, flags: [:], environment: [:])?.value, "table")
        XCTAssertEqual(stored.resolve(.output, flags: [:], environment: ["FG_OUTPUT": "json"])?.origin, .environment("FG_OUTPUT"))
    }

    func testTheSessionsCAFileGoesOnlyWithTheSessionsServer() {
        let stored = StoredSettings(session: [.server: "https://home.example", .caFile: "/etc/home-ca.pem"])
        XCTAssertEqual(stored.resolve(.caFile, flags: [:], environment: [:])?.value, "/etc/home-ca.pem")
        XCTAssertEqual(stored.resolve(.caFile, flags: [:], environment: [:])?.origin, .session)
        XCTAssertNil(stored.resolve(.caFile, flags: [.server: "https://other.example"], environment: [:]),
                     "another server has its own certificate")
    }

    func testOriginsSpeakToPeople() {
        XCTAssertEqual(SettingOrigin.flag("--server").description, "flag --server")
        XCTAssertEqual(SettingOrigin.environment("FG_TIMEOUT").description, "environment FG_TIMEOUT")
        XCTAssertEqual(SettingOrigin.settingsFile("/x/settings").description, "file /x/settings")
        XCTAssertEqual(SettingOrigin.session.description, "the saved session (gather login)")
        XCTAssertEqual(SettingOrigin.builtIn.description, "default")
        XCTAssertEqual(SettingOrigin.settingsFile("/x").name, "file /x")
        XCTAssertFalse(SettingOrigin.session.isFlagOrEnvironment)
    }

    func testTheFileKeepsPeoplesLinesAndANewerClientsKeys() throws {
        let file = SettingsFile(directory: directory)
        XCTAssertEqual(file.values, [:], "no file, no settings")
        try file.set(.timeout, to: nil)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.url.path), "unsetting nothing writes nothing")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "# my server\nserver = https://a.example\ncolour = always\n".write(to: file.url, atomically: true, encoding: .utf8)
        try file.set(.server, to: "https://b.example")
        try file.set(.timeout, to: "30")
        XCTAssertEqual(file.values, [.server: "https://b.example", .timeout: "30"])
        try file.set(.timeout, to: nil)
        XCTAssertEqual(try String(contentsOf: file.url, encoding: .utf8), "# my server\nserver = https://b.example\ncolour = always\n")
        let mode = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o777, 0o600)
    }

    func testTheSessionRemembersItsServerAndCAFile() throws {
        let store = SessionStore(directory: directory)
        XCTAssertEqual(store.sessionSettings, [:])
        let server = try ServerAddress(url: "https://home.example:8443")
        try ServerSessionStore(store: store, server: server, caFile: "/etc/home-ca.pem")
            .save(Session(userID: UUID(), username: "ana", token: "t"))
        XCTAssertEqual(StoredSettings.load(directory: directory).session, [.server: "https://home.example:8443", .caFile: "/etc/home-ca.pem"])
        let settings = try ClientCommandLine.parse(arguments: [], environment: [:], stored: .load(directory: directory))
        XCTAssertEqual(settings, .run(ConnectionSettings(server: server, caFile: "/etc/home-ca.pem")),
                       "no --server, no FG_SERVER_URL: the server logged in to")
        try SettingsFile(directory: directory).set(.server, to: "https://club.example")
        let chosen = try ClientCommandLine.parse(arguments: [], environment: [:], stored: .load(directory: directory))
        XCTAssertEqual(chosen, .run(ConnectionSettings(server: try ServerAddress(url: "https://club.example"))))
    }

    func testAStoredValueThatCannotBeUsedSaysWhereItCameFrom() throws {
        let stored = StoredSettings(file: [.server: "ftp://old", .timeout: "0"], filePath: "/x/settings")
        XCTAssertThrowsError(try ClientCommandLine.parse(arguments: ["--server", "http://h:1"], environment: [:], stored: stored)) { error in
            XCTAssertEqual((error as? ClientCommandLineError)?.message,
                           "timeout (file /x/settings) must be a whole number of seconds from 1 to 300")
        }
        XCTAssertThrowsError(try ClientCommandLine.parse(arguments: ["--timeout", "10"], environment: [:], stored: stored)) { error in
            XCTAssertEqual((error as? ClientCommandLineError)?.message,
                           "server URL must start with https:// or http:// (got \"ftp://old\") (server, set in /x/settings: gather config set server URL)")
        }
    }

    func testAKeyWrittenTwiceByHandAndWindowsLineEndsAreSetAsOne() throws {
        let file = SettingsFile(directory: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "server = https://a.example\r\ntimeout = 20\r\nserver = https://b.example\r\n".write(to: file.url, atomically: true, encoding: .utf8)
        try file.set(.server, to: "https://c.example")
        XCTAssertEqual(try String(contentsOf: file.url, encoding: .utf8), "server = https://c.example\ntimeout = 20\n")
        try file.set(.server, to: nil)
        XCTAssertEqual(file.values, [.timeout: "20"])
    }

    func testTheSessionsCAFileGoesWithItsServerHoweverThatServerWasChosen() {
        let stored = StoredSettings(file: [.server: "https://home.example"], session: [.server: "https://home.example", .caFile: "/etc/ca.pem"])
        XCTAssertEqual(stored.resolve(.caFile, flags: [:], environment: [:])?.value, "/etc/ca.pem", "the same server, named in the file")
        XCTAssertEqual(stored.resolve(.caFile, flags: [:], environment: ["FG_CA_FILE": "/other.pem"])?.value, "/other.pem")
    }
}
