/// What the Fixtures screens need: the group's fixtures, players' personal links, and the group's
/// live stream, which says when friends answer.
package struct FixtureDependencies: Sendable {
    package var service: any FixtureService
    package var links: (any PersonalLinkService)?
    /// A new connection to the chosen group's live stream; nil shows answers only on `r`.
    package var makeFeed: (@Sendable () -> any LiveFeed)?

    package init(service: any FixtureService, links: (any PersonalLinkService)?, makeFeed: (@Sendable () -> any LiveFeed)?) {
        self.service = service
        self.links = links
        self.makeFeed = makeFeed
    }
}
