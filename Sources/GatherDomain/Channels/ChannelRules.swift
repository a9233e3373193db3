import GatherText
import GatherWire

/// The rules a channel's fields follow, for a new channel and a change alike.
package enum ChannelRules {
    package static let nameLength = 1...100
    package static let reminderRange = 1...168
    package static let mostReminders = 4

    static func name(_ text: String) throws(ValidationError) -> String {
        try TextRule.required(text, field: "name", length: nameLength, maximumBytes: 1024)
    }

    /// Hours before answers close, each 1–168, at most four, kept latest last (24, 3).
    static func reminderHours(_ hours: [Int]) throws(ValidationError) -> [Int] {
        let distinct = Set(hours)
        guard hours.count <= mostReminders, distinct.allSatisfy(reminderRange.contains) else {
            throw ValidationError(field: "reminderHours", message: "must be at most \(mostReminders) whole numbers of hours, "
                                  + "each from \(reminderRange.lowerBound) to \(reminderRange.upperBound)")
        }
        return distinct.sorted(by: >)
    }

    /// A field that has a value or is left out: `null` is refused by name rather than read as left out.
    static func refuseNulls<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ keys: [Key]) throws {
        for key in keys where container.contains(key) {
            if try container.decodeNil(forKey: key) { throw ValidationError(field: key.stringValue, message: "cannot be null") }
        }
    }

    /// Event names, each known: an unknown one is named, not ignored.
    static func decodeEvents<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> [ChannelEvent]? {
        guard let names = try container.decodeIfPresent([String].self, forKey: key) else { return nil }
        return try names.map { name throws(ValidationError) in
            guard let event = ChannelEvent(rawValue: name) else {
                let known = ChannelEvent.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw ValidationError(field: key.stringValue, message: "has \"\(name.prefix(40))\", which is none of \(known)")
            }
            return event
        }
    }

    /// Telegram's chat (`-1001234567890` or `@channelname`) or Matrix's room (`!opaque:server`):
    /// required for those kinds, and only for them.
    static func chatID(_ text: String?, of kind: ChannelKind) throws(ValidationError) -> String? {
        switch kind {
        case .telegram:
            guard let text else { throw ValidationError(field: "chatId", message: "is required for a telegram channel") }
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            let isNumber = (1...20).contains(digits.count) && digits.utf8.allSatisfy { (0x30...0x39).contains($0) }
            let isName = text.hasPrefix("@") && (5...65).contains(text.utf8.count)
                && text.utf8.dropFirst().allSatisfy { isWordByte($0) }
            guard isNumber || isName else {
                throw ValidationError(field: "chatId", message: "must be a chat's number (-1001234567890) or a public channel's @name")
            }
            return text
        case .matrix:
            guard let text else { throw ValidationError(field: "roomId", message: "is required for a matrix channel") }
            // `!opaque:server`: the opaque part has no colon; both parts 1–126 printable characters.
            let parts = text.dropFirst().split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard text.hasPrefix("!"), parts.count == 2, parts.allSatisfy({ (1...126).contains($0.utf8.count) }),
                  text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw ValidationError(field: "roomId", message: "must be a room id like !abcdef:example.org (Room settings → Advanced)")
            }
            return text
        case .webhook, .discord, .slack:
            return nil
        }
    }

    /// Telegram's bot token (`123456:ABC…` from @BotFather) or Matrix's access token.
    static func token(_ text: String?, of kind: ChannelKind) throws(ValidationError) -> String? {
        switch kind {
        case .telegram:
            guard let text else { throw ValidationError(field: "botToken", message: "is required for a telegram channel") }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, (1...20).contains(parts[0].count), parts[0].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  (20...200).contains(parts[1].utf8.count), parts[1].utf8.allSatisfy({ isWordByte($0) || $0 == UInt8(ascii: "-") }) else {
                throw ValidationError(field: "botToken", message: "must be a bot token as @BotFather gives it (123456789:AA…)")
            }
            return text
        case .matrix:
            guard let text else { throw ValidationError(field: "accessToken", message: "is required for a matrix channel") }
            guard (1...1000).contains(text.utf8.count), text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw ValidationError(field: "accessToken", message: "must be printable ASCII without spaces, at most 1000 characters")
            }
            return text
        case .webhook, .discord, .slack:
            return nil
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_")
    }
}
