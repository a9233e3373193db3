/// Groups: a screen of its own; choosing another group starts the roster again from it.
@MainActor
package final class GroupsCoordinator: ScreenCoordinator, GroupsDelegate {
    package let presenter: GroupsPresenter
    package let screen: any Screen
    private unowned let app: AppCoordinator

    init(app: AppCoordinator, service: any GroupService, chooser: any GroupChooser, session: Session) {
        self.app = app
        presenter = GroupsPresenter(service: service, chooser: chooser, userID: session.userID)
        let view = app.factory.makeGroupsView(presenter: presenter)
        screen = view
        presenter.view = view
        presenter.delegate = self
        let presenter = presenter
        app.dependencies.effects.run { await presenter.viewDidLoad() }
    }

    package func groupsDidSwitch(_ presenter: GroupsPresenter) {
        app.showPlayerList()
    }

    package func groupsDidRequestChannels(_ presenter: GroupsPresenter) {
        guard let service = app.dependencies.channels else { return }
        app.push(ChannelsCoordinator(app: app, service: service))
    }
}
