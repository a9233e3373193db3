import GatherDomain
import Glibc

/// How results move ratings: TrueSkill's model for two teams (Herbrich, Minka and Graepel, 2006)
/// with the goal difference observed as an interval of the performance difference instead of
/// only its sign. docs/ratings.md derives it and says how the constants were chosen.
///
/// A team performs the sum of its players' skills, each with noise `performanceNoise`; a match
/// observes the difference of the two performances. A draw says it was within half a goal's worth
/// (`goalWorth / 2`) of zero; a win by d goals that it lay between d - ½ and d + ½ goals' worth
/// (from `goalsCounted` on, at least that: a rout says little more than a clear win); a walkover
/// only that it was above half a goal. The posterior of each player is the Gaussian matching the
/// truncated one's first two moments, in closed form: one update per match, no iteration.
package struct RatingModel: Sendable, Equatable {
    /// A player's performance in one match around their skill (TrueSkill's β).
    package var performanceNoise: Double
    /// How much each match may have changed a player (TrueSkill's τ), added before it counts.
    package var drift: Double
    /// How much a week without playing adds to the deviation (capped at a newcomer's).
    package var weeklyDrift: Double
    /// The performance difference one goal stands for.
    package var goalWorth: Double
    /// Goal differences beyond this count as this (at least this many).
    package var goalsCounted: Int
    /// A newcomer's deviation.
    package var initialDeviation: Double

    package init(performanceNoise: Double = 25.0 / 6, drift: Double = 25.0 / 300, weeklyDrift: Double = 0.5,
                goalWorth: Double = 25.0 / 6, goalsCounted: Int = 4, initialDeviation: Double = 25.0 / 3) {
        self.performanceNoise = performanceNoise
        self.drift = drift
        self.weeklyDrift = weeklyDrift
        self.goalWorth = goalWorth
        self.goalsCounted = max(1, goalsCounted)
        self.initialDeviation = initialDeviation
    }

    package static let standard = RatingModel()

    /// Where a player starts, from the level the organiser declared.
    package func initial(for skill: Skill) -> Rating {
        switch skill {
        case .beginner: return Rating(mean: 20, deviation: initialDeviation)
        case .amateur: return Rating(mean: 25, deviation: initialDeviation)
        case .professional: return Rating(mean: 30, deviation: initialDeviation)
        }
    }

    /// The rating after `weeks` without a match: as sure as before, less what may have changed.
    package func aged(_ rating: Rating, weeks: Double) -> Rating {
        guard weeks > 0 else { return rating }
        let variance = min(rating.variance + weeks * weeklyDrift * weeklyDrift, initialDeviation * initialDeviation)
        return Rating(mean: rating.mean, deviation: max(rating.deviation, variance.squareRoot()))
    }

    /// How likely team A is to come out ahead: the chance its performance beats B's (about A's
    /// wins and half the draws). 0.5 for teams the ratings cannot tell apart.
    package func winProbability(teamA: [Rating], teamB: [Rating]) -> Double {
        guard !teamA.isEmpty || !teamB.isEmpty else { return 0.5 }
        let (difference, spread) = performanceDifference(teamA, teamB, drift: true)
        return Gaussian.cumulative(difference / spread)
    }

    /// Both teams' ratings after the match.
    package func update(teamA: [Rating], teamB: [Rating], outcome: MatchOutcome) -> (teamA: [Rating], teamB: [Rating]) {
        guard !teamA.isEmpty, !teamB.isEmpty else { return (teamA, teamB) }
        let driftVariance = drift * drift
        let before = (teamA.map { Rating(mean: $0.mean, deviation: ($0.variance + driftVariance).squareRoot()) },
                      teamB.map { Rating(mean: $0.mean, deviation: ($0.variance + driftVariance).squareRoot()) })
        let (difference, spread) = performanceDifference(before.0, before.1)
        let (low, high) = observedInterval(outcome)
        // The truncated Gaussian's mean shift (v) and variance reduction (w), standardised.
        let (shift, reduction) = Gaussian.truncatedMoments(low: (low - difference) / spread, high: (high - difference) / spread)
        func updated(_ rating: Rating, side: Double) -> Rating {
            let share = rating.variance / spread
            let variance = rating.variance * (1 - rating.variance / (spread * spread) * reduction)
            return Rating(mean: rating.mean + side * share * shift, deviation: variance.squareRoot())
        }
        let after = (before.0.map { updated($0, side: 1) }, before.1.map { updated($0, side: -1) })
        // Never a rating that is not a number: keep what was known rather than store one.
        guard (after.0 + after.1).allSatisfy({ $0.mean.isFinite && $0.deviation.isFinite && $0.deviation > 0 }) else { return (teamA, teamB) }
        return after
    }

    /// The mean and the standard deviation of A's performance minus B's.
    /// `drift`: as the next match will see them (the update adds it to the ratings first).
    private func performanceDifference(_ teamA: [Rating], _ teamB: [Rating], drift addDrift: Bool = false) -> (mean: Double, spread: Double) {
        let mean = teamA.reduce(0) { $0 + $1.mean } - teamB.reduce(0) { $0 + $1.mean }
        let perPlayer = performanceNoise * performanceNoise + (addDrift ? drift * drift : 0)
        let variance = (teamA + teamB).reduce(0) { $0 + $1.variance } + Double(teamA.count + teamB.count) * perPlayer
        return (mean, variance.squareRoot())
    }

    /// Where the outcome says the performance difference (A - B) lay.
    func observedInterval(_ outcome: MatchOutcome) -> (low: Double, high: Double) {
        let half = goalWorth / 2
        switch outcome {
        case .walkover(let teamAWon):
            return teamAWon ? (half, .infinity) : (-.infinity, -half)
        case .goals(let difference):
            let margin = min(difference.magnitude, UInt(goalsCounted))
            let goals = Double(margin)
            let (low, high) = difference == 0 ? (-half, half)
                : margin >= UInt(goalsCounted) ? (goals * goalWorth - half, .infinity)
                : (goals * goalWorth - half, goals * goalWorth + half)
            return difference >= 0 ? (low, high) : (-high, -low)
        }
    }
}
