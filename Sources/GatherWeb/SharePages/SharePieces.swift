import FoundationEssentials
import GatherRating
import GatherWire

/// Parts every share page is made of.
enum SharePieces {
    /// A day alone, as it reads: 2026-11-26.
    static func day(_ date: Date) -> Time {
        let stamp = InternetDate.string(from: date)
        return Time(datetime: stamp) { Text(String(stamp.prefix(10))) }
    }

    /// A moment as the server writes it (UTC, to the minute); the script rewrites it in the
    /// reader's own zone and language.
    static func time(_ date: Date) -> Time {
        let stamp = InternetDate.string(from: date)
        let day = String(stamp.prefix(10))
        let minute = String(stamp.dropFirst(11).prefix(5))
        return Time(datetime: stamp) { Text("\(day) \(minute) UTC") }
    }

    /// The product's name and the group's, above every page's own heading.
    @HTMLBuilder
    static func masthead(_ site: ShareSite, heading: String? = nil) -> [Node] {
        P(.class(.site)) { "Football Gather" }
        H1 {
            if let heading {
                Name(heading)
            } else {
                Name(site.name)
            }
        }
        if heading != nil {
            P { A(href: site.root) { "← " ; Name(site.name) } }
        }
    }

    /// A player's name, with a link to their page on a share link's `site` unless they were
    /// deleted; without a site (a personal page, which has no player pages), the name alone.
    @HTMLBuilder
    static func mention(_ player: PlayerMention, in site: ShareSite?) -> [Node] {
        if let site, !player.retired {
            A(href: site.player(player.id)) { Name(player.name) }
        } else {
            Name(player.name)
        }
    }

    @HTMLBuilder
    static func names(_ players: [PlayerMention], in site: ShareSite?) -> [Node] {
        if players.isEmpty {
            Span(.class(.muted)) { "nobody" }
        }
        for (index, player) in players.enumerated() {
            if index > 0 { ", " }
            mention(player, in: site)
        }
    }

    /// Results, newest first: when, the score, and who played on each side.
    @HTMLBuilder
    static func matchList(_ matches: [MatchLine], in site: ShareSite?) -> [Node] {
        if matches.isEmpty {
            P(.class(.muted)) { "No results yet." }
        } else {
            Ul(.class(.matches)) {
                for match in matches {
                    Li {
                        Small { time(match.playedAt) }
                        Br()
                        Span(.class(.result)) { Text("Team A \(match.score.teamA) – \(match.score.teamB) Team B") }
                        Br()
                        Small { "A: " ; names(match.teamA, in: site) }
                        Br()
                        Small { "B: " ; names(match.teamB, in: site) }
                        if !match.manOfTheMatch.isEmpty {
                            Br()
                            Small(.class(.award)) { "★ Man of the match: " ; names(match.manOfTheMatch, in: site) }
                        }
                    }
                }
            }
        }
    }

    /// W, D, L for the last results, newest first, each with its word for screen readers.
    @HTMLBuilder
    static func form(_ outcomes: [Outcome]) -> [Node] {
        Span(.class(.form)) {
            for outcome in outcomes {
                switch outcome {
                case .won: Span(.class(.won), .title("won")) { "W" }
                case .drawn: Span(.title("drawn")) { "D" }
                case .lost: Span(.class(.lost), .title("lost")) { "L" }
                }
            }
        }
    }

    /// A time left on the clock, as it reads: 07:05.
    static func clock(_ seconds: Int) -> String {
        let minutes = seconds / 60, rest = seconds % 60
        return (minutes < 10 ? "0" : "") + String(minutes) + ":" + (rest < 10 ? "0" : "") + String(rest)
    }
}
