import Foundation

/// Terminal output as readable text, with ESC shown as "␛", so a failing
/// assertion shows what was sent.
func readable(_ output: [UInt8]) -> String {
    String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "␛")
}

/// How many times `pattern` occurs in `text`.
func occurrences(of pattern: String, in text: String) -> Int {
    text.components(separatedBy: pattern).count - 1
}
