/// The tables of `Normalization` and `CaseFolding`, parsed at first use. Their text is generated
/// (`UnicodeTableText.swift`, by `docs/unicode-tables`).
enum UnicodeTables {
    static let decomposition = ScalarMapping(parsing: compatibilityDecompositions)
    static let folding = ScalarMapping(parsing: caseFoldings)
}
