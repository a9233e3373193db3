import FoundationEssentials
import GatherDomain

/// A personal page's pitch fee: the reader's own balance and their latest charges and payments.
/// Never on a share page: money is one person's business.
enum AccountSection {
    /// The latest lines shown; the organiser has the rest.
    static let linesShown = 8

    @HTMLBuilder
    static func section(_ model: PersonalPageModel) -> [Node] {
        if let (account, currency) = model.account, !account.lines.isEmpty {
            Section(.id("money")) {
                H2 { "The pitch fee" }
                P(.class(.headcount)) { Text(standing(account.balance, currency)) }
                Ul(.class(.matches)) {
                    for line in account.lines.prefix(linesShown) {
                        Li {
                            Small { SharePieces.day(line.date) }
                            Br()
                            Text(line.text + " · ")
                            Span(.class(.result)) { Text((line.amount > 0 ? "+" : "") + currency.text(line.amount)) }
                        }
                    }
                }
            }
        }
    }

    /// "You owe 5.00 EUR", "In credit: 10.00 EUR", "All square".
    static func standing(_ balance: Int, _ currency: Currency) -> String {
        if balance < 0 { return "You owe \(currency.text(-balance))." }
        if balance > 0 { return "In credit: \(currency.text(balance))." }
        return "All square: you owe nothing."
    }
}
