/// One flag, its environment twin, and how it changes the configuration.
struct ServerOption: Sendable {
    let flag: String
    let environment: String
    let valueName: String?
    let help: String
    let apply: @Sendable (inout ServerConfiguration, String) throws -> Void

    func apply(_ value: String, to configuration: inout ServerConfiguration) throws(ConfigurationError) {
        do {
            try apply(&configuration, value)
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw ConfigurationError("\(flag): \(error)")
        }
    }
}
