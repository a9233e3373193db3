/// The group's channels: a screen of its own, opened from the groups' screen, no further navigation.
@MainActor
package final class ChannelsCoordinator: ScreenCoordinator {
    package let presenter: ChannelsPresenter
    package let screen: any Screen

    init(app: AppCoordinator, service: any ChannelService) {
        presenter = ChannelsPresenter(service: service)
        let view = app.factory.makeChannelsView(presenter: presenter)
        screen = view
        presenter.view = view
        let presenter = presenter
        app.dependencies.effects.run { await presenter.viewDidLoad() }
    }
}
