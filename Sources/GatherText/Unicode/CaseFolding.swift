/// Full Unicode case folding (`ß` → `ss`, `ς` → `σ`, `Σ` → `σ`) from `UnicodeTables.folding`,
/// which holds each scalar's folding as Foundation gave it. Folding maps scalar by scalar: no
/// context, no locale.
enum CaseFolding {
    static func fold(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        UnicodeTables.folding.map(scalars)
    }
}
