import Arguments
import Foundation
import GatherClient
import Networking

/// config set, get, unset, list: settings kept for every run in the settings file (`server`,
/// `ca-file`, `timeout`, `output`). They need no server and no session, and run even when a
/// stored value is wrong, so that it can be put right.
struct ConfigCommands {
    let command: ParsedCommand
    let environment: [String: String]
    let console: Console

    private var directory: URL {
        let config = ConfigDirectory.prepare(environment: environment)
        if let problem = config.problem { console.error("warning: \(problem)") }
        return config.directory
    }

    func run() throws {
        let directory = directory
        let file = SettingsFile(directory: directory)
        switch command.spec.name {
        case "config set":
            let setting = try Self.setting(command.arguments[0])
            let value = try checked(command.arguments[1], for: setting)
            try file.set(setting, to: value)
            console.note("\(setting.rawValue) = \(value) (in \(file.url.path))")
        case "config unset":
            let setting = try Self.setting(command.arguments[0])
            try file.set(setting, to: nil)
        case "config get":
            let setting = try Self.setting(command.arguments[0])
            guard let (value, _) = resolve(setting, stored: .load(directory: directory)) else {
                throw CommandFailure(code: .refused, message: "\(setting.rawValue) is not set")
            }
            console.line(value)
        default:
            let stored = StoredSettings.load(directory: directory)
            let rows = ClientSetting.allCases.compactMap { setting in resolve(setting, stored: stored).map { (setting, $0) } }
            if command.has("--json") {
                var object: [String: [String: String]] = [:]
                for (setting, resolved) in rows { object[setting.rawValue] = ["value": resolved.value, "origin": resolved.origin.description] }
                let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
                return console.line(String(decoding: data, as: UTF8.self))
            }
            for (setting, resolved) in rows {
                console.line("\(setting.rawValue)=\(resolved.value)" + (command.has("--origin") ? "\t\(resolved.origin)" : ""))
            }
        }
    }

    private func resolve(_ setting: ClientSetting, stored: StoredSettings) -> (value: String, origin: SettingOrigin)? {
        stored.resolve(setting, flags: CommandContext.settingFlags(of: command), environment: environment)
    }

    static func setting(_ name: String) throws -> ClientSetting {
        guard let setting = ClientSetting(rawValue: name.lowercased()) else {
            let known = ClientSetting.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandFailure.usage("no setting \"\(name)\" (settings: \(known))")
        }
        return setting
    }

    /// The value as it will be stored, or a usage error saying what would work.
    private func checked(_ value: String, for setting: ClientSetting) throws -> String {
        switch setting {
        case .server:
            do {
                return try ServerAddress(url: value).description
            } catch {
                throw CommandFailure.usage(error.description)
            }
        case .caFile:
            let url = URL(fileURLWithPath: value, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw CommandFailure.usage("cannot read the CA certificate \(value)")
            }
            return url.standardizedFileURL.path
        case .timeout:
            let range = ConnectionSettings.timeoutRange
            guard let seconds = Int(value), range.contains(seconds) else {
                throw CommandFailure.usage("timeout must be a whole number of seconds from \(range.lowerBound) to \(range.upperBound)")
            }
            return String(seconds)
        case .output:
            guard ["table", "json"].contains(value.lowercased()) else { throw CommandFailure.usage("output must be table or json") }
            return value.lowercased()
        }
    }
}
