import HTTP
import Networking
import TestSupport
import XCTest

/// HTTPS to a webhook receiver with the test run's own certificate authority: the certificate is
/// checked for the URL's name (sent as SNI) although the connection goes to an address resolved
/// beforehand, and a certificate that does not prove that name stops the request before it is sent.
final class OutboundTLSTests: XCTestCase {
    private var certificates: TestCertificates!

    override func setUpWithError() throws {
        certificates = try TestCertificates.shared.get()
    }

    private let local = OutboundPolicy(allowsPrivateAddresses: true)

    private func receiver(certificate: String, key: String) throws -> ChannelReceiver {
        let receiver = try ChannelReceiver(certificate: certificate, key: key)
        addTeardownBlock { receiver.stop() }
        return receiver
    }

    /// "localhost" resolves to the receiver's address without asking the system.
    private func client(caFile: String?) throws -> OutboundClient {
        OutboundClient(policy: local, tls: try TLSClientContext(caFile: caFile), connectTimeout: .seconds(3), requestTimeout: .seconds(5)) { host in
            XCTAssertEqual(host, "localhost")
            return [try ip("127.0.0.1")]
        }
    }

    private func send(to receiver: ChannelReceiver, caFile: String?) throws -> Result<OutboundResponse, OutboundFailure> {
        let url = try OutboundURL("https://localhost:\(receiver.port)/api/webhooks/1234/SECRET-PATH?token=SECRET-QUERY")
        return try client(caFile: caFile).send(OutboundRequest(url: url, headers: ["Content-Type": "application/json"],
                                                               body: Array(#"{"content":"hi"}"#.utf8)))
    }

    private func tlsFailure(_ result: Result<OutboundResponse, OutboundFailure>, file: StaticString = #filePath, line: UInt = #line) -> String? {
        guard case .failure(.tls(let message)) = result else {
            XCTFail("expected a TLS failure, got \(result)", file: file, line: line)
            return nil
        }
        XCTAssertFalse(message.contains("SECRET"), message, file: file, line: line)
        return message
    }

    func testHTTPSToAReceiverWhoseCertificateTheGivenCATrustsSucceeds() throws {
        let receiver = try receiver(certificate: certificates.serverCertificate, key: certificates.serverKey)
        receiver.answer(path: "/api/webhooks/1234/SECRET-PATH", with: .status(204))
        let result = try send(to: receiver, caFile: certificates.caCertificate)
        guard case .success(let answer) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(answer.status, 204)
        let request = try XCTUnwrap(receiver.requests.first)
        XCTAssertEqual(request.header("Host"), "localhost:\(receiver.port)")
        XCTAssertEqual(request.target, "/api/webhooks/1234/SECRET-PATH?token=SECRET-QUERY")
        XCTAssertEqual(request.text, #"{"content":"hi"}"#)
    }

    func testACertificateForAnotherNameFailsBeforeTheRequestIsSent() throws {
        let receiver = try receiver(certificate: certificates.otherHostCertificate, key: certificates.otherHostKey)
        let message = tlsFailure(try send(to: receiver, caFile: certificates.caCertificate))
        XCTAssertEqual(message, "the certificate presented by localhost is for another name: check the server address")
        XCTAssertTrue(receiver.requests.isEmpty)
    }

    func testASelfSignedCertificateFails() throws {
        let receiver = try receiver(certificate: certificates.selfSignedCertificate, key: certificates.selfSignedKey)
        let message = try XCTUnwrap(tlsFailure(try send(to: receiver, caFile: certificates.caCertificate)))
        XCTAssertTrue(message.hasPrefix("the certificate of localhost is not signed by an authority this computer trusts"), message)
        XCTAssertTrue(receiver.requests.isEmpty)
    }

    func testWithoutThePrivateCAOnlyTheSystemsAuthoritiesAreTrusted() throws {
        let receiver = try receiver(certificate: certificates.serverCertificate, key: certificates.serverKey)
        let message = try XCTUnwrap(tlsFailure(try send(to: receiver, caFile: nil)))
        XCTAssertTrue(message.hasPrefix("the certificate of localhost is not signed by an authority this computer trusts"), message)
        XCTAssertTrue(receiver.requests.isEmpty)
    }

    func testAnExpiredCertificateFails() throws {
        let receiver = try receiver(certificate: certificates.expiredCertificate, key: certificates.expiredKey)
        XCTAssertEqual(tlsFailure(try send(to: receiver, caFile: certificates.caCertificate)),
                       "the certificate of localhost has expired: the server must renew it")
    }

    func testAnAddressInTheURLIsCheckedAgainstTheCertificatesAddresses() throws {
        let receiver = try receiver(certificate: certificates.serverCertificate, key: certificates.serverKey)
        let client = OutboundClient(policy: local, tls: try TLSClientContext(caFile: certificates.caCertificate)) { _ in
            XCTFail("an address is not resolved")
            return []
        }
        let result = client.send(OutboundRequest(url: try OutboundURL("https://127.0.0.1:\(receiver.port)/hook")))
        guard case .success(let answer) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(receiver.requests.first?.header("Host"), "127.0.0.1:\(receiver.port)")
    }
}
