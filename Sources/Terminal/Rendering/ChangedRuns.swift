/// Finds what must be redrawn in a row: the runs of consecutive cells that
/// differ between the frame on screen and the next one.
enum ChangedRuns {
    /// The changed column ranges of `row`, in order.
    ///
    /// A run always covers both halves of a wide character in the new frame:
    /// the terminal can only draw it whole.
    static func inRow(_ row: Int, from old: ScreenBuffer, to new: ScreenBuffer) -> [Range<Int>] {
        let width = new.width
        var changed = [Bool](repeating: false, count: width)
        for column in 0..<width where old[row, column] != new[row, column] {
            changed[column] = true
            let cell = new[row, column]
            if cell.isContinuation, column > 0 {
                changed[column - 1] = true
            } else if new.isWide(row: row, column: column) {
                changed[column + 1] = true
            }
        }

        var runs: [Range<Int>] = []
        var start: Int?
        for column in 0..<width {
            if changed[column] {
                if start == nil { start = column }
            } else if let runStart = start {
                runs.append(runStart..<column)
                start = nil
            }
        }
        if let runStart = start {
            runs.append(runStart..<width)
        }
        return runs
    }
}
