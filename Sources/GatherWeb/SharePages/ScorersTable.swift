import GatherDomain

/// The top scorers: goals (own goals are nobody's), assists and matches played, most goals first.
enum ScorersTable {
    @HTMLBuilder
    static func table(_ scorers: [Scorer], site: ShareSite?) -> [Node] {
        Table {
            THead {
                Tr {
                    Th(.scope(.column), .class(.number)) { "#" }
                    Th(.scope(.column)) { "Player" }
                    Th(.scope(.column), .class(.number), .title("goals"), .sortedDescending) { "Goals" }
                    Th(.scope(.column), .class(.number), .title("assists")) { "Assists" }
                    Th(.scope(.column), .class(.number), .title("matches played")) { "P" }
                }
            }
            TBody {
                for (index, scorer) in scorers.enumerated() {
                    Tr {
                        Td(.class(.number)) { Text(index + 1) }
                        Th(.scope(.row)) { SharePieces.mention(PlayerMention(id: scorer.playerID, name: scorer.name), in: site) }
                        Td(.class(.number)) { Text(scorer.goals) }
                        Td(.class(.number)) { Text(scorer.assists) }
                        Td(.class(.number)) { Text(scorer.matches) }
                    }
                }
            }
        }
    }
}
