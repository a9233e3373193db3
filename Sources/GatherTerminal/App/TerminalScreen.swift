import Terminal

/// What a key did on a screen.
enum KeyOutcome {
    case handled
    /// Not for this screen: the app applies the global meaning (Esc = back, q = quit, ? = help).
    case unhandled
}

/// A key and what it does, for the footer and the help overlay.
struct KeyHint: Equatable {
    let keys: String
    let action: String
}

/// A screen of the terminal app: draws itself and handles keys. Views implement this and the view
/// protocol their presenter drives. A screen with a focused text field handles every printable key
/// itself, so `q` and `?` are text there.
@MainActor
protocol TerminalScreen: AnyObject {
    var title: String { get }
    /// The keys of this screen right now (they change with modes and prompts).
    var keyHints: [KeyHint] { get }
    func draw(into buffer: inout ScreenBuffer, in area: Area)
    func handle(_ key: Key) -> KeyOutcome
    /// Ctrl-C: true if the screen took it (to ask before losing something); false quits at once.
    func interrupt() -> Bool
    /// The app is leaving at once (a second Ctrl-C, a signal): keep what would be lost, and
    /// return what to say about it on the way out.
    func leaveAtOnce() -> String?
    /// Printable keys are text on this screen (a form): `?` and `q` do not reach the app.
    var takesText: Bool { get }
}

extension TerminalScreen {
    func interrupt() -> Bool { false }
    func leaveAtOnce() -> String? { nil }
    var takesText: Bool { false }
}

/// A rectangle of the screen in cells.
struct Area: Equatable {
    var row: Int
    var column: Int
    var width: Int
    var height: Int

    var bottom: Int { row + height }
}

/// Shared by every view: how to ask the app to redraw after a state change.
@MainActor
final class RenderRequest {
    private let action: @MainActor () -> Void
    init(_ action: @escaping @MainActor () -> Void) { self.action = action }
    func callAsFunction() { action() }
}
