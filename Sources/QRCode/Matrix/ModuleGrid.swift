/// The square of modules being built, each dark or light, and whether it belongs to a function pattern
/// (finder, timing, alignment, format or version information), which codewords and masks must leave alone.
struct ModuleGrid: Hashable, Sendable {
    let size: Int
    private var dark: [Bool]
    private var function: [Bool]

    init(size: Int) {
        self.size = size
        dark = Array(repeating: false, count: size * size)
        function = Array(repeating: false, count: size * size)
    }

    func contains(x: Int, y: Int) -> Bool {
        (0..<size).contains(x) && (0..<size).contains(y)
    }

    /// Whether the module at column `x`, row `y` is dark.
    subscript(x: Int, y: Int) -> Bool {
        get { dark[y * size + x] }
        set { dark[y * size + x] = newValue }
    }

    func isFunction(x: Int, y: Int) -> Bool {
        function[y * size + x]
    }

    mutating func setFunction(x: Int, y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
        function[y * size + x] = true
    }
}
