/// The request line and header fields, checked, with the body framing decided (RFC 9112 §6.3).
struct RequestHead: Sendable {
    let method: HTTPMethod
    let target: String
    let version: HTTPVersion
    let headers: HTTPHeaders
    let framing: BodyFraming
    let expectsContinue: Bool

    init(lines: [Range<Int>], buffer: [UInt8], limits: HTTPLimits) throws(HTTPParseError) {
        guard let requestLine = lines.first else { throw HTTPParseError(.badRequest, "missing request line") }
        (method, target, version) = try RequestHead.parseRequestLine(buffer[requestLine])

        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            let field = try RequestHead.parseField(buffer[line])
            headers.add(name: field.name, value: field.value)
        }
        self.headers = headers

        if version == .http1_1 {
            let hosts = headers.fields.filter { HTTPHeaders.sameName($0.name, "Host") }
            guard hosts.count == 1 else {
                throw HTTPParseError(.badRequest, hosts.isEmpty ? "missing Host header" : "more than one Host header")
            }
        }
        framing = try RequestHead.framing(headers: headers, version: version, limits: limits)

        let expectations = headers.values(of: "Expect")
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
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw HTTPParseError(.badRequest, "malformed request line")
        }
        guard parts[0].allSatisfy(Token.isTokenByte) else {
            throw HTTPParseError(.badRequest, "malformed method")
        }
        guard parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPParseError(.badRequest, "malformed request target")
        }
        let version = try parseVersion(parts[2])
        return (HTTPMethod(rawValue: String(decoding: parts[0], as: UTF8.self)),
                String(decoding: parts[1], as: UTF8.self), version)
    }

    private static func parseVersion(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        let text = Array(bytes)
        let prefix = Array("HTTP/".utf8)
        guard text.count == 8, text.starts(with: prefix), text[6] == UInt8(ascii: "."),
              let major = digit(text[5]), let minor = digit(text[7]) else {
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

    private static func parseField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (name: String, value: String) {
        guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
            throw HTTPParseError(.badRequest, "obsolete line folding is not accepted")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw HTTPParseError(.badRequest, "header field without a colon")
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(Token.isTokenByte) else {
            throw HTTPParseError(.badRequest, "malformed header field name")
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { value.removeFirst() }
        while let byte = value.last, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { value.removeLast() }
        guard value.allSatisfy({ $0 == UInt8(ascii: "\t") || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw HTTPParseError(.badRequest, "control character in header field \(String(decoding: name, as: UTF8.self))")
        }
        return (String(decoding: name, as: UTF8.self), Token.text(value))
    }

    private static func framing(headers: HTTPHeaders, version: HTTPVersion, limits: HTTPLimits) throws(HTTPParseError) -> BodyFraming {
        let codings = headers.values(of: "Transfer-Encoding").map { $0.lowercased() }
        let lengths = headers.values(of: "Content-Length")
        let hasTransferEncoding = headers.contains(name: "Transfer-Encoding")
        if hasTransferEncoding {
            guard !headers.contains(name: "Content-Length") else {
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
        if headers.contains(name: "Content-Length") {
            guard let first = lengths.first, lengths.allSatisfy({ $0 == first }) else {
                throw HTTPParseError(.badRequest, "conflicting Content-Length values")
            }
            guard first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                throw HTTPParseError(.badRequest, "malformed Content-Length")
            }
            // Longer than 18 digits cannot be a size we accept, and would overflow Int.
            guard first.utf8.count <= 18, let length = Int(first), length <= limits.maxBodyBytes else {
                throw HTTPParseError(.contentTooLarge, "body exceeds \(limits.maxBodyBytes) bytes")
            }
            return length == 0 ? .none : .length(length)
        }
        return .none
    }
}

enum Token {
    /// tchar of RFC 9110 §5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Field values are UTF-8 in practice; anything else is read as ISO-8859-1, byte for byte.
    static func text(_ bytes: ArraySlice<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
