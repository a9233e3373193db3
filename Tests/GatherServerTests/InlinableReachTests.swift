import Foundation
import XCTest

/// A `package` type's `@inlinable` members are inlined in the other modules only when the type is
/// `@usableFromInline` too; without it the compiler keeps them out of line there and says nothing,
/// so the specialisation they were written for never happens (an account's place on the workers
/// cost 4,000 instructions a request that way). This reads every source file and names each
/// inlinable member whose type, or the type its extension extends, is `package` without it.
final class InlinableReachTests: XCTestCase {
    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    func testEveryPackageTypeWithInlinableMembersIsUsableFromInline() throws {
        let files = try Self.swiftFiles()
        XCTAssertGreaterThan(files.count, 100, "the sources were not found at \(Self.sources.path)")
        let declarations = files.flatMap { Self.topLevelDeclarations(in: $0.lines) }
        let reachable = Dictionary(declarations.map { ($0.name, $0.isReachable) }, uniquingKeysWith: { $0 && $1 })

        var inlinable = 0
        var unreachable: [String] = []
        for file in files {
            var enclosing: TopLevelDeclaration?
            for (number, line) in file.lines.enumerated() {
                if let declaration = Self.declaration(at: number, in: file.lines) { enclosing = declaration }
                guard line.contains("@inlinable"), !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                inlinable += 1
                guard let enclosing else { continue }
                let typeName = enclosing.extends ?? enclosing.name
                if reachable[typeName] == false {
                    unreachable.append("\(file.path):\(number + 1) (\(typeName))")
                }
            }
        }
        XCTAssertGreaterThan(inlinable, 0, "no @inlinable found: the reading of the sources is broken")
        XCTAssertEqual(unreachable, [], "inlinable members of package types that are not @usableFromInline")
    }

    /// The reading itself, on the two shapes that matter.
    func testAPackageTypeWithoutTheAttributeIsFoundThroughItsExtensionToo() {
        let lines = ["package struct Box {", "    @inlinable package func a() {}", "}",
                     "@usableFromInline package final class Kept {", "}", "extension Box {", "}"]
        let found = Self.topLevelDeclarations(in: lines)
        XCTAssertEqual(found.map(\.name), ["Box", "Kept", "Box"])
        XCTAssertEqual(found.map(\.isReachable), [false, true, true])
        XCTAssertEqual(found.map(\.extends), [nil, nil, "Box"])
    }

    private struct SourceFile {
        let path: String
        let lines: [String]
    }

    private struct TopLevelDeclaration {
        let name: String
        /// For an extension, the type it extends (and `isReachable` says nothing of it).
        let extends: String?
        /// Not `package`, or `package` and `@usableFromInline`.
        let isReachable: Bool
    }

    private static func swiftFiles() throws -> [SourceFile] {
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        var files: [SourceFile] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            files.append(SourceFile(path: String(url.path.dropFirst(sources.path.count + 1)),
                                    lines: text.components(separatedBy: "\n")))
        }
        return files
    }

    private static func topLevelDeclarations(in lines: [String]) -> [TopLevelDeclaration] {
        lines.indices.compactMap { declaration(at: $0, in: lines) }
    }

    /// A declaration that starts at column 0 on line `number`: a type's (struct, class, enum,
    /// actor) or an extension's; its attributes may be on the same line or the line above.
    private static func declaration(at number: Int, in lines: [String]) -> TopLevelDeclaration? {
        let line = lines[number]
        guard let first = line.first, first != " ", first != "/", first != "}" else { return nil }
        let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "{" || $0 == "<" }).map(String.init)
        if let index = words.firstIndex(of: "extension"), index + 1 < words.count {
            return TopLevelDeclaration(name: words[index + 1], extends: words[index + 1], isReachable: true)
        }
        guard let index = words.firstIndex(where: { ["struct", "class", "enum", "actor"].contains($0) }),
              index + 1 < words.count else { return nil }
        let above = number > 0 && lines[number - 1].hasPrefix("@") ? lines[number - 1].split(separator: " ").map(String.init) : []
        let attributes = words[..<index] + above
        let isPackage = attributes.contains("package")
        return TopLevelDeclaration(name: words[index + 1], extends: nil,
                                   isReachable: !isPackage || attributes.contains("@usableFromInline"))
    }
}
