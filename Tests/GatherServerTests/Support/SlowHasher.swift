import Foundation
import GatherServer

/// The cheap test hasher made to take `delay` per verification without using the CPU: it stands
/// in for yescrypt's cost in flood tests, so the hashing pool stays busy as it would in production
/// while the machine's two cores are left to the flood itself.
final class SlowHasher: PasswordHashing {
    private let hasher = PasswordHasher.forTests
    private let delay: TimeInterval

    init(delay: TimeInterval) {
        self.delay = delay
    }

    func hash(_ password: String) throws -> String {
        try hasher.hash(password)
    }

    func verify(_ password: String, against storedHash: String) -> Bool {
        Thread.sleep(forTimeInterval: delay)
        return hasher.verify(password, against: storedHash)
    }

    func makeDecoyHash() -> String {
        hasher.makeDecoyHash()
    }
}
