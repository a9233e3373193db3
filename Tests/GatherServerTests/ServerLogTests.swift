@testable import GatherServer
@testable import Networking
import XCTest

/// Text log lines: one request, one line, with fields no client can forge.
final class ServerLogTests: XCTestCase {
    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    func testClientChosenTextCannotSplitOrForgeALine() {
        let lines = Lines()
        let log = ServerLog(quiet: false, format: .text, sink: { lines.append($0) })
        log.access(AccessLogEntry(requestID: 1, method: "GET", path: "/a b\tc\u{1B}[31m\\", status: 200,
                                  duration: .milliseconds(2), client: "1.2.3.4 GET /forged 200\n2026 evil"))
        XCTAssertEqual(lines.all.count, 1)
        let line = lines.all[0]
        XCTAssertEqual(line.filter { $0 == "\n" }.count, 1, "one line: \(line)")
        XCTAssertTrue(line.contains(#" 1.2.3.4\x20GET\x20/forged\x20200\x0A2026\x20evil GET /a\x20b\x09c\x1B[31m\\ 200 "#), line)
        XCTAssertEqual(line.split(separator: " ").count, 6, "time, client, method, path, status, duration")
    }

    func testMessagesKeepTheirTextButNoControlBytes() {
        let lines = Lines()
        let log = ServerLog(quiet: false, format: .text, sink: { lines.append($0) })
        log.info("gather-server: opened /data/Zoë's db\nsecond line\u{85}\u{202E}")
        log.warning("gather-server: a warning")
        XCTAssertEqual(lines.all.count, 2)
        // Each after its time: `2026-11-29T07:49:43.408Z `.
        let timed = lines.all.map { $0.split(separator: " ", maxSplits: 1).map(String.init) }
        XCTAssertEqual(timed.map { $0.last }, [#"gather-server: opened /data/Zoë's db\u{A}second line\u{85}\u{202E}"# + "\n",
                                               "warning: gather-server: a warning\n"])
        for line in timed {
            XCTAssertNotNil(line.first?.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#, options: .regularExpression), "\(line)")
        }
    }

    func testPlainFieldsAreUnchanged() {
        XCTAssertEqual(ServerLog.escaped("/api/players/7"), "/api/players/7")
        XCTAssertEqual(ServerLog.escaped("2001:db8::1"), "2001:db8::1")
    }

    /// A line's duration is written to a tenth of a millisecond, as `%.1f` did.
    func testDurationsAreWrittenToATenthOfAMillisecond() {
        let lines = Lines()
        let log = ServerLog(quiet: false, format: .text, sink: { lines.append($0) })
        for duration: Duration in [.microseconds(40), .microseconds(2_360), .milliseconds(1_500), .seconds(61)] {
            log.access(AccessLogEntry(requestID: 1, method: "GET", path: "/", status: 200, duration: duration, client: "c"))
        }
        XCTAssertEqual(lines.all.map { $0.split(separator: " ").last.map(String.init) }, ["0.0ms\n", "2.4ms\n", "1500.0ms\n", "61000.0ms\n"])
        XCTAssertEqual(ServerLog.tenths(0.05), "0.1")
        XCTAssertEqual(ServerLog.tenths(9.96), "10.0")
    }
}
