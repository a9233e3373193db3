import Foundation
import GatherDomain
import GatherWire

/// Reads an import file a piece at a time into a plan: a JSON export (its first character `{`)
/// or a players CSV. What could never be imported here is counted, not kept, so a file far too
/// large costs its reading time, not its size in memory.
struct ImportReader {
    /// The most a file may hold to be imported here.
    struct Limits: Equatable {
        /// Players' rows (a CSV's, or a JSON export's roster).
        var players: Int
        var gathers: Int
        /// Players in gathers, summed over the gathers.
        var places: Int

        /// For a group whose room the server does not tell: the defaults' ceilings, many times over.
        static let unknown = Limits(players: 100_000, gathers: 100_000, places: 2_500_000)
    }

    /// What the file holds, which is more than `Limits` allow.
    struct TooLarge: Error, Equatable {
        let players: Int
        let gathers: Int
        let places: Int
    }

    private enum Kind {
        case players(CSVRecords.Splitter, PlayersCSV.Reader)
        case export(ExportScanner)
    }

    private let limits: Limits
    private let path: String
    private var decoder: FileEncoding.PieceDecoder
    private var kind: Kind?
    /// Text not yet handed on: before the kind is known, or a CSV's after its last line break.
    private var pending = ""
    private var gathers: [GatherWithPlayers] = []
    private var gatherCount = 0
    private var places = 0
    private var problems = ReadProblems()
    private let wire = WireFormat.decoder()

    private init(path: String, encoding: FileEncoding?, limits: Limits) {
        self.path = path
        self.limits = limits
        decoder = FileEncoding.PieceDecoder(encoding)
    }

    /// The file's plan; `UndecodableText` when it is no text in `encoding` (nil: detected),
    /// `TooLarge`, or a `CommandFailure` naming the file's problems.
    static func plan(_ file: ImportFile, encoding: FileEncoding?, limits: Limits) throws -> ImportPlan {
        var reader = ImportReader(path: file.path, encoding: encoding, limits: limits)
        try file.forEachPiece { piece, final in try reader.read(piece, final: final) }
        return try reader.finished()
    }

    private mutating func read(_ piece: [UInt8], final: Bool) throws {
        var text = try decoder.decode(piece, final: final)
        if kind == nil {
            pending += text
            guard let first = pending.unicodeScalars.first(where: { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }) else {
                if final { kind = .players(CSVRecords.Splitter(), PlayersCSV.Reader(keeping: limits.players)) }
                return
            }
            kind = first == "{" ? .export(ExportScanner()) : .players(CSVRecords.Splitter(), PlayersCSV.Reader(keeping: limits.players))
            text = pending
            pending = ""
        }
        switch kind {
        case .export(var scanner):
            kind = nil
            try scan(Array(text.utf8), with: &scanner)
            kind = .export(scanner)
        case .players(var splitter, var reader):
            kind = nil
            // Whole lines only, so a character (a CR LF, an accent on a quote) is never cut in two.
            pending += text
            let cut = final ? pending.endIndex : pending.unicodeScalars.lastIndex { $0 == "\n" || $0 == "\r" }
                .map { pending.unicodeScalars.index(after: $0) } ?? pending.startIndex
            for record in splitter.split(String(pending[..<cut]), final: final) { reader.read(record) }
            pending.removeSubrange(..<cut)
            kind = .players(splitter, reader)
        case nil:
            break
        }
    }

    private mutating func scan(_ bytes: [UInt8], with scanner: inout ExportScanner) throws {
        do {
            try scanner.scan(bytes) { json in try take(gather: json) }
        } catch let unreadable as ExportScanner.Unreadable {
            throw BackupCommands.importFailure(["not a Football Gather export: \(unreadable.reason)"], path: "the file")
        }
    }

    /// One gather of an export: decoded, its players checked, kept if the limits allow.
    private mutating func take(gather json: [UInt8]) throws {
        let index = gatherCount
        gatherCount += 1
        let match: GatherWithPlayers
        do {
            match = try wire.decode(GatherWithPlayers.self, from: Data(json))
        } catch {
            throw BackupCommands.importFailure(["not a Football Gather export: gathers[\(index)]: \(ImportPlan.describe(error))"],
                                               path: "the file")
        }
        places += match.players.count
        for player in match.players {
            do { _ = try ImportPlan.details(of: player.player) } catch {
                problems.add("gathers[\(index)] player \(player.player.name): \(error)")
            }
        }
        if gatherCount <= limits.gathers, places <= limits.places { gathers.append(match) }
    }

    private func finished() throws -> ImportPlan {
        switch kind {
        case .export(let scanner):
            let document: ExportDocument
            do {
                document = try wire.decode(ExportDocument.self, from: Data(try scanner.finished()))
            } catch let unreadable as ExportScanner.Unreadable {
                throw BackupCommands.importFailure(["not a Football Gather export: \(unreadable.reason)"], path: "the file")
            } catch {
                throw BackupCommands.importFailure(["not a Football Gather export: \(ImportPlan.describe(error))"], path: "the file")
            }
            guard document.format == ExportDocument.formatName, document.version == 1 else {
                throw BackupCommands.importFailure(["format \(document.format) version \(document.version) is not known to this gather"],
                                                   path: "the file")
            }
            guard document.players.count <= limits.players, gatherCount <= limits.gathers, places <= limits.places else {
                throw TooLarge(players: document.players.count, gathers: gatherCount, places: places)
            }
            var problems = problems
            var players: [(sourceID: Int, details: PlayerDetails)] = []
            for (index, player) in document.players.enumerated() {
                do { players.append((player.id, try ImportPlan.details(of: player))) } catch {
                    problems.add("players[\(index)] (\(player.name)): \(error)")
                }
            }
            if let listed = problems.listed { throw BackupCommands.importFailure(listed, path: "the file") }
            return ImportPlan(exportedBy: document.userID, players: players, gathers: gathers)
        case .players(let splitter, let reader):
            let rows: [PlayersCSV.Row]
            switch reader.rows(unclosedQuote: splitter.unclosedQuote) {
            case .success(let read): rows = read
            case .failure(let problems): throw BackupCommands.importFailure(problems.messages, path: path)
            }
            guard reader.keptAll else { throw TooLarge(players: reader.newPlayers + reader.namedPlayers, gathers: 0, places: 0) }
            var plan = ImportPlan(rows: rows)
            plan.ignoredColumns = reader.ignoredColumns
            return plan
        case nil:
            throw BackupCommands.importFailure(["the file is empty: a header row is needed"], path: path)
        }
    }
}

/// A file's problems: the first 50 listed, the others counted (nobody reads a thousand).
struct ReadProblems {
    static let listedAtMost = 50

    private var messages: [String] = []
    private var unlisted = 0

    mutating func add(_ message: String) {
        guard messages.count < ReadProblems.listedAtMost else { return unlisted += 1 }
        messages.append(message)
    }

    /// Nil when there are none.
    var listed: [String]? {
        guard !messages.isEmpty else { return nil }
        return unlisted > 0 ? messages + ["… and \(unlisted) more problems"] : messages
    }
}
