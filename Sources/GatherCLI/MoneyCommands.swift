import Foundation
import GatherClient
import GatherDomain

/// money, money show, money pay, money rm, and the costs of matches and fixtures: the pitch fee,
/// for organisers. Amounts are typed and shown in the group's currency ("12.50"), sent as its
/// smallest unit (1250).
enum MoneyCommands {
    /// The group's currency, from its settings (the group chosen, else the account's own).
    static func currency(_ context: CommandContext) async throws -> Currency {
        let group: UUID
        if let chosen = context.client.group {
            group = chosen
        } else {
            group = try await context.accountID()
        }
        let settings = try await APIGroupService(client: context.client).settings(of: group)
        return Currency(code: settings.currency) ?? .euro
    }

    /// Who owes what, those who owe most first; --csv for a spreadsheet, --json for scripts.
    static func balances(_ context: CommandContext) async throws {
        try context.authorize()
        let balances = try await context.client.request(.get, "/api/balances", as: [Balance].self)
        if context.wantsJSON { return context.printJSON(balances) }
        let currency = try await currency(context)
        if context.command.has("--csv") {
            let separator = try context.csvSeparator()
            var lines = [CSVRecords.line(["Name", "Balance", "Currency"], separator: separator)]
            for balance in balances {
                lines.append(CSVRecords.line([balance.name, currency.plain(balance.balance), currency.code], separator: separator))
            }
            return context.console.out(CSVRecords.byteOrderMark + lines.joined(separator: "\n") + "\n")
        }
        guard !balances.isEmpty else { return context.console.line("No players yet.") }
        context.printTable(Table(headers: ["NAME", "BALANCE (\(currency.code))", ""], flexible: [0], rows: balances.map { balance in
            [balance.name, currency.plain(balance.balance), standing(balance.balance)]
        }))
        let owed = balances.filter { $0.balance < 0 }.reduce(0) { $0 - $1.balance }
        context.console.line("Owed in all: \(currency.text(owed))")
    }

    static func standing(_ balance: Int) -> String {
        balance < 0 ? "owes" : balance > 0 ? "in credit" : ""
    }

    /// A player's account: every charge and payment, newest first, with the balance after each.
    static func show(_ context: CommandContext) async throws {
        try context.authorize()
        let id = try await PlayerLookup(context).id(context.command.arguments[0], option: "PLAYER")
        let account = try await context.client.request(.get, "/api/balances/\(id)", as: Account.self)
        if context.wantsJSON { return context.printJSON(account) }
        let currency = Currency(code: account.currency) ?? .euro
        context.console.line("\(account.name): " + (account.balance < 0 ? "owes \(currency.text(-account.balance))"
            : account.balance > 0 ? "in credit, \(currency.text(account.balance))" : "all square"))
        guard !account.lines.isEmpty else { return context.console.line("Nothing charged or paid yet.") }
        let days = ISO8601DateFormatter()
        days.formatOptions = [.withFullDate]
        context.printTable(Table(headers: ["DAY", "WHAT", "AMOUNT", "BALANCE", "PAYMENT"], flexible: [1], rows: account.lines.map { line in
            [days.string(from: line.date), line.text, (line.amount > 0 ? "+" : "") + currency.plain(line.amount), currency.plain(line.balance),
             line.paymentID.map(String.init) ?? ""]
        }))
    }

    /// A payment: `money pay Ana 20` (in the group's currency), --on a day, --note what it was.
    static func pay(_ context: CommandContext) async throws {
        try context.authorize()
        let id = try await PlayerLookup(context).id(context.command.arguments[0], option: "PLAYER")
        let currency = try await currency(context)
        let text = context.command.arguments[1]
        guard let amount = currency.amount(from: text), amount != 0 else {
            throw CommandFailure.usage("AMOUNT is in \(currency.code), like \(currency.plain(1250)) (got \"\(text)\"); not 0")
        }
        let day = try context.command.value("--on").map { text -> CalendarDay in
            guard let day = CalendarDay(text) else { throw CommandFailure.usage("--on is a day as YYYY-MM-DD (got \"\(text)\")") }
            return day
        }
        let draft = PaymentDraft(playerID: id, amount: amount, paidOn: day, note: context.command.value("--note") ?? "")
        let payment = try await context.client.request(.post, "/api/payments", body: PaymentRequest(draft), as: Payment.self)
        if context.wantsJSON { return context.printJSON(payment) }
        context.console.note("Recorded \(currency.text(payment.amount)) on \(payment.paidOn) (payment \(payment.id))")
    }

    /// A payment recorded by mistake, taken back.
    static func remove(_ context: CommandContext) async throws {
        try context.authorize()
        let id = try context.integer(context.command.arguments[0], name: "PAYMENT", range: 1...Int(Int32.max))
        try await context.client.request(.delete, "/api/payments/\(id)")
        context.console.note("Took back payment \(id)")
    }

    /// `gathers cost ID 60` / `fixtures cost ID 60 --split in` / `--clear`.
    static func cost(_ context: CommandContext, of path: String) async throws {
        try context.authorize()
        let clear = context.command.has("--clear")
        let given = context.command.arguments.count > 1 ? context.command.arguments[1] : nil
        if clear == (given != nil) { throw CommandFailure.usage("give an AMOUNT or --clear") }
        if clear {
            try await context.client.request(.delete, path)
            return context.console.note("No cost of its own now")
        }
        let currency = try await currency(context)
        guard let text = given, let amount = currency.amount(from: text), MatchCost.amounts.contains(amount) else {
            throw CommandFailure.usage("AMOUNT is in \(currency.code), like \(currency.plain(6000)), 0 or more (got \"\(given ?? "")\")")
        }
        let split = context.command.value("--split").flatMap(CostSplit.init(rawValue:)) ?? .played
        let reading = try await context.client.request(.put, path, body: MatchCost(amount: amount, split: split), as: CostReading.self)
        if context.wantsJSON { return context.printJSON(reading) }
        context.console.note("Cost \(currency.text(amount)), " + split.meaning)
    }
}
