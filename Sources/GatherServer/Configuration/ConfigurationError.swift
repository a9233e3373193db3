/// A flag or environment value `gather-server` cannot use: the message says which and why.
package struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
