/// What one account may cost the server, each bound with its documented default (docs/security.md):
/// no account can take the time, threads or connections everyone else needs.
package struct ResourceLimits: Sendable {
    /// How long a read on an event loop may run before it is stopped and handed to the workers:
    /// a roster or one gather takes well under a millisecond.
    package var loopReadBudget: Duration = .milliseconds(20)
    /// How long any other read may run, waiting for a connection included, before it is stopped:
    /// 503 with a reason. The heaviest read a real group makes (its leaderboard over years of
    /// matches) takes a small part of it.
    package var readBudget: Duration = .seconds(3)
    /// One account's requests running on the workers at once at most; beyond, 429. Below the
    /// pool's read connections (4), so one account never holds them all.
    package var concurrentRequestsPerAccount = 2
    /// Players one account keeps at most, retired ones included (a club with a squad per age
    /// group has a few hundred); beyond, 403.
    package var playersPerAccount = 5_000
    /// Gathers one account keeps at most (a match every day for fifty years is 18,250); beyond, 403.
    package var gathersPerAccount = 20_000
    /// Places in gathers one account keeps at most (a player on a team or the bench of one gather
    /// is one place: twenty-two players a match, a match a day, is 8,000 a year); beyond, 403.
    package var placesPerAccount = 500_000
    /// Changes one account may make in a burst (a whole roster imported one player at a time)…
    package var writeBurst = 300
    /// …and per second after it; beyond, 429 with the wait in `Retry-After`.
    package var writesPerSecond = 30
    /// One account's changes waiting for or in the group commit at once at most; beyond, 429. The
    /// committer serves every account in turn: one must not fill its queue.
    package var queuedWritesPerAccount = 8
    /// How long an answer that shows ratings waits for its group's ratings to be settled after a
    /// change older than the last result (a correction): after that, the last settled ratings,
    /// marked `stale`. Only the group that changed waits.
    package var ratingsWait: Duration = .seconds(1)

    /// Share links one account has at once (one per group chat, with room to spare); beyond, 403.
    package var sharesPerAccount = 50
    /// Fixtures still to come one group has at once (two a week for a year, with room); beyond, 403.
    package var upcomingFixturesPerGroup = 120
    /// Answers one personal link may give at once, then `linkAnswersPerMinute`: a friend changing
    /// their mind is never refused, a script behind a leaked link is.
    package var linkAnswerBurst = 20
    package var linkAnswersPerMinute = 20
    /// API tokens one account has at once (one per script, with room to spare); beyond, 403.
    package var apiTokensPerAccount = 50
    /// Members of one group (a club's organisers and the friends who look) at most; beyond, 403.
    package var membersPerGroup = 100
    /// Invitations of one group not yet used nor expired at once; beyond, 403.
    package var openInvitesPerGroup = 20

    package init() {}
}
