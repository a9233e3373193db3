#if canImport(Glibc)
import Glibc
#endif

/// The terminal settings for a full-screen program, derived from the user's.
enum RawMode {
    /// `attributes` in raw mode, like `cfmakeraw(3)`:
    ///
    /// - no echo and no line editing, so every key arrives at once and is drawn
    ///   only by the program;
    /// - no signals from Ctrl-C/Ctrl-Z/Ctrl-\ and no XON/XOFF flow control, so
    ///   Ctrl-C and Ctrl-S reach the program as keys;
    /// - no CR/NL translation either way, since the renderer positions the cursor
    ///   explicitly;
    /// - reads return as soon as one byte is available (VMIN 1, VTIME 0). The
    ///   program reads when a readiness source reports input, so a read never
    ///   waits, and a read of 0 bytes still means end of input rather than
    ///   "nothing yet".
    static func applied(to attributes: termios) -> termios {
        var raw = attributes
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        return raw
    }
}
