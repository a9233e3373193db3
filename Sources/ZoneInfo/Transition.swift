import FoundationEssentials

/// A moment a zone's local time changes: its offset, its abbreviation, or whether it is daylight
/// saving time. The fields after `offsetBefore` describe the local time from `instant` on.
package struct Transition: Sendable, Hashable {
    package var instant: Date
    /// Seconds east of UTC just before `instant`.
    package var offsetBefore: Int
    /// Seconds east of UTC from `instant` on.
    package var offsetAfter: Int
    package var abbreviation: String
    package var isDaylightSaving: Bool

    package init(instant: Date, offsetBefore: Int, offsetAfter: Int, abbreviation: String, isDaylightSaving: Bool) {
        self.instant = instant
        self.offsetBefore = offsetBefore
        self.offsetAfter = offsetAfter
        self.abbreviation = abbreviation
        self.isDaylightSaving = isDaylightSaving
    }
}
