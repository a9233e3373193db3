import Glibc
import HTTP
import Locking
import Networking
import TestSupport
import XCTest

/// The outbound client against a real webhook receiver on 127.0.0.1: what arrives there, which
/// address is connected to, what is refused before any connection, and how each way an exchange can
/// go wrong is told, never with the webhook's path or query.
final class OutboundClientTests: XCTestCase {
    static let secretPath = "/api/webhooks/1234/SECRET-PATH?token=SECRET-QUERY"

    /// The receiver's own policy: it lives on loopback, over plain http.
    private let local = OutboundPolicy(allowsPlainHTTP: true, allowsPrivateAddresses: true)

    private func receiver() throws -> ChannelReceiver {
        let receiver = try ChannelReceiver()
        addTeardownBlock { receiver.stop() }
        return receiver
    }

    private func client(_ policy: OutboundPolicy, requestTimeout: Duration = .seconds(5),
                        resolve: @escaping OutboundClient.Resolver = OutboundClient.systemResolver) throws -> OutboundClient {
        OutboundClient(policy: policy, tls: try TLSClientContext(), connectTimeout: .seconds(2), requestTimeout: requestTimeout,
                       resolve: resolve)
    }

    private func post(_ url: String, _ body: String = #"{"content":"Kick-off at 19:00"}"#,
                      headers: HTTPHeaders = ["Content-Type": "application/json"]) throws -> OutboundRequest {
        OutboundRequest(method: .post, url: try OutboundURL(url), headers: headers, body: Array(body.utf8))
    }

    /// The failure, checked for the secret on the way.
    private func failure(of result: Result<OutboundResponse, OutboundFailure>, file: StaticString = #filePath,
                         line: UInt = #line) -> OutboundFailure? {
        guard case .failure(let failure) = result else {
            XCTFail("answered \(result)", file: file, line: line)
            return nil
        }
        XCTAssertFalse(failure.description.contains("SECRET"), failure.description, file: file, line: line)
        return failure
    }

    private func response(of result: Result<OutboundResponse, OutboundFailure>, file: StaticString = #filePath,
                          line: UInt = #line) -> OutboundResponse? {
        switch result {
        case .success(let response):
            return response
        case .failure(let failure):
            XCTFail("failed: \(failure)", file: file, line: line)
            return nil
        }
    }

    // MARK: What arrives

    func testTheRequestArrivesWithItsBodyAndTheClientsOwnFramingHeaders() throws {
        let receiver = try receiver()
        receiver.answer(path: "/api/webhooks/1234/SECRET-PATH", with: .status(200, #"{"id":"1"}"#))
        var headers: HTTPHeaders = ["Content-Type": "application/json", "Connection": "keep-alive", "Host": "elsewhere.example"]
        headers.add(name: "X-Signature", value: "sha256=abc")
        let result = try client(local).send(try post(receiver.baseURL + OutboundClientTests.secretPath, headers: headers))
        let answer = try XCTUnwrap(response(of: result))
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(String(decoding: answer.body, as: UTF8.self), #"{"id":"1"}"#)

        let request = try XCTUnwrap(receiver.requests.first)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.target, "/api/webhooks/1234/SECRET-PATH?token=SECRET-QUERY")
        XCTAssertEqual(request.text, #"{"content":"Kick-off at 19:00"}"#)
        XCTAssertEqual(request.header("Host"), "127.0.0.1:\(receiver.port)")
        XCTAssertEqual(request.headers.filter { $0.name.lowercased() == "host" }.count, 1, "the caller's Host is replaced")
        XCTAssertEqual(request.header("Content-Length"), String(request.body.count))
        XCTAssertEqual(request.header("Connection"), "close")
        XCTAssertEqual(request.header("User-Agent"), "gather-server")
        XCTAssertEqual(request.header("Content-Type"), "application/json")
        XCTAssertEqual(request.header("X-Signature"), "sha256=abc")
    }

    func testScriptedAnswersComeInOrderAndA429CarriesItsRetryAfter() throws {
        let receiver = try receiver()
        receiver.answerInOrder([.tooManyRequests(retryAfter: "7", body: #"{"message":"You are being rate limited."}"#), .status(204)])
        let client = try client(local)
        let limited = try XCTUnwrap(response(of: client.send(try post(receiver.baseURL + "/hook"))))
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.retryAfter(nowSecondsSince1970: 0), .seconds(7))
        XCTAssertEqual(limited.excerpt, #"{"message":"You are being rate limited."}"#)
        XCTAssertEqual(try XCTUnwrap(response(of: client.send(try post(receiver.baseURL + "/hook")))).status, 204)
        XCTAssertEqual(receiver.waitForRequests(count: 2).count, 2)
    }

    // MARK: Names and addresses

    /// DNS rebinding: a name that answers a public address to the check and a private one to the
    /// connection. The client resolves once per send and connects to what it checked.
    func testANameIsResolvedOnceAndTheRequestGoesToTheAddressChecked() throws {
        let receiver = try receiver()
        let calls = Locked(0)
        let client = try client(local) { host in
            let call = calls.withLock { count -> Int in
                count += 1
                return count
            }
            XCTAssertEqual(host, "hooks.example.test")
            // Nothing listens on 127.0.0.2: a client that looked again would find no receiver.
            return [try ip(call == 1 ? "127.0.0.1" : "127.0.0.2")]
        }
        let url = "http://hooks.example.test:\(receiver.port)/hook"
        XCTAssertEqual(try XCTUnwrap(response(of: client.send(try post(url)))).status, 200)
        XCTAssertEqual(calls.withLock { $0 }, 1)
        XCTAssertEqual(receiver.requests.first?.header("Host"), "hooks.example.test:\(receiver.port)")

        XCTAssertEqual(failure(of: client.send(try post(url))), .connectionFailed("the connection was refused"),
                       "the next send resolves again, and goes where that answer says")
        XCTAssertEqual(calls.withLock { $0 }, 2)
        XCTAssertEqual(receiver.requests.count, 1)
    }

    func testANameThatResolvesToAPrivateAddressIsRefusedAtSend() throws {
        let client = try client(OutboundPolicy()) { _ in [try ip("10.0.0.7")] }
        let url = try OutboundURL("https://hooks.example.org" + OutboundClientTests.secretPath)
        XCTAssertNoThrow(try client.check(url), "a name says nothing of where it points until it is resolved")
        let refused = failure(of: client.send(OutboundRequest(url: url)))
        XCTAssertEqual(refused, .refused(.refusedAddress(host: "hooks.example.org", address: try ip("10.0.0.7"),
                                                         range: .privateNetwork("10.0.0.0/8"))))
        XCTAssertEqual(refused?.description, "hooks.example.org resolves to 10.0.0.7, which is a private address (10.0.0.0/8); "
                       + "the server's operator can allow such addresses with --allow-private-channels")
    }

    func testOnePrivateAddressAmongPublicOnesRefusesTheName() throws {
        let client = try client(OutboundPolicy()) { _ in [try ip("93.184.216.34"), try ip("fd00::7")] }
        let refused = failure(of: client.send(try post("https://hooks.example.org/hook")))
        XCTAssertEqual(refused, .refused(.refusedAddress(host: "hooks.example.org", address: try ip("fd00::7"), range: .uniqueLocal)))
    }

    func testLocalhostThroughTheSystemResolverIsRefused() throws {
        let client = try client(OutboundPolicy())
        let refused = failure(of: client.send(try post("https://localhost:9" + OutboundClientTests.secretPath)))
        guard case .refused(.refusedAddress(let host, _, let range))? = refused else { return XCTFail("\(String(describing: refused))") }
        XCTAssertEqual(host, "localhost")
        XCTAssertEqual(range, .loopback)
    }

    func testANameThatDoesNotResolveIsRefused() throws {
        let client = try client(OutboundPolicy()) { _ in throw OutboundClient.ResolutionFailure(reason: "Name or service not known") }
        let refused = failure(of: client.send(try post("https://hooks.exmaple.org" + OutboundClientTests.secretPath)))
        XCTAssertEqual(refused, .refused(.unresolvable(host: "hooks.exmaple.org", reason: "Name or service not known")))
        XCTAssertEqual(refused?.description, "hooks.exmaple.org cannot be found (Name or service not known): check the spelling of the address")
        let empty = try self.client(OutboundPolicy()) { _ in [] }
        XCTAssertEqual(failure(of: empty.send(try post("https://hooks.example.org/hook"))),
                       .refused(.unresolvable(host: "hooks.example.org", reason: "no address")))
    }

    func testTheNextAddressIsTriedWhenOneRefusesTheConnection() throws {
        let receiver = try receiver()
        let client = try client(local) { _ in [try ip("127.0.0.2"), try ip("127.0.0.1")] }
        XCTAssertEqual(try XCTUnwrap(response(of: client.send(try post("http://hooks.example.test:\(receiver.port)/hook")))).status, 200)
        XCTAssertEqual(receiver.requests.count, 1)
    }

    // MARK: Schemes and redirects

    func testPlainHTTPIsRefusedUnlessTheOperatorAllowsIt() throws {
        let receiver = try receiver()
        let url = receiver.baseURL + OutboundClientTests.secretPath
        let strict = try client(OutboundPolicy(allowsPrivateAddresses: true))
        XCTAssertThrowsError(try strict.check(try OutboundURL(url)))
        let refused = failure(of: strict.send(try post(url)))
        XCTAssertEqual(refused, .refused(.plainHTTP(destination: "http://127.0.0.1:\(receiver.port)/…")))
        XCTAssertEqual(refused?.description, "http://127.0.0.1:\(receiver.port)/…: plain http:// is refused; use https://, "
                       + "or the server's operator can allow it with --allow-http-channels")
        XCTAssertEqual(receiver.connections, 0, "refused before any connection")

        XCTAssertEqual(try XCTUnwrap(response(of: client(local).send(try post(url)))).status, 200)
    }

    func testARedirectIsReturnedAndNotFollowed() throws {
        let first = try receiver()
        let second = try receiver()
        first.answer(path: "/hook", with: .redirect(to: second.baseURL + "/stolen"))
        let answer = try XCTUnwrap(response(of: client(local).send(try post(first.baseURL + "/hook"))))
        XCTAssertEqual(answer.status, 302)
        XCTAssertEqual(answer.header("location"), second.baseURL + "/stolen")
        XCTAssertEqual(first.requests.count, 1)
        XCTAssertEqual(second.connections, 0)
        XCTAssertTrue(second.requests.isEmpty)
    }

    // MARK: Time

    func testASilentReceiverTimesOutWithinTheRequestTimeout() throws {
        let receiver = try receiver()
        receiver.answer(path: "/api/webhooks/1234/SECRET-PATH", with: .silence)
        let client = try client(local, requestTimeout: .milliseconds(300))
        let started = MonotonicClock.now()
        let result = client.send(try post(receiver.baseURL + OutboundClientTests.secretPath))
        let seconds = Double(MonotonicClock.now() - started) / 1e9
        XCTAssertEqual(failure(of: result), .timedOut)
        XCTAssertEqual(failure(of: result)?.description, "no answer in time")
        XCTAssertGreaterThanOrEqual(seconds, 0.29)
        XCTAssertLessThan(seconds, 1.5, "bounded by the request timeout")
        XCTAssertEqual(receiver.waitForRequests(count: 1).count, 1, "the request was sent; the answer never came")
    }

    func testASlowAnswerArrivesWithinTheTimeoutAndOnePastItTimesOut() throws {
        let receiver = try receiver()
        receiver.answer(path: "/slow", with: .delayed(.milliseconds(100), then: .status(200, "late")))
        receiver.answer(path: "/slower", with: .delayed(.seconds(3), then: .status(200, "too late")))
        let client = try client(local, requestTimeout: .milliseconds(1500))
        XCTAssertEqual(try XCTUnwrap(response(of: client.send(try post(receiver.baseURL + "/slow")))).body, Array("late".utf8))
        let started = MonotonicClock.now()
        XCTAssertEqual(failure(of: client.send(try post(receiver.baseURL + "/slower"))), .timedOut)
        XCTAssertLessThan(Double(MonotonicClock.now() - started) / 1e9, 2.9)
    }

    // MARK: Broken connections and answers

    func testAResetConnectionFails() throws {
        let receiver = try receiver()
        receiver.answer(path: "/api/webhooks/1234/SECRET-PATH", with: .reset)
        let failed = failure(of: try client(local).send(try post(receiver.baseURL + OutboundClientTests.secretPath)))
        XCTAssertEqual(failed, .connectionFailed("the connection was reset"))
        XCTAssertEqual(failed?.description, "could not reach the server: the connection was reset")
    }

    func testARefusedConnectionFails() throws {
        // Bound but not listening: the port is held, and connecting to it is refused.
        let (descriptor, port) = try LoopbackListener.bound()
        defer { close(descriptor) }
        XCTAssertEqual(failure(of: try client(local).send(try post("http://127.0.0.1:\(port)" + OutboundClientTests.secretPath))),
                       .connectionFailed("the connection was refused"))
    }

    func testABodyOfTenMegabytesIsTooLargeForA64KBLimitWithTheStatusKept() throws {
        let receiver = try receiver()
        receiver.answer(path: "/declared", with: .large(status: 200, bytes: 10 * 1024 * 1024, declaresLength: true))
        receiver.answer(path: "/until-close", with: .large(status: 500, bytes: 10 * 1024 * 1024, declaresLength: false))
        let client = try client(local)
        let declared = failure(of: client.send(try post(receiver.baseURL + "/declared")))
        XCTAssertEqual(declared, .responseTooLarge(status: 200))
        XCTAssertEqual(declared?.description, "the answer (status 200) was larger than the server reads from a channel")
        XCTAssertEqual(failure(of: client.send(try post(receiver.baseURL + "/until-close"))), .responseTooLarge(status: 500),
                       "a body without a length is counted as it arrives")
    }

    func testABodyOfExactlyTheLimitIsReadAndOneByteMoreIsNot() throws {
        let receiver = try receiver()
        receiver.answer(path: "/exact", with: .respond(status: 200, headers: [], body: [UInt8](repeating: 0x61, count: 64 * 1024)))
        receiver.answer(path: "/over", with: .large(status: 200, bytes: 64 * 1024 + 1, declaresLength: false))
        let client = try client(local)
        XCTAssertEqual(try XCTUnwrap(response(of: client.send(try post(receiver.baseURL + "/exact")))).body.count, 64 * 1024)
        XCTAssertEqual(failure(of: client.send(try post(receiver.baseURL + "/over"))), .responseTooLarge(status: 200))
    }

    func testAnAnswerThatIsNotHTTPIsMalformed() throws {
        let server = try MisbehavingServer()
        addTeardownBlock { server.stop() }
        server.answer("POST", "/api/webhooks/1234/SECRET-PATH", with: .raw("SSH-2.0-OpenSSH_9.2\r\n\r\n", holdOpen: false))
        let failed = failure(of: try client(local).send(try post("http://127.0.0.1:\(server.port)" + OutboundClientTests.secretPath)))
        XCTAssertEqual(failed, .malformedResponse("malformed status line"))
    }

    func testAHeaderWithALineBreakIsNotSent() throws {
        let receiver = try receiver()
        let failed = failure(of: try client(local).send(try post(receiver.baseURL + "/hook",
                                                                   headers: ["X-Title": "Kick-off\r\nX-Injected: 1"])))
        XCTAssertEqual(failed, .invalidRequest("the X-Title header holds a line break or NUL"))
        XCTAssertEqual(receiver.connections, 0)
    }
}
