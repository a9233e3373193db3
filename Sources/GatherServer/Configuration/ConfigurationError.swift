/// A flag or environment value `gather-server` cannot use: the message says which and why.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
