import GatherText
import GatherWire

/// How a match is played on the clock: one period, or two halves with a break between them.
/// A group sets its default (`matchFormat` in its settings); the organiser may choose another for
/// one match before kick-off.
package struct MatchFormat: Hashable, Sendable {
    /// 1 (one period) or 2 (two halves).
    package var periods: Int
    /// The length of each period (each half), in minutes.
    package var periodMinutes: Int
    /// The break between the halves, in minutes (0: none timed).
    package var breakMinutes: Int

    package static let periodChoices = 1...2
    package static let minutes = 1...99
    package static let breakChoices = 0...30

    /// One period of ten minutes: what a match was before groups chose.
    package static let standard = MatchFormat(validPeriods: 1, periodMinutes: 10, breakMinutes: 0)

    private init(validPeriods periods: Int, periodMinutes: Int, breakMinutes: Int) {
        self.periods = periods
        self.periodMinutes = periodMinutes
        self.breakMinutes = breakMinutes
    }

    package init(periods: Int, periodMinutes: Int, breakMinutes: Int = 0) throws(ValidationError) {
        guard MatchFormat.periodChoices.contains(periods) else {
            throw ValidationError(field: "matchFormat", message: "plays 1 period or 2 halves (periods 1 or 2)")
        }
        guard MatchFormat.minutes.contains(periodMinutes) else {
            throw ValidationError(field: "matchFormat", message: "has periods of 1 to 99 minutes (periodMinutes)")
        }
        guard MatchFormat.breakChoices.contains(breakMinutes) else {
            throw ValidationError(field: "matchFormat", message: "has a break of 0 to 30 minutes (breakMinutes)")
        }
        self.init(validPeriods: periods, periodMinutes: periodMinutes, breakMinutes: periods == 1 ? 0 : breakMinutes)
    }

    /// "2 × 25 min, 5 min break", "one period of 10 min".
    package var description: String {
        periods == 1 ? "one period of \(periodMinutes) min"
            : "2 × \(periodMinutes) min" + (breakMinutes > 0 ? ", \(breakMinutes) min break" : "")
    }

    /// The format with each period `periodLength` long (set on the clock, to the second): "2 × 12:30".
    package static func describe(_ format: MatchFormat, periodLength: Duration) -> String {
        let seconds = Int(periodLength.components.seconds)
        guard seconds % 60 != 0 else {
            var shown = format
            shown.periodMinutes = seconds / 60
            return shown.description
        }
        let length = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
        return format.periods == 1 ? "one period of \(length)"
            : "2 × \(length)" + (format.breakMinutes > 0 ? ", \(format.breakMinutes) min break" : "")
    }
}

extension MatchFormat: Codable {
    enum CodingKeys: String, CodingKey { case periods, periodMinutes, breakMinutes }

    package init(from decoder: any Decoder) throws {
        let container: KeyedDecodingContainer<CodingKeys>
        do { container = try decoder.container(keyedBy: CodingKeys.self) } catch {
            throw ValidationError(field: "matchFormat", message: "must be an object: {\"periods\", \"periodMinutes\", \"breakMinutes\"}")
        }
        func number(_ key: CodingKeys) throws -> Int? {
            do { return try container.decodeIfPresent(Int.self, forKey: key) } catch {
                throw ValidationError(field: "matchFormat", message: "gives \(key.stringValue) as a whole number")
            }
        }
        guard let periods = try number(.periods), let minutes = try number(.periodMinutes) else {
            throw ValidationError(field: "matchFormat", message: "needs periods and periodMinutes")
        }
        try self.init(periods: periods, periodMinutes: minutes, breakMinutes: try number(.breakMinutes) ?? 0)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(periods, forKey: .periods)
        try container.encode(periodMinutes, forKey: .periodMinutes)
        try container.encode(breakMinutes, forKey: .breakMinutes)
    }
}

extension MatchFormat: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("breakMinutes") { $0.int(breakMinutes) }
            object.field("periodMinutes") { $0.int(periodMinutes) }
            object.field("periods") { $0.int(periods) }
        }
    }
}
