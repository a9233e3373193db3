/// A tiny linear congruential generator, so randomised tests are reproducible (tests of modules
/// that have no generator of their own; the balancer's seeded shuffles have theirs).
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        // Knuth's MMIX constants; the high bits are the well-mixed ones.
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}
