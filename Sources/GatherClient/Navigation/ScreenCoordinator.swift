/// A coordinator that owns one screen: it creates its presenter and view when it is made.
@MainActor
package protocol ScreenCoordinator: AnyObject {
    /// The view shown for this coordinator (made by the `ViewFactory`).
    var screen: any Screen { get }
}
