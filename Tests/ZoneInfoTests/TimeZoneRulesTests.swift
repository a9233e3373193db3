import Foundation
@testable import ZoneInfo
import XCTest

/// Real zones from this machine's /usr/share/zoneinfo, checked against dates known by hand.
final class TimeZoneRulesTests: XCTestCase {
    private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        Date(timeIntervalSince1970: Double(LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute).localSeconds))
    }

    private func zone(_ identifier: String) throws -> TimeZoneRules {
        try TimeZoneRules.load(identifier: identifier)
    }

    func testAmsterdamWinterAndSummer() throws {
        let amsterdam = try zone("Europe/Amsterdam")
        XCTAssertEqual(amsterdam.identifier, "Europe/Amsterdam")
        for year in [2026, 2035, 2050, 2100, 2400] {
            XCTAssertEqual(amsterdam.offset(at: utc(year, 1, 15)), 3600, "\(year)")
            XCTAssertEqual(amsterdam.abbreviation(at: utc(year, 1, 15)), "CET")
            XCTAssertFalse(amsterdam.isDaylightSaving(at: utc(year, 1, 15)))
            XCTAssertEqual(amsterdam.offset(at: utc(year, 7, 15)), 7200, "\(year)")
            XCTAssertEqual(amsterdam.abbreviation(at: utc(year, 7, 15)), "CEST")
            XCTAssertTrue(amsterdam.isDaylightSaving(at: utc(year, 7, 15)))
        }
        XCTAssertEqual(amsterdam.offset(at: utc(1800, 1, 1)), 1172, "local mean time, +0:19:32")
        XCTAssertEqual(amsterdam.abbreviation(at: utc(1800, 1, 1)), "LMT")
    }

    func testAmsterdamChangesOn29MarchAnd25October2026() throws {
        let amsterdam = try zone("Europe/Amsterdam")
        XCTAssertEqual(amsterdam.transitions(from: utc(2026, 1, 1), to: utc(2027, 1, 1)), [
            Transition(instant: Date(timeIntervalSince1970: 1_774_746_000), offsetBefore: 3600, offsetAfter: 7200,
                       abbreviation: "CEST", isDaylightSaving: true),
            Transition(instant: Date(timeIntervalSince1970: 1_792_890_000), offsetBefore: 7200, offsetAfter: 3600,
                       abbreviation: "CET", isDaylightSaving: false),
        ])
        XCTAssertEqual(amsterdam.offset(at: Date(timeIntervalSince1970: 1_774_746_000 - 0.5)), 3600, "half a second before")
        XCTAssertEqual(amsterdam.offset(at: Date(timeIntervalSince1970: 1_774_746_000)), 7200)
        XCTAssertEqual(amsterdam.local(at: Date(timeIntervalSince1970: 1_774_746_000 - 1)),
                       LocalDateTime(year: 2026, month: 3, day: 29, hour: 1, minute: 59, second: 59))
        XCTAssertEqual(amsterdam.local(at: Date(timeIntervalSince1970: 1_774_746_000)), LocalDateTime(year: 2026, month: 3, day: 29, hour: 3))
    }

    func testAmsterdamIn2040ComesFromTheFooter() throws {
        // The system's files list changes until 2037; later ones come from the footer rule.
        let amsterdam = try zone("Europe/Amsterdam")
        let changes = amsterdam.transitions(from: utc(2040, 1, 1), to: utc(2041, 1, 1))
        XCTAssertEqual(changes.map { amsterdam.local(at: $0.instant) }, [
            LocalDateTime(year: 2040, month: 3, day: 25, hour: 3), LocalDateTime(year: 2040, month: 10, day: 28, hour: 2),
        ])
        XCTAssertEqual(changes.map(\.instant), [utc(2040, 3, 25, 1), utc(2040, 10, 28, 1)])
    }

    func testNewYork() throws {
        let newYork = try zone("America/New_York")
        XCTAssertEqual(newYork.offset(at: utc(2026, 1, 15)), -18_000)
        XCTAssertEqual(newYork.abbreviation(at: utc(2026, 1, 15)), "EST")
        XCTAssertEqual(newYork.offset(at: utc(2026, 7, 15)), -14_400)
        XCTAssertEqual(newYork.abbreviation(at: utc(2026, 7, 15)), "EDT")
        XCTAssertEqual(newYork.transitions(from: utc(2026, 1, 1), to: utc(2027, 1, 1)).map(\.instant.timeIntervalSince1970),
                       [1_772_953_200, 1_793_512_800])
    }

    func testSydneyKeepsSummerAroundNewYear() throws {
        let sydney = try zone("Australia/Sydney")
        XCTAssertEqual(sydney.offset(at: utc(2026, 1, 15)), 39_600)
        XCTAssertEqual(sydney.abbreviation(at: utc(2026, 1, 15)), "AEDT")
        XCTAssertTrue(sydney.isDaylightSaving(at: utc(2026, 1, 15)))
        XCTAssertEqual(sydney.offset(at: utc(2026, 7, 15)), 36_000)
        XCTAssertEqual(sydney.abbreviation(at: utc(2045, 7, 15)), "AEST")
        XCTAssertEqual(sydney.abbreviation(at: utc(2045, 12, 31, 23)), "AEDT")
        XCTAssertEqual(sydney.transitions(from: utc(2026, 1, 1), to: utc(2027, 1, 1)), [
            Transition(instant: Date(timeIntervalSince1970: 1_775_318_400), offsetBefore: 39_600, offsetAfter: 36_000,
                       abbreviation: "AEST", isDaylightSaving: false),
            Transition(instant: Date(timeIntervalSince1970: 1_791_043_200), offsetBefore: 36_000, offsetAfter: 39_600,
                       abbreviation: "AEDT", isDaylightSaving: true),
        ])
    }

    func testKolkataIsFiveAndAHalfHoursAllYear() throws {
        let kolkata = try zone("Asia/Kolkata")
        for month in [1, 7] {
            XCTAssertEqual(kolkata.offset(at: utc(2026, month, 1)), 19_800)
            XCTAssertEqual(kolkata.abbreviation(at: utc(2026, month, 1)), "IST")
        }
        XCTAssertEqual(kolkata.transitions(from: utc(1950, 1, 1), to: utc(2200, 1, 1)), [])
        XCTAssertEqual(kolkata.local(at: utc(2026, 6, 1, 20)), LocalDateTime(year: 2026, month: 6, day: 2, hour: 1, minute: 30))
    }

    func testTehranAfterItsLastDaylightSavingTime() throws {
        // Iran stopped daylight saving time in 2022; the footer is `<+0330>-3:30`.
        let tehran = try zone("Asia/Tehran")
        XCTAssertEqual(tehran.offset(at: utc(2021, 7, 1)), 16_200)
        XCTAssertTrue(tehran.isDaylightSaving(at: utc(2021, 7, 1)))
        for year in [2026, 2040, 2100] {
            XCTAssertEqual(tehran.offset(at: utc(year, 7, 1)), 12_600)
            XCTAssertEqual(tehran.abbreviation(at: utc(year, 7, 1)), "+0330")
            XCTAssertFalse(tehran.isDaylightSaving(at: utc(year, 7, 1)))
        }
        XCTAssertEqual(tehran.transitions(from: utc(2023, 1, 1), to: utc(2300, 1, 1)), [])
    }

    func testUTC() throws {
        for name in ["UTC", "Etc/UTC"] {
            let utcZone = try zone(name)
            XCTAssertEqual(utcZone.identifier, name)
            XCTAssertEqual(utcZone.offset(at: utc(2026, 7, 1)), 0)
            XCTAssertEqual(utcZone.abbreviation(at: utc(2026, 7, 1)), "UTC")
            XCTAssertEqual(utcZone.transitions(from: .distantPast, to: .distantFuture), [])
            XCTAssertEqual(utcZone.local(at: utc(2026, 7, 1, 12)), LocalDateTime(year: 2026, month: 7, day: 1, hour: 12))
        }
        XCTAssertEqual(TimeZoneRules.utc.offset(at: .distantFuture), 0)
    }

    func testASlimFileFromZicAgreesWithTheSystemsFullOne() throws {
        // zic -b slim lists changes only until the rules settle (1996 here); the footer does the rest.
        let zic = "/usr/sbin/zic"
        // libc-bin, which every Debian has, installs zic: its absence is a broken machine, a failure.
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: zic), "zic is not installed")
        let directory = try TemporaryDirectory()
        let source = """
            Rule\tEU\t1981\tmax\t-\tMar\tlastSun\t1:00u\t1:00\tS
            Rule\tEU\t1981\t1995\t-\tSep\tlastSun\t1:00u\t0\t-
            Rule\tEU\t1996\tmax\t-\tOct\tlastSun\t1:00u\t0\t-
            Zone\tSlim/Amsterdam\t1:00\tEU\tCE%sT

            """
        try directory.write(Array(source.utf8), to: "source")
        let process = try Process.run(URL(fileURLWithPath: zic), arguments: ["-b", "slim", "-d", directory.path, directory.path + "/source"])
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let size = try FileManager.default.attributesOfItem(atPath: directory.path + "/Slim/Amsterdam")[.size] as? Int
        XCTAssertLessThan(size ?? .max, 1000, "slim")

        let slim = try TimeZoneRules.load(identifier: "Slim/Amsterdam", directory: directory.path)
        let amsterdam = try zone("Europe/Amsterdam")
        XCTAssertEqual(slim.transitions(from: utc(1997, 1, 1), to: utc(2100, 1, 1)),
                       amsterdam.transitions(from: utc(1997, 1, 1), to: utc(2100, 1, 1)))
        XCTAssertEqual(slim.transitions(from: utc(2030, 1, 1), to: utc(2031, 1, 1)).map(\.instant), [utc(2030, 3, 31, 1), utc(2030, 10, 27, 1)])
        for (month, offset) in [(1, 3600), (7, 7200)] {
            XCTAssertEqual(slim.offset(at: utc(2030, month, 15)), offset)
            XCTAssertEqual(slim.offset(at: utc(2035, month, 15)), offset)
        }
    }

    func testTransitionsAreBounded() throws {
        let amsterdam = try zone("Europe/Amsterdam")
        let all = amsterdam.transitions(from: .distantPast, to: .distantFuture)
        XCTAssertEqual(all.count, TimeZoneRules.defaultTransitionLimit)
        XCTAssertEqual(all.map(\.instant), all.map(\.instant).sorted())
        XCTAssertEqual(amsterdam.transitions(from: .distantPast, to: .distantFuture, limit: 3).count, 3)
        XCTAssertEqual(amsterdam.transitions(from: .distantPast, to: Date(timeIntervalSince1970: 1e14), limit: .max).count,
                       TimeZoneRules.maximumTransitionLimit)
        XCTAssertEqual(amsterdam.transitions(from: .distantPast, to: .distantFuture, limit: -1), [])
        XCTAssertEqual(amsterdam.transitions(from: utc(2027, 1, 1), to: utc(2026, 1, 1)), [], "an empty range")
        let far = Date(timeIntervalSince1970: 1e300)
        XCTAssertEqual(amsterdam.transitions(from: far, to: far.addingTimeInterval(1e299)), [])
        XCTAssertEqual(amsterdam.offset(at: Date(timeIntervalSince1970: .nan)), 3600)
        XCTAssertEqual(amsterdam.offset(at: Date(timeIntervalSince1970: -.infinity)), 1172)
        _ = amsterdam.offset(at: Date(timeIntervalSince1970: .infinity))
    }

    // MARK: - Local times

    func testAGapIsReadWithTheOffsetBeforeIt() throws {
        let amsterdam = try zone("Europe/Amsterdam")
        let gap = amsterdam.instant(forLocal: LocalDateTime(year: 2026, month: 3, day: 29, hour: 2, minute: 30))
        XCTAssertEqual(gap.timeIntervalSince1970, 1_774_747_800, "01:30 UTC")
        XCTAssertEqual(amsterdam.local(at: gap), LocalDateTime(year: 2026, month: 3, day: 29, hour: 3, minute: 30))
        XCTAssertEqual(amsterdam.instant(forLocal: LocalDateTime(year: 2026, month: 3, day: 29, hour: 2)).timeIntervalSince1970,
                       1_774_746_000, "02:00, the gap's first second, is the change itself")
        let newYork = try zone("America/New_York")
        XCTAssertEqual(newYork.instant(forLocal: LocalDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30)).timeIntervalSince1970,
                       1_772_955_000)
        let sydney = try zone("Australia/Sydney")
        XCTAssertEqual(sydney.instant(forLocal: LocalDateTime(year: 2026, month: 10, day: 4, hour: 2, minute: 30)).timeIntervalSince1970,
                       1_791_045_000)
        XCTAssertEqual(amsterdam.instant(forLocal: LocalDateTime(year: 2040, month: 3, day: 25, hour: 2, minute: 30)),
                       utc(2040, 3, 25, 1, 30), "a gap from the footer rule")
    }

    func testAnOverlapGivesTheEarlierInstant() throws {
        let amsterdam = try zone("Europe/Amsterdam")
        XCTAssertEqual(amsterdam.instant(forLocal: LocalDateTime(year: 2026, month: 10, day: 25, hour: 2, minute: 30)).timeIntervalSince1970,
                       1_792_888_200, "02:30 CEST, 00:30 UTC")
        XCTAssertEqual(amsterdam.instant(forLocal: LocalDateTime(year: 2026, month: 10, day: 25, hour: 3)).timeIntervalSince1970,
                       1_792_893_600, "03:00 happens once")
        let newYork = try zone("America/New_York")
        XCTAssertEqual(newYork.instant(forLocal: LocalDateTime(year: 2026, month: 11, day: 1, hour: 1, minute: 30)).timeIntervalSince1970,
                       1_793_511_000, "01:30 EDT")
        let sydney = try zone("Australia/Sydney")
        XCTAssertEqual(sydney.instant(forLocal: LocalDateTime(year: 2026, month: 4, day: 5, hour: 2, minute: 30)).timeIntervalSince1970,
                       1_775_316_600, "02:30 AEDT")
        XCTAssertEqual(amsterdam.instant(forLocal: LocalDateTime(year: 2040, month: 10, day: 28, hour: 2, minute: 30)),
                       utc(2040, 10, 28, 0, 30), "an overlap from the footer rule")
    }

    func testOrdinaryLocalTimes() throws {
        let amsterdam = try zone("Europe/Amsterdam")
        XCTAssertEqual(amsterdam.instant(forLocal: LocalDateTime(year: 2026, month: 6, day: 14, hour: 19, minute: 30)), utc(2026, 6, 14, 17, 30))
        XCTAssertEqual(amsterdam.instant(forLocal: LocalDateTime(year: 2026, month: 12, day: 31, hour: 23, minute: 30)), utc(2026, 12, 31, 22, 30))
        XCTAssertEqual(try zone("Asia/Kolkata").instant(forLocal: LocalDateTime(year: 2026, month: 1, day: 1)), utc(2025, 12, 31, 18, 30))
        _ = amsterdam.instant(forLocal: LocalDateTime(year: .max, month: .max, day: .max, hour: .max, minute: .max, second: .max))
        _ = amsterdam.instant(forLocal: LocalDateTime(year: .min, month: .min, day: .min, hour: .min, minute: .min, second: .min))
    }

    func testLocalTimesRoundTripInManyZones() throws {
        var random = SplitMix64(seed: 0x5EED)
        for name in ["Europe/Amsterdam", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe", "Asia/Kolkata", "Asia/Tehran",
                     "America/Nuuk", "Europe/Dublin", "Pacific/Chatham", "Pacific/Apia", "Africa/Casablanca", "America/St_Johns"] {
            let rules = try zone(name)
            for _ in 0..<2000 {
                let instant = Date(timeIntervalSince1970: Double(random.next(in: -2_500_000_000...5_000_000_000)))
                let local = rules.local(at: instant)
                let back = rules.instant(forLocal: local)
                XCTAssertEqual(rules.local(at: back), local, "\(name) \(instant)")
                // Only in an overlap's second pass does the earlier instant come back, and then
                // with the larger offset.
                if back != instant {
                    XCTAssertLessThan(back, instant, "\(name) \(instant)")
                    XCTAssertGreaterThan(rules.offset(at: back), rules.offset(at: instant), "\(name) \(instant)")
                }
            }
        }
    }

    func testSystemDefault() throws {
        let directory = TimeZoneRules.defaultDirectory
        func pick(_ environment: String?, _ link: String?, _ file: String?) -> String {
            TimeZoneRules.systemDefault(environment: environment, localtimeLink: link, timezoneFile: file, directory: directory).identifier
        }
        XCTAssertEqual(pick("Europe/Amsterdam", "/usr/share/zoneinfo/Asia/Kolkata", "Asia/Tehran\n"), "Europe/Amsterdam")
        XCTAssertEqual(pick(":America/New_York", nil, nil), "America/New_York")
        XCTAssertEqual(pick("/usr/share/zoneinfo/Asia/Kolkata", nil, nil), "Asia/Kolkata")
        XCTAssertEqual(pick("Nowhere/Town", "../usr/share/zoneinfo/Europe/Dublin", "Asia/Tehran\n"), "Europe/Dublin")
        XCTAssertEqual(pick("../../etc/passwd", "/etc/elsewhere", "Asia/Tehran\n"), "Asia/Tehran")
        XCTAssertEqual(pick("CET-1CEST,M3.5.0,M10.5.0/3", nil, " \n"), "UTC")
        XCTAssertEqual(pick(nil, nil, nil), "UTC")
        let machine = TimeZoneRules.systemDefault()
        XCTAssertTrue(TimeZoneRules.isValidIdentifier(machine.identifier), machine.identifier)
    }
}
