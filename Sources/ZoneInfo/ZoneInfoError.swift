/// Why a time zone could not be had. Each case says what is wrong in words a user can act on;
/// `message` is the sentence to show.
package enum ZoneInfoError: Error, Equatable, Sendable {
    /// The name is well formed, but the time zone database has no such zone.
    case unknownZone(String)
    /// The name is not a time zone name at all (and was never looked up): empty, too long, a path,
    /// or characters no zone name has.
    case invalidIdentifier(String)
    /// The zone's file exists but could not be read (permissions, an I/O error); the text says which and why.
    case unreadable(String)
    /// The zone's data (TZif file or POSIX TZ string) is damaged or not of a form we accept; the text says where.
    case malformed(String)

    /// A sentence for users. Identifiers are shortened so that a hostile name cannot flood a log.
    package var message: String {
        switch self {
        case .unknownZone(let identifier):
            return "There is no time zone called “\(Self.shortened(identifier))”."
        case .invalidIdentifier(let identifier):
            return "“\(Self.shortened(identifier))” is not a time zone name; names look like Europe/Amsterdam or UTC."
        case .unreadable(let detail):
            return "The time zone could not be read: \(Self.shortened(detail))."
        case .malformed(let detail):
            return "The time zone data is damaged: \(Self.shortened(detail))."
        }
    }

    private static func shortened(_ text: String) -> String {
        text.count <= 120 ? text : text.prefix(120) + "…"
    }
}
