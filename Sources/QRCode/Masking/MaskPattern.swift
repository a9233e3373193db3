/// One of the eight patterns XORed over the data modules to break up runs, blocks and finder
/// look-alikes that would confuse a reader.
package struct MaskPattern: Hashable, Sendable, CustomStringConvertible {
    /// 0 to 7: the mask pattern reference that the format information carries.
    package let reference: Int

    package static let all = (0..<8).map { MaskPattern(reference: $0) }

    private init(reference: Int) {
        self.reference = reference
    }

    package var description: String { "mask \(reference)" }

    /// Whether the pattern darkens (inverts) the module at column `x`, row `y`.
    func inverts(x: Int, y: Int) -> Bool {
        switch reference {
        case 0: (y + x) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (y + x) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: (y * x) % 2 + (y * x) % 3 == 0
        case 6: ((y * x) % 2 + (y * x) % 3) % 2 == 0
        default: ((y + x) % 2 + (y * x) % 3) % 2 == 0
        }
    }

    /// Inverts the data modules the pattern marks; function modules stay as they are.
    func apply(to grid: inout ModuleGrid) {
        for y in 0..<grid.size {
            for x in 0..<grid.size where !grid.isFunction(x: x, y: y) && inverts(x: x, y: y) {
                grid[x, y].toggle()
            }
        }
    }
}
