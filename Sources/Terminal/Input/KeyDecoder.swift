/// Turns the bytes read from a terminal in raw mode into keys.
///
/// A read can stop anywhere, in the middle of an escape sequence or of a UTF-8
/// character, so the decoder keeps that partial state between `feed` calls and
/// produces the same keys however the bytes were split.
///
/// The one ambiguity is a lone ESC: it is either the Escape key or the start of
/// a sequence whose remaining bytes have not arrived yet. The decoder holds it
/// (`hasPendingEscape`), and the caller resolves it with `flushPendingEscape()`
/// once the input has been quiet for a moment (around 50 ms).
package struct KeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        /// ESC seen.
        case escape
        /// `ESC [` seen, followed by these parameter and intermediate bytes.
        case controlSequence(ControlSequenceParameters)
        /// `ESC O` seen.
        case singleShift
        /// `ESC [ [` seen: the Linux console's F1–F5 (`ESC [ [ A`…`E`); one more byte ends it.
        case consoleFunctionKey
    }

    private var state: State = .ground
    private var utf8 = UTF8Assembler()
    /// Set after CR so that the LF of a CRLF pair does not count as a second Enter.
    private var swallowsLineFeed = false

    package init() {}

    /// Whether an ESC (possibly with the start of a sequence after it) is waiting
    /// for more bytes to decide what it is.
    package var hasPendingEscape: Bool {
        if case .ground = state { return false }
        return true
    }

    /// Decodes `bytes`, returning every key they complete.
    package mutating func feed<S: Sequence>(_ bytes: S) -> [Key] where S.Element == UInt8 {
        var keys: [Key] = []
        for byte in bytes {
            consume(byte, into: &keys)
        }
        return keys
    }

    /// Resolves a held ESC as the Escape key, because no sequence followed it in time.
    ///
    /// `ESC [` and `ESC O` with nothing after them are returned as Escape followed by
    /// that character (what Alt+[ sends); a sequence cut off after its parameters is
    /// dropped, since its bytes were never meant as text.
    package mutating func flushPendingEscape() -> [Key] {
        var keys: [Key] = []
        abandonSequence(into: &keys)
        return keys
    }

    private mutating func consume(_ byte: UInt8, into keys: inout [Key]) {
        switch state {
        case .ground:
            consumeInGround(byte, into: &keys)
        case .escape:
            consumeAfterEscape(byte, into: &keys)
        case .controlSequence(var parameters):
            switch byte {
            case UInt8(ascii: "[") where parameters.isEmpty:
                state = .consoleFunctionKey
            case 0x40...0x7E:
                state = .ground
                if !parameters.overflowed,
                   let key = EscapeSequence.controlSequenceKey(parameters: parameters.bytes, final: byte) {
                    keys.append(key)
                }
            case 0x20...0x3F:
                parameters.append(byte)
                state = .controlSequence(parameters)
            default:
                // Not part of any sequence: the sequence was interrupted.
                abandonSequence(into: &keys)
                consumeInGround(byte, into: &keys)
            }
        case .consoleFunctionKey:
            // Function keys mean nothing to the app: swallowed, never typed as letters.
            if (0x40...0x7E).contains(byte) {
                state = .ground
            } else {
                abandonSequence(into: &keys)
                consumeInGround(byte, into: &keys)
            }
        case .singleShift:
            if (0x40...0x7E).contains(byte) {
                state = .ground
                if let key = EscapeSequence.singleShiftKey(final: byte) {
                    keys.append(key)
                }
            } else {
                abandonSequence(into: &keys)
                consumeInGround(byte, into: &keys)
            }
        }
    }

    private mutating func consumeAfterEscape(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case UInt8(ascii: "["):
            state = .controlSequence(ControlSequenceParameters())
        case UInt8(ascii: "O"):
            state = .singleShift
        default:
            // ESC then an ordinary byte (Alt+x, or Escape typed just before x).
            // A second ESC becomes the new pending one.
            state = .ground
            keys.append(.escape)
            consumeInGround(byte, into: &keys)
        }
    }

    private mutating func consumeInGround(_ byte: UInt8, into keys: inout [Key]) {
        if utf8.isCollecting {
            if UTF8Assembler.isContinuation(byte) {
                if let scalar = utf8.add(byte), let key = Self.characterKey(scalar) {
                    keys.append(key)
                }
                return
            }
            utf8.reset()
        }

        let afterCarriageReturn = swallowsLineFeed
        swallowsLineFeed = false

        switch byte {
        case 0x0D:
            keys.append(.enter)
            swallowsLineFeed = true
        case 0x0A:
            if !afterCarriageReturn {
                keys.append(.enter)
            }
        case 0x09:
            keys.append(.tab)
        case 0x08, 0x7F:
            keys.append(.backspace)
        case 0x1B:
            state = .escape
        case 0x01...0x1A:
            keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
        case 0x20...0x7E:
            keys.append(.character(Character(Unicode.Scalar(byte))))
        case 0x80...0xFF:
            // A lead byte starts collecting; anything else is invalid and dropped.
            _ = utf8.start(byte)
        default:
            // NUL (Ctrl-Space) and Ctrl-\ ] ^ _ have no key of their own.
            break
        }
    }

    /// Ends the current escape sequence without a final byte, emitting what the
    /// user could have meant by the bytes seen so far.
    private mutating func abandonSequence(into keys: inout [Key]) {
        switch state {
        case .ground:
            break
        case .escape:
            keys.append(.escape)
        case .singleShift:
            keys.append(.escape)
            keys.append(.character("O"))
        case .consoleFunctionKey:
            break
        case .controlSequence(let parameters):
            if parameters.isEmpty {
                keys.append(.escape)
                keys.append(.character("["))
            }
        }
        state = .ground
    }

    /// A key for a decoded non-ASCII scalar, or nil for the C1 control characters,
    /// which must not reach text fields.
    private static func characterKey(_ scalar: Unicode.Scalar) -> Key? {
        guard scalar.properties.generalCategory != .control else { return nil }
        return .character(Character(scalar))
    }
}
