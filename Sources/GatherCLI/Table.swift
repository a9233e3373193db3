import Foundation

/// Rows in aligned columns for people; the last column is cut to fit `width` (a terminal's),
/// never the ids a script may copy.
struct Table {
    let headers: [String]
    let rows: [[String]]

    func lines(width: Int?) -> [String] {
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) }
        }
        func render(_ cells: [String]) -> String {
            var line = ""
            for (index, cell) in cells.enumerated() {
                let isLast = index == cells.count - 1
                line += isLast ? cell : cell.padding(toLength: widths[index] + 2, withPad: " ", startingAt: 0)
            }
            guard let width, line.count > width, width > 1 else { return line }
            return String(line.prefix(width - 1)) + "…"
        }
        return [render(headers)] + rows.map(render)
    }
}
