/// `/s/{token}/matches/{id}`: the results before a given one, a page at a time.
package enum MatchesPage {
    package static func page(_ model: MatchesPageModel) -> Page {
        Page(title: "Results · " + model.site.name, scripts: [.liveScript], manifest: model.site.manifest) {
            SharePieces.masthead(model.site, heading: "Older results")
            Section(.id("matches")) {
                SharePieces.matchList(model.matches, in: model.site)
                if let older = model.olderMatches {
                    P { A(href: older) { "Older results →" } }
                }
            }
        }
    }
}
