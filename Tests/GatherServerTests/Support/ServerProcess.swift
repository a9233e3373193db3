import Foundation
import TestSupport
import XCTest

/// The real `gather-server` binary, run as a child process.
final class ServerProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let collected = CollectedOutput()

    /// The executable built next to the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("gather-server")
    }

    /// - Parameters:
    ///   - descriptorLimit: runs the server under `ulimit -n` with this many file descriptors.
    ///   - executable: another build of gather-server (e.g. the static release binary).
    ///   - inheritEnvironment: false starts it with only `environment` (like `env -i`).
    ///   - input: written to its standard input, which is then closed.
    init(arguments: [String], environment: [String: String] = [:], descriptorLimit: Int? = nil,
         executable: URL = ServerProcess.executable, inheritEnvironment: Bool = true, input: String? = nil) throws {
        if let descriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$@\"", "gather-server", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        var env = inheritEnvironment ? ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FG_") } : [:]
        env.merge(environment) { $1 }
        process.environment = env
        process.standardOutput = output
        process.standardError = errors
        // Each pipe is read to its end by a thread of its own, in blocking reads: Foundation's
        // readabilityHandler missed the end of a pipe on a loaded machine (the child long gone,
        // the last event never delivered), and `waitForExit` then waited out its whole timeout.
        collected.drain(output.fileHandleForReading, into: .output)
        collected.drain(errors.fileHandleForReading, into: .errors)
        let inputPipe = Pipe()
        if input != nil { process.standardInput = inputPipe }
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
    }

    var standardOutput: String { collected.output }
    var standardError: String { collected.errors }

    /// The port from the start-up line, once it has been printed.
    func waitForPort(timeout: TimeInterval = 10) -> Int? {
        var port: Int?
        _ = waitUntil(timeout: timeout) {
            // A text line (`…:8080 (…`) or a JSON one (`"url":"http://…:8080"`).
            guard let line = standardOutput.split(separator: "\n").first(where: { $0.contains("listening on") }),
                  let range = line.range(of: #":(\d+)[ "]"#, options: .regularExpression) else { return false }
            port = Int(line[range].dropFirst().dropLast())
            return true
        }
        return port
    }

    /// Waits for the process to end and for everything it wrote to be read; its exit status, or
    /// nil if it is still running at the deadline.
    func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        guard waitUntil(timeout: timeout, { !process.isRunning }) else { return nil }
        process.waitUntilExit()
        // Both pipes reach their end once the process (and any child holding them) is gone.
        _ = waitUntil(timeout: timeout) { collected.closedPipes == 2 }
        return process.terminationStatus
    }

    func terminate(signal: Int32 = SIGTERM) {
        kill(process.processIdentifier, signal)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// Output gathered from the child's pipes, each read by a thread of its own until its end.
final class CollectedOutput: @unchecked Sendable {
    enum Stream { case output, errors }

    private let lock = NSLock()
    private var bytes: [Stream: Data] = [.output: Data(), .errors: Data()]
    private var pipesClosed = 0

    /// Reads `handle` until the last writer has closed it; the thread keeps the handle (and so its
    /// descriptor) alive until then.
    func drain(_ handle: FileHandle, into stream: Stream) {
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                guard !data.isEmpty else { break }
                lock.withLock { bytes[stream, default: Data()].append(data) }
            }
            lock.withLock { pipesClosed += 1 }
        }
    }

    var closedPipes: Int { lock.withLock { pipesClosed } }
    var output: String { text(of: .output) }
    var errors: String { text(of: .errors) }

    private func text(of stream: Stream) -> String {
        lock.withLock { String(decoding: bytes[stream] ?? Data(), as: UTF8.self) }
    }
}
