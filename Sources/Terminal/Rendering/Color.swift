/// The eight standard terminal colours plus bright black (grey).
///
/// Only the basic palette is offered: every terminal supports it, and the
/// user's theme decides the actual shades, so text stays readable on both light
/// and dark backgrounds.
package enum Color: Sendable, Hashable {
    case black
    case red
    case green
    case yellow
    case blue
    case magenta
    case cyan
    case white
    /// Grey on most themes; useful for secondary text.
    case brightBlack
}
