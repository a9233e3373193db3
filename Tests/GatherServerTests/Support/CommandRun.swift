import Foundation

/// A program run to its end, with exactly `environment`: its status and its output and errors
/// together, in the order written (for the deployment scripts and tools the docs show).
struct CommandRun {
    let status: Int32
    let output: String

    init(_ program: String, _ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        self.output = String(decoding: data, as: UTF8.self)
    }
}
