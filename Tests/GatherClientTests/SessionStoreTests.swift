import Networking
import Foundation
@testable import GatherClient
import XCTest

final class SessionStoreTests: XCTestCase {
    private let session = Session(userID: UUID(uuidString: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")!, username: "ana",
                                  token: "c2VjcmV0LXRva2Vu")
    private let server = ServerAddress(host: "127.0.0.1", port: 8080)

    private func makeStore() -> SessionStore {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("session-store-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return SessionStore(directory: root.appendingPathComponent("gather"))
    }

    /// The permission bits in octal, as `ls -l` and `chmod` spell them: "600".
    private func mode(of url: URL) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let permissions = try XCTUnwrap(attributes[.posixPermissions] as? NSNumber)
        return String(permissions.intValue & 0o777, radix: 8)
    }

    private func sessionFile(_ store: SessionStore) -> URL { store.directory.appendingPathComponent("session.json") }
    private func usernameFile(_ store: SessionStore) -> URL { store.directory.appendingPathComponent("username") }

    func testAChosenGroupKeepsItsRoleAndAViewersTitleSaysReadOnly() throws {
        let store = makeStore()
        let group = UUID()
        try store.choose(SessionStore.GroupChoice(server: server.description, userID: session.userID, groupID: group, name: "Thursday",
                                                  role: .viewer))

        let chosen = try XCTUnwrap(store.chosenGroup(for: server, userID: session.userID))
        XCTAssertEqual(chosen.role, .viewer)
        XCTAssertEqual(chosen.label, "Thursday · read-only")
        XCTAssertEqual(SessionStore.GroupChoice(server: "s", userID: group, groupID: group, name: "Sunday", role: .organiser).label, "Sunday")
        // A choice kept before roles were noted still reads, without one.
        let older = #"{"server":"\#(server.description)","userID":"\#(session.userID.uuidString)","groupID":"\#(group.uuidString)","name":"Old"}"#
        try Data(older.utf8).write(to: store.directory.appendingPathComponent("group.json"))
        XCTAssertEqual(store.chosenGroup(for: server, userID: session.userID)?.label, "Old")
        XCTAssertNil(store.chosenGroup(for: server, userID: session.userID)?.role)
    }

    func testNothingIsSavedAtFirst() {
        let store = makeStore()

        XCTAssertNil(store.session(for: server))
        XCTAssertNil(store.rememberedUsername)
    }

    func testSavedSessionIsLoadedForTheSameServer() throws {
        let store = makeStore()

        try store.save(session, for: server)

        XCTAssertEqual(store.session(for: server), session)
        XCTAssertEqual(SessionStore(directory: store.directory).session(for: ServerAddress(host: "127.0.0.1", port: 8080)), session)
    }

    func testSavedSessionIsNotGivenToAnotherServer() throws {
        let store = makeStore()

        try store.save(session, for: server)

        XCTAssertNil(store.session(for: ServerAddress(host: "127.0.0.1", port: 9090)))
        XCTAssertNil(store.session(for: ServerAddress(host: "example.org", port: 8080)))
    }

    func testSavingAgainReplacesTheSession() throws {
        let store = makeStore()
        let other = Session(userID: UUID(), username: "bruno", token: "another")
        try store.save(session, for: server)

        try store.save(other, for: server)

        XCTAssertEqual(store.session(for: server), other)
    }

    func testClearSessionForgetsTheTokenButRemembersTheServer() throws {
        let store = makeStore()
        try store.save(session, for: server, caFile: "/etc/home-ca.pem")

        store.clearSession()

        XCTAssertNil(store.session(for: server))
        let text = try String(contentsOf: sessionFile(store), encoding: .utf8)
        XCTAssertFalse(text.contains(session.token), "the token is gone from the file: \(text)")
        XCTAssertEqual(store.sessionSettings, [.server: server.description, .caFile: "/etc/home-ca.pem"], "the next login goes back there")
        XCTAssertEqual(try mode(of: sessionFile(store)), "600")
        store.clearSession()
        XCTAssertNil(store.session(for: server))
        try Data("{not json".utf8).write(to: sessionFile(store))
        store.clearSession()
        XCTAssertFalse(FileManager.default.fileExists(atPath: sessionFile(store).path), "unreadable, so it goes: it could hold a token")
    }

    func testCorruptSessionFileReadsAsNoSession() throws {
        let store = makeStore()
        try store.save(session, for: server)

        try Data("{not json".utf8).write(to: sessionFile(store))

        XCTAssertNil(store.session(for: server))
    }

    func testFilesAreReadableOnlyByTheOwner() throws {
        let store = makeStore()

        try store.save(session, for: server)
        try store.remember(username: "ana")

        XCTAssertEqual(try mode(of: sessionFile(store)), "600")
        XCTAssertEqual(try mode(of: usernameFile(store)), "600")
        XCTAssertEqual(try mode(of: store.directory), "700")
    }

    func testReplacingAWorldReadableFileMakesItPrivate() throws {
        let store = makeStore()
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: sessionFile(store))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: sessionFile(store).path)

        try store.save(session, for: server)

        XCTAssertEqual(try mode(of: sessionFile(store)), "600")
        XCTAssertEqual(store.session(for: server), session)
    }

    func testALeftoverTemporaryFileDoesNotMakeTheSessionReadable() throws {
        let store = makeStore()
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let leftover = store.directory.appendingPathComponent("session.json.tmp")
        try Data("stale".utf8).write(to: leftover)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: leftover.path)

        try store.save(session, for: server)

        XCTAssertEqual(try mode(of: sessionFile(store)), "600")
        XCTAssertEqual(store.session(for: server), session)
    }

    func testNoTemporaryFileIsLeftBehind() throws {
        let store = makeStore()

        try store.save(session, for: server)
        try store.remember(username: "ana")

        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).sorted()
        XCTAssertEqual(names, ["session.json", "username"])
    }

    func testUsernameFileHoldsJustTheName() throws {
        let store = makeStore()

        try store.remember(username: "ana")

        XCTAssertEqual(try String(contentsOf: usernameFile(store), encoding: .utf8), "ana")
    }

    func testRememberedUsernameRoundTrips() throws {
        let store = makeStore()

        try store.remember(username: "ana maria")

        XCTAssertEqual(store.rememberedUsername, "ana maria")
        XCTAssertEqual(SessionStore(directory: store.directory).rememberedUsername, "ana maria")
    }

    func testRememberingNilOrEmptyForgetsTheUsername() throws {
        let store = makeStore()
        try store.remember(username: "ana")

        try store.remember(username: nil)
        XCTAssertNil(store.rememberedUsername)
        XCTAssertFalse(FileManager.default.fileExists(atPath: usernameFile(store).path))

        try store.remember(username: "ana")
        try store.remember(username: "")
        XCTAssertNil(store.rememberedUsername)
    }

    func testForgettingWhenNothingIsRememberedIsFine() throws {
        let store = makeStore()

        XCTAssertNoThrow(try store.remember(username: nil))
        XCTAssertNil(store.rememberedUsername)
    }

    func testSessionAndUsernameAreIndependent() throws {
        let store = makeStore()
        try store.save(session, for: server)
        try store.remember(username: "ana")

        store.clearSession()

        XCTAssertEqual(store.rememberedUsername, "ana")
    }

    func testWriteFailureIsReported() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("session-store-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try Data("a file, not a directory".utf8).write(to: root)
        let store = SessionStore(directory: root.appendingPathComponent("gather"))

        XCTAssertThrowsError(try store.save(session, for: server))
    }

    // MARK: Bound to a server

    func testServerSessionStoreUsesItsServer() throws {
        let store = makeStore()
        let bound = ServerSessionStore(store: store, server: server)
        let other = ServerSessionStore(store: store, server: ServerAddress(host: "localhost", port: 80))

        try bound.save(session)
        try bound.remember(username: "ana")

        XCTAssertEqual(bound.savedSession(), session)
        XCTAssertNil(other.savedSession())
        XCTAssertEqual(other.rememberedUsername, "ana")
        bound.clearSession()
        XCTAssertNil(bound.savedSession())
    }
}
