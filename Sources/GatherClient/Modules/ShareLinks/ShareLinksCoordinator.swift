/// Share links: a screen of its own, no further navigation.
@MainActor
package final class ShareLinksCoordinator: ScreenCoordinator {
    package let presenter: ShareLinksPresenter
    package let screen: any Screen

    init(app: AppCoordinator, service: any ShareService) {
        presenter = ShareLinksPresenter(service: service)
        let view = app.factory.makeShareLinksView(presenter: presenter)
        screen = view
        presenter.view = view
        let presenter = presenter
        app.dependencies.effects.run { await presenter.viewDidLoad() }
    }
}
