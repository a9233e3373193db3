import Foundation
import GatherServer
import HTTP
import Locking
import Networking
import Storage
import Synchronization

/// The API without sockets: requests go to `GatherApplication.respond(to:on:)` on an event loop
/// of the test's own (`InProcessLoop`), and what it disposes is carried out as the server would
/// (answered there, started there and answered after the group commit, or run on a worker),
/// against a real database file; each response is serialised and parsed back as a client would
/// read it, so the bytes on the wire are what the tests see. For the API's behaviour; protocol,
/// limits and shutdown stay on `TestServer`.
final class InProcessAPI: APIHarness {
    let application: GatherApplication
    let database: DatabasePool
    let databasePath: String
    private let directory: URL
    private let loop: InProcessLoop

    init(options: GatherApplication.Options = InProcessAPI.defaultOptions) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gather-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        databasePath = directory.appendingPathComponent("football-gather.sqlite").path
        database = try DatabasePool(path: databasePath)
        application = try GatherApplication(database: database, options: options, log: ServerLog(quiet: true, sink: { _ in }))
        loop = try InProcessLoop()
    }

    /// Hashing fast, and ratings read after a correction waiting for their settlement however
    /// slow the machine (a test about the wait itself sets its own).
    static var defaultOptions: GatherApplication.Options {
        var options = GatherApplication.Options()
        options.passwordHasher = PasswordHasher.forTests
        options.limits.ratingsWait = .seconds(60)
        return options
    }

    /// With a clock that moves a second at each reading, so every gather made has its own
    /// creation time and the order of a list is known.
    static func withTickingClock() throws -> InProcessAPI {
        let seconds = Atomic<Int>(0)
        var options = defaultOptions
        options.now = { Date(timeIntervalSince1970: 1_800_000_000 + Double(seconds.add(1, ordering: .relaxed).newValue)) }
        return try InProcessAPI(options: options)
    }

    func client(token: String?) throws -> APIClient {
        APIClient(transport: Transport(application: application, loop: loop, address: "127.0.0.1"), token: token)
    }

    /// A client whose requests come from `address`, as the server would name it (for the brakes
    /// that count per address).
    func client(from address: String) -> APIClient {
        APIClient(transport: Transport(application: application, loop: loop, address: address), token: nil)
    }

    func stop() {
        loop.stop()
        application.shutdown()
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }

    private struct Transport: APITransport {
        let application: GatherApplication
        let loop: InProcessLoop
        let address: String

        func send(method: HTTPMethod, target: String, headers: HTTPHeaders, body: [UInt8], timeout: Duration) throws -> ReceivedResponse {
            var request = try HTTPRequest(method: method, target: target, headers: headers, body: body)
            request.client = address
            // The way the server answers: on the loop, or started there and answered after the
            // group commit, or on a worker (and from there a login on the hashing pool).
            let answer = Locked<HTTPResponse?>(nil)
            let answered = DispatchSemaphore(value: 0)
            let reply = HTTPReply { response in
                answer.withLock { $0 = response }
                answered.signal()
            }
            let (application, slot, asked) = (application, EventLoopSlot(index: 0), request)
            switch loop.run({ application.respond(to: asked, on: slot) }) {
            case .answered(let response):
                reply.send(response)
            case .later(let start):
                loop.run { start(reply) }
            case .onWorker(let work):
                DispatchQueue.global().async { work(reply) }
            }
            guard answered.wait(timeout: .now() + 30) == .success else {
                throw HTTPParseError(.badRequest, "no answer within 30 s")
            }
            guard let response = answer.withLock({ $0 }) else {
                throw HTTPParseError(.badRequest, "the reply was dropped unsent")
            }
            var parser = HTTPResponseParser()
            parser.expectResponse(to: method)
            parser.append(HTTPResponseSerializer.serialize(response, isHead: method == .head, keepAlive: true, date: HTTPDate.format(secondsSince1970: Int(Date().timeIntervalSince1970))))
            guard let received = try parser.nextResponse() else { throw HTTPParseError(.badRequest, "incomplete response") }
            return received
        }
    }
}
