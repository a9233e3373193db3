import Foundation
import Locking
import TestSupport
import XCTest

/// The real `gather` binary in a real pseudo-terminal, driven through tmux: keys in with send-keys,
/// the screen out with capture-pane.
final class TmuxSession {
    let socket = "gather-e2e-\(UUID().uuidString.prefix(8))"
    let configDirectory: URL

    /// Few enough rows that the match clock is plain text ("10:00  Ready"), which tests can read.
    static let plainClockRows = 22

    static var binaryDirectory: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Starts `gather` with `arguments` in a detached session of `columns`×`rows`; when gather exits the pane
    /// prints its exit status and stays open.
    init(arguments: [String], environment: [String: String] = [:], columns: Int = 100, rows: Int = 30) throws {
        configDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-e2e-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
        var assignments = ["XDG_CONFIG_HOME=\(configDirectory.path)", "TERM=xterm-256color"]
        assignments += environment.map { "\($0.key)=\($0.value)" }
        let gather = TmuxSession.binaryDirectory.appendingPathComponent("gather").path
        let command = "env \(assignments.joined(separator: " ")) \(gather) \(arguments.joined(separator: " ")); echo FG-EXITED-$?; sleep 600"
        // The tmux server that new-session starts would inherit a pipe and keep it open: no capture here.
        TmuxSession.ending.begin(socket)
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", String(columns), "-y", String(rows), command], captureOutput: false)
    }

    deinit {
        TmuxSession.end(socket)
        try? FileManager.default.removeItem(at: configDirectory)
    }

    private static func end(_ socket: String) {
        _ = try? Subprocess.run(["tmux", "-L", socket, "kill-server"], captureOutput: true)
        ending.finished(socket)
    }

    /// Every session ends with the test that started it, even one whose session object outlives
    /// it (an async test's frame, a failure part way): at the end of each test, whatever is still
    /// running is ended.
    private static let ending = SessionEnding()

    private final class SessionEnding: NSObject, XCTestObservation, @unchecked Sendable {
        private let running = Locked<Set<String>>([])
        private let observing = Locked(false)

        func begin(_ socket: String) {
            running.withLock { _ = $0.insert(socket) }
            let first = observing.withLock { observing in
                defer { observing = true }
                return !observing
            }
            if first { XCTestObservationCenter.shared.addTestObserver(self) }
        }

        func finished(_ socket: String) {
            running.withLock { _ = $0.remove(socket) }
        }

        func testCaseDidFinish(_ testCase: XCTestCase) {
            for socket in running.withLock({ $0 }) { TmuxSession.end(socket) }
        }
    }

    @discardableResult
    func tmux(_ arguments: [String], captureOutput: Bool = true) throws -> String {
        try Subprocess.run(["tmux", "-L", socket] + arguments, captureOutput: captureOutput)
    }

    /// What the terminal shows now, one line per row.
    func screen() -> String {
        (try? tmux(["capture-pane", "-p"])) ?? ""
    }

    /// The screen with its escape sequences (colours, reverse video).
    func styledScreen() -> String {
        (try? tmux(["capture-pane", "-p", "-e"])) ?? ""
    }

    /// Named keys (`Enter`, `Tab`, `Escape`, `Space`, `Up`, `C-s`…) or single characters.
    func press(_ keys: String...) {
        _ = try? tmux(["send-keys"] + keys)
    }

    /// Literal text, each character a key.
    func type(_ text: String) {
        // "--": a text that starts with "-" (an invitation code may) is text, not an option of tmux.
        _ = try? tmux(["send-keys", "-l", "--", text])
    }

    func resize(columns: Int, rows: Int) {
        _ = try? tmux(["resize-window", "-x", String(columns), "-y", String(rows)])
    }

    /// Polls `condition` until it holds or `timeout` passes.
    /// Every 20 ms: each look at the screen asks tmux for it.
    func waitUntil(timeout: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
        TestSupport.waitUntil(timeout: timeout, every: .milliseconds(20), condition)
    }

    /// Waits until the screen no longer contains `text` (a form has closed, a prompt has gone).
    @discardableResult
    func waitUntilGone(_ text: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard waitUntil(timeout: timeout, { !screen().contains(text) }) else {
            XCTFail("screen still shows \"\(text)\":\n\(screen())", file: file, line: line)
            return false
        }
        return true
    }

    /// Copies everything gather writes to the terminal from now on into `file` (escape sequences, the bell…).
    func recordOutput(to file: URL) throws {
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        try tmux(["pipe-pane", "-o", "cat >> '\(file.path)'"])
    }

    /// Waits until the screen contains `text`; fails the test with the screen if it never does.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard waitUntil(timeout: timeout, { screen().contains(text) }) else {
            XCTFail("screen never showed \"\(text)\":\n\(screen())", file: file, line: line)
            return false
        }
        return true
    }
}
