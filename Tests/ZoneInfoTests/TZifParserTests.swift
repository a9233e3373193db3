import Foundation
@testable import ZoneInfo
import XCTest

/// TZif files of every version and shape, and every way the RFC says one can be wrong.
final class TZifParserTests: XCTestCase {
    private func seconds(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0) -> Date {
        Date(timeIntervalSince1970: Double(LocalDateTime(year: year, month: month, day: day, hour: hour).localSeconds))
    }

    func testASlimFileAnswersFromItsFooter() throws {
        let zone = try TimeZoneRules(tzif: TZifBuilder.slimCentralEurope().bytes, identifier: "Test/Slim")
        XCTAssertEqual(zone.identifier, "Test/Slim")
        XCTAssertEqual(zone.offset(at: seconds(1996, 7, 1)), 7200, "from the table")
        XCTAssertEqual(zone.offset(at: seconds(2030, 1, 15)), 3600, "from the footer")
        XCTAssertEqual(zone.offset(at: seconds(2030, 7, 15)), 7200)
        XCTAssertEqual(zone.abbreviation(at: seconds(2030, 7, 15)), "CEST")
        XCTAssertTrue(zone.isDaylightSaving(at: seconds(2030, 7, 15)))
        // 2030: last Sundays of March and October are the 31st and the 27th.
        XCTAssertEqual(zone.transitions(from: seconds(2030, 1, 1), to: seconds(2031, 1, 1)), [
            Transition(instant: seconds(2030, 3, 31, 1), offsetBefore: 3600, offsetAfter: 7200, abbreviation: "CEST", isDaylightSaving: true),
            Transition(instant: seconds(2030, 10, 27, 1), offsetBefore: 7200, offsetAfter: 3600, abbreviation: "CET", isDaylightSaving: false),
        ])
        // The table's last change and the footer's first follow on without a gap or a repeat.
        let acrossTheSeam = zone.transitions(from: seconds(1996, 1, 1), to: seconds(1998, 1, 1))
        XCTAssertEqual(acrossTheSeam.map(\.instant), [seconds(1996, 3, 31, 1), seconds(1996, 10, 27, 1), seconds(1997, 3, 30, 1),
                                                      seconds(1997, 10, 26, 1)])
    }

    func testTheSlimFileAgreesWithTheSystemsFullOne() throws {
        let slim = try TimeZoneRules(tzif: TZifBuilder.slimCentralEurope().bytes, identifier: "Test/Slim")
        let amsterdam = try TimeZoneRules.load(identifier: "Europe/Amsterdam")
        let from = seconds(1997, 1, 1), to = seconds(2100, 1, 1)
        XCTAssertEqual(slim.transitions(from: from, to: to), amsterdam.transitions(from: from, to: to))
        XCTAssertEqual(slim.transitions(from: from, to: to).count, 2 * 103)
    }

    func testAFileWithNoTransitionsUsesItsFooterThroughout() throws {
        var builder = TZifBuilder.slimCentralEurope()
        builder.times = []
        builder.typeIndices = []
        let zone = try TimeZoneRules(tzif: builder.bytes, identifier: "Test/NoTable")
        XCTAssertEqual(zone.offset(at: seconds(1950, 7, 1)), 7200)
        XCTAssertEqual(zone.offset(at: seconds(1950, 1, 1)), 3600)
        XCTAssertEqual(zone.transitions(from: seconds(2000, 1, 1), to: seconds(2001, 1, 1)).count, 2)
    }

    func testAnEmptyFooterKeepsTheLastLocalTime() throws {
        var builder = TZifBuilder.slimCentralEurope()
        builder.footer = ""
        let zone = try TimeZoneRules(tzif: builder.bytes, identifier: "Test/Frozen")
        XCTAssertEqual(zone.offset(at: seconds(2030, 7, 15)), 3600)
        XCTAssertEqual(zone.transitions(from: seconds(1997, 1, 1), to: seconds(2100, 1, 1)), [])
    }

    func testVersionOneFilesUseTheir32BitData() throws {
        var builder = TZifBuilder.slimCentralEurope()
        builder.version = 0
        let zone = try TimeZoneRules(tzif: builder.bytes, identifier: "Test/V1")
        XCTAssertEqual(zone.offset(at: seconds(1996, 7, 1)), 7200)
        XCTAssertEqual(zone.offset(at: seconds(1995, 7, 1)), 3600, "before the first transition: type 0")
        XCTAssertEqual(zone.offset(at: seconds(2030, 7, 15)), 3600, "no footer: the last local time")
        for version in ["3", "4"] {
            builder.version = UInt8(ascii: Unicode.Scalar(version) ?? "2")
            XCTAssertEqual(try TimeZoneRules(tzif: builder.bytes, identifier: "Test/V").offset(at: seconds(2030, 7, 15)), 7200, version)
        }
    }

    func testEveryKindOfDamageIsNamed() {
        func refuses(_ change: (inout TZifBuilder) -> Void, _ expected: String, line: UInt = #line) {
            var builder = TZifBuilder.slimCentralEurope()
            change(&builder)
            XCTAssertThrowsError(try TimeZoneRules(tzif: builder.bytes, identifier: "T"), line: line) { error in
                guard case .malformed(let detail) = error as? ZoneInfoError else { return XCTFail("\(error)", line: line) }
                XCTAssertTrue(detail.contains(expected), "“\(detail)” does not say “\(expected)”", line: line)
                XCTAssertTrue(detail.hasPrefix("T: "), detail, line: line)
            }
        }
        refuses({ $0.version = UInt8(ascii: "1") }, "unknown TZif version")
        refuses({ $0.version = UInt8(ascii: "A") }, "unknown TZif version")
        refuses({ $0.times = [846_378_000, 828_234_000] }, "not in increasing order")
        refuses({ $0.times = [828_234_000, 828_234_000] }, "not in increasing order")
        refuses({ $0.typeIndices = [1, 2] }, "names local time type 2 of 2")
        refuses({ $0.types[0].offset = Int32.min }, "beyond ±26 hours")
        refuses({ $0.types[0].offset = 93_600 }, "beyond ±26 hours")
        refuses({ $0.types[0].isDaylightSaving = 2 }, "neither 0 nor 1")
        refuses({ $0.types[1].abbreviationIndex = 9 }, "abbreviation index 9")
        refuses({ $0.abbreviations = Array("CET\0CEST".utf8) }, "not NUL-terminated")
        refuses({ $0.types = []; $0.typeIndices = [] ; $0.times = [] }, "no local time types")
        refuses({ $0.abbreviations = []; $0.types = [.init(offset: 0, abbreviationIndex: 0)]; $0.typeIndices = [0, 0] }, "no abbreviation")
        refuses({ $0.countOverride = [1, 0, 0, 2, 2, 9] }, "UT indicators")
        refuses({ $0.countOverride = [0, 1, 0, 2, 2, 9] }, "standard indicators")
        refuses({ $0.countOverride = [0, 0, 0, UInt32.max, 2, 9] }, "truncated")
        refuses({ $0.countOverride = [UInt32.max, UInt32.max, UInt32.max, UInt32.max, UInt32.max, UInt32.max] }, "truncated")
        refuses({ $0.footer = "CET-1CEST,M3.5.0" }, "footer: TZ string")
        refuses({ $0.footer = "CET-1\nX" }, "unexpected bytes after the footer")
    }

    func testOtherDamage() throws {
        let good = TZifBuilder.slimCentralEurope().bytes
        func refuses(_ bytes: [UInt8], _ expected: String, line: UInt = #line) {
            XCTAssertThrowsError(try TimeZoneRules(tzif: bytes, identifier: "T"), line: line) { error in
                guard case .malformed(let detail) = error as? ZoneInfoError else { return XCTFail("\(error)", line: line) }
                XCTAssertTrue(detail.contains(expected), "“\(detail)” does not say “\(expected)”", line: line)
            }
        }
        refuses([], "truncated")
        refuses(Array("TZiF2".utf8) + good.dropFirst(5), "not a TZif file")
        refuses(good + [0], "unexpected bytes after the footer")
        refuses(Array(good.dropLast()), "truncated")
        var version1 = TZifBuilder.slimCentralEurope()
        version1.version = 0
        refuses(version1.bytes + [0], "unexpected bytes after the data")
        // A standard/UT indicator must be 0 or 1.
        var indicators = TZifBuilder.slimCentralEurope()
        indicators.indicatorCount = 2
        XCTAssertNoThrow(try TimeZoneRules(tzif: indicators.bytes, identifier: "T"))
        var bad = indicators.bytes
        let footerStart = bad.count - "\nCET-1CEST,M3.5.0,M10.5.0/3\n".utf8.count
        bad[footerStart - 1] = 2
        refuses(bad, "indicator is 2")
    }
}
