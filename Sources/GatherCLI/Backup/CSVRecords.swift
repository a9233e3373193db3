/// The records of a CSV file (RFC 4180): fields between separators, double quotes around a field
/// that holds a separator, a quote (doubled) or a line break. The separator is the one of `,` `;`
/// and tab that the header line holds most outside quotes (a comma if none): spreadsheets set to a
/// language that writes decimal commas save `;`, "Unicode text" saves tabs.
enum CSVRecords {
    /// One record and the line it starts on.
    struct Record {
        let line: Int
        let fields: [String]
    }

    /// The separators told apart, the preferred first when the header holds as many of each.
    static let separators: [Character] = [",", ";", "\t"]

    /// The separator the first record uses.
    static func separator(of text: some Sequence<Character>) -> Character {
        var counts: [Character: Int] = [:]
        var inQuotes = false
        for character in text {
            if character == "\"" {
                inQuotes.toggle()
            } else if !inQuotes {
                if character == "\n" || character == "\r\n" || character == "\r" { break }
                if separators.contains(character) { counts[character, default: 0] += 1 }
            }
        }
        var most = separators[0]
        for candidate in separators where counts[candidate, default: 0] > counts[most, default: 0] { most = candidate }
        return most
    }

    /// Splits the text into records, following quotes across line breaks; `separator` nil: the
    /// header line's.
    static func split(_ text: String, separator: Character? = nil) -> Result<[Record], Problems> {
        // Spreadsheets write "CSV UTF-8" with a byte-order mark: not part of the first column's name.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let separator = separator ?? CSVRecords.separator(of: text)
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
                    if character == "\n" || character == "\r\n" || character == "\r" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty: inQuotes = true
            case separator:
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
