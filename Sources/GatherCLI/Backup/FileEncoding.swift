/// How a file's bytes are text. Without a name given, a byte-order mark says (UTF-8, UTF-16 little
/// or big endian), then a NUL byte in the first two (UTF-16 without a mark: a CSV's first character
/// is never NUL, and its UTF-8 never holds one); anything else must be UTF-8. Spreadsheets save the
/// others (Excel's plain "CSV" is Windows-1252), which only a name given reads, never a guess.
enum FileEncoding: Equatable, Sendable {
    case utf8
    /// With a byte-order mark it decides; nil: told by where the NULs are, else little endian (Windows).
    case utf16(bigEndian: Bool?)
    case windows1252
    case latin1

    /// What `--encoding` takes.
    static let names = ["utf-8", "utf-16", "windows-1252", "latin-1", "iso-8859-1"]

    init?(name: String) {
        switch name.lowercased() {
        case "utf-8": self = .utf8
        case "utf-16": self = .utf16(bigEndian: nil)
        case "windows-1252": self = .windows1252
        case "latin-1", "iso-8859-1": self = .latin1
        default: return nil
        }
    }

    /// The file's text, without its byte-order mark; `encoding` nil: detected.
    static func decode(_ bytes: [UInt8], as encoding: FileEncoding?) throws(UndecodableText) -> String {
        try (encoding ?? detect(bytes)).decode(bytes)
    }

    static func detect(_ bytes: [UInt8]) -> FileEncoding {
        switch (bytes.first, bytes.dropFirst().first) {
        case (0xFF?, 0xFE?): .utf16(bigEndian: false)
        case (0xFE?, 0xFF?): .utf16(bigEndian: true)
        case (let first?, 0?) where first != 0: .utf16(bigEndian: false)
        case (0?, let second?) where second != 0: .utf16(bigEndian: true)
        default: .utf8
        }
    }

    func decode(_ bytes: [UInt8]) throws(UndecodableText) -> String {
        switch self {
        case .utf8:
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            return try FileEncoding.utf8(bytes, skipping: bytes.starts(with: mark) ? mark.count : 0)
        case .utf16(let bigEndian):
            switch (bytes.first, bytes.dropFirst().first) {
            case (0xFF?, 0xFE?): return try FileEncoding.utf16(bytes, bigEndian: false, skipping: 2)
            case (0xFE?, 0xFF?): return try FileEncoding.utf16(bytes, bigEndian: true, skipping: 2)
            case (0?, let second?) where second != 0 && bigEndian == nil: return try FileEncoding.utf16(bytes, bigEndian: true, skipping: 0)
            default: return try FileEncoding.utf16(bytes, bigEndian: bigEndian ?? false, skipping: 0)
            }
        case .windows1252:
            var text = Decoded()
            for byte in bytes {
                guard let scalar = FileEncoding.windows1252Scalar(byte) else {
                    throw text.problem("byte 0x\(FileEncoding.hex(byte)) is not a character in Windows-1252")
                }
                text.append(scalar, bytes: 1)
            }
            return text.string
        case .latin1:
            var text = Decoded()
            for byte in bytes { text.append(Unicode.Scalar(byte), bytes: 1) }
            return text.string
        }
    }

    private static func utf8(_ bytes: [UInt8], skipping mark: Int) throws(UndecodableText) -> String {
        var text = Decoded(offset: mark)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.dropFirst(mark).makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.append(Unicode.UTF8.decode(encoded), bytes: encoded.count)
            case .emptyInput:
                return text.string
            case .error(let length):
                let invalid = bytes[text.offset..<text.offset + length].map { "0x" + hex($0) }.joined(separator: " ")
                throw text.problem("\(invalid) is not UTF-8")
            }
        }
    }

    private static func utf16(_ bytes: [UInt8], bigEndian: Bool, skipping mark: Int) throws(UndecodableText) -> String {
        var text = Decoded(offset: mark)
        let body = bytes.dropFirst(mark)
        var units: [UInt16] = []
        units.reserveCapacity(body.count / 2)
        var index = body.startIndex
        while index + 1 < body.endIndex {
            let (high, low) = bigEndian ? (body[index], body[index + 1]) : (body[index + 1], body[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        var parser = Unicode.UTF16.ForwardParser()
        var iterator = units.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.append(Unicode.UTF16.decode(encoded), bytes: encoded.count * 2)
            case .emptyInput:
                guard index == body.endIndex else { throw text.problem("the file ends in the middle of a UTF-16 character") }
                return text.string
            case .error:
                throw text.problem("a lone UTF-16 surrogate is not a character")
            }
        }
    }

    /// Windows-1252 is Latin-1 but for 0x80–0x9F, which are printable there; five are not assigned.
    static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar? {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        return windows1252Table[Int(byte - 0x80)].flatMap(Unicode.Scalar.init)
    }

    private static let windows1252Table: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil, 0x017D, nil,
        nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil, 0x017E, 0x0178,
    ]

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// The text so far and where the next byte is in the file: its line and column (in Unicode
    /// scalars: characters, for text in composed form; a line ends at LF, CR LF or CR) and its offset from the file's start.
    private struct Decoded {
        var scalars = String.UnicodeScalarView()
        var offset = 0
        var line = 1
        var column = 1
        var afterCarriageReturn = false

        init(offset: Int = 0) { self.offset = offset }

        mutating func append(_ scalar: Unicode.Scalar, bytes: Int) {
            scalars.append(scalar)
            offset += bytes
            switch scalar {
            case "\n" where afterCarriageReturn: afterCarriageReturn = false
            case "\n", "\r":
                line += 1
                column = 1
                afterCarriageReturn = scalar == "\r"
            default:
                column += 1
                afterCarriageReturn = false
            }
        }

        var string: String { String(scalars) }

        func problem(_ reason: String) -> UndecodableText {
            UndecodableText(line: line, column: column, offset: offset, reason: reason)
        }
    }
}

/// Bytes that are no text in the encoding read, and where: the first such place.
struct UndecodableText: Error, Equatable, CustomStringConvertible {
    let line: Int
    /// In Unicode scalars from the line's start, from 1.
    let column: Int
    /// Bytes from the file's start, from 0.
    let offset: Int
    let reason: String

    var description: String { "line \(line), column \(column) (byte \(offset)): \(reason)" }
}
