import Glibc

extension TimeZoneRules {
    /// The machine's zone, looked for where Linux keeps it, first loadable one wins:
    /// 1. the `TZ` environment variable naming a zone (`Europe/Amsterdam`, `:Europe/Amsterdam`,
    ///    or a path under a `zoneinfo` directory); POSIX rule strings in `TZ` are not read;
    /// 2. the zone `/etc/localtime` links to (`/usr/share/zoneinfo/Europe/Amsterdam`);
    /// 3. the name in `/etc/timezone` (Debian);
    /// 4. UTC, built in.
    /// Zones are always read from `directory`, whatever directory a link or path names.
    package static func systemDefault(directory: String = defaultDirectory) -> TimeZoneRules {
        let environment = getenv("TZ").map { String(cString: $0) }
        let linkTarget = ZoneFile.symbolicLinkTarget(ofPath: "/etc/localtime")
        let timezoneFile = (try? ZoneFile.contents(ofPath: "/etc/timezone", maximumSize: 256)).map {
            String(decoding: $0, as: UTF8.self)
        }
        return systemDefault(environment: environment, localtimeLink: linkTarget, timezoneFile: timezoneFile, directory: directory)
    }

    /// `systemDefault()` with its inputs given, for tests.
    static func systemDefault(environment: String?, localtimeLink: String?, timezoneFile: String?, directory: String) -> TimeZoneRules {
        var candidates: [String] = []
        if var value = environment {
            if value.hasPrefix(":") { value.removeFirst() }
            candidates.append(zoneName(inPath: value) ?? value)
        }
        if let localtimeLink, let name = zoneName(inPath: localtimeLink) { candidates.append(name) }
        if let timezoneFile {
            candidates.append(String(timezoneFile.filter { !$0.isWhitespace }))
        }
        for candidate in candidates {
            if let rules = try? load(identifier: candidate, directory: directory) { return rules }
        }
        return .utc
    }

    /// `Europe/Amsterdam` from `/usr/share/zoneinfo/Europe/Amsterdam` or
    /// `../usr/share/zoneinfo/Europe/Amsterdam`: what follows the last `zoneinfo/`.
    static func zoneName(inPath path: String) -> String? {
        let marker = Array("zoneinfo/".utf8), bytes = Array(path.utf8)
        guard bytes.count >= marker.count else { return nil }
        for start in stride(from: bytes.count - marker.count, through: 0, by: -1)
        where bytes[start..<start + marker.count].elementsEqual(marker) {
            return String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
        }
        return nil
    }
}
