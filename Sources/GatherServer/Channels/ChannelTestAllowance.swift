import FoundationEssentials
import HTTP
import Synchronization

/// How often channels may be tested: a test is a request the server makes at once, on the
/// worker that asked, for up to the outbound client's timeout. So a group has a few a minute (a
/// test is for setting a channel up, not a way to flood a far end through this server), and the
/// whole server only a few at once, leaving the other workers to everyone else's requests.
package final class ChannelTestAllowance: Sendable {
    package static let perGroupPerMinute = 5
    package static let atOnce = 2

    private let perGroup: SlidingWindowLimiter
    private let underWay = Atomic<Int>(0)
    private let atOnce: Int

    package init(perGroupPerMinute: Int = ChannelTestAllowance.perGroupPerMinute, atOnce: Int = ChannelTestAllowance.atOnce) {
        perGroup = SlidingWindowLimiter(limit: perGroupPerMinute, window: 60)
        self.atOnce = atOnce
    }

    /// Runs `test` if the group and the server have room for it; a 429 (the group's share used) or
    /// a 503 (as many under way as the server allows) otherwise, each with `Retry-After`.
    func run<Result>(for group: UUID, now: Date, _ test: () throws -> Result) throws -> Result {
        guard underWay.add(1, ordering: .acquiringAndReleasing).newValue <= atOnce else {
            underWay.subtract(1, ordering: .acquiringAndReleasing)
            throw APIError(.serviceUnavailable, "other channels are being tested right now; try again in 5 seconds",
                           headers: [HTTPHeaders.Name.retryAfter: "5"])
        }
        defer { underWay.subtract(1, ordering: .acquiringAndReleasing) }
        if let wait = perGroup.acquire(group.uuidString, now: now) {
            throw APIError.tooManyRequests("at most \(perGroup.limit) channel tests a minute for a group", retryAfter: wait)
        }
        return try test()
    }
}
