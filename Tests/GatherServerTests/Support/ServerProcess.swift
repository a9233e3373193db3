import Foundation
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
        let collected = collected
        // An empty read is the end of the pipe: counted, so `waitForExit` can wait until the last
        // bytes are in (the process may end before the reader thread has read what it wrote).
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil; collected.closed() } else { collected.appendOutput(data) }
        }
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil; collected.closed() } else { collected.appendErrors(data) }
        }
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
            guard let line = standardOutput.split(separator: "\n").first(where: { $0.contains("listening on") }),
                  let range = line.range(of: #":(\d+) "#, options: .regularExpression) else { return false }
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
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
    }
}

/// Output gathered from the child's pipes on Foundation's reader threads.
final class CollectedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var outputBytes = Data()
    private var errorBytes = Data()

    private var pipesClosed = 0

    func closed() { lock.withLock { pipesClosed += 1 } }
    var closedPipes: Int { lock.withLock { pipesClosed } }
    func appendOutput(_ data: Data) { lock.withLock { outputBytes.append(data) } }
    func appendErrors(_ data: Data) { lock.withLock { errorBytes.append(data) } }
    var output: String { lock.withLock { String(decoding: outputBytes, as: UTF8.self) } }
    var errors: String { lock.withLock { String(decoding: errorBytes, as: UTF8.self) } }
}
