/// `gather watch`: one screen, the match being played, and nothing else to navigate to.
@MainActor
package final class WatchCoordinator: NavigationRoot, ScreenCoordinator {
    package let presenter: WatchPresenter
    package let screen: AnyObject
    private let navigator: any Navigator

    package init(navigator: any Navigator, factory: any ViewFactory, feed: any LiveFeed, ticker: any Ticker, time: any TimeSource,
                 label: String) {
        self.navigator = navigator
        presenter = WatchPresenter(feed: feed, ticker: ticker, time: time, label: label)
        let view = factory.makeWatchView(presenter: presenter)
        screen = view
        presenter.view = view
    }

    package func start() async {
        navigator.setRoot(screen)
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
