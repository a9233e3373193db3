/// The request line and header fields, checked, with the body framing decided (RFC 9112 §6.3).
struct RequestHead: Sendable {
    let method: HTTPMethod
    let target: String
    let version: HTTPVersion
    let headers: HTTPHeaders
    let framing: BodyFraming
    let expectsContinue: Bool
    /// No `Authorization` header: the body is read under `HTTPLimits.maxAnonymousBodyBytes`.
    /// Present is enough, valid or not: the parser cannot check credentials, and the limit only
    /// spares the server from buffering large bodies for callers who do not even claim to be anyone.
    let isAnonymous: Bool
    /// The limits the body is read under (see `HTTPLimits.forBody(anonymous:)`).
    let bodyLimits: HTTPLimits

    init(lines: [Range<Int>], buffer: [UInt8], limits: HTTPLimits) throws(HTTPParseError) {
        guard let requestLine = lines.first else { throw HTTPParseError(.badRequest, "missing request line") }
        (method, target, version) = try RequestHead.parseRequestLine(buffer[requestLine])

        var headers = HTTPHeaders()
        headers.reserveCapacity(lines.count - 1)
        for line in lines.dropFirst() {
            let field = try HeaderField.parse(buffer[line])
            headers.add(name: field.name, value: field.value)
        }
        self.headers = headers

        if version == .http1_1 {
            let hosts = headers.count(of: HTTPHeaders.Name.host)
            guard hosts == 1 else {
                throw HTTPParseError(.badRequest, hosts == 0 ? "missing Host header" : "more than one Host header")
            }
        }
        isAnonymous = !headers.contains(name: HTTPHeaders.Name.authorization)
        bodyLimits = limits.forBody(anonymous: isAnonymous)
        // A Content-Length over the limit is refused here, before any byte of the body is read.
        framing = try RequestHead.framing(headers: headers, version: version, limits: bodyLimits)

        let expectations = headers.values(of: HTTPHeaders.Name.expect)
        if version == .http1_1, !expectations.isEmpty {
            guard expectations.allSatisfy({ $0.lowercased() == "100-continue" }) else {
                throw HTTPParseError(.expectationFailed, "only the expectation 100-continue is supported")
            }
            expectsContinue = framing != .none
        } else {
            expectsContinue = false
        }
    }

    private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (HTTPMethod, String, HTTPVersion) {
        // method SP request-target SP HTTP-version: exactly two spaces, found in place (splitting
        // into an array of slices cost as much as the rest of the line).
        let space = UInt8(ascii: " ")
        guard let first = line.firstIndex(of: space),
              let second = line[(first + 1)...].firstIndex(of: space),
              !line[(second + 1)...].contains(space) else {
            throw HTTPParseError(.badRequest, "malformed request line")
        }
        let method = line[..<first], target = line[(first + 1)..<second], version = line[(second + 1)...]
        guard !method.isEmpty, !target.isEmpty else {
            throw HTTPParseError(.badRequest, "malformed request line")
        }
        guard method.allSatisfy(Token.isTokenByte) else {
            throw HTTPParseError(.badRequest, "malformed method")
        }
        guard target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPParseError(.badRequest, "malformed request target")
        }
        return (HTTPMethod(rawValue: String(decoding: method, as: UTF8.self)),
                String(decoding: target, as: UTF8.self), try parseVersion(version))
    }

    private static func parseVersion(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        let text = bytes.startIndex
        guard bytes.count == 8, bytes.starts(with: "HTTP/".utf8), bytes[text + 6] == UInt8(ascii: "."),
              let major = digit(bytes[text + 5]), let minor = digit(bytes[text + 7]) else {
            throw HTTPParseError(.badRequest, "malformed HTTP version")
        }
        guard major == 1 else {
            throw HTTPParseError(.httpVersionNotSupported, "only HTTP/1.0 and HTTP/1.1 are supported")
        }
        // A later 1.x minor version is answered as 1.1 (RFC 9110 §2.5).
        return minor == 0 ? .http1_0 : .http1_1
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func framing(headers: HTTPHeaders, version: HTTPVersion, limits: HTTPLimits) throws(HTTPParseError) -> BodyFraming {
        if headers.contains(name: HTTPHeaders.Name.transferEncoding) {
            let codings = headers.values(of: HTTPHeaders.Name.transferEncoding).map { $0.lowercased() }
            guard !headers.contains(name: HTTPHeaders.Name.contentLength) else {
                throw HTTPParseError(.badRequest, "both Content-Length and Transfer-Encoding")
            }
            guard version == .http1_1 else {
                throw HTTPParseError(.badRequest, "Transfer-Encoding in an HTTP/1.0 request")
            }
            guard codings.last == "chunked" else {
                throw HTTPParseError(.badRequest, "the final transfer coding must be chunked")
            }
            guard codings == ["chunked"] else {
                throw HTTPParseError(.notImplemented, "only the chunked transfer coding is supported")
            }
            return .chunked
        }
        let length: Int?
        do {
            length = try ContentLength.value(in: headers)
        } catch .conflicting {
            throw HTTPParseError(.badRequest, "conflicting Content-Length values")
        } catch .malformed {
            throw HTTPParseError(.badRequest, "malformed Content-Length")
        } catch {
            throw HTTPParseError(.contentTooLarge, "body exceeds \(limits.maxBodyBytes) bytes")
        }
        guard let length else { return .none }
        guard length <= limits.maxBodyBytes else {
            throw HTTPParseError(.contentTooLarge, "body exceeds \(limits.maxBodyBytes) bytes")
        }
        return length == 0 ? .none : .length(length)
    }
}
