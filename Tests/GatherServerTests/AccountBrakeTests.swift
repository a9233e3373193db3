import Foundation
import GatherServer
import XCTest

/// The brake on guesses at one account from every address, on its own with dates the test picks.
final class AccountBrakeTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    func testAfterTenAttemptsFromAnywhereEachWaitsTwiceAsLongUpToFiveMinutes() throws {
        let brake = AccountBrake()
        for index in 0..<10 {
            guard case .admitted(.some) = brake.admit(username: "target", client: "198.51.100.\(index)", now: start) else {
                return XCTFail("attempt \(index + 1), from an address of its own, refused")
            }
        }
        var now = start
        var waits: [TimeInterval] = []
        for index in 10..<30 {
            guard case .refused(let wait) = brake.admit(username: "Target", client: "203.0.113.\(index)", now: now) else {
                return XCTFail("attempt \(index + 1) was let through at once")
            }
            waits.append(wait)
            now.addTimeInterval(wait)
            guard case .admitted(.some) = brake.admit(username: "TARGET", client: "203.0.113.\(index)", now: now) else {
                return XCTFail("attempt \(index + 1) refused once its delay was over")
            }
        }
        XCTAssertEqual(Array(waits.prefix(10)), [1, 2, 4, 8, 16, 32, 64, 128, 256, 300])
        XCTAssertEqual(Set(waits.dropFirst(9)), [300], "capped at five minutes")
        // Another name is not braked by this one's attempts.
        guard case .admitted = brake.admit(username: "someone-else", client: "203.0.113.1", now: now) else {
            return XCTFail("another name refused")
        }
    }

    func testAddressesTheAccountLoggedInFromAreOutsideTheBrakeForThirtyDays() {
        let brake = AccountBrake()
        brake.recordSuccess(username: "owner", client: "192.0.2.10", now: start)
        for index in 0..<12 {
            _ = brake.admit(username: "owner", client: "198.51.100.\(index)", now: start)
        }
        XCTAssertEqual(brake.admit(username: "owner", client: "198.51.100.99", now: start), .refused(retryAfter: 1))
        XCTAssertEqual(brake.admit(username: "owner", client: "192.0.2.10", now: start), .admitted(nil), "the owner's address")
        XCTAssertEqual(brake.admit(username: "OWNER", client: "::ffff:192.0.2.10", now: start), .admitted(nil), "counted as brakes count addresses")
        // A success from the known address does not clear what others tried.
        brake.recordSuccess(username: "owner", client: "192.0.2.10", now: start)
        XCTAssertEqual(brake.admit(username: "owner", client: "198.51.100.99", now: start), .refused(retryAfter: 1))
        // Thirty days after its last login there, the address is braked like any other.
        let later = start.addingTimeInterval(30 * 24 * 3600)
        for index in 0..<10 {
            _ = brake.admit(username: "owner", client: "198.51.100.\(index)", now: later)
        }
        guard case .refused = brake.admit(username: "owner", client: "192.0.2.10", now: later) else {
            return XCTFail("still outside the brake after thirty days")
        }
    }

    func testASuccessFromABrakedAddressOrAQuietWindowForgetsTheCount() {
        let brake = AccountBrake()
        for index in 0..<10 {
            _ = brake.admit(username: "ana", client: "198.51.100.\(index)", now: start)
        }
        guard case .refused = brake.admit(username: "ana", client: "203.0.113.1", now: start) else { return XCTFail("not braked") }
        brake.recordSuccess(username: "ana", client: "203.0.113.1", now: start.addingTimeInterval(1))
        for index in 0..<9 {
            guard case .admitted(.some) = brake.admit(username: "ana", client: "198.51.100.\(index)", now: start.addingTimeInterval(1)) else {
                return XCTFail("attempt \(index + 1) after the success")
            }
        }

        let quiet = AccountBrake()
        for index in 0..<9 {
            _ = quiet.admit(username: "carla", client: "198.51.100.\(index)", now: start)
        }
        // Fifteen quiet minutes: ten more go through at once.
        let later = start.addingTimeInterval(15 * 60)
        for index in 0..<10 {
            guard case .admitted(.some) = quiet.admit(username: "carla", client: "198.51.100.\(index)", now: later) else {
                return XCTFail("attempt \(index + 1) after the quiet window")
            }
        }
        guard case .refused = quiet.admit(username: "carla", client: "198.51.100.1", now: later) else { return XCTFail("not braked") }
    }

    func testAnAttemptTakenBackLeavesNoTrace() {
        let brake = AccountBrake(freeAttempts: 2)
        _ = brake.admit(username: "ana", client: "198.51.100.1", now: start)
        guard case .admitted(let attempt?) = brake.admit(username: "ana", client: "198.51.100.2", now: start) else {
            return XCTFail("second attempt refused")
        }
        guard case .refused = brake.admit(username: "ana", client: "198.51.100.3", now: start) else { return XCTFail("not braked") }
        brake.takeBack(attempt)
        guard case .admitted = brake.admit(username: "ana", client: "198.51.100.3", now: start) else {
            return XCTFail("the attempt refused for a full queue still counted")
        }
    }

    func testBoundedWithoutForgettingTheAccountUnderAttack() {
        let brake = AccountBrake(capacity: 100)
        for index in 0..<12 {
            _ = brake.admit(username: "target", client: "198.51.100.\(index)", now: start)
        }
        // A flood of made-up names, each tried once, to push the target's count out.
        let soon = start.addingTimeInterval(0.5)
        for index in 0..<1_000 {
            _ = brake.admit(username: "made-up-\(index)", client: "203.0.113.1", now: soon)
        }
        XCTAssertLessThanOrEqual(brake.trackedNames, 100)
        guard case .refused = brake.admit(username: "target", client: "198.51.100.50", now: soon) else {
            return XCTFail("the target's count was washed out")
        }
    }
}
