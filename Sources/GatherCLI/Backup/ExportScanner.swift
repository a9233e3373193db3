/// A `gather export` document read a piece at a time: its `gathers` are handed over one by one as
/// each one's JSON ends, and its other fields (all small) are kept as their JSON, so an export of
/// years of matches is never held whole. It finds where values end, nothing more: what they say is
/// for `JSONDecoder`, one value at a time.
struct ExportScanner {
    /// One field's value or one gather, as JSON, larger than this is refused: a gather of 60
    /// players is 20 KB, a roster at the largest quota a few MB.
    static let largestValue = 32 * 1024 * 1024
    /// The fields kept; any other is read past.
    static let keptFields: Set<String> = ["format", "version", "exportedAt", "username", "userId", "players"]

    /// The JSON is not one object, or a value in it is too large.
    struct Unreadable: Error {
        let reason: String
    }

    private enum Stage {
        case beforeObject, beforeKey(first: Bool), key, colon, value, afterValue
        case beforeGather(first: Bool), gather, afterGather, end
    }

    private var stage = Stage.beforeObject
    private var value = ValueEnd()
    private var key = ""
    /// The fields kept so far, by name, as JSON.
    private(set) var fields: [String: [UInt8]] = [:]
    private var sawGathers = false

    /// Reads `piece`, handing each gather's JSON to `gather` as it ends.
    mutating func scan(_ piece: [UInt8], gather: ([UInt8]) throws -> Void) throws {
        var index = piece.startIndex
        while index < piece.endIndex {
            let byte = piece[index]
            index += 1
            switch stage {
            case .beforeObject:
                if ExportScanner.isSpace(byte) { continue }
                guard byte == UInt8(ascii: "{") else { throw Unreadable(reason: "the JSON cannot be read") }
                stage = .beforeKey(first: true)
            case .beforeKey(let first):
                if ExportScanner.isSpace(byte) { continue }
                if first, byte == UInt8(ascii: "}") {
                    stage = .end
                    continue
                }
                guard byte == UInt8(ascii: "\"") else { throw Unreadable(reason: "the JSON cannot be read") }
                value = ValueEnd()
                _ = try value.take(byte)
                stage = .key
            case .key:
                guard try value.take(byte).ended else { continue }
                key = String(decoding: value.bytes.dropFirst().dropLast(), as: UTF8.self)
                stage = .colon
            case .colon:
                if ExportScanner.isSpace(byte) { continue }
                guard byte == UInt8(ascii: ":") else { throw Unreadable(reason: "the JSON cannot be read") }
                stage = .value
                value = ValueEnd()
            case .value:
                if value.bytes.isEmpty, ExportScanner.isSpace(byte) { continue }
                if value.bytes.isEmpty, key == "gathers", byte == UInt8(ascii: "[") {
                    sawGathers = true
                    stage = .beforeGather(first: true)
                    continue
                }
                let (ended, consumed) = try value.take(byte)
                guard ended else { continue }
                if ExportScanner.keptFields.contains(key) { fields[key] = value.bytes }
                if key == "gathers" { throw Unreadable(reason: "gathers has the wrong type") }
                if !consumed { index -= 1 }
                stage = .afterValue
            case .afterValue:
                if ExportScanner.isSpace(byte) { continue }
                switch byte {
                case UInt8(ascii: ","): stage = .beforeKey(first: false)
                case UInt8(ascii: "}"): stage = .end
                default: throw Unreadable(reason: "the JSON cannot be read")
                }
            case .beforeGather(let first):
                if ExportScanner.isSpace(byte) { continue }
                if first, byte == UInt8(ascii: "]") {
                    stage = .afterValue
                    continue
                }
                value = ValueEnd()
                _ = try value.take(byte)
                stage = .gather
                if value.ended { try endGather(gather) }
            case .gather:
                let (ended, consumed) = try value.take(byte)
                guard ended else { continue }
                if !consumed { index -= 1 }
                try endGather(gather)
            case .afterGather:
                if ExportScanner.isSpace(byte) { continue }
                switch byte {
                case UInt8(ascii: ","): stage = .beforeGather(first: false)
                case UInt8(ascii: "]"): stage = .afterValue
                default: throw Unreadable(reason: "the JSON cannot be read")
                }
            case .end:
                guard ExportScanner.isSpace(byte) else { throw Unreadable(reason: "the JSON cannot be read") }
            }
        }
    }

    private mutating func endGather(_ gather: ([UInt8]) throws -> Void) throws {
        try gather(value.bytes)
        value = ValueEnd()
        stage = .afterGather
    }

    /// After the last piece: the fields as one JSON object (`gathers` empty, as they were handed
    /// over), or why the document is not whole.
    func finished() throws -> [UInt8] {
        guard case .end = stage else { throw Unreadable(reason: "the JSON cannot be read") }
        var object = Array(#"{"gathers":[]"#.utf8)
        for (name, json) in fields.sorted(by: { $0.key < $1.key }) {
            object += Array(",\"\(name)\":".utf8) + json
        }
        return object + [UInt8(ascii: "}")]
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Where one JSON value ends: after its closing quote or bracket, or (a number, `true`…)
    /// before the byte that follows it.
    private struct ValueEnd {
        private(set) var bytes: [UInt8] = []
        private var depth = 0
        private var inString = false
        private var escaped = false
        private var bare = false
        private(set) var ended = false

        /// Takes one byte: `ended` once the value is whole; `consumed` false when the byte is not
        /// the value's but ends it (what follows a number).
        mutating func take(_ byte: UInt8) throws -> (ended: Bool, consumed: Bool) {
            guard bytes.count < ExportScanner.largestValue else {
                throw Unreadable(reason: "a value of more than \(ExportScanner.largestValue / 1024 / 1024) MB is no export's")
            }
            if bytes.isEmpty {
                bytes.append(byte)
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth = 1
                default: bare = true
                }
                return (false, true)
            }
            if bare {
                if ExportScanner.isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    ended = true
                    return (true, false)
                }
                bytes.append(byte)
                return (false, true)
            }
            bytes.append(byte)
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { ended = true }
                }
                return (ended, true)
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { ended = true }
            default: break
            }
            return (ended, true)
        }
    }
}
