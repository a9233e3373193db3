/// Input that breaks a rule. `reason` names the field, so a client can point at it.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    public let field: String?
    public let message: String

    public init(field: String?, message: String) {
        self.field = field
        self.message = message
    }

    public var reason: String {
        guard let field else { return message }
        return "\(field) \(message)"
    }

    public var description: String { reason }
}
