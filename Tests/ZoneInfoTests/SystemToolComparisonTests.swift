import Foundation
@testable import ZoneInfo
import XCTest

/// Our answers beside two other readers of the same files: glibc (through `date`) and tzcode's
/// own `zdump`, for zones chosen for their oddities.
final class SystemToolComparisonTests: XCTestCase {
    private static let zones = [
        "Europe/Amsterdam", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Asia/Tehran", "UTC",
        "America/Nuuk",            // footer with negative rule hours (version 3)
        "Europe/Dublin",           // "negative" daylight saving time: IST in summer is standard, GMT in winter DST
        "Australia/Lord_Howe",     // half-hour daylight saving time
        "Pacific/Chatham",         // +12:45 / +13:45
        "Pacific/Apia",            // skipped 30 December 2011
        "Africa/Casablanca",       // a table of Ramadan changes, no footer rule
        "America/St_Johns", "America/Sao_Paulo", "America/Santiago", "Antarctica/Troll", "Pacific/Kiritimati", "Etc/GMT+5",
    ]

    /// `date` reads `@seconds` lines and prints the offset with seconds (`+00:19:32`) and the abbreviation.
    func testOffsetsAndAbbreviationsMatchDate() throws {
        var random = SplitMix64(seed: 2026)
        for name in Self.zones {
            let rules = try TimeZoneRules.load(identifier: name)
            // Random instants from 1850 to 2150, and every change in that span with the second before it.
            var instants = (0..<300).map { _ in random.next(in: -3_786_825_600...5_680_281_600) }
            let changes = rules.transitions(from: Date(timeIntervalSince1970: -3_786_825_600), to: Date(timeIntervalSince1970: 5_680_281_600))
            for change in changes.prefix(300) {
                let second = Int(change.instant.timeIntervalSince1970)
                instants += [second - 1, second]
            }
            let input = instants.map { "@\($0)" }.joined(separator: "\n") + "\n"
            let output = try run("/usr/bin/date", ["-f", "-", "+%::z %Z"], environment: ["TZ": name], input: input)
            let lines = output.split(separator: "\n")
            XCTAssertEqual(lines.count, instants.count, name)
            for (second, line) in zip(instants, lines) {
                let date = Date(timeIntervalSince1970: Double(second))
                var expected = "\(Self.offsetText(rules.offset(at: date))) \(rules.abbreviation(at: date))"
                // glibc prints `-00` (local time unknown, as at Troll before the station) as offset -0.
                if expected == "+00:00:00 -00" { expected = "-00:00:00 -00" }
                XCTAssertEqual(String(line), expected, "\(name) at \(second)")
            }
        }
    }

    /// `zdump -v` lists every change (the second before and the second of it) with offset, abbreviation
    /// and DST flag: the same changes, and the same local time at each line.
    func testTransitionsMatchZdump() throws {
        for name in Self.zones {
            let rules = try TimeZoneRules.load(identifier: name)
            let output = try run("/usr/bin/zdump", ["-v", "-c", "1850,2150", name], environment: [:], input: "")
            var listed: [Int] = []
            for line in output.split(separator: "\n") {
                guard let entry = ZdumpLine(String(line)) else { continue }
                let date = Date(timeIntervalSince1970: Double(entry.universalSeconds))
                XCTAssertEqual(rules.offset(at: date), entry.offset, "\(line)")
                XCTAssertEqual(rules.abbreviation(at: date), entry.abbreviation, "\(line)")
                XCTAssertEqual(rules.isDaylightSaving(at: date), entry.isDaylightSaving, "\(line)")
                XCTAssertEqual(rules.local(at: date), entry.local, "\(line)")
                listed.append(entry.universalSeconds)
            }
            // Lines come in pairs: the second before a change, then the change.
            let zdumpChanges = stride(from: 1, to: listed.count, by: 2).map { listed[$0] }
            let ours = rules.transitions(from: Date(timeIntervalSince1970: -3_786_825_600),    // 1850
                                         to: Date(timeIntervalSince1970: 5_680_281_600))       // 2150
                .map { Int($0.instant.timeIntervalSince1970) }
            XCTAssertEqual(ours, zdumpChanges, name)
            if ["Europe/Amsterdam", "America/New_York", "Australia/Sydney"].contains(name) {
                XCTAssertGreaterThan(ours.count, 300, "\(name): changes until 2150, well past the table's end in 2037")
            }
        }
    }

    private static func offsetText(_ offset: Int) -> String {
        let magnitude = abs(offset)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(offset < 0 ? "-" : "+")\(two(magnitude / 3600)):\(two(magnitude / 60 % 60)):\(two(magnitude % 60))"
    }

    private func run(_ tool: String, _ arguments: [String], environment: [String: String], input: String) throws -> String {
        // Debian's coreutils and libc-bin, which every machine has: missing, the comparison fails.
        struct ToolMissing: Error { let tool: String }
        guard FileManager.default.isExecutableFile(atPath: tool) else { throw ToolMissing(tool: tool) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = environment.merging(["LC_ALL": "C"]) { mine, _ in mine }
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // Write from another thread: a large input could otherwise fill the pipe while the
        // output fills the other one.
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments)")
        return String(decoding: output, as: UTF8.self)
    }
}

/// `Europe/Amsterdam  Sun Mar 29 01:00:00 2026 UT = Sun Mar 29 03:00:00 2026 CEST isdst=1 gmtoff=7200`
private struct ZdumpLine {
    var universalSeconds: Int
    var local: LocalDateTime
    var abbreviation: String
    var isDaylightSaving: Bool
    var offset: Int

    init?(_ line: String) {
        let halves = line.components(separatedBy: " UT = ")
        guard halves.count == 2 else { return nil }
        let left = halves[0].split(separator: " ").map(String.init), right = halves[1].split(separator: " ").map(String.init)
        guard left.count >= 5, right.count == 8,
              let universal = Self.dateTime(Array(left.suffix(4))), let local = Self.dateTime(Array(right.prefix(5).dropFirst())),
              right[6].hasPrefix("isdst="), right[7].hasPrefix("gmtoff="), let offset = Int(right[7].dropFirst(7)) else { return nil }
        universalSeconds = universal.localSeconds
        self.local = local
        abbreviation = right[5]
        isDaylightSaving = right[6] == "isdst=1"
        self.offset = offset
    }

    /// `Mar 29 01:00:00 2026`
    private static func dateTime(_ parts: [String]) -> LocalDateTime? {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let time = parts[2].split(separator: ":").compactMap { Int($0) }
        guard parts.count == 4, let month = months.firstIndex(of: parts[0]), let day = Int(parts[1]), time.count == 3,
              let year = Int(parts[3]) else { return nil }
        return LocalDateTime(year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2])
    }
}
