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
        var decoder = PieceDecoder(encoding)
        return try decoder.decode(bytes, final: true)
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

    /// The encoding as the file's first bytes settle it (UTF-16's byte order), and the length of its byte-order mark.
    private func settled(by start: [UInt8]) -> (encoding: FileEncoding, mark: Int) {
        switch self {
        case .utf8:
            return (.utf8, start.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        case .utf16(let bigEndian):
            switch (start.first, start.dropFirst().first) {
            case (0xFF?, 0xFE?): return (.utf16(bigEndian: false), 2)
            case (0xFE?, 0xFF?): return (.utf16(bigEndian: true), 2)
            case (0?, let second?) where second != 0 && bigEndian == nil: return (.utf16(bigEndian: true), 0)
            default: return (.utf16(bigEndian: bigEndian ?? false), 0)
            }
        case .windows1252, .latin1:
            return (self, 0)
        }
    }

    /// A file's text a piece at a time, as `ImportFile` reads it: a character cut between two
    /// pieces is kept for the next, and a problem is placed in the whole file (line, column, byte).
    struct PieceDecoder {
        private let chosen: FileEncoding?
        /// Settled by the first piece (the mark, UTF-16's byte order).
        private var encoding: FileEncoding?
        private var text = Decoded()
        /// The start of a character whose end is in the next piece.
        private var carried: [UInt8] = []

        /// `encoding` nil: detected from the first piece.
        init(_ encoding: FileEncoding?) { chosen = encoding }

        /// The text of `piece` and of what was carried, but for a character it cuts, unless `final`.
        mutating func decode(_ piece: [UInt8], final: Bool) throws(UndecodableText) -> String {
            var bytes = carried + piece
            carried = []
            if encoding == nil {
                // Four bytes settle any encoding; a shorter piece waits for more.
                guard final || bytes.count >= 4 else {
                    carried = bytes
                    return ""
                }
                let (settled, mark) = (chosen ?? FileEncoding.detect(bytes)).settled(by: bytes)
                encoding = settled
                text.offset = mark
                bytes.removeFirst(mark)
            }
            switch encoding ?? .utf8 {
            case .utf8:
                let whole = final ? bytes.count : FileEncoding.wholeUTF8Prefix(bytes)
                carried = Array(bytes[whole...])
                try decodeUTF8(bytes[..<whole])
            case .utf16(let bigEndian):
                let whole = final ? bytes.count : FileEncoding.wholeUTF16Prefix(bytes, bigEndian: bigEndian ?? false)
                carried = Array(bytes[whole...])
                try decodeUTF16(bytes[..<whole], bigEndian: bigEndian ?? false)
            case .windows1252:
                for byte in bytes {
                    guard let scalar = FileEncoding.windows1252Scalar(byte) else {
                        throw text.problem("byte 0x\(FileEncoding.hex(byte)) is not a character in Windows-1252")
                    }
                    text.append(scalar, bytes: 1)
                }
            case .latin1:
                for byte in bytes { text.append(Unicode.Scalar(byte), bytes: 1) }
            }
            return text.take()
        }

        private mutating func decodeUTF8(_ bytes: ArraySlice<UInt8>) throws(UndecodableText) {
            // Valid text (nearly every file) is taken whole; only a piece with a problem is read
            // a character at a time, to say where.
            if let valid = String(validating: bytes, as: UTF8.self) { return text.append(valid, utf8: bytes) }
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var next = bytes.startIndex
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    text.append(Unicode.UTF8.decode(encoded), bytes: encoded.count)
                    next += encoded.count
                case .emptyInput:
                    return
                case .error(let length):
                    let invalid = bytes[next..<next + length].map { "0x" + FileEncoding.hex($0) }.joined(separator: " ")
                    throw text.problem("\(invalid) is not UTF-8")
                }
            }
        }

        private mutating func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(UndecodableText) {
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = bytes.startIndex
            while index + 1 < bytes.endIndex {
                let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
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
                    guard index == bytes.endIndex else { throw text.problem("the file ends in the middle of a UTF-16 character") }
                    return
                case .error:
                    throw text.problem("a lone UTF-16 surrogate is not a character")
                }
            }
        }
    }

    /// How many of `bytes` end on a character's end: a sequence its lead byte says is longer than
    /// what follows it is left for the next piece (anything else, even invalid, is decoded now).
    private static func wholeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        guard let lead = bytes.indices.reversed().prefix(4).first(where: { bytes[$0] & 0xC0 != 0x80 }) else { return bytes.count }
        let length = switch bytes[lead] {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
        return bytes.count - lead < length ? lead : bytes.count
    }

    /// Whole code units, and not a high surrogate whose pair is in the next piece.
    private static func wholeUTF16Prefix(_ bytes: [UInt8], bigEndian: Bool) -> Int {
        let whole = bytes.count & ~1
        guard whole >= 2 else { return whole }
        let high = bigEndian ? bytes[whole - 2] : bytes[whole - 1]
        return (0xD8...0xDB).contains(high) ? whole - 2 : whole
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

    fileprivate static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// The text so far and where the next byte is in the file: its line and column (in Unicode
    /// scalars: characters, for text in composed form; a line ends at LF, CR LF or CR) and its offset from the file's start.
    fileprivate struct Decoded {
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

        /// Text taken whole, before `scalars`.
        var whole = ""

        /// Valid UTF-8 `bytes` decoded as `valid`: the place counted from its bytes.
        mutating func append(_ valid: String, utf8 bytes: ArraySlice<UInt8>) {
            whole += valid
            offset += bytes.count
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\n") where afterCarriageReturn: afterCarriageReturn = false
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    line += 1
                    column = 1
                    afterCarriageReturn = byte == UInt8(ascii: "\r")
                case let byte where byte & 0xC0 == 0x80:
                    continue
                default:
                    column += 1
                    afterCarriageReturn = false
                }
            }
        }

        /// The text decoded since the last take.
        mutating func take() -> String {
            defer {
                whole = ""
                scalars = String.UnicodeScalarView()
            }
            return whole + String(scalars)
        }

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
