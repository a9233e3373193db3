import Glibc

/// The standard normal distribution's density and cumulative probability.
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
}
