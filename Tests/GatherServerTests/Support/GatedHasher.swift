import Foundation
import GatherServer

/// The real hasher behind a gate the test opens and closes: with the gate closed, every hash and
/// verification waits, so a test can hold the hashing pool busy for as long as it needs.
final class GatedHasher: PasswordHashing, @unchecked Sendable {
    private let hasher = PasswordHasher.forTests
    private let condition = NSCondition()
    private var isOpen = true
    private var waiting = 0
    private var passed: [String] = []

    func close() {
        condition.withLock { isOpen = false }
    }

    func open() {
        condition.withLock {
            isOpen = true
            condition.broadcast()
        }
    }

    /// Hashes or verifications held at the gate right now.
    var waitingCount: Int { condition.withLock { waiting } }

    /// The passwords verified so far, in the order they went through the gate: with one hashing
    /// thread, the order the pool served the logins in.
    var verifiedPasswords: [String] { condition.withLock { passed } }

    func hash(_ password: String) throws -> String {
        pass()
        return try hasher.hash(password)
    }

    func verify(_ password: String, against storedHash: String) -> Bool {
        pass()
        condition.withLock { passed.append(password) }
        return hasher.verify(password, against: storedHash)
    }

    func makeDecoyHash() -> String {
        hasher.makeDecoyHash()
    }

    private func pass() {
        condition.lock()
        waiting += 1
        while !isOpen { condition.wait() }
        waiting -= 1
        condition.unlock()
    }
}
