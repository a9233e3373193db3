import Foundation
import Glibc
import TestSupport
import XCTest

/// Headless Chromium behind Browser/share_page.py: one JSON command a line on its standard input,
/// one JSON answer a line on its standard output. Answers are read by a thread in blocking reads
/// (`CollectedOutput`) and waited for with a deadline, so a hung browser fails the test instead of
/// hanging it.
final class Browser {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/share_page.py")

    private let process = Process()
    private let input: Int32
    private let output = Pipe()
    private let errors = Pipe()
    private let collected = CollectedOutput()
    private var answered = 0

    /// `scripts` false: Chromium runs no script, as a friend's browser set so would. `textSize`:
    /// the browser's text size in percent (a friend who reads large).
    init(scripts: Bool = true, textSize: Int = 100) throws {
        // Commands go through a socket pair rather than a pipe: written with MSG_NOSIGNAL, a
        // script that died is an error here, never a SIGPIPE that ends the whole test run.
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else { throw POSIXError(.EMFILE) }
        input = ends[0]
        let scriptsEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")  // Debian's, with python3-selenium
        process.arguments = [Self.script.path]
        var environment = ProcessInfo.processInfo.environment
        // A zone away from UTC, without summer time: the page's times must visibly move into it.
        environment["TZ"] = "America/Sao_Paulo"
        environment["SHARE_PAGE_SCRIPTS"] = scripts ? "on" : "off"
        environment["SHARE_PAGE_TEXT_SIZE"] = String(textSize)
        process.environment = environment
        process.standardInput = scriptsEnd
        process.standardOutput = output
        process.standardError = errors
        collected.drain(output.fileHandleForReading, into: .output)
        collected.drain(errors.fileHandleForReading, into: .errors)
        do {
            try process.run()
        } catch {
            close(input)
            throw error
        }
        try scriptsEnd.close()
        // Chromium's first start on a loaded machine takes a while.
        let ready = try answer(within: 60)
        guard ready as? String == "ready" else { throw Failure(description: "the browser did not start: \(String(describing: ready))") }
    }

    deinit {
        quit()
        close(input)
    }

    /// Sends one command; its value, or a failure with the script's error (a wait that timed out says what it saw).
    func value(_ command: [Any], within timeout: TimeInterval = 30) throws -> Any? {
        var line = try JSONSerialization.data(withJSONObject: command)
        line.append(UInt8(ascii: "\n"))
        let sent = line.withUnsafeBytes { send(input, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == line.count else { throw Failure(description: "the browser script is gone: \(collected.errors)") }
        return try answer(within: timeout)
    }

    private func answer(within timeout: TimeInterval) throws -> Any? {
        var line: Substring?
        _ = waitUntil(timeout: timeout) {
            let lines = collected.output.split(separator: "\n", omittingEmptySubsequences: false)
            // The last piece is a line still being written (or "" after the last newline).
            guard lines.count - 1 > answered else { return !process.isRunning && collected.closedPipes == 2 }
            line = lines[answered]
            return true
        }
        guard let line else {
            throw Failure(description: "no answer within \(timeout) s; the script's errors: \(collected.errors.suffix(2_000))")
        }
        answered += 1
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        guard object["ok"] as? Bool == true else {
            throw Failure(description: "\(object["error"] as? String ?? String(line)) \(object["trace"] as? String ?? "")")
        }
        return object["value"] is NSNull ? nil : object["value"]
    }

    func text(_ selector: String) throws -> String? {
        try value(["text", selector]) as? String
    }

    func visible(_ selector: String) throws -> Bool? {
        try value(["visible", selector]) as? Bool
    }

    /// The element's text once it contains `expected`; fails after `seconds`.
    func waitText(_ selector: String, _ expected: String, seconds: Double) throws -> String {
        try value(["wait-text", selector, expected, seconds]) as? String ?? ""
    }

    func waitVisible(_ selector: String, seconds: Double) throws {
        _ = try value(["wait-visible", selector, seconds])
    }

    func waitHidden(_ selector: String, seconds: Double) throws {
        _ = try value(["wait-hidden", selector, seconds])
    }

    /// Every SEVERE console entry so far (script errors, CSP violations, failed loads, the icon
    /// Chromium asks for by itself included).
    func consoleErrors() throws -> [String] {
        try value(["console-errors"]) as? [String] ?? []
    }

    /// Ends the script and its browser: asked, then told (SIGTERM: the script still quits
    /// Chromium), then forced.
    func quit() {
        guard process.isRunning else { return }
        _ = try? value(["quit"], within: 10)
        if !waitUntil(timeout: 10, { !process.isRunning }) {
            process.terminate()
            if !waitUntil(timeout: 10, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
    }
}
