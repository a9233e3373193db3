import Foundation

/// Where results waiting for the server are kept between runs.
public protocol ResultJournal: Sendable {
    /// Every pending result, oldest first.
    func load() -> JournalContents
    /// Replaces the journal with these entries; throws when they could not be made durable.
    func save(_ entries: [PendingResult]) throws
}

/// What was found in the journal.
public struct JournalContents: Sendable {
    public var entries: [PendingResult]
    /// The journal could not be read and was moved to this path, untouched, rather than dropped.
    public var setAside: String?
    /// False when an unreadable journal could not even be moved aside: writing would overwrite it.
    public var isWritable: Bool

    public init(entries: [PendingResult], setAside: String? = nil, isWritable: Bool = true) {
        self.entries = entries
        self.setAside = setAside
        self.isWritable = isWritable
    }
}

/// The journal as `pending-results.json` in the client's config directory: mode 0600, replaced
/// atomically and flushed to disk before a result counts as kept.
public struct ResultJournalFile: ResultJournal {
    private let file: PrivateFile

    public init(directory: URL) {
        file = PrivateFile(directory.appendingPathComponent("pending-results.json"))
    }

    private struct Document: Codable {
        var version = 1
        var results: [PendingResult]
    }

    public func load() -> JournalContents {
        guard let data = file.read() else { return JournalContents(entries: []) }
        if let document = try? JournalFormat.decoder.decode(Document.self, from: data) {
            return JournalContents(entries: document.results)
        }
        // Never drop what cannot be read (a newer client's format, a damaged disk): keep it aside.
        let aside = file.url.path + ".unreadable-\(Int(Date().timeIntervalSince1970))"
        guard rename(file.url.path, aside) == 0 else { return JournalContents(entries: [], setAside: file.url.path, isWritable: false) }
        return JournalContents(entries: [], setAside: aside)
    }

    public func save(_ entries: [PendingResult]) throws {
        guard !entries.isEmpty else {
            file.remove()
            return
        }
        try file.write(JournalFormat.encoder.encode(Document(results: entries)))
    }
}

private enum JournalFormat {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
