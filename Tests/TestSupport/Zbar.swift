import Foundation

/// Debian's zbarimg (package zbar-tools): a decoder that shares no code with ours, so a symbol it reads
/// back is one a phone can be expected to read. For the QR encoder's tests and the QR code `gather`
/// prints in a terminal.
package enum Zbar {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// What zbarimg reads from `image`, its one trailing newline removed. Throws unless it finds exactly
    /// one symbol.
    package static func decode(_ image: PortableGraymap) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qrcode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("code.pgm")
        let errors = directory.appendingPathComponent("stderr")
        try Data(image.fileContents).write(to: file)
        try Data().write(to: errors)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", file.path]
        let output = Pipe()
        process.standardOutput = output
        // A file, not a second pipe: nothing has to drain it while stdout is read to its end.
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        // To the end of the pipe, not through readabilityHandler, which can miss the end on a loaded machine.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failure(description: "zbarimg exited with status \(process.terminationStatus) (4: no symbol found) \(message)")
        }
        guard var text = String(data: data, encoding: .utf8) else {
            throw Failure(description: "zbarimg wrote something other than UTF-8: \(Array(data))")
        }
        guard text.hasSuffix("\n") else { throw Failure(description: "zbarimg's output did not end in a newline: \(text.debugDescription)") }
        text.removeLast()
        return text
    }
}
