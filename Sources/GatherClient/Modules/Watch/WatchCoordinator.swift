/// `gather watch`: one screen, the match being played, and nothing else to navigate to.
@MainActor
package final class WatchCoordinator: NavigationRoot, ScreenCoordinator {
    package let presenter: WatchPresenter
    package let screen: any Screen
    private let navigator: any Navigator
    /// Once started: the one screen of the stack.
    package private(set) var screens: [any Screen] = []

    package init(navigator: any Navigator, factory: any ViewFactory, feed: any LiveFeed, ticker: any Ticker, time: any TimeSource,
                 label: String) {
        self.navigator = navigator
        presenter = WatchPresenter(feed: feed, ticker: ticker, time: time, label: label)
        let view = factory.makeWatchView(presenter: presenter)
        screen = view
        presenter.view = view
    }

    package func start() async {
        screens = [screen]
        navigator.screensChanged(.shown)
        presenter.viewDidLoad()
    }

    /// Esc: there is nowhere to go back to.
    package func goBack() {}

    package func quit() {
        presenter.stop()
        navigator.quit(farewell: nil)
    }

    /// Watching keeps nothing.
    package var waitingNote: String? { nil }
}
