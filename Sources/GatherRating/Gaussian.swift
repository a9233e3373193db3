import Glibc

/// The standard normal distribution, and the moments of one truncated to an interval, computed
/// so that far tails (a big upset) stay finite and accurate.
enum Gaussian {
    static func density(_ x: Double) -> Double {
        guard x.isFinite else { return 0 }
        return exp(-x * x / 2) / (2 * Double.pi).squareRoot()
    }

    static func cumulative(_ x: Double) -> Double {
        if x == .infinity { return 1 }
        if x == -.infinity { return 0 }
        return erfc(-x / 2.0.squareRoot()) / 2
    }

    /// The upper tail, 1 - Φ(x), without the cancellation of computing it that way.
    static func upperTail(_ x: Double) -> Double {
        if x == .infinity { return 0 }
        if x == -.infinity { return 1 }
        return erfc(x / 2.0.squareRoot()) / 2
    }

    /// A standard normal truncated to (low, high): how far its mean moved (v) and how much of
    /// its variance is gone (w, from 0 to 1). Where the interval lies so far out in a tail that
    /// its probability underflows, the tail's asymptotic form (mean x + 1/x, variance 1/x²).
    static func truncatedMoments(low: Double, high: Double) -> (shift: Double, reduction: Double) {
        // Mirror an interval in the lower tail into the upper one: same moments, sign flipped.
        if high < 0 {
            let mirrored = truncatedMoments(low: -high, high: -low)
            return (-mirrored.shift, mirrored.reduction)
        }
        // In the upper tail the mass is Q(low) - Q(high) (no 1 - 1); elsewhere Φ(high) - Φ(low).
        let mass = low > 0 ? upperTail(low) - upperTail(high) : cumulative(high) - cumulative(low)
        let densityLow = density(low), densityHigh = density(high)
        if mass > 1e-300 {
            let shift = (densityLow - densityHigh) / mass
            let edges = (low.isFinite ? low * densityLow : 0) - (high.isFinite ? high * densityHigh : 0)
            let reduction = shift * shift - edges / mass
            if shift.isFinite && reduction.isFinite {
                return (shift, min(max(reduction, 0), 1))
            }
        }
        // So far out that the mass underflows: nearly all of it sits just above `low`.
        guard low.isFinite, low > 0 else { return (0, 0) }
        let shift = low + 1 / low
        let reduction = min(max(1 - 1 / (low * low), 0), 1)
        return (shift, reduction)
    }
}
