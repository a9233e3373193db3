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

    /// What a spreadsheet reads as UTF-8 when it opens the file: Excel's own "CSV UTF-8" starts so.
    static let byteOrderMark = "\u{FEFF}"

    /// One record as a line (without its line break): a field holding the separator, a quote or a
    /// line break in double quotes, its quotes doubled.
    static func line(_ fields: [String], separator: Character = ",") -> String {
        fields.map { field in
            guard field.contains(where: { $0 == separator || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: String(separator))
    }

    /// `--delimiter`: a comma (the default), a semicolon (a spreadsheet set to a language that
    /// writes decimal commas) or a tab; the reason when it is none of them.
    static func separator(named name: String?) throws(CSVSeparatorError) -> Character {
        switch name {
        case nil, ",": return ","
        case ";": return ";"
        case "\t", "tab": return "\t"
        case let other?: throw CSVSeparatorError(given: other)
        }
    }

    /// The separator the first record uses.
    static func separator(of text: some Sequence<Character>) -> Character {
        firstRecord(of: text).separator
    }

    /// The separator the first record uses, and whether the text holds that record's end (a line
    /// break outside quotes): without it, more text may change the separator.
    private static func firstRecord(of text: some Sequence<Character>) -> (separator: Character, ended: Bool) {
        var counts: [Character: Int] = [:]
        var inQuotes = false
        var ended = false
        for character in text {
            if character == "\"" {
                inQuotes.toggle()
            } else if !inQuotes {
                if character == "\n" || character == "\r\n" || character == "\r" {
                    ended = true
                    break
                }
                if separators.contains(character) { counts[character, default: 0] += 1 }
            }
        }
        var most = separators[0]
        for candidate in separators where counts[candidate, default: 0] > counts[most, default: 0] { most = candidate }
        return (most, ended)
    }

    /// Splits the text into records, following quotes across line breaks; `separator` nil: the
    /// header line's.
    static func split(_ text: String, separator: Character? = nil) -> Result<[Record], Problems> {
        var splitter = Splitter(separator: separator)
        let records = splitter.split(text, final: true)
        return splitter.unclosedQuote.map { .failure(Problems([$0])) } ?? .success(records)
    }

    /// Splits a file's text as it arrives, a piece at a time: a record, a quoted field, even a
    /// doubled quote or a CR LF may be cut between two pieces.
    struct Splitter {
        private var separator: Character?
        /// Text seen before the first record's end settles the separator.
        private var undecided = ""
        private var started = false
        private var fields: [String] = []
        private var field = ""
        private var inQuotes = false
        /// A quote inside quotes ended the last piece: a doubled quote if the next piece starts with one.
        private var quoteEndedPiece = false
        /// The last piece ended with a CR: an LF starting the next is the same line break.
        private var carriageReturnEndedPiece = false
        private var line = 1
        private var recordLine = 1

        /// `separator` nil: the first record's, told once it has arrived.
        init(separator: Character? = nil) { self.separator = separator }

        /// After the final piece: the reason the file is not read whole, if a quoted field is never closed.
        var unclosedQuote: String? { inQuotes ? "line \(recordLine): a quoted field is never closed" : nil }

        /// The records `text` ends; the final piece ends the last one.
        mutating func split(_ text: String, final: Bool) -> [Record] {
            var text = text
            if !started {
                // Spreadsheets write "CSV UTF-8" with a byte-order mark: not part of the first column's name.
                undecided += text
                guard final || !undecided.isEmpty else { return [] }
                text = undecided.hasPrefix("\u{FEFF}") ? String(undecided.dropFirst()) : undecided
                if separator == nil {
                    let (found, ended) = CSVRecords.firstRecord(of: text)
                    guard ended || final else {
                        undecided = text
                        return []
                    }
                    separator = found
                }
                started = true
                undecided = ""
            }
            var records: [Record] = []
            var characters = Array(text)[...]
            if carriageReturnEndedPiece, characters.first == "\n" {
                // In quotes the CR is in the field already: with its LF it is one line break there too.
                characters.removeFirst()
                if inQuotes { field.append("\n") }
            }
            carriageReturnEndedPiece = false
            if quoteEndedPiece {
                quoteEndedPiece = false
                if characters.first == "\"" {
                    characters.removeFirst()
                    field.append("\"")
                } else {
                    inQuotes = false
                }
            }
            while let character = characters.popFirst() {
                if inQuotes {
                    if character == "\"" {
                        if characters.isEmpty, !final {
                            quoteEndedPiece = true
                        } else if characters.first == "\"" {
                            characters.removeFirst()
                            field.append("\"")
                        } else {
                            inQuotes = false
                        }
                    } else {
                        if character == "\n" || character == "\r\n" || character == "\r" { line += 1 }
                        field.append(character)
                        carriageReturnEndedPiece = character == "\r" && characters.isEmpty
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
                    carriageReturnEndedPiece = character == "\r" && characters.isEmpty
                default: field.append(character)
                }
            }
            if final, !inQuotes, !field.isEmpty || !fields.isEmpty {
                fields.append(field)
                records.append(Record(line: recordLine, fields: fields))
                fields = []
                field = ""
            }
            return records
        }
    }
}

/// A `--delimiter` that is not one a spreadsheet reads.
struct CSVSeparatorError: Error {
    let given: String
}
