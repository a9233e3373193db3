/// The final codeword sequence: data split into blocks, each followed by its own correction codewords,
/// then read across the blocks (every block's first data codeword, then every second one…, then the
/// correction codewords the same way). A smudge over neighbouring modules so spreads its damage over
/// all blocks instead of exhausting one block's correction.
enum BlockInterleaving {
    static func codewords(data: [UInt8], layout: BlockLayout) -> [UInt8] {
        var blocks: [[UInt8]] = []
        var start = 0
        for count in layout.dataCodewordsPerBlock {
            blocks.append(Array(data[start..<start + count]))
            start += count
        }
        let encoder = ReedSolomonEncoder(correctionCodewords: layout.correctionCodewordsPerBlock)
        let corrections = blocks.map(encoder.correctionCodewords(for:))
        return interleaved(blocks) + interleaved(corrections)
    }

    private static func interleaved(_ blocks: [[UInt8]]) -> [UInt8] {
        let longest = blocks.map(\.count).max() ?? 0
        var result: [UInt8] = []
        for index in 0..<longest {
            for block in blocks where index < block.count {
                result.append(block[index])
            }
        }
        return result
    }
}
