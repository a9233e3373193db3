/// A coordinator that owns one screen: it creates its presenter and view when it is made.
@MainActor
package protocol ScreenCoordinator: AnyObject {
    /// The view shown for this coordinator (made by the `ViewFactory`).
    var screen: any Screen { get }
    /// Another screen came on top of this one.
    func didGetCovered()
    /// This screen is on top again: the one above it was taken off.
    func didBecomeTop()
    /// This screen was taken off the stack for good: what it keeps open (a live stream) ends.
    func didLeave()
}

extension ScreenCoordinator {
    package func didGetCovered() {}
    package func didBecomeTop() {}
    package func didLeave() {}
}
