import Foundation
import TestSupport
import XCTest

/// The server links FoundationEssentials only: one `import Foundation` anywhere in what
/// gather-server is built from brings the whole of Foundation and its ICU data with it (the
/// static binary 33 → 81 MB, 3.5 MB more resident when idle).
final class ServerFoundationTests: XCTestCase {
    func testNothingTheServerIsBuiltFromImportsAllOfFoundation() throws {
        // A scratch path of its own: the build directory is the running `swift test`'s.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let description = try CommandRun("/usr/bin/env", ["swift", "package", "--package-path", DeploymentTests.root.path,
                                                          "--scratch-path", scratch, "describe", "--type", "json"],
                                         environment: ProcessInfo.processInfo.environment)
        XCTAssertEqual(description.status, 0, description.output)
        let json = try XCTUnwrap(description.output.firstIndex(of: "{").map { description.output[$0...] }, description.output)
        struct Package: Decodable {
            struct Target: Decodable {
                let name: String
                let path: String
                let sources: [String]?
                let product_memberships: [String]?
            }
            let targets: [Target]
        }
        let package = try JSONDecoder().decode(Package.self, from: Data(json.utf8))
        let server = package.targets.filter { $0.product_memberships?.contains("gather-server") == true }
        XCTAssertTrue(server.contains { $0.name == "Storage" } && server.contains { $0.name == "gather-server" }, "\(server.map(\.name))")
        var importing: [String] = []
        for target in server {
            for source in target.sources ?? [] {
                let path = DeploymentTests.root.appendingPathComponent(target.path).appendingPathComponent(source).path
                let text = try String(contentsOfFile: path, encoding: .utf8)
                if text.split(separator: "\n").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "import Foundation" }) {
                    importing.append(target.path + "/" + source)
                }
            }
        }
        XCTAssertEqual(importing, [], "import FoundationEssentials instead")
    }
}
