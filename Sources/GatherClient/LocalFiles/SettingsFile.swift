import Foundation

/// `gather config`'s file, `settings` in the client's config directory: one `key = value` a line,
/// `#` comments, for people to read and edit too. Unknown keys are kept as they are (a newer
/// client's), and skipped when read.
package struct SettingsFile: Sendable {
    package let url: URL

    package init(directory: URL) {
        url = directory.appendingPathComponent("settings")
    }

    /// The settings it holds (an absent or unreadable file holds none).
    package var values: [ClientSetting: String] {
        var values: [ClientSetting: String] = [:]
        for (key, value) in entries() {
            if let setting = ClientSetting(rawValue: key) { values[setting] = value }
        }
        return values
    }

    /// Sets (or with nil removes) one setting, keeping every other line as it was.
    package func set(_ setting: ClientSetting, to value: String?) throws {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if lines.last == "" { lines.removeLast() }
        // Every line of the key goes (a file edited by hand may hold it twice); the new one takes the first's place.
        let first = lines.firstIndex { SettingsFile.entry(in: $0)?.key == setting.rawValue }
        guard first != nil || value != nil else { return }
        lines = lines.enumerated().compactMap { index, line in
            guard SettingsFile.entry(in: line)?.key == setting.rawValue else { return line }
            return index == first ? value.map { "\(setting.rawValue) = \($0)" } : nil
        }
        if first == nil, let value { lines.append("\(setting.rawValue) = \(value)") }
        try PrivateFile(url).write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    private var text: String {
        PrivateFile(url).read().map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    private func entries() -> [(key: String, value: String)] {
        text.split(whereSeparator: \.isNewline).compactMap { SettingsFile.entry(in: String($0)) }
    }

    private static func entry(in line: String) -> (key: String, value: String)? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return nil }
        let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
        let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        return key.isEmpty ? nil : (key, value)
    }
}

extension StoredSettings {
    /// The settings file's values and the saved session's server, from the config directory.
    package static func load(directory: URL) -> StoredSettings {
        let file = SettingsFile(directory: directory)
        return StoredSettings(file: file.values, filePath: file.url.path, session: SessionStore(directory: directory).sessionSettings)
    }
}
