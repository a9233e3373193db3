/// The UTF-8 bytes of `text`, as a terminal would send or receive them.
func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
}

/// The escape character, for writing sequences readably: `esc + "[A"`.
let esc = "\u{1B}"
