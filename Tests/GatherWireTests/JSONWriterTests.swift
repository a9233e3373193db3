import Foundation
import GatherBalancing
import GatherDomain
import GatherRating
@testable import GatherWire
import XCTest

/// `JSONWriter` must write every wire type byte for byte as `JSONEncoder` (`WireFormat.encode`)
/// does: old clients and scripts see exactly what they saw before. Each type is compared on many
/// random values, with strings that need escaping, every optional set and unset, and dates with
/// fractions of a second.
final class JSONWriterTests: XCTestCase {
    private var generator = SeededGenerator(seed: 2026)

    func testPlayersAreWrittenAsTheEncoderWritesThem() {
        for _ in 0..<500 { assertSameJSON(randomPlayer()) }
        assertSameJSON((0..<20).map { _ in randomPlayer() })
        assertSameJSON([Player]())
    }

    func testGatherPlayersAndMemberships() {
        for _ in 0..<300 {
            assertSameJSON(GatherPlayer(player: randomPlayer(), team: Bool.random(using: &generator) ? .teamA : .teamB,
                                        isRetired: Bool.random(using: &generator)))
            assertSameJSON(GatherMembership(gatherID: UUID(), playerID: Int.random(in: 1...Int.max, using: &generator),
                                            team: Team.allCases.randomElement(using: &generator) ?? .teamA))
        }
    }

    func testGathersWithAndWithoutResultsAndPlayers() {
        for _ in 0..<300 {
            let gather = randomGather()
            assertSameJSON(gather)
            let players = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                GatherPlayer(player: randomPlayer(), team: .teamB, isRetired: Bool.random(using: &generator))
            }
            assertSameJSON(GatherWithPlayers(gather: gather, players: players))
        }
        assertSameJSON((0..<10).map { _ in randomGather() })
    }

    func testStatsAndTheLeaderboard() {
        for _ in 0..<300 {
            let played = Int.random(in: 0...40, using: &generator)
            let won = Int.random(in: 0...played, using: &generator)
            let drawn = Int.random(in: 0...(played - won), using: &generator)
            let streak = played == 0 ? nil : PlayerStats.Streak(outcome: Outcome.allCases.randomElement(using: &generator) ?? .won,
                                                                 length: Int.random(in: 1...played, using: &generator))
            assertSameJSON(PlayerStats(playerID: Int.random(in: 1...9999, using: &generator), played: played, won: won, drawn: drawn,
                                       lost: played - won - drawn, goalsFor: Int.random(in: 0...999, using: &generator),
                                       goalsAgainst: Int.random(in: 0...999, using: &generator), currentStreak: streak,
                                       lastFive: (0..<min(5, played)).map { _ in Outcome.allCases.randomElement(using: &generator) ?? .lost }))
            assertSameJSON([LeaderboardEntry(rank: 1, playerID: 3, name: randomText(), played: played, won: won, drawn: drawn,
                                             lost: played - won - drawn, goalDifference: Int.random(in: -99...99, using: &generator))])
        }
    }

    func testAccountsTokensErrorsHealthAndBalancedTeams() {
        for _ in 0..<200 {
            assertSameJSON(User(id: UUID(), username: randomText()))
            assertSameJSON(AccountSummary(user: User(id: UUID(), username: randomText()),
                                          usage: AccountUsage(players: .init(used: Int.random(in: 0...5_000, using: &generator), limit: 5_000),
                                                              gathers: .init(used: Int.random(in: 0...20_000, using: &generator), limit: 20_000),
                                                              places: .init(used: Int.random(in: 0...500_000, using: &generator), limit: 500_000),
                                                              playersPerGather: 200)))
            assertSameJSON(LoginToken(token: randomText(), userID: UUID(), expiresAt: randomDate()))
            assertSameJSON(ErrorBody(reason: randomText()))
            assertSameJSON(HealthStatus(status: randomText()))
            assertSameJSON(HealthStatus(status: randomText(), reason: randomText()))
            let skillA = Double(Int.random(in: 0...80, using: &generator)) / 2
            let skillB = Double(Int.random(in: 0...80, using: &generator)) / 2
            assertSameJSON(BalanceResponse(teamA: [randomPlayer(), randomPlayer()], teamB: [randomPlayer()], skillA: skillA, skillB: skillB,
                                           positionSpread: Int.random(in: 0...9, using: &generator), seed: Int.random(in: 0...Int.max, using: &generator),
                                           weighting: Bool.random(using: &generator) ? .skill : .record))
        }
    }

    /// The enumerations that write their raw values from a table must write exactly those, and
    /// read exactly those back from stored bytes (anything else is no case).
    func testEveryCaseOfTheEnumerationsWrittenAndReadAsLiterals() {
        for skill in Skill.allCases {
            assertSameJSON(skill)
            XCTAssertEqual(read(skill.rawValue, Skill.init(utf8:)), skill)
        }
        for position in Position.allCases {
            assertSameJSON(position)
            XCTAssertEqual(read(position.rawValue, Position.init(utf8:)), position)
        }
        for team in Team.allCases { assertSameJSON(team) }
        for other in ["", "Amateur", "amateu", "amateurs", "striker ", "goalkeeper\u{0}", "midfield", "défender", "amateuR", "strikes",
                      "a", "professionalprofessional", "goalkeepergoalkeeper", "professionaL", "\u{0}amateur", "midfielder1"] {
            XCTAssertNil(read(other, Skill.init(utf8:)), other)
            XCTAssertNil(read(other, Position.init(utf8:)), other)
        }
    }

    private func assertTextFromBytes(_ bytes: [UInt8], startingAt capacity: Int = 256, file: StaticString = #filePath, line: UInt = #line) {
        var fromBytes = JSONWriter(capacity: capacity)
        fromBytes.int(7)
        bytes.withUnsafeBufferPointer { fromBytes.string(utf8: $0) }
        var fromString = JSONWriter(capacity: capacity)
        fromString.int(7)
        fromString.string(String(decoding: bytes, as: UTF8.self))
        XCTAssertEqual(fromBytes.bytes, fromString.bytes, "\(bytes)", file: file, line: line)
    }

    private func read<Value>(_ text: String, _ parse: (UnsafeBufferPointer<UInt8>) -> Value?) -> Value? {
        var text = text
        return text.withUTF8(parse)
    }

    /// Output far past the first buffer: a roster of thousands, a name of a megabyte, many small
    /// writers started small; every growth keeps what was written.
    func testOutputThatOutgrowsItsBufferManyTimes() {
        assertSameJSON((0..<3_000).map { _ in randomPlayer() })
        assertSameJSON(Player(id: 1, name: String(repeating: "é\"\n/", count: 250_000), favouriteTeam: randomText()))
        for length in 0..<300 {
            let reason = String(repeating: "\u{1}", count: length)
            let expected = Array(WireFormat.encode(ErrorBody(reason: reason)))
            XCTAssertEqual(ErrorBody(reason: reason).jsonBytes(capacity: 1), expected, "\(length) escapes from a one-byte start")
        }
    }

    func testEveryControlCharacterQuoteBackslashAndSlash() {
        let every = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self)
        assertSameJSON(ErrorBody(reason: every))
        assertSameJSON(ErrorBody(reason: "a/b \"c\" \\d é ü 日本 😀 \u{2028}\u{2029}\u{FEFF}"))
        assertSameJSON(ErrorBody(reason: ""))
    }

    /// Stored text is written from its bytes (`string(utf8:)`): it must come out as the same text
    /// decoded to a string would, bytes that are not UTF-8 replaced as `String(decoding:)` replaces
    /// them, wherever they fall and however full the buffer was.
    func testTextFromBytesIsWrittenAsItsDecodedString() {
        let named: [[UInt8]] = [
            [], Array("plain".utf8), Array("é ü 日本 😀 \u{10FFFF} \u{FFFF} \u{2028}".utf8), Array("\"\\\n\u{1}/".utf8),
            [0xC3], [0xC3, 0x28], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
            [0xED, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
            [0x80], [0xBF, 0x41], [0xE2, 0x82], [0xF0, 0x9F, 0x98], Array("ok".utf8) + [0xE2, 0x82] + Array("\"".utf8),
        ]
        for bytes in named { assertTextFromBytes(bytes) }
        // Plain text read eight bytes at a time: one byte that is not plain at every place of
        // the words and of the tail, each of the kinds a word-at-a-time test must not miss.
        for special: UInt8 in [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xA9, 0xC3, 0xE2, 0xFF] {
            for place in 0..<21 {
                var bytes = Array("abcdefghijklmnopqrstu".utf8)
                bytes[place] = special
                assertTextFromBytes(bytes)
                if place + 1 < bytes.count, special == 0xC3 {
                    bytes[place + 1] = 0xA9  // é whole
                    assertTextFromBytes(bytes)
                }
            }
        }
        // Random bytes drawn mostly from the ranges that matter: plain ASCII, what needs escaping,
        // lead bytes of every length and continuation bytes.
        let pools: [ClosedRange<UInt8>] = [0x20...0x7E, 0x00...0x1F, 0x80...0xBF, 0xC0...0xDF, 0xE0...0xEF, 0xF0...0xFF]
        for round in 0..<20_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let bytes = (0..<length).map { _ in
                UInt8.random(in: pools.randomElement(using: &generator) ?? 0x20...0x7E, using: &generator)
            }
            assertTextFromBytes(bytes, startingAt: round % 7 == 0 ? 1 : 256)
        }
    }

    /// Short texts (4 to 16 bytes) are written in one step when plain: a text of every length
    /// around that range, with one byte that is not plain at each place, comes out as
    /// `JSONEncoder` writes the same text decoded, from bytes and from a string alike.
    func testShortTextsWithOneByteNotPlainAtEachPlace() {
        for length in 0...18 {
            let plain = (0..<length).map { UInt8(0x41 + $0 % 26) }
            assertTextAsTheEncoderWritesIt(plain)
            for place in 0..<length {
                for special: UInt8 in [0x00, 0x1F, 0x22, 0x5C, 0x7F, 0x80, 0xC3, 0xFF] {
                    var bytes = plain
                    bytes[place] = special
                    assertTextAsTheEncoderWritesIt(bytes)
                }
            }
        }
    }

    private func assertTextAsTheEncoderWritesIt(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let text = String(decoding: bytes, as: UTF8.self)
        let expected = Array(WireFormat.encode([text]))
        var fromBytes = JSONWriter(capacity: 1)
        fromBytes.array { array in array.element { element in bytes.withUnsafeBufferPointer { element.string(utf8: $0) } } }
        XCTAssertEqual(fromBytes.bytes, expected, "\(bytes) from bytes", file: file, line: line)
        var fromString = JSONWriter(capacity: 1)
        fromString.array([text]) { $0.string($1) }
        XCTAssertEqual(fromString.bytes, expected, "\(bytes) from a string", file: file, line: line)
    }

    /// The word-at-a-time test says "plain" exactly when each of the eight bytes is.
    func testAWordIsPlainExactlyWhenEachOfItsBytesIs() {
        func plain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x80 && byte != 0x22 && byte != 0x5C }
        for place in 0..<8 {
            for byte in 0...0xFF {
                var bytes = Array("ABCDEFGH".utf8)
                bytes[place] = UInt8(byte)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                XCTAssertEqual(JSONWriter.isPlain(word), plain(UInt8(byte)), "\(byte) at \(place)")
            }
        }
        for _ in 0..<100_000 {
            let bytes = (0..<8).map { _ in UInt8.random(in: Bool.random(using: &generator) ? 0x1E...0x24 : 0...0xFF, using: &generator) }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            XCTAssertEqual(JSONWriter.isPlain(word), bytes.allSatisfy(plain), "\(bytes)")
        }
    }

    /// Every pair of a first byte from 0x80 and a second byte, with valid continuation bytes after:
    /// a sequence is taken as UTF-8 exactly when the standard library takes it.
    func testEverySequenceIsJudgedAsTheStandardLibraryJudgesIt() {
        for lead in 0x80...0xFF {
            for second in 0...0xFF {
                for length in 2...4 {
                    let bytes = [UInt8(lead), UInt8(second)] + Array(repeating: 0x80, count: length - 2)
                    let valid = bytes.withUnsafeBufferPointer { UTF8Validity.sequenceLength($0, at: 0) == bytes.count }
                    let decoded = String(validating: bytes, as: UTF8.self)
                    XCTAssertEqual(valid, decoded != nil && decoded?.unicodeScalars.count == 1, "\(bytes)")
                }
            }
        }
    }

    /// An array written as its elements come: as one written from a whole array.
    func testArraysWrittenAsTheirElementsCome() throws {
        let players = (0..<50).map { _ in randomPlayer() }
        var writer = JSONWriter(capacity: 1)
        writer.array { array in
            for player in players { array.element { player.write(to: &$0) } }
        }
        XCTAssertEqual(writer.bytes, Array(WireFormat.encode(players)))

        var empty = JSONWriter()
        empty.array { _ in }
        XCTAssertEqual(empty.bytes, Array("[]".utf8))

        struct Stop: Error {}
        var stopped = JSONWriter()
        XCTAssertThrowsError(try stopped.array { array in
            array.element { $0.int(1) }
            throw Stop()
        }) { XCTAssertTrue($0 is Stop) }
    }

    /// Keys and texts of every length up to past the short copies' limits, from a buffer that
    /// must grow for most of them.
    func testNamesOfEveryLengthAreCopiedWhole() {
        for length in 0..<70 {
            let name = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x41 + $0 % 26))) })
            assertSameJSON(Player(id: length, name: name, favouriteTeam: String(name.reversed())))
            var writer = JSONWriter(capacity: 1)
            writer.string(name)
            XCTAssertEqual(writer.bytes, Array("\"\(name)\"".utf8))
        }
    }

    /// Every whole number of hundredths up to ±3,000 (every rating and rate there is), random ones
    /// up to past a billion, and random doubles of every size: written as their shortest
    /// round-trip form without a `.0`.
    func testDoublesAreWrittenInTheirShortestRoundTripForm() {
        func described(_ value: Double) -> String {
            let text = value.description
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        let hundredths = (-300_000...300_000).map { Double($0) / 100 }
        let large = (0..<20_000).map { _ in Double(Int.random(in: -200_000_000_000...200_000_000_000, using: &generator)) / 100 }
        let any = (0..<20_000).map { _ in Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)) }.filter(\.isFinite)
        let rounded = (0..<20_000).map { _ in (Double.random(in: -1e6...1e6, using: &generator) * 100).rounded() / 100 + 0 }
        for value in hundredths + large + any + rounded + [0, -0.0, 1e9, -1e9, 1e9 - 0.01, 0.01, -0.01, 0.005, 1e-7, .leastNonzeroMagnitude] {
            var writer = JSONWriter(capacity: 1)
            writer.double(value)
            let written = String(decoding: writer.bytes, as: UTF8.self)
            if written != described(value) { XCTFail("\(value) written as \(written), not \(described(value))") }
        }
    }

    func testNumbersAtTheirLimits() {
        // Every number of digits, either side of each power of ten.
        let powers = (0...18).map { exponent in (0..<exponent).reduce(1) { result, _ in result * 10 } }
        let edges = powers.flatMap { [$0 - 1, $0, $0 + 1] }
        for value in [0, 1, -1, 9, 10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1] + edges + edges.map(-) {
            assertSameJSON(Player(id: value, name: "n", age: value))
        }
        // Every number of up to five digits, either sign, and random ones of every size: written
        // two digits at a time, each as `String` writes it.
        let randomSizes = (0..<10_000).map { _ in Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...62, using: &generator) }
        for value in Array(-100_000...100_000) + randomSizes {
            var writer = JSONWriter(capacity: 1)
            writer.int(value)
            let written = String(decoding: writer.bytes, as: UTF8.self)
            if written != String(value) { XCTFail("\(value) written as \(written)") }
        }
        for value in [0.0, -0.0, 1.0, 0.5, 1.0 / 3.0, 2.0 / 3.0, 7.5, 1e16, 1e-7, 123_456_789.0, 0.1 + 0.2] {
            assertSameJSON(LeaderboardEntry(rank: 1, playerID: 1, name: "n", played: 0, won: 0, drawn: 0, lost: 0, goalDifference: 0),
                           patch: { $0.winRate = value })
        }
    }

    func testDatesFarFromNowAndBetweenSeconds() {
        for seconds in [0.0, -0.5, -100.5, 1.999, 951_782_400.0 /* 2000-02-29 */, 4_102_444_799.9, 253_402_300_799.0, 253_402_300_800.5, -12_219_292_801.0, -12_219_292_800.0, -62_135_596_800.0] {
            assertSameJSON(LoginToken(token: "t", userID: UUID(), expiresAt: Date(timeIntervalSince1970: seconds)))
        }
    }

    // MARK: Helpers

    private func assertSameJSON<T: JSONWritable>(_ value: T, patch: (inout T) -> Void = { _ in }, file: StaticString = #filePath, line: UInt = #line) {
        var value = value
        patch(&value)
        let expected = Array(WireFormat.encode(value))
        let written = value.jsonBytes()
        XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: expected, as: UTF8.self), file: file, line: line)
        XCTAssertEqual(written, expected, "bytes differ", file: file, line: line)
    }

    private func randomPlayer() -> Player {
        Player(id: Int.random(in: 1...100_000, using: &generator), name: randomText(),
               age: Bool.random(using: &generator) ? Int.random(in: 1...120, using: &generator) : nil,
               skill: Bool.random(using: &generator) ? Skill.allCases.randomElement(using: &generator) : nil,
               preferredPosition: Bool.random(using: &generator) ? Position.allCases.randomElement(using: &generator) : nil,
               favouriteTeam: Bool.random(using: &generator) ? randomText() : nil)
    }

    private func randomGather() -> Gather {
        let ended = Bool.random(using: &generator)
        let score = Score(teamA: Int.random(in: 0...999, using: &generator), teamB: Int.random(in: 0...999, using: &generator))
        return Gather(id: UUID(), userID: UUID(), result: ended ? score.map(GatherResult.init(score:)) : nil, createdAt: randomDate(),
                      endedAt: ended ? randomDate() : nil,
                      balanceSeed: Bool.random(using: &generator) ? Int.random(in: 0...Int.max, using: &generator) : nil)
    }

    private func randomDate() -> Date {
        Date(timeIntervalSince1970: Double.random(in: -1e9...4e9, using: &generator))
    }

    /// Letters, digits, and now and then a character JSON must escape or one beyond ASCII.
    private func randomText() -> String {
        let pieces = ["a", "Z", "7", " ", "/", "\"", "\\", "\n", "\t", "\r", "\u{8}", "\u{c}", "\u{1}", "\u{1f}", "\u{7f}",
                      "é", "ß", "日", "😀", "\u{2028}", "-", "'"]
        return String((0..<Int.random(in: 0...24, using: &generator)).map { _ in
            pieces.randomElement(using: &generator) ?? "a"
        }.joined())
    }
}
