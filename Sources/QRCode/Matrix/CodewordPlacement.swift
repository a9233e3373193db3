/// Lays the codewords' bits, most significant first, into the modules that no function pattern took:
/// in two-module-wide columns from the right edge, going up the first, down the next and so on, right
/// module before left in each row. Column 6 is timing pattern from top to bottom, so the column pairs
/// left of it shift by one. Modules left over (remainder bits) stay light.
enum CodewordPlacement {
    static func place(_ codewords: [UInt8], in grid: inout ModuleGrid) {
        let bitCount = codewords.count * 8
        var bitIndex = 0
        var upward = true
        var right = grid.size - 1
        while right > 0 {
            if right == 6 { right = 5 }
            for step in 0..<grid.size {
                let y = upward ? grid.size - 1 - step : step
                for x in [right, right - 1] where !grid.isFunction(x: x, y: y) && bitIndex < bitCount {
                    grid[x, y] = codewords[bitIndex / 8] >> (7 - bitIndex % 8) & 1 == 1
                    bitIndex += 1
                }
            }
            upward.toggle()
            right -= 2
        }
    }
}
