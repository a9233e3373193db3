/// The names of a team in a column of `height` rows: when they do not fit, the last row says how
/// many more there are ("+3 more") instead of cutting them off silently.
enum TeamColumn {
    static func lines(_ names: [String], height: Int) -> [String] {
        guard height > 0 else { return [] }
        guard names.count > height else { return names }
        let shown = height - 1
        return Array(names.prefix(shown)) + ["+\(names.count - shown) more"]
    }
}
