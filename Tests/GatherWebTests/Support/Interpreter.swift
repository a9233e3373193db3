import Foundation

/// Runs a script of another language on some bytes (handed over in a file named by the script's
/// first argument) and returns what it prints: independent readers of what we write (Python's
/// `html.parser` and `hashlib`, Node's WHATWG `URL`).
enum Interpreter: String {
    case python = "python3"
    case node

    struct Failure: Error, CustomStringConvertible {
        let status: Int32
        let errors: String
        var description: String { "exited with \(status): \(errors)" }
        /// `env` could not find the interpreter.
        var isMissing: Bool { status == 127 }
    }

    func run(_ script: String, input: [UInt8]) throws -> Data {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scriptFile = directory.appendingPathComponent(self == .python ? "script.py" : "script.js")
        let inputFile = directory.appendingPathComponent("input")
        let errorFile = directory.appendingPathComponent("stderr")
        try Data(script.utf8).write(to: scriptFile)
        try Data(input).write(to: inputFile)
        try Data().write(to: errorFile)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [rawValue, scriptFile.path, inputFile.path]
        let output = Pipe()
        process.standardOutput = output
        // Errors go to a file, so a long traceback cannot fill a pipe nobody is reading yet.
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer { try? errorHandle.close() }
        process.standardError = errorHandle
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw Failure(status: process.terminationStatus, errors: errors)
        }
        return printed
    }
}
