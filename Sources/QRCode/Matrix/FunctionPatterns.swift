/// The parts of a symbol that are the same for any data of its version: what a reader finds, orients and
/// samples by. Format information is drawn too, as a placeholder, so the codewords keep clear of it.
enum FunctionPatterns {
    static func grid(for version: Version) -> ModuleGrid {
        var grid = ModuleGrid(size: version.size)
        drawTimingPatterns(in: &grid)
        let far = grid.size - 4
        for (x, y) in [(3, 3), (far, 3), (3, far)] {
            drawFinderPattern(centeredAt: x, y, in: &grid)
        }
        drawAlignmentPatterns(at: version.alignmentCenters, in: &grid)
        FormatInformation.reserve(in: &grid)
        if version.carriesVersionInformation {
            VersionInformation(version: version).draw(into: &grid)
        }
        return grid
    }

    /// Row and column 6 alternate dark and light so a reader can count the modules. Drawn first, across
    /// the whole side: the finder patterns then cover the ends.
    private static func drawTimingPatterns(in grid: inout ModuleGrid) {
        for index in 0..<grid.size {
            grid.setFunction(x: 6, y: index, dark: index % 2 == 0)
            grid.setFunction(x: index, y: 6, dark: index % 2 == 0)
        }
    }

    /// A 7 × 7 bull's-eye (dark ring, light ring, dark 3 × 3 core) with a light separator around it,
    /// clipped by the symbol's edge.
    private static func drawFinderPattern(centeredAt centerX: Int, _ centerY: Int, in grid: inout ModuleGrid) {
        for dy in -4...4 {
            for dx in -4...4 where grid.contains(x: centerX + dx, y: centerY + dy) {
                let ring = max(abs(dx), abs(dy))
                grid.setFunction(x: centerX + dx, y: centerY + dy, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// A 5 × 5 bull's-eye at every pair of centres, except the three pairs the finder patterns cover.
    private static func drawAlignmentPatterns(at centers: [Int], in grid: inout ModuleGrid) {
        guard let first = centers.first, let last = centers.last else { return }
        let underFinders = [(first, first), (last, first), (first, last)]
        for centerY in centers {
            for centerX in centers where !underFinders.contains(where: { $0 == (centerX, centerY) }) {
                for dy in -2...2 {
                    for dx in -2...2 {
                        grid.setFunction(x: centerX + dx, y: centerY + dy, dark: max(abs(dx), abs(dy)) != 1)
                    }
                }
            }
        }
    }
}
