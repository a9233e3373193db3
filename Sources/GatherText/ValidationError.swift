/// Input that breaks a rule. `reason` names the field, so a client can point at it.
package struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    package let field: String?
    package let message: String

    package init(field: String?, message: String) {
        self.field = field
        self.message = message
    }

    package var reason: String {
        guard let field else { return message }
        return "\(field) \(message)"
    }

    package var description: String { reason }
}
