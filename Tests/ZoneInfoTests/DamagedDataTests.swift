import Foundation
@testable import ZoneInfo
import XCTest

/// Whatever bytes come in, parsing throws or gives rules that answer: no trap, no hang.
final class DamagedDataTests: XCTestCase {
    private func systemFile(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + name)))
    }

    /// Asks a parsed zone everything, at awkward instants, so that evaluation is exercised too.
    private func exercise(_ rules: TimeZoneRules) {
        for seconds in [-1e18, -4e9, -1, 0, 1.5e9, 1_774_746_000, 4e9, 1e18] {
            let date = Date(timeIntervalSince1970: seconds)
            _ = rules.offset(at: date)
            _ = rules.abbreviation(at: date)
            _ = rules.isDaylightSaving(at: date)
            _ = rules.instant(forLocal: rules.local(at: date))
        }
        _ = rules.transitions(from: .distantPast, to: .distantFuture, limit: 50)
        _ = rules.transitions(from: Date(timeIntervalSince1970: 1.5e9), to: Date(timeIntervalSince1970: 4e9), limit: 50)
    }

    func testEveryPrefixOfARealFileIsRefused() throws {
        for name in ["Europe/Amsterdam", "America/Nuuk"] {
            let bytes = try systemFile(name)
            for length in 0..<bytes.count {
                XCTAssertThrowsError(try TimeZoneRules(tzif: Array(bytes.prefix(length)), identifier: name), "\(name), \(length) bytes")
            }
            exercise(try TimeZoneRules(tzif: bytes, identifier: name))
        }
    }

    func testEveryPrefixOfAVersionOneFileIsRefused() {
        var builder = TZifBuilder.slimCentralEurope()
        builder.version = 0
        let bytes = builder.bytes
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try TimeZoneRules(tzif: Array(bytes.prefix(length)), identifier: "V1"), "\(length) bytes")
        }
    }

    func testRandomByteFlipsThrowOrAnswer() throws {
        var random = SplitMix64(seed: 8536)
        var parsed = 0, refused = 0
        for name in ["Europe/Amsterdam", "America/New_York", "Asia/Tehran", "America/Nuuk", "UTC"] {
            let original = try systemFile(name)
            for _ in 0..<1500 {
                var bytes = original
                for _ in 0..<random.next(in: 1...4) {
                    let index = random.next(in: 0...(bytes.count - 1))
                    // Mostly small changes (counts off by a little), sometimes any byte at all.
                    bytes[index] = random.next(in: 0...3) == 0 ? UInt8(random.next(in: 0...255)) : bytes[index] ^ (1 << UInt8(random.next(in: 0...7)))
                }
                do {
                    exercise(try TimeZoneRules(tzif: bytes, identifier: name))
                    parsed += 1
                } catch {
                    guard case .malformed = error else { return XCTFail("\(error)") }
                    refused += 1
                }
            }
        }
        // Both outcomes happen: flips in transition times pass, flips in counts and magic do not.
        XCTAssertGreaterThan(parsed, 100)
        XCTAssertGreaterThan(refused, 100)
    }

    func testRandomFootersThrowOrAnswer() {
        var random = SplitMix64(seed: 3)
        let alphabet = Array("<>+-:,./JM0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for _ in 0..<5000 {
            let text = (0..<random.next(in: 1...30)).map { _ in alphabet[random.next(in: 0...(alphabet.count - 1))] }
            guard let zone = try? POSIXTimeZone(parsing: text) else { continue }
            for seconds in [-1 << 49, -1, 0, 1_774_746_000, 1 << 49] { _ = zone.type(atSeconds: seconds) }
        }
        // Valid rules with every extreme field.
        for text in ["AAA-24:59:59BBB+24:59:59,J365/167,J1/-167", "AAA24BBB,365/-167,0/167", "AAA0BBB,M12.5.6/167,M1.1.0/-167"] {
            var builder = TZifBuilder.slimCentralEurope()
            builder.footer = text
            guard let rules = try? TimeZoneRules(tzif: builder.bytes, identifier: "X") else { return XCTFail(text) }
            exercise(rules)
        }
    }

    func testGarbageAfterAPlausibleHeader() {
        var random = SplitMix64(seed: 44)
        for _ in 0..<3000 {
            var bytes = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
            for _ in 0..<6 { bytes += [0, 0, 0, UInt8(random.next(in: 0...12))] }
            bytes += (0..<random.next(in: 0...400)).map { _ in UInt8(random.next(in: 0...255)) }
            if let rules = try? TimeZoneRules(tzif: bytes, identifier: "G") { exercise(rules) }
        }
    }
}
