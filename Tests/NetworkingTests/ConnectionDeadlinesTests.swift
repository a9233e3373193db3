@testable import Networking
import XCTest

/// Which clock runs in which phase of a connection, and what its running out means.
final class ConnectionDeadlinesTests: XCTestCase {
    private let limits: ConnectionDeadlines.Limits = {
        var configuration = HTTPServerConfiguration()
        configuration.headerReadTimeout = .seconds(10)
        configuration.bodyReadTimeout = .seconds(30)
        configuration.idleTimeout = .seconds(60)
        configuration.writeTimeout = .seconds(20)
        configuration.lingerTimeout = .seconds(2)
        configuration.anonymousBodyReadTimeout = .seconds(5)
        return ConnectionDeadlines.Limits(configuration)
    }()
    private let second: UInt64 = 1_000_000_000

    func testIdleConnectionClosesAfterTheIdleTimeout() {
        let deadlines = ConnectionDeadlines(now: 0)
        XCTAssertNil(deadlines.expiry(in: .reading(receiving: .head), now: 60 * second, limits: limits))
        XCTAssertEqual(deadlines.expiry(in: .reading(receiving: .head), now: 60 * second + 1, limits: limits), .close)
    }

    func testHeadAndBodyClocksStartWithTheRequestsFirstByte() {
        var deadlines = ConnectionDeadlines(now: 0)
        deadlines.noteRequestArriving(true, at: 50 * second)
        // Later bytes of the same request do not restart the clock.
        deadlines.noteRequestArriving(true, at: 55 * second)
        deadlines.noteActivity(at: 59 * second)
        XCTAssertNil(deadlines.expiry(in: .reading(receiving: .head), now: 60 * second, limits: limits))
        XCTAssertEqual(deadlines.expiry(in: .reading(receiving: .head), now: 60 * second + 1, limits: limits), .requestTimeout)
        XCTAssertNil(deadlines.expiry(in: .reading(receiving: .body), now: 80 * second, limits: limits), "the body has 30 s")
        XCTAssertEqual(deadlines.expiry(in: .reading(receiving: .body), now: 80 * second + 1, limits: limits), .requestTimeout)
        deadlines.noteRequestArriving(false, at: 81 * second)
        XCTAssertNil(deadlines.requestStartedAt)
    }

    func testAnAnonymousBodyHasTheShorterClock() {
        var deadlines = ConnectionDeadlines(now: 0)
        deadlines.noteRequestArriving(true, at: 50 * second)
        XCTAssertNil(deadlines.expiry(in: .reading(receiving: .anonymousBody), now: 55 * second, limits: limits))
        XCTAssertEqual(deadlines.expiry(in: .reading(receiving: .anonymousBody), now: 55 * second + 1, limits: limits), .requestTimeout)
        XCTAssertNil(deadlines.expiry(in: .reading(receiving: .body), now: 55 * second + 1, limits: limits), "with credentials, 30 s")
    }

    func testTheAnonymousClockIsNeverLongerThanTheBodyClock() {
        var configuration = HTTPServerConfiguration()
        configuration.bodyReadTimeout = .seconds(2)
        configuration.anonymousBodyReadTimeout = .seconds(5)
        let limits = ConnectionDeadlines.Limits(configuration)
        var deadlines = ConnectionDeadlines(now: 0)
        deadlines.noteRequestArriving(true, at: 0)
        XCTAssertEqual(deadlines.expiry(in: .reading(receiving: .anonymousBody), now: 2 * second + 1, limits: limits), .requestTimeout)
    }

    func testNothingExpiresWhileAWorkerAnswers() {
        let deadlines = ConnectionDeadlines(now: 0)
        XCTAssertNil(deadlines.expiry(in: .processing, now: 3_600 * second, limits: limits))
    }

    func testAPeerThatDoesNotReadIsClosedAfterTheWriteTimeout() {
        var deadlines = ConnectionDeadlines(now: 0)
        deadlines.noteActivity(at: 5 * second)
        XCTAssertNil(deadlines.expiry(in: .writing, now: 25 * second, limits: limits))
        XCTAssertEqual(deadlines.expiry(in: .writing, now: 25 * second + 1, limits: limits), .close)
    }

    func testLingeringLastsTheLingerTimeout() {
        var deadlines = ConnectionDeadlines(now: 0)
        deadlines.startDraining(at: 10 * second, limits: limits)
        XCTAssertNil(deadlines.expiry(in: .draining, now: 12 * second, limits: limits))
        XCTAssertEqual(deadlines.expiry(in: .draining, now: 12 * second + 1, limits: limits), .close)
    }
}
