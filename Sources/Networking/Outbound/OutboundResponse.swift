import HTTP

/// What a webhook answered, whatever the status: a redirect or an error is an answer too, and
/// the caller decides what it means.
package struct OutboundResponse: Sendable, Equatable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: [UInt8]

    package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package var isSuccess: Bool { (200..<300).contains(status) }

    /// The first value of a header, its name in any case.
    package func header(_ name: String) -> String? {
        headers[name]
    }

    /// How long the server asked to wait (`Retry-After`, in seconds or as an HTTP date), nil if it
    /// did not say or said something unreadable; a date already past is no wait at all.
    package func retryAfter(nowSecondsSince1970 now: Int) -> Duration? {
        guard let value = header(HTTPHeaders.Name.retryAfter)?.trimmingASCIISpaces, !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Too many digits for an Int is still "a very long time", not "no answer".
            return .seconds(Int(value) ?? Int.max)
        }
        guard let date = HTTPDate.secondsSince1970(parsing: value) else { return nil }
        return .seconds(max(0, date - now))
    }

    /// The most of the body an error report shows.
    static let excerptLength = 300

    /// The start of the body as text for an error report: at most 300 characters, line breaks as
    /// spaces, other control and direction-changing characters as U+FFFD, so a webhook's answer
    /// cannot forge lines in a log or reorder a message; `…` when there was more.
    package var excerpt: String {
        // Four bytes per character at most: the rest cannot be in the excerpt.
        let limit = OutboundResponse.excerptLength * 4
        var text = String(decoding: body.prefix(limit), as: UTF8.self)
        var cut = body.count > limit
        if cut, text.last == "\u{FFFD}" { text.removeLast() }
        var excerpt = ""
        var count = 0
        for character in text {
            guard count < OutboundResponse.excerptLength else {
                cut = true
                break
            }
            excerpt.append(OutboundResponse.printable(character))
            count += 1
        }
        return cut ? excerpt + "…" : excerpt
    }

    private static func printable(_ character: Character) -> Character {
        if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" { return " " }
        for scalar in character.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                return "\u{FFFD}"
            default:
                continue
            }
        }
        return character
    }
}

extension String {
    fileprivate var trimmingASCIISpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
