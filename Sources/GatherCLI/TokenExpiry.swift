import Foundation

/// When an API token stops working, as `--expires` says it: a span from now (`90d`, `12w`, `1y`),
/// a day (`2027-03-01`, the start of that day here), or `never`.
enum TokenExpiry {
    /// The expiry (nil: never), or a usage error that shows the accepted forms.
    static func parse(_ text: String, now: Date, calendar: Calendar = .current) throws -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "never" { return nil }
        if let unit = text.last, let count = Int(text.dropLast()), count > 0, count <= 100 * 365 {
            let days: Int? = switch unit {
            case "d": count
            case "w": count * 7
            case "y": count * 365
            default: nil
            }
            if let days {
                guard days <= 100 * 365 else { throw CommandFailure.usage("--expires \(text) is more than a hundred years: use never") }
                return now.addingTimeInterval(TimeInterval(days) * 86_400)
            }
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        if parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2],
           let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
           calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == month {
            guard date > now else { throw CommandFailure.usage("--expires \(text) is not in the future") }
            return date
        }
        throw CommandFailure.usage("--expires must be a span (90d, 12w, 1y), a day (YYYY-MM-DD) or never (got \"\(text)\")")
    }
}
