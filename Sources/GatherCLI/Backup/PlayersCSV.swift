import GatherDomain
import GatherText

/// Players as CSV (`CSVRecords`: written with commas, read with commas, semicolons or tabs), with
/// a header row naming the columns in any order and any case: `name` (required), `age`, `skill`,
/// `preferredPosition` (or `position`), `favouriteTeam` (or `team`), and `id`: a row with an id
/// (as `gather export --format csv` writes them) is that player's fields, empty for a new player.
enum PlayersCSV {
    static let header = ["id", "name", "age", "skill", "preferredPosition", "favouriteTeam"]

    static func format(_ players: [Player]) -> String {
        var lines = [header.joined(separator: ",")]
        for player in players {
            lines.append([String(player.id), player.name, player.age.map(String.init) ?? "", player.skill?.rawValue ?? "",
                          player.preferredPosition?.rawValue ?? "", player.favouriteTeam ?? ""].map(quoted).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The column a header names: in any case, spaces, `_` and `-` aside (`Name`, `Preferred
    /// Position`, `favourite_team`), or by a short name (`position`, `team`; `favorite` too).
    static func column(named header: String) -> String? {
        let key = header.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "-" }
        return PlayersCSV.header.first { $0.lowercased() == key }
            ?? ["position": "preferredPosition", "team": "favouriteTeam", "favoriteteam": "favouriteTeam"][key]
    }

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
        let records: [CSVRecords.Record]
        switch CSVRecords.split(text) {
        case .failure(let problems): return .failure(problems)
        case .success(let parsed): records = parsed
        }
        guard let header = records.first else { return .failure(Problems(["the file is empty: a header row is needed"])) }
        var problems: [String] = []
        var columns: [String] = []
        for name in header.fields.map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let column = column(named: name) else {
                problems.append("line \(header.line): unknown column \"\(name)\" (columns: \(PlayersCSV.header.joined(separator: ", ")))")
                columns.append(name)
                continue
            }
            if columns.contains(column) { problems.append("line \(header.line): \"\(name)\" is the \(column) column a second time") }
            columns.append(column)
        }
        guard columns.contains("name") else { problems.append("line \(header.line): a name column is needed") ; return .failure(Problems(problems)) }
        var rows: [Row] = []
        /// Player id → the line naming it.
        var named: [Int: Int] = [:]
        // An empty line, or a row of empty cells (spreadsheets save `;;;` for a row once used), is no player.
        for record in records.dropFirst() where !record.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            guard record.fields.count == columns.count else {
                problems.append("line \(record.line): \(record.fields.count) fields, the header has \(columns.count)")
                continue
            }
            let value = { (column: String) -> String? in
                columns.firstIndex(of: column).map { record.fields[$0].trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            }
            do {
                var id: Int?
                if let text = value("id") {
                    guard let number = Int(text), number > 0 else {
                        throw ValidationError(field: "id", message: "must be a player's id (as gather export writes it), or empty for a new player")
                    }
                    if let earlier = named[number] { throw ValidationError(field: "id", message: "\(number) is on line \(earlier) already") }
                    named[number] = record.line
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
                    guard let position = Position(rawValue: text.lowercased()) else {
                        throw ValidationError(field: "preferredPosition", message: "must be goalkeeper, defender, midfielder, winger or striker")
                    }
                    return position
                }
                let details = try PlayerDetails(name: value("name") ?? "", age: age, skill: skill, preferredPosition: position,
                                                favouriteTeam: value("favouriteTeam"))
                rows.append(Row(line: record.line, id: id, details: details, columns: Set(columns)))
            } catch let error as ValidationError {
                problems.append("line \(record.line): \(error.reason)")
            } catch {
                problems.append("line \(record.line): \(error)")
            }
        }
        return problems.isEmpty ? .success(rows) : .failure(Problems(problems))
    }
}

/// What is wrong with a file, every problem at once.
struct Problems: Error {
    let messages: [String]
    init(_ messages: [String]) { self.messages = messages }
}
