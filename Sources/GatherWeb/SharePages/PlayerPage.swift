import GatherRating

/// `/s/{token}/players/{id}`: one player's record and the matches they played.
package enum PlayerPage {
    package static func page(_ model: PlayerPageModel) -> Page {
        let stats = model.stats
        return Page(title: model.player.name + " · " + model.site.name, scripts: [.liveScript], manifest: model.site.manifest) {
            SharePieces.masthead(model.site, heading: model.player.name)
            Section(.id("record")) {
                H2 { "Record" }
                if stats.played == 0 {
                    P(.class(.muted)) { "No finished match yet." }
                } else {
                    Dl {
                        Dt { "Played" }
                        Dd { Text("\(stats.played): won \(stats.won), drawn \(stats.drawn), lost \(stats.lost)") }
                        Dt { "Win rate" }
                        Dd { Text("\(Int(((stats.winRate ?? 0) * 100).rounded()))%") }
                        Dt { "Goals for and against their side" }
                        Dd { Text("\(stats.goalsFor) – \(stats.goalsAgainst)") }
                        if stats.goals + stats.assists > 0 {
                            Dt { "Scored and made" }
                            Dd { Text("\(stats.goals) scored, \(stats.assists) made") }
                        }
                        if stats.manOfTheMatch > 0 {
                            Dt { "Man of the match" }
                            Dd { Text(stats.manOfTheMatch == 1 ? "once" : "\(stats.manOfTheMatch) times") }
                        }
                        if let streak = stats.currentStreak {
                            Dt { "Current run" }
                            Dd { Text("\(streak.length) \(streak.outcome.rawValue)") }
                        }
                        Dt { "Form" }
                        Dd { SharePieces.form(stats.lastFive) }
                    }
                }
            }
            if let rating = model.rating {
                Section(.id("rating")) {
                    H2 { "Rating" }
                    P {
                        Strong { Text(RatingText.value(rating.mean)) }
                        Text(" (likely between \(RatingText.value(rating.low)) and \(RatingText.value(rating.high)))")
                        if let change = rating.lastChange { Text(", \(RatingText.change(change)) after the last match") }
                    }
                    if rating.course.count > 1 {
                        RatingChart.chart(rating.course)
                    } else if rating.matches == 0 {
                        P(.class(.muted)) { "Where the level the organiser gave starts; results will move it." }
                    }
                }
            }
            Section(.id("matches")) {
                H2 { model.latestMatches == nil ? "Matches" : "Older matches" }
                SharePieces.matchList(model.matches, in: model.site)
                if let latest = model.latestMatches { P { A(href: latest) { "← Latest matches" } } }
                if let older = model.olderMatches { P { A(href: older) { "Older matches →" } } }
            }
        }
    }
}
