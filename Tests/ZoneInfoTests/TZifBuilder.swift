/// Writes TZif bytes (RFC 8536) from parts, for files no system has: slim ones, version 1 ones,
/// and ones damaged in one precise way. Counts follow the arrays unless overridden.
struct TZifBuilder {
    struct TimeType {
        var offset: Int32
        var isDaylightSaving: UInt8 = 0
        var abbreviationIndex: UInt8
    }

    /// 0 for version 1, else the ASCII digit.
    var version: UInt8 = UInt8(ascii: "2")
    var times: [Int64] = []
    var typeIndices: [UInt8] = []
    var types: [TimeType] = []
    var abbreviations: [UInt8] = []
    var indicatorCount = 0
    var footer = ""
    /// When set, replace the counts written in the header(s): (isut, isstd, leap, time, type, char).
    var countOverride: [UInt32]?

    /// A zone of Central European Time whose table stops in 1996, as zic writes with `-b slim`.
    static func slimCentralEurope() -> TZifBuilder {
        var builder = TZifBuilder()
        builder.abbreviations = Array("CET\0CEST\0".utf8)
        builder.types = [TimeType(offset: 3600, abbreviationIndex: 0), TimeType(offset: 7200, isDaylightSaving: 1, abbreviationIndex: 4)]
        builder.times = [828_234_000, 846_378_000]            // 1996-03-31 and 1996-10-27, 01:00 UTC
        builder.typeIndices = [1, 0]
        builder.footer = "CET-1CEST,M3.5.0,M10.5.0/3"
        return builder
    }

    var bytes: [UInt8] {
        var out: [UInt8] = []
        writeBlock(into: &out, timeSize: 4)
        guard version != 0 else { return out }
        writeBlock(into: &out, timeSize: 8)
        out += Array("\n\(footer)\n".utf8)
        return out
    }

    private func writeBlock(into out: inout [UInt8], timeSize: Int) {
        out += Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
        let counts = countOverride ?? [UInt32(indicatorCount), UInt32(indicatorCount), 0, UInt32(times.count),
                                       UInt32(types.count), UInt32(abbreviations.count)]
        for count in counts { append(UInt64(count), size: 4, to: &out) }
        for time in times { append(UInt64(bitPattern: time), size: timeSize, to: &out) }
        out += typeIndices
        for type in types {
            append(UInt64(UInt32(bitPattern: type.offset)), size: 4, to: &out)
            out += [type.isDaylightSaving, type.abbreviationIndex]
        }
        out += abbreviations
        out += [UInt8](repeating: 0, count: 2 * indicatorCount)
    }

    private func append(_ value: UInt64, size: Int, to out: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}
