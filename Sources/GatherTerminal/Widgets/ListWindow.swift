/// Keeps a highlighted row inside a list area that may be shorter than the list.
enum ListWindow {
    /// The first row to show so that `highlighted` is visible in `height` rows.
    static func firstVisible(highlighted: Int, count: Int, height: Int) -> Int {
        guard height > 0, count > height else { return 0 }
        return min(max(0, highlighted - height + 1), count - height)
    }
}
