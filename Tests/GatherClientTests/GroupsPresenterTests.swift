import Foundation
@testable import GatherClient
import GatherDomain
import Locking
import XCTest

/// Groups served as a test says, and a record of what was asked.
private final class StubGroupService: GroupService, Sendable {
    private struct State {
        var groups: [GroupSummary] = []
        var members: [UUID: [GroupMember]] = [:]
        var failure: ServiceError?
        var invited: [(UUID, GroupRole)] = []
        var joinable: [String: GroupSummary] = [:]
        var removed: [(UUID, UUID)] = []
    }

    /// The account the tests act as.
    static let caller = UUID(uuidString: "00000000-0000-4000-8000-0000000000AA") ?? UUID()

    private let state = Locked(State())

    init(groups: [GroupSummary], members: [UUID: [GroupMember]]) {
        state.withLock {
            $0.groups = groups
            $0.members = members
        }
    }

    func fail(with error: ServiceError?) { state.withLock { $0.failure = error } }
    func setMembers(_ members: [GroupMember], of group: UUID) { state.withLock { $0.members[group] = members } }
    func setGroups(_ groups: [GroupSummary]) { state.withLock { $0.groups = groups } }
    func allowJoining(_ group: GroupSummary, with code: String) { state.withLock { $0.joinable[code] = group } }
    var invited: [(UUID, GroupRole)] { state.withLock { $0.invited } }

    func groups() async throws -> [GroupSummary] {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            return state.groups
        }
    }

    func members(of group: UUID) async throws -> [GroupMember] {
        state.withLock { $0.members[group] ?? [] }
    }

    func settings(of group: UUID) async throws -> GroupSettings {
        GroupSettings(timeZone: nil, allowGuests: false)
    }

    func invite(to group: UUID, role: GroupRole, days: Int) async throws -> CreatedInvite {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            state.invited.append((group, role))
            return CreatedInvite(invite: Invite(id: 1, role: role, createdAt: Date(timeIntervalSince1970: 0),
                                                expiresAt: Date(timeIntervalSince1970: 604_800)), code: "code-\(state.invited.count)")
        }
    }

    func accept(code: String) async throws -> GroupSummary {
        try state.withLock { state in
            guard let group = state.joinable.removeValue(forKey: code) else {
                throw ServiceError.rejected(status: 404, reason: "this invitation does not exist, was used or revoked, or has expired")
            }
            state.groups.append(group)
            return group
        }
    }

    var removed: [(member: UUID, group: UUID)] { state.withLock { $0.removed } }

    func remove(_ member: UUID, from group: UUID) async throws {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            state.removed.append((member, group))
            state.members[group]?.removeAll { $0.userID == member }
            if member == StubGroupService.caller { state.groups.removeAll { $0.id == group } }
        }
    }

    func changeRole(of member: UUID, in group: UUID, to role: GroupRole) async throws -> [GroupMember] {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            let changed = (state.members[group] ?? []).map { entry in
                var entry = entry
                if entry.userID == member { entry.role = role }
                return entry
            }
            // As the server lists them: owners first, then organisers, then viewers, each as they joined.
            state.members[group] = GroupRole.allCases.reversed().flatMap { role in changed.filter { $0.role == role } }
            return state.members[group] ?? []
        }
    }
}

@MainActor
private final class StubChooser: GroupChooser {
    var chosen: UUID?
    var failure: (any Error)?

    func chosenGroup(for userID: UUID) -> UUID? { chosen }

    func choose(_ group: GroupSummary, for userID: UUID) throws {
        if let failure { throw failure }
        chosen = group.isOwn ? nil : group.id
    }
}

@MainActor
private final class SpyGroupsDelegate: GroupsDelegate {
    private(set) var switches = 0
    private(set) var channelRequests = 0
    func groupsDidSwitch(_ presenter: GroupsPresenter) { switches += 1 }
    func groupsDidRequestChannels(_ presenter: GroupsPresenter) { channelRequests += 1 }
}

/// The Groups screen's presenter: choose the group `gather` acts on, see members, invite, join.
@MainActor
final class GroupsPresenterTests: XCTestCase {
    private let me = StubGroupService.caller
    private let thursday = UUID()
    private var own: GroupSummary { GroupSummary(id: me, name: "ana", role: .owner, isOwn: true, createdAt: Date(timeIntervalSince1970: 0)) }
    private var club: GroupSummary {
        GroupSummary(id: thursday, name: "Thursday", role: .organiser, isOwn: false, createdAt: Date(timeIntervalSince1970: 0))
    }

    private func member(_ name: String, _ role: GroupRole, founder: Bool = false) -> GroupMember {
        GroupMember(userID: UUID(), username: name, role: role, isFounder: founder, joinedAt: Date(timeIntervalSince1970: 0))
    }

    private func make(chosen: UUID? = nil) async -> (GroupsPresenter, SpyGroupsView, StubGroupService, StubChooser, SpyGroupsDelegate) {
        let service = StubGroupService(groups: [own, club], members: [me: [member("ana", .owner, founder: true)],
                                                                      thursday: [member("bea", .owner, founder: true), member("ana", .organiser)]])
        let chooser = StubChooser()
        chooser.chosen = chosen
        let presenter = GroupsPresenter(service: service, chooser: chooser, userID: me)
        let view = SpyGroupsView()
        let delegate = SpyGroupsDelegate()
        presenter.view = view
        presenter.delegate = delegate
        await presenter.viewDidLoad()
        return (presenter, view, service, chooser, delegate)
    }

    func testTheGroupsAreListedWithTheCurrentOneHighlightedAndItsMembers() async {
        let (_, view, _, _, _) = await make(chosen: thursday)
        XCTAssertEqual(view.states.first?.isLoading, true)
        XCTAssertEqual(view.last?.groups.map(\.name), ["ana", "Thursday"])
        XCTAssertEqual(view.last?.current, thursday)
        XCTAssertEqual(view.last?.highlighted, 1, "the group acted on now")
        XCTAssertEqual(view.last?.members.map(\.username), ["bea", "ana"])
    }

    func testMovingShowsTheHighlightedGroupsMembersAndEnterActsOnIt() async {
        let (presenter, view, _, chooser, delegate) = await make()
        XCTAssertEqual(view.last?.current, me)
        await presenter.move(by: 1)
        XCTAssertEqual(view.last?.members.map(\.username), ["bea", "ana"])
        presenter.switchToHighlighted()
        XCTAssertEqual(chooser.chosen, thursday)
        XCTAssertEqual(view.last?.current, thursday)
        XCTAssertEqual(view.last?.notice, "Now in Thursday")
        XCTAssertEqual(delegate.switches, 1, "the roster starts again from the group chosen")
        presenter.switchToHighlighted()
        XCTAssertEqual(view.last?.notice, "Already in Thursday")
        XCTAssertEqual(delegate.switches, 1)
        await presenter.move(by: -1)
        presenter.switchToHighlighted()
        XCTAssertNil(chooser.chosen, "back to the account's own: no choice kept")
    }

    func testChannelsAreTheGroupInUsesAndItsOwnersAlone() async {
        let (presenter, view, _, _, delegate) = await make()
        presenter.showChannels()
        XCTAssertEqual(delegate.channelRequests, 1, "the group in use, owned")
        await presenter.move(by: 1)
        presenter.showChannels()
        XCTAssertEqual(view.last?.notice, "Channels are the group in use's: Enter to act on Thursday first")
        XCTAssertEqual(delegate.channelRequests, 1)
        presenter.switchToHighlighted()
        presenter.showChannels()
        XCTAssertEqual(view.last?.notice, "Only Thursday's owners see where its news goes")
        XCTAssertEqual(delegate.channelRequests, 1)
    }

    func testTheGroupsScreenOpensTheChannelsScreenOfTheGroupInUse() async {
        let session = StubSessionService.session
        let own = GroupSummary(id: session.userID, name: "ana", role: .owner, isOwn: true, createdAt: Date(timeIntervalSince1970: 0))
        let channel = Channel(id: 1, kind: .slack, name: "Team chat", url: "https://hooks.slack.com/…", events: [.matchResult],
                              reminderHours: [], organisers: false, link: nil, chatID: nil, createdAt: own.createdAt, updatedAt: own.createdAt)
        let fixture = AppFixture(savedSession: session, channels: StubChannelService(channels: [channel]),
                                 groups: (StubGroupService(groups: [own], members: [:]), StubChooser()))
        await fixture.app.start()
        await fixture.settled()
        fixture.list?.presenter.showGroups()
        await fixture.settled()
        let groups = fixture.app.top as? GroupsCoordinator
        groups?.presenter.showChannels()
        await fixture.settled()
        XCTAssertTrue(fixture.app.top is ChannelsCoordinator)
        XCTAssertEqual(fixture.factory.channelsView?.last?.channels.map(\.name), ["Team chat"])
    }

    func testAChoiceThatCannotBeKeptIsSaidAndNothingSwitches() async {
        let (presenter, view, _, chooser, delegate) = await make()
        chooser.failure = CocoaError(.fileWriteNoPermission)
        await presenter.move(by: 1)
        presenter.switchToHighlighted()
        XCTAssertTrue(view.last?.problem?.hasPrefix("The choice could not be kept on this computer") == true)
        XCTAssertEqual(delegate.switches, 0)
    }

    func testOnlyOwnersInviteAndTheCodeIsShownUntilPutAway() async throws {
        let (presenter, view, service, _, _) = await make()
        await presenter.move(by: 1)
        presenter.beginInvite()
        XCTAssertEqual(view.last?.problem, "Only the group's owners invite: you are an organiser of Thursday")
        XCTAssertNil(view.last?.prompt)
        await presenter.move(by: -1)
        presenter.beginInvite()
        XCTAssertEqual(view.last?.prompt, .inviteRole(own))
        await presenter.invite(as: .viewer)
        XCTAssertEqual(service.invited.map(\.1), [.viewer])
        XCTAssertEqual(view.last?.invitation?.invite.code, "code-1")
        XCTAssertEqual(view.last?.invitation?.group, "ana")
        XCTAssertTrue(presenter.cancel(), "Esc puts the code away")
        XCTAssertNil(view.last?.invitation)
        XCTAssertFalse(presenter.cancel(), "then goes back")
    }

    func testAFailedInvitationSaysWhy() async {
        let (presenter, view, service, _, _) = await make()
        presenter.beginInvite()
        service.fail(with: .rejected(status: 403, reason: "this group already has 20 invitations waiting"))
        await presenter.invite(as: .organiser)
        XCTAssertEqual(view.last?.problem, "this group already has 20 invitations waiting")
        XCTAssertNil(view.last?.invitation)
    }

    func testACodeJoinsItsGroupAndAWrongOneStaysInThePrompt() async {
        let (presenter, view, service, _, _) = await make()
        let sunday = GroupSummary(id: UUID(), name: "Sunday", role: .viewer, isOwn: false, createdAt: Date(timeIntervalSince1970: 0))
        service.allowJoining(sunday, with: "good")
        presenter.beginAccept()
        XCTAssertEqual(view.last?.prompt, .code)
        await presenter.submitCode("bad")
        XCTAssertEqual(view.last?.prompt, .code, "still asking")
        XCTAssertEqual(view.last?.problem, "this invitation does not exist, was used or revoked, or has expired")
        await presenter.submitCode("good")
        XCTAssertNil(view.last?.prompt)
        XCTAssertEqual(view.last?.groups.map(\.name), ["ana", "Thursday", "Sunday"])
        XCTAssertEqual(view.last?.highlighted, 2, "the group joined, ready to act on")
        XCTAssertEqual(view.last?.notice, "You joined Sunday as a viewer: Enter acts on it")
        XCTAssertTrue(presenter.cancel() == false)
    }

    func testAnUnreachableServerIsSaid() async {
        let (presenter, view, service, _, _) = await make()
        service.fail(with: .unreachable("Cannot reach the server"))
        await presenter.reload()
        XCTAssertEqual(view.last?.problem, "Cannot reach the server")
        XCTAssertEqual(view.last?.isLoading, false)
    }

    // MARK: Members

    /// A group Ana owns with Bea, an organiser, in it.
    private func makeOwning() async -> (GroupsPresenter, SpyGroupsView, StubGroupService, StubChooser, SpyGroupsDelegate) {
        let made = await make()
        made.2.setMembers([GroupMember(userID: me, username: "ana", role: .owner, isFounder: true, joinedAt: Date(timeIntervalSince1970: 0)),
                           member("bea", .organiser)], of: me)
        await made.0.reload()
        return made
    }

    func testAnOwnerGivesAMemberAnotherRole() async {
        let (presenter, view, _, _, _) = await makeOwning()
        presenter.toggleMembers()
        XCTAssertEqual(view.last?.highlightedMember, 0)
        presenter.moveMember(by: 1)
        XCTAssertEqual(view.last?.highlightedMember, 1)

        await presenter.changeRole(to: .viewer)

        XCTAssertEqual(view.last?.members.map(\.role), [.owner, .viewer])
        XCTAssertEqual(view.last?.notice, "bea is now a viewer of ana")
        await presenter.changeRole(to: .viewer)
        XCTAssertEqual(view.last?.notice, "bea is already a viewer")
    }

    func testTheHighlightFollowsTheMemberWhoseRoleChanged() async {
        let (presenter, view, service, _, _) = await make()
        service.setMembers([GroupMember(userID: me, username: "ana", role: .owner, isFounder: true, joinedAt: Date(timeIntervalSince1970: 0)),
                            member("bea", .owner), member("cy", .organiser)], of: me)
        await presenter.reload()
        presenter.toggleMembers()
        presenter.moveMember(by: 1)

        await presenter.changeRole(to: .viewer)

        XCTAssertEqual(view.last?.members.map(\.username), ["ana", "cy", "bea"], "owners first")
        XCTAssertEqual(view.last?.highlightedMember, 2, "still on bea")
    }

    func testDemotingYourselfRefreshesWhatYouMayDo() async {
        let (presenter, view, service, _, _) = await make()
        service.setMembers([GroupMember(userID: me, username: "ana", role: .owner, isFounder: true, joinedAt: Date(timeIntervalSince1970: 0)),
                            member("bea", .owner)], of: me)
        service.setGroups([own, club])
        await presenter.reload()
        presenter.toggleMembers()
        service.setGroups([GroupSummary(id: me, name: "ana", role: .organiser, isOwn: true, createdAt: Date(timeIntervalSince1970: 0)), club])

        await presenter.changeRole(to: .organiser)

        XCTAssertEqual(view.last?.groups.first?.role, .organiser)
        XCTAssertEqual(view.last?.members.map(\.username), ["bea", "ana"])
        XCTAssertEqual(view.last?.highlightedMember, 1, "still on ana")
        presenter.moveMember(by: -1)
        presenter.requestRemoval()
        XCTAssertTrue(view.last?.problem?.hasPrefix("Only the group's owners") == true, "no longer an owner here")
    }

    func testAnOwnerRemovesAMemberOnceTheySayYes() async {
        let (presenter, view, service, _, _) = await makeOwning()
        presenter.toggleMembers()
        presenter.moveMember(by: 1)
        presenter.requestRemoval()
        guard case .removal(let member, _)? = view.last?.prompt else { return XCTFail("no question: \(String(describing: view.last?.prompt))") }
        XCTAssertEqual(member.username, "bea")
        XCTAssertTrue(service.removed.isEmpty, "nothing before the answer")

        await presenter.confirm()

        XCTAssertEqual(service.removed.map(\.group), [me])
        XCTAssertEqual(view.last?.members.map(\.username), ["ana"])
        XCTAssertEqual(view.last?.notice, "bea is no longer in ana")
    }

    func testOnlyOwnersChangeRolesOrRemove() async {
        let (presenter, view, service, _, _) = await make()
        await presenter.move(by: 1)
        presenter.toggleMembers()

        await presenter.changeRole(to: .viewer)
        XCTAssertEqual(view.last?.problem, "Only the group's owners change roles and remove members: you are an organiser of Thursday")
        presenter.requestRemoval()
        XCTAssertNil(view.last?.prompt)
        XCTAssertTrue(service.removed.isEmpty)
        XCTAssertTrue(presenter.cancel(), "Esc gives the keys back to the groups")
        XCTAssertNil(view.last?.highlightedMember)
    }

    func testLeavingTheGroupActedOnGoesBackToYourOwn() async {
        let (presenter, view, service, chooser, delegate) = await make(chosen: thursday)
        presenter.requestLeave()
        XCTAssertEqual(view.last?.prompt, .leaving(club))
        XCTAssertTrue(presenter.cancel(), "n or Esc: nothing happens")
        XCTAssertTrue(service.removed.isEmpty)
        presenter.requestLeave()

        await presenter.confirm()

        XCTAssertEqual(service.removed.map(\.member), [me])
        XCTAssertEqual(view.last?.groups.map(\.name), ["ana"])
        XCTAssertNil(chooser.chosen, "back to the account's own group")
        XCTAssertEqual(delegate.switches, 1)
        XCTAssertEqual(view.last?.notice, "You left Thursday")
    }

    func testYourOwnGroupCannotBeLeftAndARefusalIsSaid() async {
        let (presenter, view, service, _, _) = await make()
        presenter.requestLeave()
        XCTAssertEqual(view.last?.problem, "ana is your own group: it is yours for as long as the account is")
        XCTAssertNil(view.last?.prompt)
        await presenter.move(by: 1)
        presenter.requestLeave()
        service.fail(with: .rejected(status: 409, reason: "a group keeps at least one owner"))
        await presenter.confirm()
        XCTAssertEqual(view.last?.problem, "a group keeps at least one owner")
        XCTAssertEqual(view.last?.isWorking, false)
    }
}
