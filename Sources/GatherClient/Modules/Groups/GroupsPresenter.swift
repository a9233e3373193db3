import Foundation
import GatherDomain

/// Where the group the client acts on is chosen and kept: `gather group switch`'s choice, per
/// account and server.
@MainActor
package protocol GroupChooser: AnyObject {
    /// The group chosen for the account; nil: its own.
    func chosenGroup(for userID: UUID) -> UUID?
    /// Chooses `group` (its own: back to no choice).
    func choose(_ group: GroupSummary, for userID: UUID) throws
}

/// What the Groups screen shows: the account's groups with its role in each and the one chosen,
/// the members of the highlighted one, and an invitation just made, whole, until it is put away.
package struct GroupsViewState: Equatable, Sendable {
    package enum Prompt: Equatable, Sendable {
        /// The role an invitation to the highlighted group gives.
        case inviteRole(GroupSummary)
        /// Typing an invitation's code.
        case code
        /// Taking a member out of a group (owners): a yes or no.
        case removal(member: GroupMember, group: GroupSummary)
        /// Leaving a group: a yes or no.
        case leaving(GroupSummary)
    }

    package var groups: [GroupSummary]
    /// The group requests act on now.
    package var current: UUID?
    package var highlighted: Int?
    package var members: [GroupMember]
    /// The member the keys act on (a role, a removal); nil while they act on the groups.
    package var highlightedMember: Int? = nil
    package var isLoading: Bool
    package var isWorking: Bool
    package var prompt: Prompt?
    /// The invitation just made, with the name of the group it is for: shown until put away.
    package var invitation: Invitation?
    package var problem: String?
    package var notice: String?

    package struct Invitation: Equatable, Sendable {
        package var group: String
        package var invite: CreatedInvite
    }
}

@MainActor
package protocol GroupsView: Screen {
    func display(_ state: GroupsViewState)
}

@MainActor
package protocol GroupsDelegate: AnyObject {
    /// Another group was chosen: the screens that show a group's rows start again from it.
    func groupsDidSwitch(_ presenter: GroupsPresenter)
    /// The channels of the group in use were asked for.
    func groupsDidRequestChannels(_ presenter: GroupsPresenter)
}

/// The groups an organiser runs or follows: choose the one `gather` acts on, see who is in each and
/// their roles, invite someone (a one-time code shown once, with a QR code), join with a code,
/// leave; an owner gives members other roles and removes them.
@MainActor
package final class GroupsPresenter {
    package weak var view: (any GroupsView)?
    package weak var delegate: (any GroupsDelegate)?
    private let service: any GroupService
    private let chooser: any GroupChooser
    private let userID: UUID
    private var groups: [GroupSummary] = []
    private var members: [GroupMember] = []
    /// The group `members` were read for: the highlight may have moved on before they came.
    private var membersOf: UUID?
    private var cursor = ListCursor()
    /// Over the members while the keys act on them.
    private var memberCursor: ListCursor?
    var isLoading = false
    private var isWorking = false
    private var prompt: GroupsViewState.Prompt?
    private var invitation: GroupsViewState.Invitation?
    var problem: String?
    private var notice: String?

    package init(service: any GroupService, chooser: any GroupChooser, userID: UUID) {
        self.service = service
        self.chooser = chooser
        self.userID = userID
    }

    package func viewDidLoad() async {
        await reload()
    }

    /// r: the groups and the highlighted one's members as the server has them now.
    package func reload() async {
        await load {
            groups = try await service.groups()
            cursor.resize(to: groups.count)
            if let current = groups.firstIndex(where: { $0.id == currentGroup }) { cursor.move(to: current) }
            try await loadMembers()
        }
    }

    package func move(by rows: Int) async {
        cursor.resize(to: groups.count)
        let before = cursor.index
        _ = cursor.move(by: rows)
        render()
        guard cursor.index != before else { return }
        memberCursor = nil
        do { try await loadMembers() } catch { problem = ServiceError(error).message }
        render()
    }

    /// Enter: act on the highlighted group from now on.
    package func switchToHighlighted() {
        guard prompt == nil, !isWorking, let group = highlighted else { return }
        guard group.id != currentGroup else {
            notice = "Already in \(group.name)"
            render()
            return
        }
        do {
            try chooser.choose(group, for: userID)
        } catch {
            problem = "The choice could not be kept on this computer: \(error)"
            render()
            return
        }
        notice = "Now in \(group.name)"
        render()
        delegate?.groupsDidSwitch(self)
    }

    /// c: where the group's news goes (its owners): the channels of the group highlighted, when it
    /// is the one in use (requests act on that one alone); otherwise said how to get there.
    package func showChannels() {
        guard prompt == nil, !isWorking, let group = highlighted else { return }
        guard group.id == currentGroup else {
            notice = "Channels are the group in use's: Enter to act on \(group.name) first"
            return render()
        }
        guard group.role == .owner else {
            notice = "Only \(group.name)'s owners see where its news goes"
            return render()
        }
        notice = nil
        render()
        delegate?.groupsDidRequestChannels(self)
    }

    /// i: invite someone to the highlighted group (owners), asked the role first.
    package func beginInvite() {
        guard prompt == nil, !isWorking, let group = highlighted else { return }
        guard group.role == .owner else {
            problem = "Only the group's owners invite: you are \(group.role == .organiser ? "an" : "a") \(group.role.rawValue) of \(group.name)"
            render()
            return
        }
        prompt = .inviteRole(group)
        problem = nil
        notice = nil
        render()
    }

    package func invite(as role: GroupRole) async {
        guard case .inviteRole(let group) = prompt else { return }
        prompt = nil
        isWorking = true
        render()
        do {
            invitation = GroupsViewState.Invitation(group: group.name,
                                                    invite: try await service.invite(to: group.id, role: role, days: InviteDraft.defaultDays))
        } catch {
            problem = ServiceError(error).message
        }
        isWorking = false
        render()
    }

    /// a: join a group with a code someone sent.
    package func beginAccept() {
        guard prompt == nil, !isWorking else { return }
        prompt = .code
        problem = nil
        notice = nil
        render()
    }

    package func submitCode(_ code: String) async {
        guard prompt == .code else { return }
        isWorking = true
        render()
        do {
            let joined = try await service.accept(code: code)
            prompt = nil
            notice = "You joined \(joined.name) as \(joined.role == .organiser ? "an" : "a") \(joined.role.rawValue): Enter acts on it"
            isWorking = false
            await reload()
            if let index = groups.firstIndex(where: { $0.id == joined.id }) {
                await move(by: index - cursor.index)
            }
            return
        } catch {
            problem = ServiceError(error).message
        }
        isWorking = false
        render()
    }

    // MARK: Members

    /// Tab: the keys act on the highlighted group's members (a role, a removal), or on the groups again.
    package func toggleMembers() {
        guard prompt == nil, !isWorking else { return }
        if memberCursor != nil {
            memberCursor = nil
        } else if !members.isEmpty {
            var members = ListCursor()
            members.resize(to: self.members.count)
            memberCursor = members
        }
        notice = nil
        problem = nil
        render()
    }

    package func moveMember(by rows: Int) {
        guard var members = memberCursor else { return }
        _ = members.move(by: rows)
        memberCursor = members
        render()
    }

    /// o, g, v on a member: their role in the highlighted group from now on (owners).
    package func changeRole(to role: GroupRole) async {
        guard prompt == nil, !isWorking, let group = highlighted, let member = highlightedMember, isOwner(of: group) else { return }
        guard member.role != role else {
            notice = "\(member.username) is already \(GroupsPresenter.naming(role))"
            render()
            return
        }
        isWorking = true
        render()
        do {
            members = try await service.changeRole(of: member.userID, in: group.id, to: role)
            // Owners are listed first: the highlight follows the member, wherever they are now.
            if let index = members.firstIndex(where: { $0.userID == member.userID }) { memberCursor?.move(to: index) }
            notice = "\(member.username) is now \(GroupsPresenter.naming(role)) of \(group.name)"
        } catch {
            problem = ServiceError(error).message
        }
        isWorking = false
        if member.userID == userID {
            // The caller's own role changed: what they may do here, and the title bar, follow.
            await refreshOwnRole(in: group.id)
        }
        render()
    }

    /// x on a member: take them out of the highlighted group (owners), once they say yes.
    package func requestRemoval() {
        guard prompt == nil, !isWorking, let group = highlighted, let member = highlightedMember else { return }
        guard member.userID != userID else { return requestLeave() }
        guard isOwner(of: group) else { return }
        prompt = .removal(member: member, group: group)
        render()
    }

    /// l: leave the highlighted group, once they say yes.
    package func requestLeave() {
        guard prompt == nil, !isWorking, let group = highlighted else { return }
        guard !group.isOwn else {
            problem = "\(group.name) is your own group: it is yours for as long as the account is"
            render()
            return
        }
        prompt = .leaving(group)
        problem = nil
        notice = nil
        render()
    }

    /// y: what the prompt asked.
    package func confirm() async {
        switch prompt {
        case .removal(let member, let group)?:
            prompt = nil
            isWorking = true
            render()
            do {
                try await service.remove(member.userID, from: group.id)
                notice = "\(member.username) is no longer in \(group.name)"
                try await loadMembers()
            } catch {
                problem = ServiceError(error).message
            }
            isWorking = false
            render()
        case .leaving(let group)?:
            prompt = nil
            isWorking = true
            render()
            do {
                try await service.remove(userID, from: group.id)
            } catch {
                problem = ServiceError(error).message
                isWorking = false
                return render()
            }
            let wasCurrent = group.id == currentGroup
            var kept: String?
            // Requests can no longer go to the group left: back to the account's own.
            if wasCurrent, let own = groups.first(where: \.isOwn) {
                do { try chooser.choose(own, for: userID) } catch { kept = "Your own group could not be chosen on this computer: \(error)" }
            }
            isWorking = false
            memberCursor = nil
            await reload()
            notice = "You left \(group.name)"
            problem = kept ?? problem
            render()
            if wasCurrent { delegate?.groupsDidSwitch(self) }
        case .inviteRole?, .code?, nil:
            return
        }
    }

    /// Owners change roles and remove members; the server refuses anyone else, and this says why first.
    private func isOwner(of group: GroupSummary) -> Bool {
        guard group.role == .owner else {
            problem = "Only the group's owners change roles and remove members: you are \(GroupsPresenter.naming(group.role)) of \(group.name)"
            render()
            return false
        }
        return true
    }

    /// "an organiser", "a viewer", "an owner".
    private static func naming(_ role: GroupRole) -> String {
        (role == .viewer ? "a " : "an ") + role.rawValue
    }

    /// The caller's role in `group` as the server has it now, in the list and in the choice kept
    /// on this computer.
    private func refreshOwnRole(in group: UUID) async {
        guard let fresh = try? await service.groups() else { return }
        groups = fresh
        // The choice kept here only names the role in the title bar: the server decides what the role allows.
        if group == currentGroup, let updated = fresh.first(where: { $0.id == group }) { try? chooser.choose(updated, for: userID) }
    }

    private var highlightedMember: GroupMember? {
        guard let memberCursor, !members.isEmpty, membersOf == highlighted?.id else { return nil }
        return members[min(memberCursor.index, members.count - 1)]
    }

    /// Esc: leaves the prompt, puts away the invitation just made, or takes the keys back from the members.
    package func cancel() -> Bool {
        if prompt != nil {
            prompt = nil
            problem = nil
        } else if invitation != nil {
            invitation = nil
        } else if memberCursor != nil {
            memberCursor = nil
        } else {
            return false
        }
        render()
        return true
    }

    private var currentGroup: UUID { chooser.chosenGroup(for: userID) ?? userID }

    private var highlighted: GroupSummary? {
        groups.isEmpty ? nil : groups[min(cursor.index, groups.count - 1)]
    }

    private func loadMembers() async throws {
        guard let group = highlighted else {
            members = []
            membersOf = nil
            return
        }
        members = try await service.members(of: group.id)
        membersOf = group.id
    }

    func render() {
        cursor.resize(to: groups.count)
        memberCursor?.resize(to: members.count)
        if members.isEmpty { memberCursor = nil }
        view?.display(GroupsViewState(groups: groups, current: currentGroup, highlighted: groups.isEmpty ? nil : cursor.index,
                                      members: members, highlightedMember: memberCursor?.index, isLoading: isLoading, isWorking: isWorking, prompt: prompt,
                                      invitation: invitation, problem: problem, notice: notice))
    }
}
