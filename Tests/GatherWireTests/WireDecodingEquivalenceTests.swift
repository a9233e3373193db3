import Foundation
import GatherBalancing
import GatherDomain
import GatherText
@testable import GatherWire
import XCTest

/// `WireFormat.decode` reads flat bodies itself (`FlatJSONObject`) and the rest with `JSONDecoder`.
/// For every request body type, thousands of bodies (written by hand, generated, and mangled byte
/// by byte) must decode to the same value, or fail with the same error, as with `JSONDecoder` alone.
final class WireDecodingEquivalenceTests: XCTestCase {
    func testPlayerDetailsDecodeAsWithFoundation() {
        let corpus = Corpus(fields: [
            ("name", texts("Ada", " Pelé ", "", "   ", String(repeating: "x", count: 100), String(repeating: "y", count: 101), "⚽️")),
            ("age", ["0", "30", "120", "121", "-1", "null"]),
            ("skill", texts("amateur", "professional", "rookie") + ["null"]),
            ("preferredPosition", texts("goalkeeper", "striker", "midfielder", "keeper") + ["null"]),
            ("favouriteTeam", texts("Santos", " ", "", String(repeating: "z", count: 101)) + ["null"]),
        ])
        let typical = [
            #"{"name":"Bench Player","age":30,"skill":"professional","preferredPosition":"goalkeeper","favouriteTeam":"Bench FC"}"#,
            #"{"age":null,"favouriteTeam":null,"name":"Ada","preferredPosition":null,"skill":null}"#,
            #"{"name":"Ada"}"#,
        ]
        assertTakesTheFlatWay(PlayerDetails.self, typical)
        let tally = assertSameAsFoundation(PlayerDetails.self, corpus.bodies(seed: 1, typical: typical))
        XCTAssertGreaterThan(tally.flat * 2, tally.decoded, "\(tally)")
    }

    func testGatherResultUpdatesDecodeAsWithFoundation() {
        let corpus = Corpus(fields: [
            ("score", texts("2-1", "0-0", "10-9", "2 - 1", "2-", "-1", "a-b", "100-1")),
            ("winnerTeam", texts("Team A", "Team B", "None", "team a", "")),
        ])
        let typical = [#"{"score":"3-2","winnerTeam":"Team A"}"#]
        assertTakesTheFlatWay(GatherResultUpdate.self, typical)
        let tally = assertSameAsFoundation(GatherResultUpdate.self, corpus.bodies(seed: 2, typical: typical))
        XCTAssertGreaterThan(tally.flat * 2, tally.decoded, "\(tally)")
    }

    func testGatherDraftsDecodeAsWithFoundation() {
        let corpus = Corpus(fields: [
            ("id", texts("3A6F6F31-1E8F-4A53-9D7B-1C2C3D4E5F60", "not-a-uuid") + ["null"]),
            ("score", texts("2-1", "0-0", "x")), ("winnerTeam", texts("Team A", "Team B", "None")),
            ("balanceSeed", ["0", "42", "9007199254740991", "9007199254740992", "-1", "null"]),
            ("createdAt", texts("2026-11-22T09:00:00Z", "yesterday")), ("endedAt", texts("2026-11-22T10:00:00Z")),
        ])
        // Dates are read by Foundation's decoder only: bodies with one go that way.
        let typical = ["{}", #"{"balanceSeed":42}"#, #"{"id":"3A6F6F31-1E8F-4A53-9D7B-1C2C3D4E5F60","score":"1-0","winnerTeam":"Team A"}"#]
        assertTakesTheFlatWay(GatherDraft.self, typical)
        let tally = assertSameAsFoundation(GatherDraft.self, corpus.bodies(seed: 3, typical: typical))
        XCTAssertGreaterThan(tally.flat, 0, "\(tally)")
    }

    func testCredentialsAndTeamAssignmentsDecodeAsWithFoundation() {
        let credentials = Corpus(fields: [
            ("username", texts("ada", "Ada", "a", "ﬀ", " padded ", "x y")),
            ("password", texts("correct horse", "short", "long enough password", "\u{7F}control\u{7F}")),
        ])
        let typicalCredentials = [#"{"username":"ada","password":"correct horse battery"}"#]
        assertTakesTheFlatWay(Credentials.self, typicalCredentials)
        let credentialsTally = assertSameAsFoundation(Credentials.self, credentials.bodies(seed: 4, typical: typicalCredentials))
        XCTAssertGreaterThan(credentialsTally.flat * 2, credentialsTally.decoded, "\(credentialsTally)")
        let assignments = Corpus(fields: [("team", texts("Team A", "Team B", "Bench", "bench", "A") + ["null"])])
        assertTakesTheFlatWay(TeamAssignment.self, [#"{"team":"Team B"}"#])
        let assignmentsTally = assertSameAsFoundation(TeamAssignment.self, assignments.bodies(seed: 5, typical: [#"{"team":"Team B"}"#]))
        XCTAssertGreaterThan(assignmentsTally.flat * 2, assignmentsTally.decoded, "\(assignmentsTally)")
    }

    /// Nested bodies always go to `JSONDecoder`: still the same answers.
    func testBalanceRequestsDecodeAsWithFoundation() {
        let bodies = [#"{"playerIds":[1,2,3,4]}"#, #"{"playerIds":[1,1]}"#, #"{"playerIds":1}"#, #"{"seed":1}"#, "{}",
                      #"{"playerIds":[1,2],"pins":{"1":"Team A"}}"#]
        XCTAssertEqual(assertSameAsFoundation(BalanceRequest.self, bodies.map { Array($0.utf8) }).flat, 0)
    }

    /// The edges where a hand-written reader and `JSONDecoder` could part ways: numbers that are
    /// whole but not plain, whitespace JSON does not have, byte-order marks and UTF-16/32, bytes
    /// that are not UTF-8 (or are, but only just), escapes and lone surrogates, duplicate keys
    /// (also canonically equivalent ones), nulls and trailing commas. In a field we read and in
    /// one we ignore (`JSONDecoder` never reads the latter; the flat reader still does).
    func testEdgeCaseBodiesDecodeAsWithFoundation() {
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        var player: [[UInt8]] = []
        for number in ["-0", "0", "1.0", "30.0", "1e2", "1E2", "100e-2", "120", "121", "9223372036854775807", "-9223372036854775808",
                       "9223372036854775808", "-9223372036854775809", "1e400", "00", "-01", "-", "1.", "+1"] {
            player.append(bytes(#"{"name":"Ada","age":\#(number)}"#))
            player.append(bytes(#"{"name":"Ada","unknown":\#(number)}"#))
        }
        for space in ["\u{0C}", "\u{0B}", "\u{A0}", "\u{85}", "\u{2028}", "\u{3000}", "\u{FEFF}", "\u{0}"] {
            player += [bytes("\(space){\"name\":\"Ada\"}"), bytes("{\(space)\"name\":\"Ada\"}"), bytes("{\"name\":\"Ada\"}\(space)")]
        }
        let utf16LE = Array(#"{"name":"Ada"}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE = Array(#"{"name":"Ada"}"#.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf32LE = Array(#"{"name":"Ada"}"#.unicodeScalars).flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] }
        player += [[0xEF, 0xBB, 0xBF] + bytes(#"{"name":"Ada"}"#), utf16LE, utf16BE, [0xFF, 0xFE] + utf16LE, [0xFE, 0xFF] + utf16BE, utf32LE]
        // Invalid UTF-8 (lone, truncated, surrogate, overlong, past U+10FFFF), control bytes, and
        // valid but unusual scalars (DEL, U+FFFE, U+10FFFF, private use).
        for raw: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0x00], [0x1F], [0x7F],
                             [0xEF, 0xBF, 0xBE], [0xF4, 0x8F, 0xBF, 0xBF], [0xEE, 0x80, 0x80]] {
            player.append(bytes(#"{"name":"A"#) + raw + bytes(#"da"}"#))
            player.append(bytes(#"{"name":"Ada","favouriteTeam":"FC"#) + raw + bytes(#""}"#))
            player.append(bytes(#"{"name":"Ada","unknown":""#) + raw + bytes(#""}"#))
            player.append(bytes(#"{"name":"Ada",""#) + raw + bytes(#"":1}"#))
        }
        for escape in [#"\ud800"#, #"\udc00"#, #"\ud800\u0041"#, #"\u0000"#, #"\u00e9"#, #"\/"#, #"\x"#] {
            player.append(bytes(#"{"name":"A\#(escape)da"}"#))
            player.append(bytes(#"{"name":"Ada","unknown":"\#(escape)"}"#))
            player.append(bytes(#"{"name":"Ada","\#(escape)":1}"#))
            player.append(bytes(#"{"na\#(escape)me":"Ada"}"#))
        }
        player += [
            #"{"name":"A","name":"B"}"#, #"{"name":"Ada","unknown":1,"unknown":2}"#, #"{"name":"Ada","skill":"amateur","skill":"professional"}"#,
            "{\"\u{E9}\":1,\"e\u{301}\":2,\"name\":\"Ada\"}", "{\"K\":1,\"\u{212A}\":2,\"name\":\"Ada\"}",
            "{\"name\":\"e\u{301}\"}", "{\"name\":\"\u{212A}\"}", "{\"name\":\"Ada\",\"favouriteTeam\":\"Sa\u{301}o Paulo\"}",
            #"{"name":"Ada",}"#, #"{"name":"Ada"}{}"#, #"{"name":null}"#, #"{"Name":"Ada"}"#, #"{"name ":"Ada"}"#,
            #"{"name":"Ada","skill":null,"preferredPosition":null,"favouriteTeam":null,"age":null}"#, #"{"name":"Ada","age":true}"#,
            "{\"name\":\"Ada\u{7F}\"}", #"{"name":"Ada","super":1}"#,
        ].map(bytes)
        _ = assertSameAsFoundation(PlayerDetails.self, player)

        let drafts = [
            "{}", #"{"id":null}"#, #"{"createdAt":null}"#, #"{"endedAt":null}"#, #"{"createdAt":1}"#, #"{"createdAt":true}"#,
            #"{"createdAt":"2026-11-22T09:00:00Z"}"#, #"{"balanceSeed":-0}"#, #"{"balanceSeed":1.0}"#, #"{"balanceSeed":1e3}"#,
            #"{"balanceSeed":9007199254740991}"#, #"{"balanceSeed":9007199254740992}"#, #"{"balanceSeed":null}"#,
            #"{"id":"3a6f6f31-1e8f-4a53-9d7b-1c2c3d4e5f60"}"#, #"{"id":"3A6F6F31-1E8F-4A53-9D7B-1C2C3D4E5F60","id":null}"#,
            #"{"score":null,"winnerTeam":null}"#, #"{"score":"1-0","winnerTeam":null}"#, #"{"score":"01-00","winnerTeam":"Team A"}"#,
            #"{"score":"1-0","winnerTeam":"Team A","endedAt":null}"#,
        ].map(bytes)
        _ = assertSameAsFoundation(GatherDraft.self, drafts)
        _ = assertSameAsFoundation(GatherResultUpdate.self, [
            #"{"score":"1-0","winnerTeam":"Team A"}"#, #"{"score":"1-0","winnerTeam":null}"#, "{\"score\":\"\u{FF11}-0\",\"winnerTeam\":\"Team A\"}",
            #"{"score":"1-0","winnerTeam":"Team A","score":"0-1"}"#, #"{"score":1,"winnerTeam":"Team A"}"#,
        ].map(bytes))
        _ = assertSameAsFoundation(Credentials.self, [
            #"{"username":"ada","password":"correct horse"}"#, "{\"username\":\"ada\",\"password\":\"correct\u{7F}horse\"}",
            "{\"username\":\"ada\",\"password\":\"correct\u{85}horse\"}", "{\"username\":\"\u{FF21}\u{FF24}\u{FF21}\",\"password\":\"correct horse\"}",
            "{\"username\":\"ada\",\"password\":\"corre\u{301}ct horse\"}", #"{"username":"ada","password":"correct horse","password":"x"}"#,
        ].map(bytes))
        _ = assertSameAsFoundation(TeamAssignment.self,
                                   [#"{"team":"Team A"}"#, #"{"team":null}"#, #"{"team":"Team A","team":"Bench"}"#, "{}", #"{"team":1}"#].map(bytes))
    }

    /// A body as large as the server takes (1 MB), of some hundred thousand members: read in
    /// one pass, with the same answer whether the flat reader finishes it or gives up at its end.
    func testBodiesOfVeryManyMembersDecodeAsWithFoundation() {
        func body(_ member: (Int) -> String, last: String = "") -> [UInt8] {
            var text = #"{"name":"Ada""#
            var index = 0
            while text.utf8.count < (1 << 20) - 64 {
                text += "," + member(index)
                index += 1
            }
            return Array((text + last + "}").utf8)
        }
        let bodies = [body({ #""k\#($0)":\#($0)"# }), body({ #""k\#($0)":null"# }), body({ "\"\u{E9}\($0)\":true" }),
                      body({ #""k\#($0)":"v""# }, last: #","k0":1"#), body({ #""k\#($0)":1"# }, last: #","z":[]"#),
                      body({ _ in #""age":1"# })]
        // The two that give a key twice (`k0`, `age`) are refused before either reader.
        XCTAssertEqual(assertSameAsFoundation(PlayerDetails.self, bodies).decoded, bodies.count - 2)
    }

    /// How many bodies decoded, and how many of those the flat reader answered by itself.
    private struct Tally: CustomStringConvertible {
        var decoded = 0
        var flat = 0
        var description: String { "\(flat) of \(decoded) decoded bodies read the flat way" }
    }

    /// Decodes each body both ways, failing at the first difference.
    /// Values are compared as written too: `==` on strings is canonical equivalence, which would
    /// let an `é` in two spellings pass (a password is kept exactly as typed).
    private func assertSameAsFoundation<T: Codable & Equatable>(_ type: T.Type, _ bodies: [[UInt8]],
                                                                 file: StaticString = #filePath, line: UInt = #line) -> Tally {
        var tally = Tally()
        for body in bodies {
            // Refused before decoding, on purpose: StackedAccentsTests.
            if body.withUnsafeBytes({ StackedAccents.exceedLimit(in: $0) }) { continue }
            // Refused before decoding too, on purpose (DuplicateKeysTests): where Foundation keeps the first.
            if let key = body.withUnsafeBytes({ DuplicateKeys.first(in: $0) }) {
                let ours = Result { () throws(ValidationError) in try WireFormat.decode(type, from: body) }
                guard case .failure(let error) = ours, error == WireFormat.duplicateKey(key) else {
                    XCTFail("\(String(decoding: body, as: UTF8.self)): \(ours), not refused for \(key)", file: file, line: line)
                    return tally
                }
                continue
            }
            let ours = Result { () throws(ValidationError) in try WireFormat.decode(type, from: body) }
            let foundation = Result { () throws(ValidationError) in try WireFormat.decodeWithFoundation(type, from: Data(body)) }
            if ours != foundation || encoded(ours) != encoded(foundation) {
                XCTFail("\(String(decoding: body, as: UTF8.self)): \(ours) ≠ \(foundation)", file: file, line: line)
                return tally
            }
            if case .success = ours { tally.decoded += 1 }
            if decodedTheFlatWay(type, body) != nil { tally.flat += 1 }
        }
        return tally
    }

    private func encoded<T: Encodable>(_ result: Result<T, ValidationError>) -> Data? {
        guard case .success(let value) = result else { return nil }
        return WireFormat.encode(value)
    }

    /// The value the flat reader gives for `body` by itself, if it takes it.
    private func decodedTheFlatWay<T: Decodable>(_ type: T.Type, _ body: [UInt8]) -> T? {
        body.withUnsafeBytes { FlatJSONObject.parse($0) }.flatMap { WireFormat.decodeFlat(type, from: $0) }
    }

    /// The bodies our clients send are read without `JSONDecoder`: the point of the flat reader.
    private func assertTakesTheFlatWay<T: Decodable>(_ type: T.Type, _ bodies: [String],
                                                    file: StaticString = #filePath, line: UInt = #line) {
        for body in bodies {
            XCTAssertNotNil(decodedTheFlatWay(type, Array(body.utf8)), body, file: file, line: line)
        }
    }
}

/// JSON strings for a corpus field.
private func texts(_ values: String...) -> [String] {
    values.map { "\"\($0)\"" }
}

/// Request bodies built from a type's fields: flat objects whose members usually hold a value
/// meant for the field (valid or not) and sometimes any other kind of value, some with unknown or
/// repeated keys; and then those bodies with single bytes changed, added or removed.
private struct Corpus {
    /// Each field's key and JSON values worth trying in it.
    let fields: [(key: String, values: [String])]

    func bodies(seed: UInt64, typical: [String], generated: Int = 4_000, mangled: Int = 4_000) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        var bodies = typical.map { Array($0.utf8) }
        for _ in 0..<generated {
            var members: [String] = []
            for field in fields where random.next(below: 4) != 0 {
                members.append("\"\(field.key)\":\(value(for: field.values, &random))")
            }
            if random.next(below: 8) == 0 { members.append("\"unknown\":\(anyValue(&random))") }
            if random.next(below: 16) == 0, let field = fields.first {
                members.append("\"\(field.key)\":\(value(for: field.values, &random))")
            }
            members.shuffle(using: &random)
            let spacing = [",", ", ", " ,\n", "\t,"][Int(random.next(below: 4))]
            bodies.append(Array("{\(members.joined(separator: spacing))}".utf8))
        }
        let alphabet = Array(#"{}[]":,. -+0123456789eEtrufalsn\"#.utf8) + [0x00, 0x0A, 0x20, 0x80, 0xC3, 0xFF]
        for index in 0..<mangled {
            var body = bodies[index % bodies.count]
            let position = Int(random.next(below: UInt64(body.count + 1)))
            let byte = alphabet[Int(random.next(below: UInt64(alphabet.count)))]
            switch random.next(below: 3) {
            case 0 where position < body.count: body[position] = byte
            case 1 where position < body.count: body.remove(at: position)
            default: body.insert(byte, at: position)
            }
            bodies.append(body)
        }
        return bodies
    }

    private func value(for values: [String], _ random: inout SplitMix64) -> String {
        random.next(below: 5) == 0 ? anyValue(&random) : values[Int(random.next(below: UInt64(values.count)))]
    }

    private func anyValue(_ random: inout SplitMix64) -> String {
        switch random.next(below: 8) {
        case 0: return "null"
        case 1: return ["true", "false"][Int(random.next(below: 2))]
        case 2: return "\(Int(random.next(below: 200)) - 20)"
        case 3: return ["9223372036854775807", "-9223372036854775808", "9223372036854775808", "1e2", "30.0", "-0",
                        "25.5"][Int(random.next(below: 7))]
        case 4: return "[]"
        case 5: return "{}"
        case 6: return "\"esc\\u0041ped\""
        default: return "\"text\""
        }
    }
}

/// A small seeded generator, so a failure names a body that comes back on the next run.
private struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: UInt64) -> UInt64 {
        next() % bound
    }
}
