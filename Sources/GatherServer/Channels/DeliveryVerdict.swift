import FoundationEssentials
import Networking
import Storage

/// What the far end's answer (or its silence) means for a delivery: sent, tried again later, or
/// given up, with the reason in words an organiser can act on.
enum DeliveryVerdict {
    /// The first retry's wait; each next one doubles, up to `longestWait`.
    static let firstWait: TimeInterval = 30
    static let longestWait: TimeInterval = 3600
    /// A receiver's `Retry-After` is honoured up to this long.
    static let longestRetryAfter: TimeInterval = 6 * 3600

    static func judge(_ result: Result<OutboundResponse, OutboundFailure>, attempts: Int, giveUpAt: Date, now: Date)
        -> DeliveryRepository.Outcome {
        switch result {
        case .success(let response):
            let status = response.status
            if response.isSuccess { return .sent(status: status) }
            let said = response.excerpt.isEmpty ? "" : ": \(response.excerpt)"
            switch status {
            case 429, 408, 500...599:
                let retryAfter = response.retryAfter(nowSecondsSince1970: Int(now.timeIntervalSince1970))
                    .map { min(max(1, Double($0.components.seconds)), longestRetryAfter) }
                return later(status: status, error: "the far end answered \(status)\(said)", attempts: attempts, wait: retryAfter,
                             giveUpAt: giveUpAt, now: now)
            case 300...399:
                return .failed(status: status, error: "the far end answered \(status), a redirect, which is not followed: "
                               + "give the channel the address it leads to")
            default:
                return .failed(status: status, error: "the far end refused it (\(status))\(said)")
            }
        case .failure(.refused(let refusal)):
            return .failed(status: nil, error: refusal.description)
        case .failure(let failure):
            return later(status: nil, error: failure.description, attempts: attempts, wait: nil, giveUpAt: giveUpAt, now: now)
        }
    }

    /// Tried again after `wait` (the receiver's) or the backoff for this many attempts; given up
    /// if that is past the day it may be tried for.
    private static func later(status: Int?, error: String, attempts: Int, wait: TimeInterval?, giveUpAt: Date, now: Date)
        -> DeliveryRepository.Outcome {
        let backoff = min(firstWait * Double(1 << min(max(0, attempts - 1), 16)), longestWait)
        // A little spread, so deliveries that failed together do not all come back together.
        let next = now.addingTimeInterval(wait ?? backoff * Double.random(in: 0.9...1.1))
        guard next <= giveUpAt else {
            return .failed(status: status, error: "given up after \(attempts) tries over a day; the last: \(error)")
        }
        return .retry(at: next, status: status, error: error)
    }
}
