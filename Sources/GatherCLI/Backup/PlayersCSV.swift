import GatherCore

/// Players as CSV (RFC 4180: commas, double quotes, quoted fields may hold commas, quotes and
/// line breaks), with a header row naming the columns in any order:
/// `name` (required), `age`, `skill`, `preferredPosition` (or `position`), `favouriteTeam` (or
/// `team`); an `id` column is allowed and ignored.
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

    /// One record and the line it starts on.
    struct Record {
        let line: Int
        let fields: [String]
    }

    /// Every valid row as player details, or every problem by line number.
    static func parse(_ text: String) -> Result<[(line: Int, details: PlayerDetails)], Problems> {
        let records: [Record]
        switch split(text) {
        case .failure(let problems): return .failure(problems)
        case .success(let parsed): records = parsed
        }
        guard let header = records.first else { return .failure(Problems(["the file is empty: a header row is needed"])) }
        let aliases = ["position": "preferredPosition", "team": "favouriteTeam"]
        let columns = header.fields.map { name in aliases[name.trimmingCharacters(in: .whitespaces)] ?? name.trimmingCharacters(in: .whitespaces) }
        let known = Set(PlayersCSV.header)
        var problems: [String] = []
        for name in columns where !known.contains(name) {
            problems.append("line \(header.line): unknown column \"\(name)\" (columns: \(PlayersCSV.header.joined(separator: ", ")))")
        }
        guard columns.contains("name") else { problems.append("line \(header.line): a name column is needed") ; return .failure(Problems(problems)) }
        var rows: [(Int, PlayerDetails)] = []
        for record in records.dropFirst() where !(record.fields.count == 1 && record.fields[0].isEmpty) {
            guard record.fields.count == columns.count else {
                problems.append("line \(record.line): \(record.fields.count) fields, the header has \(columns.count)")
                continue
            }
            let value = { (column: String) -> String? in
                columns.firstIndex(of: column).map { record.fields[$0].trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            }
            do {
                var age: Int?
                if let text = value("age") {
                    guard let number = Int(text) else { throw ValidationError(field: "age", message: "must be a whole number") }
                    age = number
                }
                let skill = try value("skill").map { text in
                    guard let skill = Skill(rawValue: text) else { throw ValidationError(field: "skill", message: "must be beginner, amateur or professional") }
                    return skill
                }
                let position = try value("preferredPosition").map { text in
                    guard let position = Position(rawValue: text) else {
                        throw ValidationError(field: "preferredPosition", message: "must be goalkeeper, defender, midfielder, winger or striker")
                    }
                    return position
                }
                rows.append((record.line, try PlayerDetails(name: value("name") ?? "", age: age, skill: skill,
                                                            preferredPosition: position, favouriteTeam: value("favouriteTeam"))))
            } catch let error as ValidationError {
                problems.append("line \(record.line): \(error.reason)")
            } catch {
                problems.append("line \(record.line): \(error)")
            }
        }
        return problems.isEmpty ? .success(rows.map { (line: $0.0, details: $0.1) }) : .failure(Problems(problems))
    }

    /// Splits the text into records, following quotes across line breaks.
    static func split(_ text: String) -> Result<[Record], Problems> {
        // Spreadsheets write "CSV UTF-8" with a byte-order mark: not part of the first column's name.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1
        var recordLine = 1
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if inQuotes {
                if character == "\"" {
                    if characters.first == "\"" {
                        characters.removeFirst()
                        field.append("\"")
                    } else {
                        inQuotes = false
                    }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty: inQuotes = true
            case ",":
                fields.append(field)
                field = ""
            case "\n", "\r\n", "\r":
                fields.append(field)
                records.append(Record(line: recordLine, fields: fields))
                fields = []
                field = ""
                line += 1
                recordLine = line
            default: field.append(character)
            }
        }
        if inQuotes { return .failure(Problems(["line \(recordLine): a quoted field is never closed"])) }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            records.append(Record(line: recordLine, fields: fields))
        }
        return .success(records)
    }
}

/// What is wrong with a file, every problem at once.
struct Problems: Error {
    let messages: [String]
    init(_ messages: [String]) { self.messages = messages }
}
