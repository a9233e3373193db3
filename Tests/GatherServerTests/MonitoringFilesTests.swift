import Foundation
import HTTP
import Networking
import TestSupport
import XCTest

/// deploy/'s Prometheus alert rules and Grafana dashboard, held to Prometheus's own tool
/// (`promtool check rules`, `promtool test rules`, `promtool check metrics`) and to the metrics a
/// real server serves: every series they read is one it writes.
final class MonitoringFilesTests: XCTestCase {
    private static let prometheus = DeploymentTests.root.appendingPathComponent("deploy/prometheus").path

    private func promtool(_ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/promtool")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: Self.prometheus)
        let output = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = inputPipe
        try process.run()
        inputPipe.fileHandleForWriting.write(Data((input ?? "").utf8))
        try inputPipe.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// The families a server with metrics on serves (every family, with channels and no TLS), by name:
    /// declared or sampled.
    private func servedFamilies() throws -> (text: String, names: Set<String>) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-monitoring-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(arguments: ["--port", "0", "--db", directory.appendingPathComponent("db.sqlite").path, "--quiet", "--metrics"])
        defer { server.terminate(); _ = server.waitForExit() }
        let port = try XCTUnwrap(server.waitForPort(), server.standardError)
        let api = APIClient(connection: try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)), token: nil)
        XCTAssertEqual(try api.request(.post, "/api/users", json: ["username": "ana", "password": "password-1"]).status, 201)
        let text = try api.request(.get, "/metrics").text
        // Every family the server declares (`# TYPE name kind`), whether or not it has a sample yet
        // (a request is counted after its answer has gone), and every sample's name.
        let lines = text.split(separator: "\n")
        let declared = lines.filter { $0.hasPrefix("# TYPE ") }.compactMap { $0.split(separator: " ").dropFirst(2).first.map(String.init) }
        let sampled = lines.filter { !$0.hasPrefix("#") }.compactMap { line in
            line.split(whereSeparator: { $0 == "{" || $0 == " " }).first.map(String.init)
        }
        return (text, Set(declared + sampled))
    }

    func testTheAlertRulesPassPromtoolAndTheirOwnTests() throws {
        let check = try promtool(["check", "rules", "gather-alerts.yml"])
        XCTAssertEqual(check.status, 0, check.output)
        XCTAssertTrue(check.output.contains("SUCCESS: 7 rules found"), check.output)
        let test = try promtool(["test", "rules", "gather-alerts.test.yml"])
        XCTAssertEqual(test.status, 0, test.output)
        XCTAssertTrue(test.output.contains("SUCCESS"), test.output)
    }

    func testTheServedMetricsPassPromtoolsLint() throws {
        let served = try servedFamilies()
        let lint = try promtool(["check", "metrics"], input: served.text)
        XCTAssertEqual(lint.status, 0, lint.output)
        XCTAssertEqual(lint.output, "", "no naming or type complaint")
    }

    /// Every metric the rules and the dashboard read is served (the certificate's only with TLS).
    func testTheRulesAndTheDashboardReadOnlyWhatTheServerServes() throws {
        let served = try servedFamilies().names.union(["gather_tls_certificate_not_after_seconds", "up"])
        let rules = try String(contentsOfFile: Self.prometheus + "/gather-alerts.yml", encoding: .utf8)
        let dashboardData = try Data(contentsOf: DeploymentTests.root.appendingPathComponent("deploy/grafana/football-gather.json"))
        let dashboard = try XCTUnwrap(try JSONSerialization.jsonObject(with: dashboardData) as? [String: Any])
        let panels = try XCTUnwrap(dashboard["panels"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(panels.count, 10)
        let expressions = panels.flatMap { ($0["targets"] as? [[String: Any]] ?? []).compactMap { $0["expr"] as? String } }
        XCTAssertEqual(expressions.count, panels.reduce(0) { $0 + (($1["targets"] as? [Any])?.count ?? 0) }, "every target has an expression")
        let sources = [("the alert rules", rules)] + expressions.map { ("the dashboard", $0) }
        for (source, text) in sources {
            let names = text.matches(of: /\b(gather_[a-z_]+|process_[a-z_]+)\b/).map { String($0.output.1) }
            for name in names {
                XCTAssertTrue(served.contains(name) || served.contains(name.replacing(/_(bucket|sum|count)$/, with: "")),
                              "\(source) reads \(name), which the server does not serve")
            }
        }
    }
}
