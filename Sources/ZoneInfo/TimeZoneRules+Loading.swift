extension TimeZoneRules {
    /// Where Debian, Ubuntu, Alpine (with tzdata) and most Linux systems keep the tz database.
    package static let defaultDirectory = "/usr/share/zoneinfo"

    /// Zone files are a few kilobytes; anything far larger is not one, and is not read.
    static let maximumFileSize = 512 * 1024

    /// Whether `identifier` has the shape of a zone name (see `load`). Says nothing of whether
    /// the zone exists; cheap, touches no file, for checking input early.
    package static func isValidIdentifier(_ identifier: String) -> Bool {
        ZoneIdentifier.isValid(identifier)
    }

    /// Loads the zone `identifier` (`Europe/Amsterdam`) from the tz database in `directory`.
    ///
    /// The name is checked before any file is touched: 1 to 64 bytes of components of
    /// `A-Z a-z 0-9 _ + -` separated by single slashes, so it cannot leave `directory`
    /// (`invalidIdentifier` otherwise). A name with no file is `unknownZone`, except `UTC` and
    /// `Etc/UTC`, which fall back to a built-in UTC on systems without tzdata (slim containers).
    /// Files over 512 KiB, and anything but a valid TZif file, are `malformed`.
    package static func load(identifier: String, directory: String = defaultDirectory) throws(ZoneInfoError) -> TimeZoneRules {
        guard ZoneIdentifier.isValid(identifier) else { throw .invalidIdentifier(identifier) }
        let bytes: [UInt8]
        do {
            bytes = try ZoneFile.contents(ofPath: directory + "/" + identifier, maximumSize: maximumFileSize)
        } catch .missing, .notRegularFile {
            if identifier == "UTC" || identifier == "Etc/UTC" { return .utc(named: identifier) }
            throw .unknownZone(identifier)
        } catch .tooLarge {
            throw .malformed("\(identifier): the file is larger than \(maximumFileSize / 1024) KiB")
        } catch {
            throw .unreadable("\(identifier): \(error.reason)")
        }
        return try TimeZoneRules(tzif: bytes, identifier: identifier)
    }
}
