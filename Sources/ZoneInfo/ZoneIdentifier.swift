/// What a time zone name may look like before it is used as a path under the zoneinfo directory.
///
/// Strict on purpose: names come from users and requests, and a name is joined to a directory to
/// read a file. Components of `A-Z a-z 0-9 _ + -` separated by single slashes can never climb out
/// (no `.` at all, so no `..`), never start at the root, and never name the directory's other
/// files (`zone.tab`, `tzdata.zi`). Every IANA zone name fits (`America/Argentina/Buenos_Aires`,
/// `Etc/GMT+5`, `UTC`).
enum ZoneIdentifier {
    static let maximumLength = 64

    static func isValid(_ identifier: String) -> Bool {
        let bytes = identifier.utf8
        guard (1...maximumLength).contains(bytes.count) else { return false }
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy { component in
            !component.isEmpty && component.allSatisfy(isNameByte)
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
