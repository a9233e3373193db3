/// What shows the navigation root's screens: the terminal app shows the top one; coordinator tests
/// use a spy. The stack itself is the root's alone (`NavigationRoot.screens`).
@MainActor
package protocol Navigator: AnyObject {
    /// The root's screens changed: a screen came on top (pushed, or a new root), or screens were
    /// taken off it.
    func screensChanged(_ change: NavigationChange)
    /// Ends the app; `farewell`, if any, is printed once the terminal is restored.
    func quit(farewell: String?)
}

/// How the stack of screens changed.
package enum NavigationChange: Sendable {
    /// A new screen is on top: pushed, or the root of a new stack.
    case shown
    /// Screens were taken off the top.
    case popped
}
