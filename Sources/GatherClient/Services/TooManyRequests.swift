import Foundation

/// A 429 in people's words: the server's reason up to its `;`, then the wait from `Retry-After`
/// rounded up to a unit a person thinks in ("Too many failed logins; try again in 15 minutes").
enum TooManyRequests {
    static func message(reason: String, retryAfter: String?) -> String {
        let what = reason.split(separator: ";", maxSplits: 1).first.map(String.init) ?? reason
        let sentence = what.isEmpty ? "Too many requests" : what.prefix(1).uppercased() + what.dropFirst()
        guard let seconds = retryAfter.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), seconds > 0 else {
            return sentence + "; try again later"
        }
        return sentence + "; try again in " + wait(seconds)
    }

    static func wait(_ seconds: Int) -> String {
        func count(_ value: Int, _ unit: String) -> String { "\(value) \(unit)\(value == 1 ? "" : "s")" }
        if seconds < 60 { return count(seconds, "second") }
        if seconds < 3_600 { return count((seconds + 59) / 60, "minute") }
        return count((seconds + 3_599) / 3_600, "hour")
    }
}
