/// The highlighted row of a list and how the movement keys move it: one row, a page, to either
/// end. Always inside the list (0 when it is empty).
package struct ListCursor: Equatable, Sendable {
    package private(set) var index = 0
    package private(set) var count = 0

    package init() {}

    /// The list changed length: the cursor stays on its row if it still exists, else on the last.
    package mutating func resize(to count: Int) {
        self.count = max(0, count)
        index = min(index, max(0, self.count - 1))
    }

    /// Moves by `rows` (negative is up), stopping at either end; false if it could not move.
    @discardableResult
    package mutating func move(by rows: Int) -> Bool {
        let target = min(max(0, index + rows), max(0, count - 1))
        guard target != index else { return false }
        index = target
        return true
    }

    @discardableResult
    package mutating func moveToFirst() -> Bool { move(by: -index) }

    @discardableResult
    package mutating func moveToLast() -> Bool { move(by: count - 1 - index) }

    package mutating func move(to index: Int) {
        self.index = min(max(0, index), max(0, count - 1))
    }

    /// "23/157"; empty for an empty list.
    package var position: String { count == 0 ? "" : "\(index + 1)/\(count)" }
}
