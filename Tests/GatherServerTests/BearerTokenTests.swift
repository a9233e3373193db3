import TestSupport
import XCTest
@testable import GatherServer

/// `Authorization: Bearer <token>` is read byte by byte when the header is ASCII, which every
/// real one is; it must give exactly what reading it as text gives, which it replaced for speed.
final class BearerTokenTests: XCTestCase {
    /// The reading as text: split at the first run of spaces after the scheme, the scheme
    /// compared without case, the rest trimmed of spaces and tabs.
    private func asText(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingWhitespace()
        return token.isEmpty ? nil : String(token)
    }

    func testTheUsualFormsAndTheirEdges() {
        let cases: [(String, String?)] = [
            ("Bearer abc", "abc"), ("bearer abc", "abc"), ("BEARER abc", "abc"), ("BeArEr abc", "abc"),
            ("  Bearer abc", "abc"), ("Bearer    abc  ", "abc"), ("Bearer \tabc\t", "abc"), ("Bearer a b", "a b"),
            ("Bearer", nil), ("Bearer ", nil), ("Bearer  \t ", nil), ("Bearer\tabc", nil), ("Bearerabc", nil),
            ("Basic abc", nil), ("Bearez abc", nil), ("Bear abc", nil), ("", nil), ("   ", nil),
            // Bytes that setting bit 5 would map onto a letter only if they were capitals.
            ("Bearer@ abc", nil), ("@EARER abc", nil), ("BEA\u{12}ER abc", nil),
            // Not ASCII: read as text, as before.
            ("Bearer tökén", "tökén"), ("Bearer\u{00A0}abc", nil), ("Bearer abc\u{3000}", "abc"),
        ]
        for (header, expected) in cases {
            XCTAssertEqual(Authorization.bearerToken(from: header), expected, "\(header.debugDescription)")
            XCTAssertEqual(asText(header), expected, "the text reading of \(header.debugDescription)")
        }
        XCTAssertNil(Authorization.bearerToken(from: nil))
    }

    func testRandomHeadersReadAsTheTextReadingReadsThem() {
        var generator = SeededGenerator(seed: 30)
        let pieces = [" ", " ", "\t", "b", "B", "e", "E", "a", "A", "r", "R", "x", "-", "@", "`", "é", "\u{301}", "\u{00A0}"]
        for _ in 0..<20_000 {
            var header = ["", "Bearer ", "bearer", " BEARER "].randomElement(using: &generator) ?? ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                header += pieces.randomElement(using: &generator) ?? ""
            }
            XCTAssertEqual(Authorization.bearerToken(from: header), asText(header), "\(header.debugDescription)")
        }
    }
}
