import Foundation
import XCTest
@testable import HTTP

/// The request parser against a reference nobody here wrote, Python's h11 (Debian python3-h11):
/// on every input of the fuzz seed corpus both frame the same requests (method, target, body) and
/// stop on an error alike, except where a difference is listed below with its reason.
final class H11DifferentialTests: XCTestCase {
    /// Corpus files on which the two parsers differ on purpose.
    private let justifiedDifferences: [String: String] = [
        "folded": "h11 unfolds obsolete line folding; RFC 9112 §5.2 lets a server refuse it, and we do (400): "
            + "a field continued on the next line is a classic way to smuggle a header past a proxy",
    ]

    private struct Framing: Decodable, Equatable {
        struct Request: Decodable, Equatable {
            let method: String
            let target: String
            let body: String
        }
        let requests: [Request]
        let error: Bool
    }

    func testOurParserFramesTheCorpusAsH11Does() throws {
        let python = "/usr/bin/python3"
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let corpus = root.appendingPathComponent("Fuzz/Corpus/request-parser")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted().map { corpus.appendingPathComponent($0) }
        XCTAssertGreaterThanOrEqual(files.count, 8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [root.appendingPathComponent("Fuzz/h11_framing.py").path] + files.map(\.path)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "h11 could not be run (make test installs python3-h11)")
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, files.count)

        var differences: [String] = []
        for (file, line) in zip(files, lines) {
            let reference = try JSONDecoder().decode(Framing.self, from: Data(line.utf8))
            let ours = frame(Array(try Data(contentsOf: file).dropFirst()))
            let name = file.lastPathComponent
            if ours != reference {
                differences.append(name)
                XCTAssertNotNil(justifiedDifferences[name], "\(name): ours \(ours), h11 \(reference)")
            }
        }
        XCTAssertEqual(Set(differences), Set(justifiedDifferences.keys), "a listed difference that no longer exists: remove it")
    }

    /// Our parser's framing of a whole input, stopping where h11 would: at an error, at the end,
    /// or after a request that closes the connection.
    private func frame(_ bytes: [UInt8]) -> Framing {
        var parser = HTTPRequestParser()
        parser.append(bytes)
        var requests: [Framing.Request] = []
        while true {
            do {
                guard let request = try parser.nextRequest() else { break }
                requests.append(Framing.Request(method: request.method.rawValue, target: request.target,
                                                body: String(String.UnicodeScalarView(request.body.map { Unicode.Scalar($0) }))))
                if !request.keepAlive { break }
            } catch {
                return Framing(requests: requests, error: true)
            }
        }
        return Framing(requests: requests, error: false)
    }
}
