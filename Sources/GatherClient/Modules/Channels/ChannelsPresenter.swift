import Foundation
import GatherDomain

/// What the Channels screen shows: the group's channels and what each is told, the latest
/// messages of the highlighted one (sent, due again and why, failed, skipped), and what a test
/// message just brought back.
package struct ChannelsViewState: Equatable, Sendable {
    package enum Prompt: Equatable, Sendable {
        /// Removing this channel, asked first.
        case confirmRemove(Channel)
    }

    package var channels: [Channel]
    package var highlighted: Int?
    package var position: String
    /// The highlighted channel's latest deliveries, newest first; nil while they are read.
    package var deliveries: [Delivery]?
    package var isLoading: Bool
    package var isWorking: Bool
    package var prompt: Prompt?
    package var problem: String?
    /// What was just done, or what a test brought back.
    package var notice: String?
    /// Loaded, and there are none.
    package var isEmpty: Bool
}

@MainActor
package protocol ChannelsView: Screen {
    func display(_ state: ChannelsViewState)
}

/// The group's channels, the part of the groups' screens that says where the news goes: what each
/// is told and what became of its latest messages, a test message on a key, a channel removed.
/// Each key acts on the channel highlighted when it was pressed, whatever has loaded since.
@MainActor
package final class ChannelsPresenter {
    package weak var view: (any ChannelsView)?
    private let service: any ChannelService
    private var channels: [Channel] = []
    private var cursor = ListCursor()
    /// The deliveries shown, and the channel they were read for: the highlight may have moved on
    /// before they came.
    private var deliveries: (channel: Int, list: [Delivery])?
    var isLoading = false
    private var isWorking = false
    private var prompt: ChannelsViewState.Prompt?
    var problem: String?
    private var notice: String?
    /// Deliveries listed for the highlighted channel.
    static let deliveriesShown = 20

    package init(service: any ChannelService) {
        self.service = service
    }

    package func viewDidLoad() async {
        await reload()
    }

    /// r: the channels and the highlighted one's deliveries as the server has them now.
    package func reload() async {
        await load { channels = try await service.channels() }
        deliveries = nil
        await loadDeliveries()
    }

    package func move(by rows: Int) async {
        cursor.resize(to: channels.count)
        guard cursor.move(by: rows) else { return }
        notice = nil
        render()
        await loadDeliveries()
    }

    /// t: a test message to the highlighted channel; what the far end said is shown.
    package func test() async {
        guard prompt == nil, !isWorking, let channel = highlightedChannel else { return }
        isWorking = true
        notice = nil
        problem = nil
        render()
        do {
            let result = try await service.test(id: channel.id)
            if result.delivered {
                notice = "“\(channel.name)” took the test message (\(result.status.map(String.init) ?? "ok"))"
            } else {
                var said = result.error ?? "not delivered"
                if let answer = result.answer, !answer.isEmpty { said += ": \(answer)" }
                problem = "“\(channel.name)” did not take the test message: \(said)"
            }
        } catch {
            problem = ServiceError(error).message
        }
        isWorking = false
        render()
    }

    /// x: remove the highlighted channel, asked first.
    package func requestRemove() {
        guard prompt == nil, !isWorking, let channel = highlightedChannel else { return }
        prompt = .confirmRemove(channel)
        notice = nil
        render()
    }

    package func confirmRemove() async {
        guard case .confirmRemove(let channel) = prompt else { return }
        prompt = nil
        isWorking = true
        render()
        do {
            try await service.remove(id: channel.id)
            channels.removeAll { $0.id == channel.id }
            notice = "“\(channel.name)” removed: it is told nothing more"
        } catch {
            problem = ServiceError(error).message
        }
        isWorking = false
        render()
        await loadDeliveries()
    }

    /// Esc: leaves the prompt; false when there was none (back).
    package func cancel() -> Bool {
        guard prompt != nil else { return false }
        prompt = nil
        render()
        return true
    }

    private var highlightedChannel: Channel? {
        cursor.resize(to: channels.count)
        return channels.isEmpty ? nil : channels[cursor.index]
    }

    private func loadDeliveries() async {
        guard let channel = highlightedChannel else {
            deliveries = nil
            return render()
        }
        guard deliveries?.channel != channel.id else { return }
        deliveries = nil
        render()
        do {
            let list = try await service.deliveries(id: channel.id, limit: Self.deliveriesShown)
            // Only if it is still the one highlighted.
            if highlightedChannel?.id == channel.id { deliveries = (channel.id, list) }
        } catch {
            problem = ServiceError(error).message
        }
        render()
    }

    func render() {
        cursor.resize(to: channels.count)
        let shown = deliveries.flatMap { $0.channel == highlightedChannel?.id ? $0.list : nil }
        view?.display(ChannelsViewState(channels: channels, highlighted: channels.isEmpty ? nil : cursor.index, position: cursor.position,
                                        deliveries: shown, isLoading: isLoading, isWorking: isWorking, prompt: prompt, problem: problem,
                                        notice: notice, isEmpty: channels.isEmpty && !isLoading && problem == nil))
    }
}

extension ChannelsPresenter: ServerLoading {}
