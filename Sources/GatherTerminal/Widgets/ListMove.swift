import Terminal

/// The keys every long list shares: ↑↓ and j/k one row, PgUp/PgDn a page, g/Home and G/End to
/// either end.
enum ListMove: Equatable {
    case by(Int)
    case first
    case last

    /// The move `key` asks for in a list showing `page` rows; nil if it is not a movement key.
    init?(_ key: Key, page: Int) {
        switch key {
        case .up, .character("k"): self = .by(-1)
        case .down, .character("j"): self = .by(1)
        case .pageUp: self = .by(-max(1, page))
        case .pageDown: self = .by(max(1, page))
        case .home, .character("g"): self = .first
        case .end, .character("G"): self = .last
        default: return nil
        }
    }

    static let hint = KeyHint(keys: "↑↓ PgUp/Dn g/G", action: "move")
}
