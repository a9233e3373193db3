/// One of the 40 symbol sizes, and what follows from its number alone.
struct Version: Hashable, Sendable {
    let number: Int

    static let all = (1...40).map { Version(unchecked: $0) }
    static let largest = Version(unchecked: 40)

    init?(_ number: Int) {
        guard (1...40).contains(number) else { return nil }
        self.number = number
    }

    private init(unchecked number: Int) {
        self.number = number
    }

    /// Modules per side.
    var size: Int { 17 + 4 * number }

    /// From version 7 the symbol states its own version: counting over 40 modules along a timing
    /// pattern in a skewed photo is too easy to get wrong.
    var carriesVersionInformation: Bool { number >= 7 }

    /// Centres of the alignment patterns, the same list on both axes (a pattern sits at every pair
    /// except the three under the finder patterns). Version 1 has none; after it, `number / 7 + 2`
    /// positions from 6 to `size - 7`, the gaps an even step (so centres fall on the timing patterns'
    /// dark modules) as equal as can be, the first gap taking what is left over. ISO/IEC 18004's table
    /// (annex E) follows this rule except for version 32, whose step is 26 where the rule gives 28.
    var alignmentCenters: [Int] {
        guard number > 1 else { return [] }
        let count = number / 7 + 2
        let last = size - 7
        let gaps = count - 1
        let evenStep = { (span: Int) in ((span + gaps - 1) / gaps + 1) / 2 * 2 }
        let step = number == 32 ? 26 : evenStep(last - 6)
        return [6] + (0..<gaps).reversed().map { last - $0 * step }
    }

    /// Modules left for codewords once finder, timing and alignment patterns, format and version
    /// information and the lone dark module have taken theirs. Not always a multiple of 8: the few bits
    /// left over (remainder bits) stay light before masking.
    var dataModuleCount: Int {
        let finders = 3 * 8 * 8 // each 7 × 7 with its one-module separator
        let timing = 2 * (size - 16) // the stretches between the separators
        let perAxis = alignmentCenters.count
        let alignmentPatterns = perAxis == 0 ? 0 : perAxis * perAxis - 3
        // Those on row or column 6 lie over 5 modules already counted as timing pattern.
        let alignment = 25 * alignmentPatterns - (perAxis == 0 ? 0 : 2 * 5 * (perAxis - 2))
        let format = 2 * 15 + 1 // two copies and the dark module beside the lower one
        let versionInformation = carriesVersionInformation ? 2 * 18 : 0
        return size * size - finders - timing - alignment - format - versionInformation
    }

    /// Data and error correction codewords together; the same for every correction level.
    var codewordCount: Int { dataModuleCount / 8 }
}
