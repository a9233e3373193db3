import GatherDomain
import GatherRating

/// `/s/{token}`: the match being played (when there is one), the table, the latest results.
package enum TablePage {
    /// What a link preview says: the match being played, else the latest result, and who leads.
    static func preview(_ model: TablePageModel) -> String {
        var parts: [String] = []
        if let live = model.live {
            parts.append("Live now: Team A \(live.score.teamA) – \(live.score.teamB) Team B")
        } else if let latest = model.recentMatches.first {
            parts.append("Latest result: Team A \(latest.score.teamA) – \(latest.score.teamB) Team B")
        }
        if let leader = model.standings.first { parts.append("top of the table: \(leader.player.name)") }
        if let next = model.nextFixture {
            parts.append("next match \(KickOffText.text(next.startsAt, utcOffset: next.utcOffset)), \(PersonalPage.headcount(next))")
        }
        return parts.isEmpty ? "The table and the results of \(model.site.name)" : parts.joined(separator: "; ")
    }

    package static func page(_ model: TablePageModel) -> Page {
        Page(title: model.site.name, description: TablePage.preview(model), scripts: [.liveScript], manifest: model.site.manifest) {
            SharePieces.masthead(model.site)
            LiveSection.section(model.live)
            if let fixture = model.nextFixture { NextFixtureSection.section(fixture) }
            if !model.seasons.isEmpty { SeasonPicker.nav(model) }
            Section(.id("table")) {
                H2 { "Table" }
                if let season = model.season {
                    P(.class(.muted)) { Text("\(season.name): \(season.startsOn) to \(season.endsOn)") }
                }
                if model.standings.isEmpty {
                    P(.class(.muted)) { Text(model.season == nil ? "No one has played a finished match yet." : "No finished match in this season yet.") }
                } else {
                    P(.class(.muted)) { "Won, drawn and lost in finished matches; win %, goal difference and the rating learned from results." }
                    StandingsTable.table(model.standings, site: model.site, byRating: model.byRating)
                }
            }
            if let awards = model.season?.awards { SeasonPicker.awards(awards) }
            // Always in the page (empty until someone scores), so a result saved while it is open fills it in.
            Section(.id("scorers")) {
                if !model.scorers.isEmpty {
                    H2 { "Top scorers" }
                    ScorersTable.table(model.scorers, site: model.site)
                }
            }
            Section(.id("matches")) {
                H2 { "Latest results" }
                SharePieces.matchList(model.recentMatches, in: model.site)
                if let older = model.olderMatches {
                    P { A(href: older) { "Older results →" } }
                }
            }
        }
    }
}

/// The box of the match being played: always in the page (hidden when there is none), so the
/// script can show one that starts while the page is open.
enum LiveSection {
    @HTMLBuilder
    static func section(_ match: LiveMatch?) -> [Node] {
        if let match {
            Section(.id("live"), .class(.live), .ariaLabel("The match being played")) { contents(match) }
        } else {
            Section(.id("live"), .class(.live), .ariaLabel("The match being played"), .hidden) { contents(nil) }
        }
    }

    @HTMLBuilder
    private static func contents(_ match: LiveMatch?) -> [Node] {
        H2 { "Live now" }
        P(.class(.scoreline)) {
            Span { "Team A" }
            Strong(.id("live-score"), .politeLive) { Text(match.map { "\($0.score.teamA) – \($0.score.teamB)" } ?? "0 – 0") }
            Span { "Team B" }
        }
        P(.id("live-clock"), .class(.clock)) { Text(SharePieces.clock(match?.remainingSeconds ?? 0)) }
        P(.id("live-state"), .class(.muted), .politeLive) { Text(match.map(state) ?? "") }
        Div(.class(.sides)) {
            Div {
                H3 { "Team A" }
                P(.id("live-goals-a"), .class(.goals)) { Text(match?.goalLines(of: .teamA).joined(separator: ", ") ?? "") }
                Ul(.id("live-team-a")) { for name in match?.teamA.names ?? [] { Li { Name(name) } } }
            }
            Div {
                H3 { "Team B" }
                P(.id("live-goals-b"), .class(.goals)) { Text(match?.goalLines(of: .teamB).joined(separator: ", ") ?? "") }
                Ul(.id("live-team-b")) { for name in match?.teamB.names ?? [] { Li { Name(name) } } }
            }
        }
    }

    /// The clock's state in words; a running clock's time is as of when the page was made.
    private static func state(_ match: LiveMatch) -> String {
        let state = switch match.phase {
        case .ready: "Kick-off soon"
        case .running: "Clock running (as this page was made)"
        case .paused: "Paused"
        case .timeUp: "Time's up"
        case .halfTime: "Half time"
        case .ended: "Full time"
        }
        guard let period = match.periodName, match.phase != .halfTime, match.phase != .ended else { return state }
        return "\(period) · \(state)"
    }
}
