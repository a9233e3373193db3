import GatherClient

/// Players picked with one key: 1–9, then 0 for the tenth; those after them have no key.
enum PickKeys {
    static func keyed(_ names: [String]) -> [String] {
        names.enumerated().map { index, name in
            index < ScorerQuestion.keyedCandidates ? "\((index + 1) % 10) \(name)" : "  \(name)"
        }
    }

    /// The place (from 0) a digit key picks.
    static func place(of digit: Character) -> Int? {
        guard digit.isASCII, let value = digit.wholeNumberValue else { return nil }
        return value == 0 ? ScorerQuestion.keyedCandidates - 1 : value - 1
    }
}
