/// ISO/IEC 18004's score (7.8.3) of how hard a masked symbol is to read; the mask with the lowest
/// score is used. Four rules, over the whole symbol, format and version information included:
/// runs of one colour, 2 × 2 blocks of one colour, look-alikes of a finder pattern, and a share of
/// dark modules far from half.
enum MaskPenalty {
    static func score(_ grid: ModuleGrid) -> Int {
        var score = 0
        for index in 0..<grid.size {
            let row = (0..<grid.size).map { grid[$0, index] }
            let column = (0..<grid.size).map { grid[index, $0] }
            score += runs(in: row) + runs(in: column) + finderLookAlikes(in: row) + finderLookAlikes(in: column)
        }
        return score + blocks(in: grid) + balance(of: grid)
    }

    /// 3 for each run of five modules of one colour along a row or column, plus 1 for each module more.
    private static func runs(in line: [Bool]) -> Int {
        var score = 0
        var length = 0
        for (index, dark) in line.enumerated() {
            length = index > 0 && line[index - 1] == dark ? length + 1 : 1
            if length == 5 {
                score += 3
            } else if length > 5 {
                score += 1
            }
        }
        return score
    }

    /// 3 for each 2 × 2 square of one colour; overlapping squares each count.
    private static func blocks(in grid: ModuleGrid) -> Int {
        var score = 0
        for y in 0..<grid.size - 1 {
            for x in 0..<grid.size - 1 {
                let color = grid[x, y]
                if grid[x + 1, y] == color, grid[x, y + 1] == color, grid[x + 1, y + 1] == color {
                    score += 3
                }
            }
        }
        return score
    }

    private static let finderCore = [true, false, true, true, true, false, true]

    /// 40 for each dark-light-dark-dark-dark-light-dark (1:1:3:1:1) with four light modules on one side;
    /// a core with light on both sides counts twice. Beyond the edge is the quiet zone, light.
    private static func finderLookAlikes(in line: [Bool]) -> Int {
        guard line.count >= finderCore.count else { return 0 }
        let isLight = { (index: Int) in !line.indices.contains(index) || !line[index] }
        var score = 0
        for start in 0...(line.count - finderCore.count) where hasFinderCore(line, at: start) {
            if (start - 4..<start).allSatisfy(isLight) { score += 40 }
            if (start + 7..<start + 11).allSatisfy(isLight) { score += 40 }
        }
        return score
    }

    private static func hasFinderCore(_ line: [Bool], at start: Int) -> Bool {
        for (offset, dark) in finderCore.enumerated() where line[start + offset] != dark {
            return false
        }
        return true
    }

    /// 10 for each whole 5 % that the share of dark modules lies away from 50 %.
    private static func balance(of grid: ModuleGrid) -> Int {
        var dark = 0
        for y in 0..<grid.size {
            for x in 0..<grid.size where grid[x, y] {
                dark += 1
            }
        }
        let total = grid.size * grid.size
        // |dark / total − 1/2| / 5 %, in integers.
        return 10 * (abs(20 * dark - 10 * total) / total)
    }
}
