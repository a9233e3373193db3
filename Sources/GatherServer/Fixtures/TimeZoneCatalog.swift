import FoundationEssentials
import GatherText
import Locking
import ZoneInfo

/// The time zones fixtures are set in, each read from the system's tz database once, then kept
/// (there are a few hundred at most, and only those named are read).
final class TimeZoneCatalog: Sendable {
    /// The zone of a fixture that names none.
    let serverZone: TimeZoneRules
    private let loaded = Locked<[String: TimeZoneRules]>([:])
    private let directory: String

    /// `serverZone`: a zone's name, or nil for the system's.
    init(serverZone name: String?, directory: String = "/usr/share/zoneinfo") {
        self.directory = directory
        if let name, let zone = try? TimeZoneRules.load(identifier: name, directory: directory) {
            serverZone = zone
        } else {
            serverZone = TimeZoneRules.systemDefault()
        }
    }

    /// The zone `name` names, or the server's for nil; an unknown name is the caller's mistake (400).
    /// Files of the tz database that are not zones a fixture is set in: the machine's own setting,
    /// the rule template, the placeholder zone, and the copies with leap seconds or POSIX names.
    static let notZones: Set<String> = ["localtime", "posixrules", "Factory", "leapseconds", "tzdata.zi", "zone.tab", "zone1970.tab",
                                        "iso3166.tab", "leap-seconds.list", "SECURITY"]

    func zone(named name: String?) throws -> TimeZoneRules {
        guard let name else { return serverZone }
        if name == serverZone.identifier { return serverZone }
        guard !TimeZoneCatalog.notZones.contains(name), !name.hasPrefix("right/"), !name.hasPrefix("posix/") else {
            throw ValidationError(field: "timeZone", message: "names no time zone this server knows (like \"Europe/Amsterdam\")")
        }
        if let zone = loaded.withLock({ $0[name] }) { return zone }
        let zone: TimeZoneRules
        do {
            zone = try TimeZoneRules.load(identifier: name, directory: directory)
        } catch {
            throw ValidationError(field: "timeZone", message: "names no time zone this server knows (like \"Europe/Amsterdam\")")
        }
        loaded.withLock { $0[name] = zone }
        return zone
    }
}
