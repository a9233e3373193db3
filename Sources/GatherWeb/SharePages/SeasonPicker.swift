import GatherDomain

/// The seasons a share page's table can be read for, as links (they work without scripts), the
/// one shown marked; and an ended season's awards.
enum SeasonPicker {
    /// The latest seasons offered; older ones are still there by their address.
    static let shown = 8

    @HTMLBuilder
    static func nav(_ model: TablePageModel) -> [Node] {
        Nav(.class(.seasons), .ariaLabel("Seasons")) {
            Ul {
                Li {
                    if model.season == nil && !model.byRating {
                        A(href: model.site.allTime, .currentPage) { "All time" }
                    } else {
                        A(href: model.site.allTime) { "All time" }
                    }
                }
                for season in model.seasons.prefix(shown) {
                    Li {
                        if season.id == model.season?.id {
                            A(href: model.site.season(season.id), .currentPage) { Name(season.name) }
                        } else {
                            A(href: model.site.season(season.id)) { Name(season.name) }
                        }
                    }
                }
            }
        }
    }

    @HTMLBuilder
    static func awards(_ awards: SeasonAwards) -> [Node] {
        Section(.id("awards")) {
            H2 { "Awards" }
            if awards.awards.isEmpty {
                P(.class(.muted)) { "No finished match in this season." }
            } else {
                Dl {
                    for award in awards.awards {
                        Dt { Text(award.kind.title) }
                        Dd {
                            for (index, winner) in award.winners.enumerated() {
                                if index > 0 { Text(", ") }
                                Name(winner.name)
                            }
                            Text(" (\(award.figure))")
                        }
                    }
                }
            }
        }
    }
}
