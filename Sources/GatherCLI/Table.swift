import Terminal

/// Rows in aligned columns for people, fitted to `width` (a terminal's, else 80): the columns of
/// names (`flexible`) give way first, their text cut with "…", so every number and id stays
/// whole; only when those are at their narrowest is the line itself cut. `width` nil: everything
/// (`--wide`).
struct Table {
    let headers: [String]
    let rows: [[String]]
    /// The columns that may be narrowed (names, teams): by default the last one.
    let flexible: Set<Int>

    /// A narrowed column keeps at least this many cells of its text.
    static let narrowest = 8
    /// The width a table is fitted to when not written to a terminal.
    static let plainWidth = 80
    static let gap = 2

    init(headers: [String], rows: [[String]], flexible: Set<Int>? = nil) {
        self.headers = headers
        self.rows = rows
        self.flexible = flexible ?? [headers.count - 1]
    }

    init(headers: [String], flexible: Set<Int>, rows: [[String]]) {
        self.init(headers: headers, rows: rows, flexible: flexible)
    }

    func lines(width: Int?) -> [String] {
        var widths = headers.map { DisplayWidth.of($0) }
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], DisplayWidth.of(cell)) }
        }
        if let width { fit(&widths, into: width) }
        func render(_ cells: [String]) -> String {
            var line = ""
            for (index, cell) in cells.enumerated() where index < widths.count {
                let text = DisplayWidth.of(cell) > widths[index] ? DisplayWidth.truncate(cell, toWidth: widths[index]) : cell
                line += index == cells.count - 1 ? text : DisplayWidth.pad(text, toWidth: widths[index] + Table.gap)
            }
            guard let width, DisplayWidth.of(line) > width, width > 1 else { return line }
            return DisplayWidth.truncate(line, toWidth: width)
        }
        return [render(headers)] + rows.map(render)
    }

    /// Narrows the flexible columns, the widest first, until the line fits or none can give more.
    private func fit(_ widths: inout [Int], into width: Int) {
        var total: Int { widths.reduce(0, +) + Table.gap * max(0, widths.count - 1) }
        while total > width {
            let candidates = flexible.filter { widths.indices.contains($0) && widths[$0] > floor($0) }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { return }
            widths[widest] = max(floor(widest), widths[widest] - (total - width))
        }
    }

    /// A flexible column never narrows below its heading or `narrowest`.
    private func floor(_ column: Int) -> Int {
        max(Table.narrowest, DisplayWidth.of(headers[column]))
    }
}
