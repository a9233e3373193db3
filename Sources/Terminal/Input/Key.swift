/// One key press, as the application wants to see it: the terminal's byte-level
/// encodings (escape sequences, control bytes, UTF-8) are already resolved.
package enum Key: Hashable, Sendable {
    /// A printable character, including space and any non-ASCII character.
    ///
    /// Each Unicode scalar arrives as its own key, so that decoding does not depend
    /// on where a read happened to stop; appending the keys to a `String` joins
    /// combining marks and emoji sequences back into one grapheme.
    case character(Character)
    case enter
    case tab
    /// Shift+Tab.
    case backTab
    case backspace
    /// The forward-delete key.
    case delete
    case escape
    case up
    case down
    case left
    case right
    case home
    case end
    case pageUp
    case pageDown
    /// Ctrl plus a letter, given as the lowercase letter: `.control("c")` for Ctrl-C.
    ///
    /// Raw mode turns off the terminal's own meaning of these bytes (interrupt,
    /// flow control), so they reach the application as ordinary keys.
    case control(Character)
}
