/// One kind of local time a zone keeps: its offset from UTC, whether it is daylight saving time,
/// and its abbreviation. A zone's history is a sequence of these, switched at transitions.
package struct LocalTimeType: Sendable, Hashable {
    /// Seconds east of UTC (Amsterdam in winter: 3600).
    package var offset: Int
    package var isDaylightSaving: Bool
    /// `CET`, `EDT`, `+0330`: what the tz database calls this local time. Not unique, not for parsing.
    package var abbreviation: String

    package init(offset: Int, isDaylightSaving: Bool, abbreviation: String) {
        self.offset = offset
        self.isDaylightSaving = isDaylightSaving
        self.abbreviation = abbreviation
    }

    static let utc = LocalTimeType(offset: 0, isDaylightSaving: false, abbreviation: "UTC")
}
