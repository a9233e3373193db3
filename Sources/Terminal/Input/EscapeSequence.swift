/// The meaning of the escape sequences terminals send for special keys.
///
/// Terminals disagree on encodings (xterm, VT220, rxvt, the Linux console and
/// tmux each have their favourites), so several forms map to the same key.
/// Anything not listed here decodes to nil and is swallowed by the decoder
/// rather than shown as stray characters.
enum EscapeSequence {
    /// The key for a control sequence `ESC [ <parameters> <final>`.
    ///
    /// Modifier parameters (`ESC [ 1 ; 5 A` for Ctrl+Up) are ignored: the
    /// application only distinguishes the plain keys.
    static func controlSequenceKey(parameters: [UInt8], final: UInt8) -> Key? {
        // Only digits and ';' are plain key parameters; private markers such as
        // '?' or '<' introduce reports (mouse, focus, …) that are not keys.
        guard parameters.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ";") }) else {
            return nil
        }
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"): return tildeKey(number: firstParameter(parameters))
        default: return nil
        }
    }

    /// The key for a single-shift sequence `ESC O <final>`, which terminals use
    /// in "application cursor keys" mode.
    static func singleShiftKey(final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        default: return nil
        }
    }

    /// VT220-style `ESC [ n ~` keys.
    private static func tildeKey(number: Int?) -> Key? {
        switch number {
        case 1, 7: return .home
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        default: return nil
        }
    }

    /// The decimal number before the first ';', or nil if there is none. Capped
    /// so that a long run of digits cannot overflow.
    private static func firstParameter(_ parameters: [UInt8]) -> Int? {
        var value: Int?
        for byte in parameters {
            guard isDigit(byte) else { break }
            value = min((value ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), 10_000)
        }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
