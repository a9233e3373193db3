import GatherDomain

/// A match's cost being typed on its screen: the amount in the group's currency (empty for none
/// of its own) and how it is shared (Tab: played, in, each).
package struct CostEntry: Equatable, Sendable {
    package var text: String
    package var currency: String
    package var split: CostSplit
}

/// What the match screen knows of the match's pitch fee, for an organiser, and the entry being
/// typed for it.
struct MatchCostEditor {
    /// What is sent for an entry.
    enum Draft: Equatable {
        case set(MatchCost)
        /// No cost of its own: its fixture's, if any, applies again.
        case clear
        case refused(String)
    }

    var reading: CostReading?
    var currency = Currency.euro
    private(set) var entry: CostEntry?

    /// "1000000.00": the longest amount typed.
    static let longestAmount = 12

    /// "Pitch fee: 60.00 EUR, split among players", "Pitch fee: 60.00 EUR (fixture), split among
    /// those in": short enough for 60 columns; nil until read.
    var line: String? {
        guard let reading else { return nil }
        guard let cost = reading.cost else { return "Pitch fee: none" }
        return "Pitch fee: \(currency.text(cost.amount))" + (reading.fromFixture ? " (fixture)" : "") + ", \(cost.split.inBrief)"
    }

    var isTyping: Bool { entry != nil }

    /// The entry opened on the match's own cost (empty when it has none; the fixture's split).
    mutating func start() {
        let own = reading?.fromFixture == false ? reading?.cost : nil
        entry = CostEntry(text: own.map { currency.plain($0.amount) } ?? "", currency: currency.code,
                          split: reading?.cost?.split ?? .played)
    }

    mutating func type(_ character: Character) {
        guard var typed = entry, typed.text.count < MatchCostEditor.longestAmount,
              character.isNumber && character.isASCII || character == "." || character == "," else { return }
        typed.text.append(character)
        entry = typed
    }

    mutating func deleteBackward() {
        _ = entry?.text.popLast()
    }

    /// Tab: the next way of sharing it.
    mutating func nextSplit() {
        guard let split = entry?.split else { return }
        let all = CostSplit.allCases
        entry?.split = all[((all.firstIndex(of: split) ?? 0) + 1) % all.count]
    }

    mutating func cancel() {
        entry = nil
    }

    var draft: Draft? {
        guard let entry else { return nil }
        let text = entry.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return .clear }
        guard let amount = currency.amount(from: text), MatchCost.amounts.contains(amount) else {
            return .refused("Type the pitch fee in \(currency.code), like \(currency.plain(6000)); empty for none")
        }
        return .set(MatchCost(amount: amount, split: entry.split))
    }
}
