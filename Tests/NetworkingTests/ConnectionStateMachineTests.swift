@testable import Networking
import XCTest

/// A connection's life, event by event, with no socket: each test drives the machine the way
/// `HTTPConnection` does and checks the action it answers, the state it is left in and what its
/// socket is watched for.
final class ConnectionStateMachineTests: XCTestCase {
    private typealias Machine = ConnectionStateMachine

    private static let readable = Machine.Readiness(readable: true)
    private static let writable = Machine.Readiness(writable: true)
    private static let hangUp = Machine.Readiness(hangUp: true)

    /// A plain connection with one request taken out of what was read.
    private func processing() -> Machine {
        var machine = Machine(handshaking: false)
        XCTAssertEqual(machine.socketReady(Self.readable), .read(thenFlush: false))
        XCTAssertEqual(machine.readPaused(peerFinished: false), .processBuffered)
        XCTAssertEqual(machine.requestBegan(), .nothing)
        return machine
    }

    // MARK: A request and its answer

    func testAKeptAliveExchangeGoesBackToReadingAndAnswersWhatIsBuffered() {
        var machine = processing()
        XCTAssertEqual(machine.state, .processing)
        XCTAssertEqual(machine.responseReady(keepAlive: true, body: .complete), .flush)
        XCTAssertEqual(machine.state, .writing)
        XCTAssertEqual(machine.flushed(.sent), .resumeReading)
        XCTAssertEqual(machine.state, .reading)
        XCTAssertEqual(machine.interest, .read)
        XCTAssertTrue(machine.isIdle(hasPartialRequest: false, hasPendingOutput: false))
    }

    func testAnAnswerOnTheLoopNeverChangesWhatIsWatched() {
        // One epoll_ctl saved twice per request: a request answered at once keeps reading on.
        var machine = processing()
        XCTAssertEqual(machine.interest, .read)
        _ = machine.responseReady(keepAlive: true, body: .complete)
        XCTAssertEqual(machine.interest, .read)
        _ = machine.flushed(.sent)
        XCTAssertEqual(machine.interest, .read)
    }

    func testADeferredAnswerStopsReadingSoPipelinedRequestsWaitInTheSocket() {
        var machine = processing()
        XCTAssertEqual(machine.answerDeferred(), .nothing)
        XCTAssertEqual(machine.interest, .paused)
        XCTAssertFalse(machine.isIdle(hasPartialRequest: false, hasPendingOutput: false))
        XCTAssertEqual(machine.responseReady(keepAlive: true, body: .complete), .flush)
        XCTAssertEqual(machine.flushed(.sent), .resumeReading)
        XCTAssertEqual(machine.interest, .read)
    }

    func testAResponseOutsideAnExchangeIsIgnored() {
        var machine = processing()
        _ = machine.responseReady(keepAlive: true, body: .complete)
        // A second answer to the same request, while the first is written.
        XCTAssertEqual(machine.responseReady(keepAlive: true, body: .complete), .nothing)
        XCTAssertEqual(machine.state, .writing)
    }

    func testARequestIsNotBegunWhileAnotherIsAnswered() {
        var machine = processing()
        XCTAssertEqual(machine.requestBegan(), .nothing)
        XCTAssertEqual(machine.state, .processing)
        XCTAssertEqual(machine.readPaused(peerFinished: false), .nothing)
    }

    // MARK: Ending

    func testAClosingResponseShutsDownWritingAndLingers() {
        var machine = processing()
        XCTAssertEqual(machine.responseReady(keepAlive: false, body: .complete), .flush)
        XCTAssertFalse(machine.keepsAliveAfterWrite)
        XCTAssertEqual(machine.flushed(.sent), .shutDownWriting)
        XCTAssertEqual(machine.state, .draining)
        XCTAssertEqual(machine.interest, .read)
        // What the peer still sends is read and dropped until it closes its side.
        XCTAssertFalse(machine.takesRequestBytes)
        XCTAssertEqual(machine.socketReady(Self.readable), .read(thenFlush: false))
        XCTAssertEqual(machine.readPaused(peerFinished: false), .nothing)
        XCTAssertEqual(machine.socketReady(Self.readable), .read(thenFlush: false))
        XCTAssertEqual(machine.readPaused(peerFinished: true), .close)
    }

    func testAPeerThatHasFinishedSendingIsClosedWithoutLingering() {
        var machine = Machine(handshaking: false)
        _ = machine.socketReady(Self.readable)
        XCTAssertEqual(machine.readPaused(peerFinished: true), .processBuffered)
        _ = machine.requestBegan()
        // The request still gets its answer…
        XCTAssertEqual(machine.responseReady(keepAlive: false, body: .complete), .flush)
        // …and then there is nobody to linger for.
        XCTAssertEqual(machine.flushed(.sent), .close)
    }

    func testAPartialRequestAbandonedByThePeerCloses() {
        var machine = Machine(handshaking: false)
        _ = machine.socketReady(Self.readable)
        XCTAssertEqual(machine.readPaused(peerFinished: false), .processBuffered)
        XCTAssertEqual(machine.noCompleteRequest(), .nothing)
        _ = machine.socketReady(Self.readable)
        XCTAssertEqual(machine.readPaused(peerFinished: true), .processBuffered)
        XCTAssertEqual(machine.noCompleteRequest(), .close)
    }

    func testAHangUpWhileAnsweringStopsWatchingForGoodAndClosesWhenTheAnswerComes() {
        var machine = processing()
        _ = machine.answerDeferred()
        XCTAssertEqual(machine.socketReady(Self.hangUp), .nothing)
        XCTAssertTrue(machine.peerGone)
        XCTAssertEqual(machine.interest, .released)
        XCTAssertEqual(machine.responseReady(keepAlive: true, body: .complete), .close)
        XCTAssertTrue(machine.close())
        XCTAssertEqual(machine.interest, .released)
    }

    func testNothingWatchesAHungUpSocketAgainBeforeItCloses() {
        var machine = processing()
        _ = machine.answerDeferred()
        _ = machine.socketReady(Self.hangUp)
        XCTAssertEqual(machine.answerDeferred(), .nothing)
        XCTAssertEqual(machine.flushed(.blocked), .nothing)
        XCTAssertEqual(machine.interest, .released, "a hang-up is reported whatever the mask: watched again, it would spin the loop")
    }

    func testAHangUpWhileLingeringReadsWhatIsLeftThenCloses() {
        var machine = processing()
        _ = machine.responseReady(keepAlive: false, body: .complete)
        _ = machine.flushed(.sent)
        XCTAssertEqual(machine.state, .draining)
        XCTAssertEqual(machine.socketReady(Self.hangUp), .read(thenFlush: false))
        XCTAssertEqual(machine.readPaused(peerFinished: true), .close)
    }

    func testAHangUpWhileWritingOrStreamingCloses() {
        var writing = processing()
        _ = writing.responseReady(keepAlive: true, body: .complete)
        XCTAssertEqual(writing.socketReady(Self.hangUp), .close)

        var streaming = processing()
        _ = streaming.responseReady(keepAlive: true, body: .stream)
        XCTAssertEqual(streaming.socketReady(Self.hangUp), .close)
    }

    func testAHangUpWhileReadingReadsToTheEnd() {
        var machine = Machine(handshaking: false)
        XCTAssertEqual(machine.socketReady(Self.hangUp), .read(thenFlush: false))
    }

    func testAnErrorClosesInEveryState() {
        var reading = Machine(handshaking: false)
        XCTAssertEqual(reading.socketReady(Machine.Readiness(error: true, readable: true)), .close)
        var handshaking = Machine(handshaking: true)
        XCTAssertEqual(handshaking.socketReady(Machine.Readiness(error: true)), .close)
        var answering = processing()
        XCTAssertEqual(answering.socketReady(Machine.Readiness(error: true)), .close)
    }

    func testClosingHappensOnceAndReleasesTheSocketForGood() {
        var machine = processing()
        _ = machine.answerDeferred()
        XCTAssertTrue(machine.close())
        XCTAssertFalse(machine.close())
        XCTAssertEqual(machine.state, .closed)
        XCTAssertEqual(machine.interest, .released)
        // Nothing brings a closed connection back.
        XCTAssertEqual(machine.socketReady(Self.readable), .nothing)
        XCTAssertEqual(machine.socketReady(Self.writable), .nothing)
        XCTAssertEqual(machine.responseReady(keepAlive: true, body: .complete), .nothing)
        XCTAssertEqual(machine.flushed(.blocked), .nothing)
        XCTAssertEqual(machine.interest, .released)
        XCTAssertNil(machine.deadlinePhase(receiving: .head, outputPending: false))
    }

    // MARK: Backpressure

    func testABlockedWriteWaitsForWritableAndKeepsReadingOnlyWhereBytesAreWanted() {
        var writing = processing()
        _ = writing.responseReady(keepAlive: true, body: .complete)
        XCTAssertEqual(writing.flushed(.blocked), .nothing)
        XCTAssertEqual(writing.interest, .write)
        XCTAssertEqual(writing.socketReady(Self.writable), .flush)
        XCTAssertEqual(writing.flushed(.sent), .resumeReading)
        XCTAssertEqual(writing.interest, .read)

        // A `100 Continue` written while reading keeps reading the body on.
        var reading = Machine(handshaking: false)
        XCTAssertEqual(reading.flushed(.blocked), .nothing)
        XCTAssertEqual(reading.interest, .readAndWrite)
        XCTAssertFalse(reading.isIdle(hasPartialRequest: true, hasPendingOutput: true))
        XCTAssertEqual(reading.socketReady(Machine.Readiness(readable: true, writable: true)), .read(thenFlush: true))
        XCTAssertEqual(reading.flushed(.sent), .nothing)
        XCTAssertEqual(reading.interest, .read)
    }

    func testAFailedWriteCloses() {
        var machine = processing()
        _ = machine.responseReady(keepAlive: true, body: .complete)
        XCTAssertEqual(machine.flushed(.failed), .close)
    }

    // MARK: Streams

    func testAStreamOpensAfterItsHeadAndEndsTheConnectionWhenItFinishes() {
        var machine = processing()
        _ = machine.answerDeferred()
        XCTAssertEqual(machine.responseReady(keepAlive: true, body: .stream), .openStream)
        XCTAssertEqual(machine.state, .streaming)
        XCTAssertFalse(machine.keepsAliveAfterWrite)
        XCTAssertEqual(machine.flushed(.sent), .nothing)
        XCTAssertEqual(machine.interest, .read)
        XCTAssertEqual(machine.streamWrote(backlog: 10, limit: 100), .flush)
        XCTAssertEqual(machine.streamFinished(), .endStreamAndFlush)
        XCTAssertEqual(machine.state, .writing)
        XCTAssertEqual(machine.flushed(.sent), .shutDownWriting)
        // Bytes for a stream that has ended are not taken.
        XCTAssertEqual(machine.streamWrote(backlog: 1, limit: 100), .nothing)
        XCTAssertEqual(machine.streamFinished(), .nothing)
    }

    func testAStreamWhosePeerLetsTooMuchWaitIsCutOff() {
        var machine = processing()
        _ = machine.responseReady(keepAlive: true, body: .stream)
        XCTAssertEqual(machine.streamWrote(backlog: 100, limit: 100), .flush)
        XCTAssertEqual(machine.streamWrote(backlog: 101, limit: 100), .close)
    }

    func testAStreamingPeerThatClosesItsSideHasLeft() {
        var machine = processing()
        _ = machine.responseReady(keepAlive: true, body: .stream)
        XCTAssertFalse(machine.takesRequestBytes)
        XCTAssertEqual(machine.socketReady(Self.readable), .read(thenFlush: false))
        XCTAssertEqual(machine.readPaused(peerFinished: false), .nothing)
        XCTAssertEqual(machine.readPaused(peerFinished: true), .close)
    }

    func testTheHeadOfAStreamAloneStillEndsTheConnection() {
        var machine = processing()
        XCTAssertEqual(machine.responseReady(keepAlive: true, body: .streamHeadOnly), .flush)
        XCTAssertFalse(machine.keepsAliveAfterWrite)
        XCTAssertEqual(machine.flushed(.sent), .shutDownWriting)
    }

    func testShutdownEndsAStreamButWaitsForAnAnswerInFlight() {
        var streaming = processing()
        _ = streaming.responseReady(keepAlive: true, body: .stream)
        XCTAssertEqual(streaming.shutdownBegan(idle: false), .close)
        var answering = processing()
        XCTAssertEqual(answering.shutdownBegan(idle: false), .nothing)
        var idle = Machine(handshaking: false)
        XCTAssertEqual(idle.shutdownBegan(idle: true), .close)
    }

    // MARK: TLS

    func testAHandshakeRunsUntilItFinishesThenReadsWhatCameWithIt() {
        var machine = Machine(handshaking: true)
        XCTAssertTrue(machine.isIdle(hasPartialRequest: false, hasPendingOutput: false))
        XCTAssertEqual(machine.socketReady(Self.readable), .continueHandshake)
        XCTAssertEqual(machine.handshake(.wantsWrite), .nothing)
        XCTAssertEqual(machine.interest, .write)
        XCTAssertEqual(machine.socketReady(Self.writable), .continueHandshake)
        XCTAssertEqual(machine.handshake(.wantsRead), .nothing)
        XCTAssertEqual(machine.interest, .read)
        XCTAssertEqual(machine.handshake(.finished), .read(thenFlush: false))
        XCTAssertEqual(machine.state, .reading)
        // Finished means finished: a late report changes nothing.
        XCTAssertEqual(machine.handshake(.failed), .nothing)
    }

    func testAFailedHandshakeCloses() {
        var machine = Machine(handshaking: true)
        XCTAssertEqual(machine.handshake(.failed), .close)
    }

    func testPlainHTTPOnTheTLSPortIsAnsweredWithAReadableRefusalThenClosed() {
        var machine = Machine(handshaking: true)
        XCTAssertEqual(machine.plainHTTPOnTLSPort(), .refusePlainHTTP)
        XCTAssertEqual(machine.state, .reading)
        XCTAssertEqual(machine.responseReady(keepAlive: false, body: .complete), .flush)
        XCTAssertEqual(machine.flushed(.sent), .shutDownWriting)
    }

    // MARK: Clocks

    func testEachStateRunsItsOwnClock() {
        var machine = Machine(handshaking: true)
        XCTAssertEqual(phaseName(machine), "handshaking")
        _ = machine.handshake(.finished)
        XCTAssertEqual(phaseName(machine, receiving: .anonymousBody), "reading anonymousBody")
        _ = machine.requestBegan()
        XCTAssertEqual(phaseName(machine), "processing")
        _ = machine.responseReady(keepAlive: false, body: .complete)
        XCTAssertEqual(phaseName(machine), "writing")
        _ = machine.flushed(.sent)
        XCTAssertEqual(phaseName(machine), "draining")

        var streaming = processing()
        _ = streaming.responseReady(keepAlive: true, body: .stream)
        XCTAssertEqual(phaseName(streaming, outputPending: true), "streaming blocked")
        XCTAssertEqual(phaseName(streaming, outputPending: false), "streaming")
    }

    private func phaseName(_ machine: Machine, receiving: ConnectionDeadlines.Receiving = .head, outputPending: Bool = false) -> String {
        switch machine.deadlinePhase(receiving: receiving, outputPending: outputPending) {
        case .handshaking: "handshaking"
        case .reading(let what): "reading \(what)"
        case .processing: "processing"
        case .writing: "writing"
        case .draining: "draining"
        case .streaming(let blocked): blocked ? "streaming blocked" : "streaming"
        case nil: "none"
        }
    }
}
