import GatherWire

/// The answer to `POST /api/channels/{id}/test`: whether the far end took the test message and
/// what it said.
package struct ChannelTestResult: Hashable, Sendable {
    package var delivered: Bool
    package var status: Int?
    /// The start of the far end's answer, printable.
    package var answer: String?
    /// Why it was not delivered, in words.
    package var error: String?

    package init(delivered: Bool, status: Int? = nil, answer: String? = nil, error: String? = nil) {
        self.delivered = delivered
        self.status = status
        self.answer = answer
        self.error = error
    }
}

extension ChannelTestResult: JSONWritable, Codable {
    enum CodingKeys: String, CodingKey { case delivered, status, answer, error }

    package func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.field("answer") { $0.optional(answer) { $0.string($1) } }
            object.field("delivered") { $0.bool(delivered) }
            object.field("error") { $0.optional(error) { $0.string($1) } }
            object.field("status") { $0.optional(status) { $0.int($1) } }
        }
    }
}
