import Foundation
import GatherServer
import HTTP
import Networking
import XCTest

/// A real server on port 0 with its own database file, for one test.
final class TestServer: APIHarness {
    let server: FootballGatherServer
    let directory: URL
    let databasePath: String
    let port: Int

    /// `prepareDatabase` may write the database file before the server opens it (an old schema, say).
    init(passwordHasher: any PasswordHashing = PasswordHasher.forTests, configure: (inout ServerConfiguration) -> Void = { _ in },
         prepareDatabase: (String) throws -> Void = { _ in }) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        databasePath = directory.appendingPathComponent("football-gather.sqlite").path
        try prepareDatabase(databasePath)
        var configuration = ServerConfiguration()
        configuration.http.port = 0
        configuration.databasePath = databasePath
        configuration.quiet = true
        // A test that reads ratings after a correction waits for their settlement, however slow
        // the machine; one about the wait itself sets its own.
        configuration.limits.ratingsWait = .seconds(60)
        configure(&configuration)
        server = try FootballGatherServer(configuration: configuration, passwordHasher: passwordHasher)
        port = try server.start()
    }

    /// A `prepareDatabase` that copies this server's database file (and its `-wal` and `-shm`)
    /// to where the next server opens it: the same data after a restart.
    func copyingItsDatabase() -> (String) throws -> Void {
        let source = databasePath
        return { copy in
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: source + suffix) {
                try? FileManager.default.removeItem(atPath: copy + suffix)
                try FileManager.default.copyItem(atPath: source + suffix, toPath: copy + suffix)
            }
        }
    }

    func stop() {
        server.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A fresh connection to the server.
    func connect() throws -> HTTPClientConnection {
        try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5))
    }

    /// A client that speaks JSON over a fresh keep-alive connection, optionally with a token.
    func client(token: String? = nil) throws -> APIClient {
        APIClient(transport: try connect(), token: token)
    }
}

extension PasswordHasher {
    /// yescrypt itself at its lowest cost: about 1.5 ms a hash instead of 25, for the many accounts
    /// tests make. `PasswordHasherTests` and the real binary use the default cost.
    static let forTests = PasswordHasher(cost: 1)
}

/// Where a test's API requests go: a real server over sockets, or the application in process.
protocol APIHarness {
    func client(token: String?) throws -> APIClient
    func stop()
}

extension APIHarness {
    func client() throws -> APIClient {
        try client(token: nil)
    }

    /// Registers a user and logs in; returns a client holding the token and the user's id.
    func registeredClient(username: String = "user-\(UUID().uuidString.prefix(8))",
                          password: String = "correct horse battery") throws -> (client: APIClient, userID: String) {
        let client = try client()
        let created = try client.request(.post, "/api/users", json: ["username": username, "password": password])
        XCTAssertEqual(created.status, 201, created.text)
        let login = try client.request(.post, "/api/users/login",
                                       headers: ["Authorization": APIClient.basic(username, password)])
        XCTAssertEqual(login.status, 200, login.text)
        let body = try login.jsonObject()
        client.token = body["token"] as? String
        return (client, body["userID"] as? String ?? "")
    }
}

/// How an `APIClient`'s requests travel.
protocol APITransport {
    func send(method: HTTPMethod, target: String, headers: HTTPHeaders, body: [UInt8], timeout: Duration) throws -> ReceivedResponse
}

extension HTTPClientConnection: APITransport {}

/// Requests with JSON helpers, over one transport.
final class APIClient {
    let transport: any APITransport
    var token: String?

    init(transport: any APITransport, token: String?) {
        self.transport = transport
        self.token = token
    }

    convenience init(connection: HTTPClientConnection, token: String?) {
        self.init(transport: connection, token: token)
    }

    static func basic(_ username: String, _ password: String) -> String {
        "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }

    func request(_ method: HTTPMethod, _ target: String, json: Any? = nil, rawBody: String? = nil,
                 headers: HTTPHeaders = HTTPHeaders()) throws -> ReceivedResponse {
        var headers = headers
        if let token, headers["Authorization"] == nil {
            headers.add(name: "Authorization", value: "Bearer \(token)")
        }
        var body: [UInt8] = []
        if let json {
            body = Array(try JSONSerialization.data(withJSONObject: json))
        } else if let rawBody {
            body = Array(rawBody.utf8)
        }
        if !body.isEmpty && headers["Content-Type"] == nil {
            headers.add(name: "Content-Type", value: "application/json")
        }
        return try transport.send(method: method, target: target, headers: headers, body: body, timeout: .seconds(10))
    }
}

extension ReceivedResponse {
    func jsonObject(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        return try XCTUnwrap(value as? [String: Any], "not a JSON object: \(text)", file: file, line: line)
    }

    func jsonArray(file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(body))
        return try XCTUnwrap(value as? [[String: Any]], "not a JSON array: \(text)", file: file, line: line)
    }

    /// The `reason` of an error body, checking the original backend's shape on the way.
    func errorReason(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let object = try jsonObject(file: file, line: line)
        XCTAssertEqual(object["error"] as? Bool, true, "error flag in \(text)", file: file, line: line)
        XCTAssertEqual(headers["Content-Type"], "application/json; charset=utf-8", file: file, line: line)
        return try XCTUnwrap(object["reason"] as? String, file: file, line: line)
    }
}
