/// How one version's codewords split into Reed–Solomon blocks at one correction level.
///
/// ISO/IEC 18004 lists each (version, level) as up to two groups of blocks; every block has the same
/// number of error correction codewords, and the second group's blocks one more data codeword than the
/// first's. So the block count and the correction codewords per block say it all, with the version's
/// codeword count: the few codewords that do not divide evenly lengthen the last blocks.
struct BlockLayout: Hashable, Sendable {
    let blockCount: Int
    let correctionCodewordsPerBlock: Int
    let codewordCount: Int

    init(version: Version, correction: QRCode.Correction) {
        let index = version.number - 1
        switch correction {
        case .low: (blockCount, correctionCodewordsPerBlock) = (Self.blocksLow[index], Self.perBlockLow[index])
        case .medium: (blockCount, correctionCodewordsPerBlock) = (Self.blocksMedium[index], Self.perBlockMedium[index])
        case .quartile: (blockCount, correctionCodewordsPerBlock) = (Self.blocksQuartile[index], Self.perBlockQuartile[index])
        case .high: (blockCount, correctionCodewordsPerBlock) = (Self.blocksHigh[index], Self.perBlockHigh[index])
        }
        codewordCount = version.codewordCount
    }

    var dataCodewordCount: Int { codewordCount - blockCount * correctionCodewordsPerBlock }

    /// Data codewords in each block, in the order the data fills them: the shorter blocks first.
    var dataCodewordsPerBlock: [Int] {
        let short = codewordCount / blockCount - correctionCodewordsPerBlock
        let longBlocks = codewordCount % blockCount
        return Array(repeating: short, count: blockCount - longBlocks) + Array(repeating: short + 1, count: longBlocks)
    }

    // ISO/IEC 18004 table 9, versions 1 to 40 in order.
    private static let blocksLow = [
        1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
        8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
    ]
    private static let blocksMedium = [
        1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
        17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ]
    private static let blocksQuartile = [
        1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
        23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
    ]
    private static let blocksHigh = [
        1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
        25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
    ]
    private static let perBlockLow = [
        7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
        28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ]
    private static let perBlockMedium = [
        10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
        26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ]
    private static let perBlockQuartile = [
        13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
        28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ]
    private static let perBlockHigh = [
        17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
        30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ]
}
