import FoundationEssentials
import GatherDomain
import GatherRating

/// `/p/{token}`: one player's page. The next fixtures with big In / Out / Maybe buttons (a plain
/// form, so it works without a script; with one, answered in place), the answer given and where it
/// stands ("place 9 of 10", "2nd on the waiting list"), and who else is in and who waits.
package enum PersonalPage {
    package static func page(_ model: PersonalPageModel) -> Page {
        Page(title: "\(model.playerName) · \(model.groupName)", description: description(model), scripts: [.answerScript],
             postsForms: true, manifest: model.root.appending("manifest.webmanifest")) {
            P(.class(.site)) { "Football Gather" }
            H1 { Name(model.groupName) }
            P { "Hi " ; Name(model.playerName) ; ". This page is yours: keep the link to yourself." }
            P(.class(.muted)) { A(href: model.root.appending("calendar.ics")) { "Add your matches to your calendar" } }
            if model.fixtures.isEmpty {
                Section(.id("fixtures")) {
                    H2 { "Next matches" }
                    P(.class(.muted)) { "No match is planned yet. The organiser will add the next one here." }
                }
            } else {
                for fixture in model.fixtures { section(fixture, model) }
            }
            ManOfTheMatchSection.section(model)
            AccountSection.section(model)
            record(model)
        }
    }

    /// The player's own record, then the group's table and its latest results, as the share
    /// page has them (the names without links: a personal page has no player pages).
    @HTMLBuilder
    static func record(_ model: PersonalPageModel) -> [Node] {
        Section(.id("record")) {
            H2 { Text("Your record" + (model.season.map { " · \($0)" } ?? "")) }
            if let mine = model.standings.first(where: { $0.player.id == model.playerId }) {
                P {
                    Text("Played \(mine.played): won \(mine.won), drawn \(mine.drawn), lost \(mine.lost) · win \(mine.winPercent)% · ")
                    Text("\(PersonalPage.ordinal(mine.rank)) of \(model.standings.count)")
                    if let rating = mine.rating { Text(" · rating \(RatingText.value(rating))") }
                }
                if !mine.form.isEmpty { P { "Form: " ; SharePieces.form(mine.form) } }
            } else {
                P(.class(.muted)) {
                    Text(model.season == nil ? "No finished match yet: your record starts with your first."
                         : "No match of yours in this season yet: your record for it starts with your first.")
                }
            }
        }
        if !model.standings.isEmpty {
            Section(.id("table")) {
                H2 { Text("Table" + (model.season.map { " · \($0)" } ?? "")) }
                StandingsTable.table(model.standings, site: nil)
            }
        }
        Section(.id("matches")) {
            H2 { "Latest results" }
            SharePieces.matchList(model.recentMatches, in: nil)
        }
    }

    /// What a link preview says: the next kick-off and how many are in.
    static func description(_ model: PersonalPageModel) -> String {
        guard let next = model.fixtures.first else { return "Who's in for the next match of \(model.groupName)" }
        return "\(KickOffText.text(next.startsAt, utcOffset: next.utcOffset)): \(next.counts.in) of \(next.places) in"
    }

    @HTMLBuilder
    static func section(_ fixture: Fixture, _ model: PersonalPageModel) -> [Node] {
        Section(.id("fixture-\(fixture.id)"), .class(.fixture)) {
            H2 { Text(KickOffText.text(fixture.startsAt, utcOffset: fixture.utcOffset)) }
            if let place = fixture.place {
                P {
                    if let link = fixture.mapLink.flatMap(WebAddress.init) {
                        ExternalLink(link) { Name(place) }
                    } else {
                        Name(place)
                    }
                }
            }
            if let cost = fixture.cost { P(.class(.muted)) { Text(cost) } }
            P(.class(.headcount), .politeLive) { Text(headcount(fixture)) }
            if fixture.status == .cancelled {
                P(.class(.notice)) { "This match is cancelled." }
            } else {
                P(.class(.notice), .politeLive) { Text(standing(model.own(fixture), fixture)) }
                Form(posting: model.answerPath(fixture), .class(.answers)) {
                    let given = model.own(fixture)?.answer
                    SubmitButton(name: "answer", value: "in", pressed: given == .in) { "In" }
                    SubmitButton(name: "answer", value: "out", pressed: given == .out) { "Out" }
                    SubmitButton(name: "answer", value: "maybe", pressed: given == .maybe) { "Maybe" }
                }
                if fixture.status == .closed {
                    P(.class(.muted)) { "Answers closed; a change now still counts, marked late for the organiser." }
                }
            }
            teams(fixture)
            lists(fixture)
        }
    }

    /// "8 of 10 in · 2 waiting · 1 maybe".
    package static func headcount(_ fixture: Fixture) -> String {
        var parts = ["\(fixture.counts.in) of \(fixture.places) in"]
        if fixture.counts.waiting > 0 { parts.append("\(fixture.counts.waiting) waiting") }
        if fixture.counts.maybe > 0 { parts.append("\(fixture.counts.maybe) maybe") }
        return parts.joined(separator: " · ")
    }

    /// Where the reader's own answer stands, in words.
    static func standing(_ answer: FixtureAnswer?, _ fixture: Fixture) -> String {
        guard let answer else { return "You haven't answered yet." }
        switch answer.answer {
        case .in:
            if let place = answer.place {
                return answer.promotedAt != nil ? "You're in — moved up from the waiting list (place \(place) of \(fixture.places))."
                    : "You're in: place \(place) of \(fixture.places)."
            }
            return "You're \(ordinal(answer.waiting ?? 1)) on the waiting list."
        case .maybe: return "You said maybe."
        case .out: return "You said you're out."
        }
    }

    package static func ordinal(_ number: Int) -> String {
        let suffix = switch (number % 10, number % 100) {
        case (1, let tens) where tens != 11: "st"
        case (2, let tens) where tens != 12: "nd"
        case (3, let tens) where tens != 13: "rd"
        default: "th"
        }
        return "\(number)\(suffix)"
    }

    /// The published teams side by side, with the predicted chances.
    @HTMLBuilder
    static func teams(_ fixture: Fixture) -> [Node] {
        if let teams = fixture.teams {
            H3 { "Teams" }
            if let chance = teams.predictedWinA {
                P(.class(.muted)) {
                    Text("Predicted: Team A \(Int((chance * 100).rounded())) % · Team B \(100 - Int((chance * 100).rounded())) %")
                }
            }
            Div(.class(.sides)) {
                Div {
                    H3 { "Team A" }
                    Ul(.class(.names)) { for member in teams.teamA { Li { Name(member.name) } } }
                }
                Div {
                    H3 { "Team B" }
                    Ul(.class(.names)) { for member in teams.teamB { Li { Name(member.name) } } }
                }
            }
        }
    }

    @HTMLBuilder
    static func lists(_ fixture: Fixture) -> [Node] {
        let placed = fixture.answers.filter { $0.place != nil }
        let waiting = fixture.answers.filter { $0.waiting != nil }
        let maybe = fixture.answers.filter { $0.answer == .maybe }
        if !placed.isEmpty {
            H3 { "In" }
            Ol(.class(.names)) { for answer in placed { Li { Name(answer.name) } } }
        }
        if !waiting.isEmpty {
            H3 { "Waiting list" }
            Ol(.class(.names)) { for answer in waiting { Li { Name(answer.name) } } }
        }
        if !maybe.isEmpty {
            H3 { "Maybe" }
            Ul(.class(.names)) { for answer in maybe { Li { Name(answer.name) } } }
        }
    }
}
