import GatherWeb
import XCTest

/// How a page is written, through the module's package interface only: a table of players, each
/// linking to the player's own page.
final class PageAuthoringTests: XCTestCase {
    struct Standing {
        let id: Int
        let name: String
        let played: Int
        let goals: Int
    }

    func testATableOfPlayersWithLinks() {
        let standings = [Standing(id: 7, name: "Zoë", played: 12, goals: 9), Standing(id: 12, name: "محمد", played: 3, goals: 0)]
        let page = Page(title: "Leaderboard") {
            H1 { "Leaderboard" }
            Table {
                THead {
                    Tr {
                        Th(.scope(.column)) { "Player" }
                        Th(.scope(.column), .class(.number)) { "Played" }
                        Th(.scope(.column), .class(.number)) { "Goals" }
                    }
                }
                TBody {
                    for standing in standings {
                        Tr {
                            Th(.scope(.row)) { A(href: SitePath("players", PathSegment(standing.id))) { Name(standing.name) } }
                            Td(.class(.number)) { Text(standing.played) }
                            Td(.class(.number)) { Text(standing.goals) }
                        }
                    }
                }
            }
            if standings.isEmpty {
                P(.class(.muted)) { "No matches yet." }
            }
        }
        let text = String(decoding: page.rendered(), as: UTF8.self)
        XCTAssertTrue(text.hasSuffix("""
            <body><main><h1>Leaderboard</h1><div class="table-box"><table><thead><tr>\
            <th scope="col">Player</th><th scope="col" class="number">Played</th><th scope="col" class="number">Goals</th>\
            </tr></thead><tbody>\
            <tr><th scope="row"><a href="/players/7"><bdi>Zoë</bdi></a></th><td class="number">12</td><td class="number">9</td></tr>\
            <tr><th scope="row"><a href="/players/12"><bdi>محمد</bdi></a></th><td class="number">3</td><td class="number">0</td></tr>\
            </tbody></table></div></main></body></html>
            """), text)
        XCTAssertTrue(page.contentSecurityPolicy.headerValue.hasPrefix("default-src 'none'; style-src 'sha256-"))
    }
}
