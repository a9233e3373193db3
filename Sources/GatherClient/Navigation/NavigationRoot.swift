/// The coordinator at the root of navigation, which the terminal app's own keys reach: the whole
/// client (`AppCoordinator`) or `gather watch` (`WatchCoordinator`).
@MainActor
package protocol NavigationRoot: AnyObject {
    /// Shows the first screen.
    func start() async
    /// Esc, when the top screen does not take it.
    func goBack()
    /// q, when the top screen does not take it.
    func quit()
    /// What is kept on this computer, said when the app leaves at once; nil when nothing is.
    var waitingNote: String? { get }
    /// The stack of screens, the first at the bottom: the navigation's only one.
    var screens: [any Screen] { get }
}

extension AppCoordinator: NavigationRoot {}
