import Foundation
import XCTest
@testable import GatherServer

/// docs/openapi.yaml describes exactly the routes the server has: a route added without its
/// description, or a description left for a route that is gone, fails here.
final class OpenAPIDocumentTests: XCTestCase {
    private var document: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/openapi.yaml")
    }

    func testEveryRouteIsDescribedAndEveryDescribedOperationIsARoute() throws {
        let routes = Set(Routes.router().routes.map { route in
            let path = route.components.map { component -> String in
                switch component {
                case .constant(let text): return text
                case .parameter(let name): return "{\(name)}"
                }
            }
            return "\(route.method.rawValue) /\(path.joined(separator: "/"))"
        })
        XCTAssertEqual(try describedOperations(), routes)
    }

    func testTheServerServesTheDocumentAsItIsInDocs() throws {
        let api = try InProcessAPI()
        defer { api.stop() }
        let response = try api.client().request(.get, "/openapi.yaml")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["Content-Type"], "application/yaml; charset=utf-8")
        XCTAssertEqual(response.text, try String(contentsOf: document, encoding: .utf8),
                       "docs/openapi.yaml changed: run docs/openapi-swift to build it into the server")
    }

    func testTheDocumentIsYAMLThatDeclaresOpenAPI31() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sys, yaml; d = yaml.safe_load(open(sys.argv[1])); print(d['openapi'])", document.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "docs/openapi.yaml does not parse as YAML")
        XCTAssertEqual(text.trimmingCharacters(in: .whitespacesAndNewlines), "3.1.0")
    }

    /// `METHOD /path` for each operation under `paths:` (paths indented two spaces, methods four).
    private func describedOperations() throws -> Set<String> {
        let lines = try String(contentsOf: document, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var operations = Set<String>()
        var inPaths = false
        var path: String?
        for line in lines {
            if line == "paths:" { inPaths = true; continue }
            guard inPaths else { continue }
            if !line.hasPrefix(" ") && !line.isEmpty { break }
            if line.hasPrefix("  /"), !line.hasPrefix("   "), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "),
                      let method = ["get", "post", "put", "patch", "delete"].first(where: { line == "    \($0):" }) {
                operations.insert("\(method.uppercased()) \(path)")
            }
        }
        return operations
    }
}
