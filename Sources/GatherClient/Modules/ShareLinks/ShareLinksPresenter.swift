import Foundation
import GatherDomain

/// What the Share links screen shows: the links (never their addresses, which the server does
/// not keep), how each was used, and the one just made, whole, until it is put away.
package struct ShareLinksViewState: Equatable, Sendable {
    package enum Prompt: Equatable, Sendable {
        /// Typing the new link's name.
        case name
        /// Revoking this link, asked first: it cannot be undone.
        case confirmRevoke(Share)
    }

    package var shares: [Share]
    /// The index in `shares` of the highlighted link.
    package var highlighted: Int?
    package var position: String
    package var isLoading: Bool
    package var isWorking: Bool
    package var prompt: Prompt?
    /// The link just made: shown with its QR code until it is put away.
    package var created: ShareLink?
    package var problem: String?
    /// What was just done.
    package var notice: String?
    /// Loaded, and there are no links.
    package var isEmpty: Bool
}

@MainActor
package protocol ShareLinksView: Screen {
    func display(_ state: ShareLinksViewState)
}

/// The organiser's share links: make one for the group chat (its link shown once, with a QR code
/// to scan at the pitch), see how often each was opened, revoke one.
@MainActor
package final class ShareLinksPresenter {
    package weak var view: (any ShareLinksView)?
    private let service: any ShareService
    private var shares: [Share] = []
    private var cursor = ListCursor()
    var isLoading = false
    private var isWorking = false
    private var prompt: ShareLinksViewState.Prompt?
    private var created: ShareLink?
    var problem: String?
    private var notice: String?

    package init(service: any ShareService) {
        self.service = service
    }

    package func viewDidLoad() async {
        await reload()
    }

    /// r: the links as the server has them now (their views move while friends look).
    package func reload() async {
        await load { shares = try await service.shares() }
    }

    package func move(by rows: Int) {
        cursor.resize(to: shares.count)
        cursor.move(by: rows)
        render()
    }

    /// n: name a new link.
    package func beginNew() {
        guard prompt == nil, !isWorking else { return }
        prompt = .name
        problem = nil
        notice = nil
        render()
    }

    package func submitName(_ name: String) async {
        guard prompt == .name else { return }
        prompt = nil
        isWorking = true
        render()
        do {
            let link = try await service.create(name: name)
            created = link
            shares.append(link.share)
            cursor.resize(to: shares.count)
            cursor.moveToLast()
        } catch {
            problem = ServiceError(error).message
            prompt = .name
        }
        isWorking = false
        render()
    }

    /// Esc: leaves the prompt, or puts away the link just made.
    package func cancel() -> Bool {
        if prompt != nil {
            prompt = nil
            problem = nil
        } else if created != nil {
            created = nil
        } else {
            return false
        }
        render()
        return true
    }

    /// d: revoke the highlighted link, asked first.
    package func requestRevoke() {
        guard prompt == nil, !isWorking, !shares.isEmpty else { return }
        prompt = .confirmRevoke(shares[min(cursor.index, shares.count - 1)])
        notice = nil
        render()
    }

    package func confirmRevoke() async {
        guard case .confirmRevoke(let share) = prompt else { return }
        prompt = nil
        isWorking = true
        render()
        do {
            try await service.revoke(id: share.id)
            shares.removeAll { $0.id == share.id }
            if created?.share.id == share.id { created = nil }
            notice = "“\(share.name)” revoked: its link no longer opens anything"
        } catch {
            problem = ServiceError(error).message
        }
        isWorking = false
        render()
    }

    func render() {
        cursor.resize(to: shares.count)
        view?.display(ShareLinksViewState(shares: shares, highlighted: shares.isEmpty ? nil : cursor.index, position: cursor.position,
                                          isLoading: isLoading, isWorking: isWorking, prompt: prompt, created: created, problem: problem,
                                          notice: notice, isEmpty: shares.isEmpty && !isLoading && problem == nil))
    }
}
