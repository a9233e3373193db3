import GatherDomain
import GatherText

/// Players as CSV (`CSVRecords`: written with commas, read with commas, semicolons or tabs), with
/// a header row naming the columns in any order and any case: `name` (required), `age`, `skill`,
/// `preferredPosition` (or `position`), `favouriteTeam` (or `team`), and `id`: a row with an id
/// (as `gather export --format csv` writes them) is that player's fields, empty for a new player.
enum PlayersCSV {
    static let header = ["id", "name", "age", "skill", "preferredPosition", "favouriteTeam"]

    static func format(_ players: [Player], separator: Character = ",") -> String {
        var lines = [CSVRecords.line(header, separator: separator)]
        for player in players {
            lines.append(CSVRecords.line([String(player.id), player.name, player.age.map(String.init) ?? "", player.skill?.rawValue ?? "",
                                          player.preferredPosition?.rawValue ?? "", player.favouriteTeam ?? ""], separator: separator))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The column a header names: in any case, spaces, `_` and `-` aside (`Name`, `Preferred
    /// Position`, `favourite_team`), or by a short name (`position`, `team`; `favorite` too).
    static func column(named header: String) -> String? {
        let key = header.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "-" }
        return PlayersCSV.header.first { $0.lowercased() == key }
            ?? ["position": "preferredPosition", "team": "favouriteTeam", "favoriteteam": "favouriteTeam"][key]
    }

    /// A position as spreadsheets write it: our names in any case, or the words and letters teams
    /// use (`GK`, `Keeper`, `Portero`, `CB`, `Mid`, `LW`, `ST`…).
    static func position(named text: String) -> Position? {
        let key = text.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" && $0 != "." }
        if let position = Position(rawValue: key) { return position }
        return positionWords.first { $0.value.contains(key) }?.key
    }

    private static let positionWords: [Position: Set<String>] = [
        .goalkeeper: ["gk", "g", "keeper", "goalie", "goaly", "goal", "portero", "arquero", "torwart", "tw", "gardien", "goleiro", "portiere",
                      "keeper(gk)", "por"],
        .defender: ["d", "def", "df", "defence", "defense", "back", "cb", "lb", "rb", "fullback", "centreback", "centerback", "sweeper",
                    "defensa", "defensor", "verteidiger", "défenseur", "defenseur", "zagueiro", "difensore"],
        .midfielder: ["m", "mid", "mf", "cm", "dm", "am", "cdm", "cam", "midfield", "medio", "mediocampista", "centrocampista",
                      "mittelfeld", "milieu", "meia", "centrocampo"],
        .winger: ["w", "wing", "lw", "rw", "lm", "rm", "extremo", "flügel", "fluegel", "ailier", "ponta", "ala"],
        .striker: ["s", "st", "cf", "fw", "f", "forward", "centreforward", "centerforward", "attacker", "delantero", "stürmer", "stuermer",
                   "attaquant", "atacante", "avanti", "attaccante", "punta"],
    ]

    /// A valid row: a player's fields, and which player if it names one by id.
    struct Row: Equatable {
        let line: Int
        /// nil: a new player.
        let id: Int?
        let details: PlayerDetails
        /// The columns of the file: a player named by id keeps the fields of the others.
        let columns: Set<String>

        /// The player's stored fields with this row's columns laid over them.
        func laid(over stored: PlayerDetails) -> PlayerDetails {
            var details = stored
            if columns.contains("name") { details.name = self.details.name }
            if columns.contains("age") { details.age = self.details.age }
            if columns.contains("skill") { details.skill = self.details.skill }
            if columns.contains("preferredPosition") { details.preferredPosition = self.details.preferredPosition }
            if columns.contains("favouriteTeam") { details.favouriteTeam = self.details.favouriteTeam }
            return details
        }
    }

    /// Every valid row, or every problem by line number. Skills and positions are read in any case
    /// (`Professional`, `STRIKER`); a player's id on two rows is refused.
    static func parse(_ text: String) -> Result<[Row], Problems> {
        var splitter = CSVRecords.Splitter()
        var reader = Reader(keeping: .max)
        for record in splitter.split(text, final: true) { reader.read(record) }
        return reader.rows(unclosedQuote: splitter.unclosedQuote)
    }

    /// Reads the records of a file one by one, keeping its rows up to `keeping` of them: a file with
    /// more is refused for its count alone, so the rest are counted, not kept.
    struct Reader {
        let keeping: Int
        /// The header's columns; nil before it is read.
        private var columns: [String]?
        /// The same for every row, so held once.
        private var columnSet: Set<String> = []
        private var headerRefused = false
        private(set) var kept: [Row] = []
        /// Valid rows of new players (without an id), and rows naming a player by id: kept or not.
        private(set) var newPlayers = 0
        private(set) var namedPlayers = 0
        private var problems = ReadProblems()
        /// Player id → the line naming it.
        private var named: [Int: Int] = [:]

        init(keeping: Int) { self.keeping = keeping }

        /// The header's columns that are no player's field, in order: their cells are left out.
        private(set) var ignoredColumns: [String] = []

        /// Whether every valid row was kept.
        var keptAll: Bool { kept.count == newPlayers + namedPlayers }

        /// Every valid row, or every problem by line number (`ReadProblems` lists the first ones).
        func rows(unclosedQuote: String?) -> Result<[Row], Problems> {
            if let unclosedQuote { return .failure(Problems([unclosedQuote])) }
            if columns == nil { return .failure(Problems(["the file is empty: a header row is needed"])) }
            return problems.listed.map { .failure(Problems($0)) } ?? .success(kept)
        }

        private mutating func problem(_ message: String) { problems.add(message) }

        mutating func read(_ record: CSVRecords.Record) {
            guard !headerRefused else { return }
            guard let columns else { return readHeader(record) }
            // An empty line, or a row of empty cells (spreadsheets save `;;;` for a row once used), is no player.
            let cells = record.fields.map(PlayersCSV.trimmed)
            guard !cells.allSatisfy(\.isEmpty) else { return }
            guard record.fields.count == columns.count else {
                return problem("line \(record.line): \(record.fields.count) fields, the header has \(columns.count)")
            }
            let value = { (column: String) -> String? in
                columns.firstIndex(of: column).map { cells[$0] }.flatMap { $0.isEmpty ? nil : $0 }
            }
            do {
                var id: Int?
                if let text = value("id") {
                    guard let number = Int(text), number > 0 else {
                        throw ValidationError(field: "id", message: "must be a player's id (as gather export writes it), or empty for a new player")
                    }
                    if let earlier = named[number] { throw ValidationError(field: "id", message: "\(number) is on line \(earlier) already") }
                    id = number
                }
                var age: Int?
                if let text = value("age") {
                    guard let number = Int(text) else { throw ValidationError(field: "age", message: "must be a whole number") }
                    age = number
                }
                let skill = try value("skill").map { text in
                    guard let skill = Skill(rawValue: text.lowercased()) else {
                        throw ValidationError(field: "skill", message: "must be beginner, amateur or professional")
                    }
                    return skill
                }
                let position = try value("preferredPosition").map { text in
                    guard let position = PlayersCSV.position(named: text) else {
                        throw ValidationError(field: "preferredPosition", message: "must be goalkeeper, defender, midfielder, winger or striker")
                    }
                    return position
                }
                let details = try PlayerDetails(name: value("name") ?? "", age: age, skill: skill, preferredPosition: position,
                                                favouriteTeam: value("favouriteTeam"))
                if let id {
                    namedPlayers += 1
                    // Remembered while rows are kept: past that the file is refused for its size anyway.
                    if kept.count < keeping { named[id] = record.line }
                } else {
                    newPlayers += 1
                }
                if kept.count < keeping { kept.append(Row(line: record.line, id: id, details: details, columns: columnSet)) }
            } catch let error as ValidationError {
                problem("line \(record.line): \(error.reason)")
            } catch {
                problem("line \(record.line): \(error)")
            }
        }

        private mutating func readHeader(_ header: CSVRecords.Record) {
            var columns: [String] = []
            for name in header.fields.map(PlayersCSV.trimmed) {
                guard let column = PlayersCSV.column(named: name) else {
                    // A spreadsheet's own columns (notes, shirt numbers) are no player's field: left out, and said.
                    if !name.isEmpty { ignoredColumns.append(name) }
                    columns.append("")
                    continue
                }
                if columns.contains(column) { problem("line \(header.line): \"\(name)\" is the \(column) column a second time") }
                columns.append(column)
            }
            self.columns = columns
            columnSet = Set(columns)
            if !columns.contains("name") {
                problem("line \(header.line): a name column is needed")
                headerRefused = true
            }
        }
    }
}

extension PlayersCSV {
    /// A cell without the spaces and tabs around it (what `CharacterSet.whitespaces` holds: a
    /// spreadsheet pads with no-break spaces too), read in Swift: a hundred thousand rows are read a cell at a time.
    static func trimmed(_ cell: String) -> String {
        let scalars = cell.unicodeScalars
        let isSpace = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return cell }
        return String(scalars[first...last])
    }
}

/// What is wrong with a file, every problem at once.
struct Problems: Error {
    let messages: [String]
    init(_ messages: [String]) { self.messages = messages }
}
