import GatherRating

/// The table of a group's players: rank, played, won, drawn, lost, win %, goal difference, rating
/// and form; the columns that can wait give way on a narrow screen with large text (`.extra`).
/// On a share link's `site` the names open the players' pages and the # and Rating headings order
/// it; without a site (a personal page) it is the table alone, by record.
enum StandingsTable {
    @HTMLBuilder
    static func table(_ standings: [Standing], site: ShareSite?, byRating: Bool = false) -> [Node] {
        Table {
            THead {
                Tr {
                    if byRating, let site {
                        Th(.scope(.column), .class(.number)) { A(href: site.root, .title("order by record")) { "#" } }
                    } else {
                        Th(.scope(.column), .class(.number), .sortedAscending) { "#" }
                    }
                    Th(.scope(.column)) { "Player" }
                    Th(.scope(.column), .class(.number), .title("played")) { "P" }
                    Th(.scope(.column), .class(.number, .extra), .title("won")) { "W" }
                    Th(.scope(.column), .class(.number, .extra), .title("drawn")) { "D" }
                    Th(.scope(.column), .class(.number, .extra), .title("lost")) { "L" }
                    Th(.scope(.column), .class(.number)) { "Win %" }
                    Th(.scope(.column), .class(.number, .extra), .title("goal difference")) { "GD" }
                    if byRating {
                        Th(.scope(.column), .class(.number), .sortedDescending) { "Rating ▼" }
                    } else if let site {
                        Th(.scope(.column), .class(.number)) { A(href: site.tableByRating, .title("order by rating")) { "Rating" } }
                    } else {
                        Th(.scope(.column), .class(.number)) { "Rating" }
                    }
                    Th(.scope(.column), .class(.extra)) { "Form" }
                }
            }
            TBody {
                for standing in standings {
                    Tr {
                        Td(.class(.number)) { Text(standing.rank) }
                        Th(.scope(.row)) {
                            SharePieces.mention(standing.player, in: site)
                            if standing.manOfTheMatch > 0 {
                                " "
                                Span(.class(.award), .title("man of the match \(standing.manOfTheMatch) " + (standing.manOfTheMatch == 1 ? "time" : "times"))) {
                                    Text("★\(standing.manOfTheMatch)")
                                }
                            }
                        }
                        Td(.class(.number)) { Text(standing.played) }
                        Td(.class(.number, .extra)) { Text(standing.won) }
                        Td(.class(.number, .extra)) { Text(standing.drawn) }
                        Td(.class(.number, .extra)) { Text(standing.lost) }
                        Td(.class(.number)) { Text("\(standing.winPercent)%") }
                        Td(.class(.number, .extra)) { Text(standing.goalDifference > 0 ? "+\(standing.goalDifference)" : String(standing.goalDifference)) }
                        Td(.class(.number)) { Text(standing.rating.map(RatingText.value) ?? "–") }
                        Td(.class(.extra)) { SharePieces.form(standing.form) }
                    }
                }
            }
        }
    }
}
