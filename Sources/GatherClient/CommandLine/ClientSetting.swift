import Networking

/// A setting `gather` reads from its flags, its environment, its settings file (`gather config`)
/// or the saved session, in that order: the first that has it wins.
package enum ClientSetting: String, CaseIterable, Sendable {
    case server
    case caFile = "ca-file"
    case timeout
    /// How read commands print: `table` (the default) or `json` (as `--json`).
    case output

    /// The flag that sets it for one run.
    package var flag: String {
        switch self {
        case .server: "--server"
        case .caFile: "--ca-file"
        case .timeout: "--timeout"
        case .output: "--json"
        }
    }

    package var environmentName: String {
        switch self {
        case .server: "FG_SERVER_URL"
        case .caFile: "FG_CA_FILE"
        case .timeout: "FG_TIMEOUT"
        case .output: "FG_OUTPUT"
        }
    }

    /// What it is when nothing sets it.
    package var builtIn: String? {
        switch self {
        case .server: ServerAddress.defaultURL
        case .caFile: nil
        case .timeout: String(ConnectionSettings.defaultTimeout.components.seconds)
        case .output: "table"
        }
    }
}

/// Where a setting's value came from, for `gather config list --origin`.
package enum SettingOrigin: Equatable, Sendable, CustomStringConvertible {
    case flag(String)
    case environment(String)
    case settingsFile(String)
    /// The server (and its CA file) `gather login` saved with the session.
    case session
    case builtIn

    /// Set for this run, where the user typed it: named as typed in a message.
    package var isFlagOrEnvironment: Bool {
        switch self {
        case .flag, .environment: true
        case .settingsFile, .session, .builtIn: false
        }
    }

    /// The flag or variable's name.
    package var name: String {
        switch self {
        case .flag(let name), .environment(let name): name
        case .settingsFile, .session, .builtIn: description
        }
    }

    package var description: String {
        switch self {
        case .flag(let flag): "flag \(flag)"
        case .environment(let name): "environment \(name)"
        case .settingsFile(let path): "file \(path)"
        case .session: "the saved session (gather login)"
        case .builtIn: "default"
        }
    }
}

/// Values for settings from the places below the command line: the settings file and the saved session.
package struct StoredSettings: Equatable, Sendable {
    package var file: [ClientSetting: String]
    package var filePath: String
    package var session: [ClientSetting: String]

    package init(file: [ClientSetting: String] = [:], filePath: String = "", session: [ClientSetting: String] = [:]) {
        self.file = file
        self.filePath = filePath
        self.session = session
    }

    /// A setting's value and its origin, from the flags given, the environment, then what is stored.
    package func resolve(_ setting: ClientSetting, flags: [ClientSetting: String],
                         environment: [String: String]) -> (value: String, origin: SettingOrigin)? {
        if let value = flags[setting] { return (value, .flag(setting.flag)) }
        if let value = environment[setting.environmentName], !value.isEmpty { return (value, .environment(setting.environmentName)) }
        if let value = file[setting] { return (value, .settingsFile(filePath)) }
        // The session's CA file only goes with the session's server: another server has its own certificate.
        if let value = session[setting], setting != .caFile || resolve(.server, flags: flags, environment: environment)?.value == session[.server] {
            return (value, .session)
        }
        return setting.builtIn.map { ($0, .builtIn) }
    }
}
