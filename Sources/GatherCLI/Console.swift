import Foundation

/// Where a command's output goes: data on stdout, messages on stderr; whether stdout is a
/// terminal (tables are fitted to its width, colour only there and never with NO_COLOR).
package struct Console: Sendable {
    package let out: @Sendable (String) -> Void
    package let err: @Sendable (String) -> Void
    package let isTerminal: Bool
    package let width: Int
    package let color: Bool

    package init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                isTerminal: Bool, width: Int, color: Bool) {
        self.out = out
        self.err = err
        self.isTerminal = isTerminal
        self.width = width
        self.color = color && isTerminal
    }

    /// Data: what a script reads or a pipe passes on.
    func line(_ text: String) { out(text + "\n") }
    /// A message for the person at the terminal (done, what it means, what to do next): never in
    /// the data a script reads.
    func note(_ text: String) { err(text + "\n") }
    /// Something went wrong.
    func error(_ text: String) { err("gather: " + text + "\n") }

    /// Bold headers on a colour terminal.
    func heading(_ text: String) -> String { color ? "\u{1B}[1m" + text + "\u{1B}[0m" : text }
}
