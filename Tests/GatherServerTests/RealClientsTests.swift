import Foundation
import XCTest

/// Clients nobody here wrote, against a live server: curl in both HTTP versions, Python's
/// http.client and h11, and wrk. Each must finish with no failure.
final class RealClientsTests: XCTestCase {
    var server: TestServer!

    override func setUpWithError() throws {
        server = try TestServer()
    }

    override func tearDown() {
        server.stop()
    }

    private func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    private var base: String { "http://127.0.0.1:\(server.port)" }

    func testCurlInHTTP10AndHTTP11ReusesItsConnection() throws {
        for version in ["--http1.0", "--http1.1"] {
            // Two URLs in one run: curl reuses the connection when the server keeps it.
            let result = try run("/usr/bin/curl", ["-sS", version, "-H", "Connection: keep-alive", "-o", "/dev/null", "-o", "/dev/null",
                                                   "-w", "%{http_code} %{num_connects}\n", "\(base)/health", "\(base)/health"])
            XCTAssertEqual(result.status, 0, result.output)
            XCTAssertEqual(result.output, "200 1\n200 0\n", "\(version): the second request reused the first connection")
        }
    }

    func testPythonsHTTPClientAndH11() throws {
        let script = """
            import http.client, json, socket, sys
            import h11
            host, port = "127.0.0.1", int(sys.argv[1])
            connection = http.client.HTTPConnection(host, port, timeout=5)
            for _ in range(3):
                connection.request("GET", "/health")
                response = connection.getresponse()
                assert response.status == 200 and json.loads(response.read()) == {"status": "ok"}, response.status
            connection.request("POST", "/api/users", body=json.dumps({"username": "py", "password": "long-enough"}),
                               headers={"Content-Type": "application/json"})
            created = connection.getresponse()
            assert created.status == 201, created.status
            created.read()
            # h11: a strict HTTP/1.1 state machine, two requests on one connection.
            sock = socket.create_connection((host, port), timeout=5)
            client = h11.Connection(h11.CLIENT)
            for _ in range(2):
                sock.sendall(client.send(h11.Request(method="GET", target="/health", headers=[("Host", host)])))
                sock.sendall(client.send(h11.EndOfMessage()))
                body = b""
                while True:
                    event = client.next_event()
                    if event is h11.NEED_DATA:
                        client.receive_data(sock.recv(65536))
                        continue
                    if isinstance(event, h11.Response):
                        assert event.status_code == 200, event
                    elif isinstance(event, h11.Data):
                        body += event.data
                    elif isinstance(event, h11.EndOfMessage):
                        break
                assert json.loads(body) == {"status": "ok"}, body
                client.start_next_cycle()
            print("ok")
            """
        let file = server.directory.appendingPathComponent("clients.py")
        try Data(script.utf8).write(to: file)
        // Debian's Python, where python3-h11 is installed.
        let result = try run("/usr/bin/python3", [file.path, String(server.port)])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(result.output, "ok\n")
    }

    func testWrkFinishesWithoutErrors() throws {
        let result = try run("/usr/bin/wrk", ["-t", "2", "-c", "16", "-d", "1s", "\(base)/health"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("requests in"), result.output)
        XCTAssertFalse(result.output.contains("Socket errors"), result.output)
        XCTAssertFalse(result.output.contains("Non-2xx"), result.output)
    }
}
