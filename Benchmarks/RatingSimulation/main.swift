import GatherBalancing
import GatherDomain
import GatherRating
import Glibc

// gather-rating-bench: do ratings learned from results help? Simulated groups of ten players with
// a hidden true strength play 30 matches; goals are drawn from the teams' strength difference.
// Prints, averaged over many groups (fixed seed): how well the ratings' order matches the hidden
// one (Spearman), how well each predictor's win probabilities match what happened (Brier score:
// lower is better), and how close matches are when teams are balanced by declared skill or by
// rating (mean |goal difference|). Exits 1 if the ratings miss the issue's marks.

let groups = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 300
let matches = 30
let players = 10

struct Simulated {
    let generator: SeededGenerator
    /// Hidden strengths, in "goal rate" units.
    let strengths: [Double]
    /// What the organiser declared (the truth seen through a fog, in three levels).
    let declared: [Skill]
}

func normal(_ generator: inout SeededGenerator) -> Double {
    // Box–Muller.
    let u = Double.random(in: Double.ulpOfOne..<1, using: &generator)
    let v = Double.random(in: 0..<1, using: &generator)
    return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
}

func poisson(_ mean: Double, _ generator: inout SeededGenerator) -> Int {
    let limit = exp(-mean)
    var product = Double.random(in: 0..<1, using: &generator)
    var count = 0
    while product > limit {
        product *= Double.random(in: 0..<1, using: &generator)
        count += 1
    }
    return count
}

func makeGroup(seed: UInt64) -> Simulated {
    var generator = SeededGenerator(seed: seed)
    let strengths = (0..<players).map { _ in normal(&generator) }
    let declared = strengths.map { strength -> Skill in
        let seen = strength + 0.7 * normal(&generator)
        return seen < -0.6 ? .beginner : seen > 0.6 ? .professional : .amateur
    }
    return Simulated(generator: generator, strengths: strengths, declared: declared)
}

/// Every split of ten into two fives (A holds player 0, so each split once).
let splits: [[Int]] = {
    var result: [[Int]] = []
    func choose(_ start: Int, _ chosen: [Int]) {
        if chosen.count == players / 2 { result.append(chosen); return }
        guard start < players else { return }
        choose(start + 1, chosen + [start])
        choose(start + 1, chosen)
    }
    choose(1, [0])
    return result
}()

/// The balancer's own skill points (1, 2, 3).
func level(_ skill: Skill) -> Double { Double(BalanceCandidate.skillPoints(skill)) }

/// The split whose score is smallest, ties broken by the group's generator.
func bestSplit(_ score: ([Int], [Int]) -> Double, _ generator: inout SeededGenerator) -> ([Int], [Int]) {
    var best: [([Int], [Int])] = []
    var bestScore = Double.infinity
    for teamA in splits {
        let teamB = (0..<players).filter { !teamA.contains($0) }
        let value = score(teamA, teamB)
        if value < bestScore - 1e-12 {
            bestScore = value
            best = [(teamA, teamB)]
        } else if abs(value - bestScore) <= 1e-12 {
            best.append((teamA, teamB))
        }
    }
    return best[Int.random(in: 0..<best.count, using: &generator)]
}

/// Spearman's rank correlation, tied values sharing their mean rank (the declared levels tie a lot).
func spearman(_ x: [Double], _ y: [Double]) -> Double {
    func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
            for position in start...end { ranks[order[position]] = Double(start + end) / 2 }
            start = end + 1
        }
        return ranks
    }
    let (a, b) = (ranks(x), ranks(y))
    let n = Double(x.count)
    let (meanA, meanB) = (a.reduce(0, +) / n, b.reduce(0, +) / n)
    let covariance = zip(a, b).reduce(0) { $0 + ($1.0 - meanA) * ($1.1 - meanB) }
    let spreadA = a.reduce(0) { $0 + ($1 - meanA) * ($1 - meanA) }.squareRoot()
    let spreadB = b.reduce(0) { $0 + ($1 - meanB) * ($1 - meanB) }.squareRoot()
    return spreadA == 0 || spreadB == 0 ? 0 : covariance / (spreadA * spreadB)
}

func logistic(_ x: Double) -> Double { 1 / (1 + exp(-x)) }

/// How the teams are made: at random, as the balancer does today (the refined weighting: skill
/// points, half a point more or less for a win rate of 60 % or 40 % after five matches), or by rating.
enum Balancing { case random, today, rating }

/// The scales the simple predictors are tried with; each is credited with its best in hindsight.
let scales = stride(from: 0.1, through: 2.0, by: 0.1).map { $0 }

struct History {
    var spearman = 0.0, declaredSpearman = 0.0
    /// Squared errors of each predictor's P(A ahead), a draw counting half: the rating's, and the
    /// declared skill's and the win-rate-nudged skill's at every scale.
    var brierRating = 0.0
    var brierDeclared = [Double](repeating: 0, count: scales.count), brierWinRate = [Double](repeating: 0, count: scales.count)
    var goalDifference = 0.0
    var predictions = 0
}

/// One group's 30 matches with teams made one way; the ratings learned along the way.
func play(_ group: Simulated, balancing: Balancing, model: RatingModel) -> History {
    var generator = group.generator
    let levels = group.declared.map(level)
    var ratings = group.declared.map { model.initial(for: $0) }
    var wins = [Double](repeating: 0, count: players), played = [Double](repeating: 0, count: players)
    var history = History()
    /// `BalanceCandidate`'s refined weighting, in points.
    func refined(_ player: Int) -> Double {
        guard played[player] >= 5 else { return levels[player] }
        let rate = wins[player] / played[player]
        return levels[player] + (rate >= 0.6 ? 0.5 : rate <= 0.4 ? -0.5 : 0)
    }
    for _ in 0..<matches {
        let (teamA, teamB) = bestSplit({ a, b in
            switch balancing {
            case .random: return 0
            case .today: return abs(a.reduce(0) { $0 + refined($1) } - b.reduce(0) { $0 + refined($1) })
            case .rating: return abs(model.winProbability(teamA: a.map { ratings[$0] }, teamB: b.map { ratings[$0] }) - 0.5)
            }
        }, &generator)
        // Predictions before the match.
        let rating = model.winProbability(teamA: teamA.map { ratings[$0] }, teamB: teamB.map { ratings[$0] })
        let declaredGap = teamA.reduce(0) { $0 + levels[$1] } - teamB.reduce(0) { $0 + levels[$1] }
        let nudgedGap = teamA.reduce(0) { $0 + refined($1) } - teamB.reduce(0) { $0 + refined($1) }
        // The match.
        let strengthA = teamA.reduce(0) { $0 + group.strengths[$1] }, strengthB = teamB.reduce(0) { $0 + group.strengths[$1] }
        let goalsA = poisson(4 * exp(0.2 * (strengthA - strengthB)), &generator)
        let goalsB = poisson(4 * exp(0.2 * (strengthB - strengthA)), &generator)
        let outcome = goalsA > goalsB ? 1.0 : goalsA < goalsB ? 0 : 0.5
        history.brierRating += (rating - outcome) * (rating - outcome)
        for (index, scale) in scales.enumerated() {
            let declared = logistic(scale * declaredGap), winRate = logistic(scale * nudgedGap)
            history.brierDeclared[index] += (declared - outcome) * (declared - outcome)
            history.brierWinRate[index] += (winRate - outcome) * (winRate - outcome)
        }
        history.goalDifference += Double(abs(goalsA - goalsB))
        history.predictions += 1
        for player in teamA { played[player] += 1; wins[player] += outcome }
        for player in teamB { played[player] += 1; wins[player] += 1 - outcome }
        let after = model.update(teamA: teamA.map { ratings[$0] }, teamB: teamB.map { ratings[$0] }, outcome: .goals(difference: goalsA - goalsB))
        for (index, player) in teamA.enumerated() { ratings[player] = after.teamA[index] }
        for (index, player) in teamB.enumerated() { ratings[player] = after.teamB[index] }
    }
    history.spearman = spearman(ratings.map(\.mean), group.strengths)
    history.declaredSpearman = spearman(levels, group.strengths)
    return history
}

struct Figures {
    var declaredSpearman = 0.0
    var spearman = 0.0, brierRating = 0.0, brierDeclared = 0.0, brierWinRate = 0.0, goalDifference = 0.0
}

/// The histories of `count` groups from `firstSeed` on: summed.
func histories(_ balancing: Balancing, model: RatingModel, firstSeed: UInt64) -> History {
    var total = History()
    for index in 0..<groups {
        let history = play(makeGroup(seed: firstSeed &+ UInt64(index)), balancing: balancing, model: model)
        total.spearman += history.spearman / Double(groups)
        total.declaredSpearman += history.declaredSpearman / Double(groups)
        total.brierRating += history.brierRating
        for scale in scales.indices {
            total.brierDeclared[scale] += history.brierDeclared[scale]
            total.brierWinRate[scale] += history.brierWinRate[scale]
        }
        total.goalDifference += history.goalDifference
        total.predictions += history.predictions
    }
    return total
}

let trainingSeed: UInt64 = 1_000_000, testSeed: UInt64 = 20_261_126

/// The figures on the test groups. The simple predictors' scale is fitted on other groups (the
/// training ones), as the goal's worth is chosen: nothing is tuned on the test matches.
func run(_ balancing: Balancing, model: RatingModel) -> Figures {
    let training = histories(balancing, model: model, firstSeed: trainingSeed)
    let declaredScale = training.brierDeclared.indices.min { training.brierDeclared[$0] < training.brierDeclared[$1] } ?? 0
    let winRateScale = training.brierWinRate.indices.min { training.brierWinRate[$0] < training.brierWinRate[$1] } ?? 0
    let test = histories(balancing, model: model, firstSeed: testSeed)
    let predictions = Double(test.predictions)
    return Figures(declaredSpearman: test.declaredSpearman, spearman: test.spearman, brierRating: test.brierRating / predictions,
                   brierDeclared: test.brierDeclared[declaredScale] / predictions, brierWinRate: test.brierWinRate[winRateScale] / predictions,
                   goalDifference: test.goalDifference / predictions)
}

func format(_ value: Double, _ digits: Int = 3) -> String {
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    let decimals = text.split(separator: ".").last?.count ?? 0
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    return text
}

print("gather-rating-bench: \(groups) simulated groups of \(players), \(matches) matches each (fixed seed)")
print("")
let worths = [2.0, 25.0 / 6, 6, 8, 12]
// The goal's worth the training groups choose: the best Brier score on random teams there.
let trainingBrier = worths.map { worth -> Double in
    var model = RatingModel.standard
    model.goalWorth = worth
    let history = histories(.random, model: model, firstSeed: trainingSeed)
    return history.brierRating / Double(history.predictions)
}
let chosenWorth = worths[trainingBrier.indices.min { trainingBrier[$0] < trainingBrier[$1] } ?? 0]

print("Brier scores (lower is better) of each predictor on the same test matches: the ratings', the declared")
print("levels', and today's balancer weighting's (levels ± half a point for win rate), the last two through a")
print("logistic fitted on other simulated groups. Teams made at random / by today's balancer / by rating: a")
print("predictor that made the teams is judged on matches it chose as even, which favours the others.")
print("")
print("goal worth | Spearman | Brier rating | Brier declared | Brier today's weighting | mean |goal difference|")
var chosen: [Figures] = []
for worth in worths {
    var model = RatingModel.standard
    model.goalWorth = worth
    let runs = [run(.random, model: model), run(.today, model: model), run(.rating, model: model)]
    let each = { (pick: (Figures) -> Double, digits: Int) in runs.map { format(pick($0), digits) }.joined(separator: " / ") }
    print("\(format(worth, 2)) | \(each(\.spearman, 3)) | \(each(\.brierRating, 3)) | \(each(\.brierDeclared, 3)) | "
          + "\(each(\.brierWinRate, 3)) | \(each(\.goalDifference, 2))")
    if worth == RatingModel.standard.goalWorth { chosen = runs }
}
guard chosen.count == 3 else { exit(1) }
let (random, today, rating) = (chosen[0], chosen[1], chosen[2])
print("")
print("the declared levels' own Spearman correlation with the hidden strengths: \(format(random.declaredSpearman))")
print("the goal worth the training groups choose: \(format(chosenWorth, 2)) (the default: \(format(RatingModel.standard.goalWorth, 2)))")
let marks = [
    ("Spearman ≥ 0.8 after 30 matches, however teams were made, above the declared levels'",
     chosen.allSatisfy { $0.spearman >= 0.8 && $0.spearman > $0.declaredSpearman }),
    ("Brier below the declared levels' and today's weighting's on random teams",
     random.brierRating < random.brierDeclared && random.brierRating < random.brierWinRate),
    ("closer matches with rating-balanced teams than with today's balancer", rating.goalDifference < today.goalDifference),
    ("the default goal worth is the one the training groups choose", chosenWorth == RatingModel.standard.goalWorth),
]
print("")
for (mark, met) in marks { print("\(met ? "met" : "MISSED"): \(mark)") }
exit(marks.allSatisfy(\.1) ? 0 : 1)
