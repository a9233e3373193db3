import Terminal

/// An editable line of text: insert at the cursor, backspace, delete, move, home/end.
/// Every printable key is text; the owner decides what Enter, Esc, Tab and arrows up/down mean.
struct TextField: Equatable {
    private(set) var characters: [Character]
    private(set) var cursor: Int
    let isMasked: Bool
    let maxLength: Int

    init(_ text: String = "", isMasked: Bool = false, maxLength: Int = 256) {
        characters = Array(text.prefix(maxLength))
        cursor = characters.count
        self.isMasked = isMasked
        self.maxLength = maxLength
    }

    var text: String { String(characters) }

    /// Applies an editing key; false if the key is not an editing key.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            guard characters.count < maxLength else { return true }
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(characters.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = characters.count
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        default:
            return false
        }
        return true
    }

    /// Draws the field in `width` columns, keeping the cursor visible; the cursor cell is shown in
    /// reverse video when the field has focus.
    func draw(into buffer: inout ScreenBuffer, row: Int, column: Int, width: Int, focused: Bool, style: Style) {
        guard width > 0 else { return }
        let mask: Character = "•"
        let shown = { (index: Int) -> Character in isMasked ? mask : characters[index] }
        // Scroll so the cursor stays inside the field: walk back from the cursor while the text fits,
        // leaving one column for the cursor itself.
        var start = cursor
        var used = 0
        while start > 0 {
            let cellWidth = DisplayWidth.of(shown(start - 1))
            guard used + cellWidth <= width - 1 else { break }
            used += cellWidth
            start -= 1
        }
        var x = column
        var index = start
        buffer.fill(row: row, from: column, width: width, style: style)
        while index < characters.count {
            let text = String(shown(index))
            let cellWidth = DisplayWidth.of(shown(index))
            guard x + cellWidth <= column + width else { break }
            let cellStyle = focused && index == cursor ? style.reversed : style
            buffer.put(text, row: row, column: x, style: cellStyle)
            x += cellWidth
            index += 1
        }
        if focused && cursor == characters.count && x < column + width {
            buffer.put(" ", row: row, column: x, style: style.reversed)
        }
    }
}

extension Style {
    /// The same style with reverse video toggled: how selection and the text cursor stay visible without colour.
    var reversed: Style {
        var style = self
        style.reverse.toggle()
        return style
    }
}
