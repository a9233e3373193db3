/// What the results say of a player: a mean and a deviation on the performance scale (a player
/// nobody knows anything about is an amateur, 25 ± 8.3). The deviation is how unsure that is: it
/// shrinks with every match played and widens again with the weeks not played.
package struct Rating: Sendable, Equatable, Codable {
    package var mean: Double
    package var deviation: Double

    package init(mean: Double, deviation: Double) {
        self.mean = mean
        self.deviation = deviation
    }

    /// The range the player's true level lies in, 95 % sure: mean ± 2 deviations.
    package var range: ClosedRange<Double> { (mean - 2 * deviation)...(mean + 2 * deviation) }

    var variance: Double { deviation * deviation }
}
