/// A coordinator that owns one screen: `start()` creates its presenter and view.
@MainActor
public protocol ScreenCoordinator: AnyObject {
    /// The view shown for this coordinator (made by the `ViewFactory`).
    var screen: AnyObject { get }
}
