/// Reads TZif files (RFC 8536, versions 1 to 4) into what `TimeZoneRules` looks up.
///
/// Version 2 and later files hold the data twice, with 32-bit and then 64-bit times; only the
/// 64-bit block is used, the first is skipped by its declared size. Everything the RFC requires
/// is checked, so a damaged file is an error here rather than a wrong answer later: counts that
/// agree with each other and with the bytes present, type indices and abbreviation indices in
/// range, transition times strictly increasing, offsets within ±26 hours, a footer on version 2+.
///
/// Leap-second records are skipped: the zones that carry them (`right/…`) count seconds in a way
/// no system clock does, and their answers will be off by the leap seconds so far.
enum TZifParser {
    struct Content {
        /// Transition instants, strictly increasing, with the local time that starts at each.
        var times: [Int]
        var types: [LocalTimeType]
        /// The local time before the first transition (RFC 8536: time type 0).
        var initialType: LocalTimeType
        /// The footer's rule for instants after the last transition; nil when it is empty (or
        /// the file is version 1), meaning the last transition's local time goes on for ever.
        var footer: POSIXTimeZone?
    }

    static func parse(_ bytes: [UInt8]) throws(ZoneInfoError) -> Content {
        var reader = ByteReader(bytes)
        let first = try Header(&reader)
        guard first.version != 0 else {
            let block = try DataBlock(&reader, header: first, timeSize: 4)
            guard reader.isAtEnd else { throw .malformed("\(reader.remaining) unexpected bytes after the data") }
            return Content(times: block.times, types: block.transitionTypes, initialType: block.localTimeTypes[0], footer: nil)
        }
        try reader.skip(first.dataBlockSize(timeSize: 4), "the version 1 data block")
        let second = try Header(&reader)
        let block = try DataBlock(&reader, header: second, timeSize: 8)
        let footer = try Self.footer(&reader)
        return Content(times: block.times, types: block.transitionTypes, initialType: block.localTimeTypes[0], footer: footer)
    }

    /// `\n` TZ string `\n`, and nothing after it.
    private static func footer(_ reader: inout ByteReader) throws(ZoneInfoError) -> POSIXTimeZone? {
        let newline = UInt8(ascii: "\n")
        guard try reader.uint8("the footer's opening newline") == newline else {
            throw .malformed("the footer does not start with a newline")
        }
        var text: [UInt8] = []
        while true {
            let byte = try reader.uint8("the footer's closing newline")
            if byte == newline { break }
            text.append(byte)
        }
        guard reader.isAtEnd else { throw .malformed("\(reader.remaining) unexpected bytes after the footer") }
        guard !text.isEmpty else { return nil }
        do {
            return try POSIXTimeZone(parsing: text)
        } catch {
            if case .malformed(let detail) = error { throw .malformed("footer: \(detail)") }
            throw error
        }
    }

    /// The 44-byte header before each data block.
    private struct Header {
        var version: UInt8
        var isUTCCount: Int
        var isStandardCount: Int
        var leapCount: Int
        var timeCount: Int
        var typeCount: Int
        var characterCount: Int

        init(_ reader: inout ByteReader) throws(ZoneInfoError) {
            guard Array(try reader.take(4, "the magic “TZif”")) == Array("TZif".utf8) else {
                throw .malformed("not a TZif file (it does not start with “TZif”)")
            }
            version = try reader.uint8("the version")
            // 0 is version 1; "2", "3", "4" share one layout. Later digits are read as that layout
            // too, so that a new version's files still load where their layout has not changed.
            guard version == 0 || (UInt8(ascii: "2")...UInt8(ascii: "9")).contains(version) else {
                throw .malformed("unknown TZif version byte \(version)")
            }
            try reader.skip(15, "the header's reserved bytes")
            isUTCCount = Int(try reader.uint32("tzh_ttisutcnt"))
            isStandardCount = Int(try reader.uint32("tzh_ttisstdcnt"))
            leapCount = Int(try reader.uint32("tzh_leapcnt"))
            timeCount = Int(try reader.uint32("tzh_timecnt"))
            typeCount = Int(try reader.uint32("tzh_typecnt"))
            characterCount = Int(try reader.uint32("tzh_charcnt"))
            guard typeCount > 0 else { throw .malformed("the file has no local time types") }
            guard characterCount > 0 else { throw .malformed("the file has no abbreviation characters") }
            guard isUTCCount == 0 || isUTCCount == typeCount else {
                throw .malformed("\(isUTCCount) UT indicators for \(typeCount) local time types")
            }
            guard isStandardCount == 0 || isStandardCount == typeCount else {
                throw .malformed("\(isStandardCount) standard indicators for \(typeCount) local time types")
            }
        }

        /// Bytes in the data block after this header. Counts are 32-bit, so the sum fits an `Int`.
        func dataBlockSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + characterCount
                + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
        }
    }

    /// One data block, checked and resolved.
    private struct DataBlock {
        var times: [Int] = []
        var transitionTypes: [LocalTimeType] = []
        var localTimeTypes: [LocalTimeType] = []

        /// RFC 8536: offsets should lie in -89999...93599 (under ±26 hours); -2³¹ is forbidden.
        private static let offsetRange = -89_999...93_599

        init(_ reader: inout ByteReader, header: Header, timeSize: Int) throws(ZoneInfoError) {
            // One check up front, so that counts promising more than the file holds fail before
            // any array is sized by them.
            let size = header.dataBlockSize(timeSize: timeSize)
            guard size <= reader.remaining else {
                throw .malformed("truncated: the header promises \(size) bytes of data, only \(reader.remaining) left")
            }
            var previous: Int?
            times.reserveCapacity(header.timeCount)
            for _ in 0..<header.timeCount {
                let time = timeSize == 8 ? Int(try reader.int64("a transition time")) : Int(try reader.int32("a transition time"))
                if let previous, time <= previous {
                    throw .malformed("transition times are not in increasing order (\(time) after \(previous))")
                }
                times.append(time)
                previous = time
            }
            let indices = Array(try reader.take(header.timeCount, "the transition types"))
            if let bad = indices.first(where: { Int($0) >= header.typeCount }) {
                throw .malformed("a transition names local time type \(bad) of \(header.typeCount)")
            }
            var records: [(offset: Int, isDaylightSaving: Bool, abbreviationIndex: Int)] = []
            for _ in 0..<header.typeCount {
                let offset = Int(try reader.int32("a local time type's offset"))
                let isDaylightSaving = try reader.uint8("a local time type's DST flag")
                let abbreviationIndex = Int(try reader.uint8("a local time type's abbreviation index"))
                guard Self.offsetRange.contains(offset) else { throw .malformed("offset \(offset) s is beyond ±26 hours") }
                guard isDaylightSaving <= 1 else { throw .malformed("DST flag \(isDaylightSaving) is neither 0 nor 1") }
                guard abbreviationIndex < header.characterCount else {
                    throw .malformed("abbreviation index \(abbreviationIndex) is past the \(header.characterCount) characters")
                }
                records.append((offset, isDaylightSaving == 1, abbreviationIndex))
            }
            let characters = Array(try reader.take(header.characterCount, "the abbreviations"))
            for record in records {
                let rest = characters[record.abbreviationIndex...]
                guard let end = rest.firstIndex(of: 0) else { throw .malformed("an abbreviation is not NUL-terminated") }
                localTimeTypes.append(LocalTimeType(offset: record.offset, isDaylightSaving: record.isDaylightSaving,
                                                    abbreviation: String(decoding: rest[..<end], as: UTF8.self)))
            }
            transitionTypes = indices.map { localTimeTypes[Int($0)] }
            try reader.skip(header.leapCount * (timeSize + 4), "the leap second records")
            for byte in try reader.take(header.isStandardCount + header.isUTCCount, "the standard/UT indicators") where byte > 1 {
                throw .malformed("a standard/UT indicator is \(byte), neither 0 nor 1")
            }
        }
    }
}
