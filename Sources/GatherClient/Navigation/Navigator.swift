/// The navigation stack the coordinators drive. The terminal app implements it by showing the top
/// screen; coordinator tests use a spy. Screens are the views the `ViewFactory` made.
@MainActor
package protocol Navigator: AnyObject {
    func push(_ screen: AnyObject)
    func pop()
    /// Replaces the whole stack with one screen.
    func setRoot(_ screen: AnyObject)
    /// Pops back to the first screen of the stack.
    func popToRoot()
    /// Ends the app; `farewell`, if any, is printed once the terminal is restored.
    func quit(farewell: String?)
}

