import Foundation
@testable import GatherClient
import GatherDomain
import GatherWire
import XCTest

/// The journal of results waiting for the server, and their upload.
@MainActor
final class PendingResultsTests: XCTestCase {
    private let server = "http://127.0.0.1:8080"
    private let ana = StubSessionService.session
    private let other = Session(userID: UUID(uuidString: "5C1B6F0E-9D2A-4B8E-8F3C-7A6D5E4C3B2A")!, username: "bea", token: "token-2")
    private var service: StubGatherService!
    private var journal: InMemoryJournal!
    private var sessions: InMemorySessionPersistence!
    private var unfinished: InMemoryUnfinishedMatches!

    private func makeResults(entries: [PendingResult] = [], session: Session? = StubSessionService.session) -> PendingResults {
        service = StubGatherService()
        journal = InMemoryJournal(entries: entries)
        sessions = InMemorySessionPersistence(session: session)
        unfinished = InMemoryUnfinishedMatches()
        return PendingResults(journal: journal, unfinished: unfinished, service: service, server: server, sessionStore: sessions,
                              now: { Date(timeIntervalSince1970: 1_800_000_000) })
    }

    /// A match as the match screen keeps it: dated from kick-off to the end.
    private func record(_ goalsA: Int, _ goalsB: Int, id: UUID = UUID()) -> GatherRecord {
        GatherRecord(id: id, assignments: [TeamAssignmentEntry(playerID: 1, team: .teamA), TeamAssignmentEntry(playerID: 2, team: .teamB)],
                     result: GatherResult(score: Score(teamA: goalsA, teamB: goalsB) ?? .goalless),
                     createdAt: Date(timeIntervalSince1970: 1_699_990_000), endedAt: Date(timeIntervalSince1970: 1_699_993_000))
    }

    private func pending(_ record: GatherRecord, for session: Session? = nil, server: String? = nil) -> PendingResult {
        PendingResult(record: record, server: server ?? self.server, userID: (session ?? ana).userID,
                      savedAt: Date(timeIntervalSince1970: 1_700_000_000), names: [1: "Ana", 2: "Bruno"])
    }

    // MARK: Keeping

    func testAResultIsJournaledBeforeItIsSentAndDroppedOnceAcknowledged() async throws {
        let results = makeResults()
        let match = record(2, 1)
        var journaledDuringUpload: [PendingResult] = []
        service.duringCall = { [journal] in journaledDuringUpload = journal?.entries ?? [] }

        let kept = try await results.keep(match, names: [1: "Ana", 2: "Bruno"])

        XCTAssertEqual(kept, .uploaded)
        XCTAssertEqual(journaledDuringUpload.map(\.record), [match], "on disk before the request went out")
        XCTAssertEqual(journaledDuringUpload.first?.userID, ana.userID)
        XCTAssertEqual(journaledDuringUpload.first?.server, server)
        XCTAssertEqual(journaledDuringUpload.first?.names, [1: "Ana", 2: "Bruno"])
        XCTAssertEqual(service.saves, [match])
        XCTAssertEqual(journal.entries, [], "acknowledged, so no longer pending")
        XCTAssertEqual(results.count, 0)
    }

    func testWithTheServerDownTheResultStaysOnThisComputer() async throws {
        let results = makeResults()
        service.saveError = .unreachable("Cannot reach the server")
        let match = record(3, 3)

        let kept = try await results.keep(match, names: [:])

        XCTAssertEqual(kept, .keptOnThisComputer(.unreachable("Cannot reach the server")))
        XCTAssertEqual(journal.entries.map(\.record), [match])
        XCTAssertEqual(journal.entries.first?.savedAt, Date(timeIntervalSince1970: 1_800_000_000))
        XCTAssertEqual(results.count, 1)
        XCTAssertEqual(results.pending.map(\.id), [match.id])
    }

    func testAResultUploadsToTheGroupItWasPlayedForWhicheverIsChosenLater() async throws {
        service = StubGatherService()
        journal = InMemoryJournal(entries: [pending(record(1, 0))])
        sessions = InMemorySessionPersistence(session: ana)
        let thursday = UUID(), sunday = UUID()
        let chosen = ChosenGroup(thursday)
        let results = PendingResults(journal: journal, unfinished: InMemoryUnfinishedMatches(), service: service, server: server,
                                     sessionStore: sessions,
                                     chosenGroup: { chosen.group }, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        service.saveError = .unreachable("Cannot reach the server")
        let match = record(2, 2)
        _ = try await results.keep(match, names: [:])
        XCTAssertEqual(journal.entries.last?.groupID, thursday, "kept with the group it was played for")

        // Another group is chosen before the server is back: each result still goes to its own.
        chosen.group = sunday
        service.saveError = nil
        let uploaded = await results.uploadAll()
        XCTAssertEqual(uploaded, 2)
        XCTAssertEqual(service.saves.last?.id, match.id)
        XCTAssertTrue(journal.entries.isEmpty)
        XCTAssertEqual(service.savedToGroups.suffix(2), [ana.userID, thursday],
                       "a result from before groups goes to the account's own group; the new one to Thursday's")
    }

    func testAnExpiredSessionKeepsTheResultForAfterLogin() async throws {
        let results = makeResults()
        service.saveError = .unauthorized("Your session has expired")

        let kept = try await results.keep(record(1, 0), names: [:])

        XCTAssertEqual(kept, .keptOnThisComputer(.unauthorized("Your session has expired")))
        XCTAssertEqual(journal.entries.count, 1)
    }

    func testABusyOrFailingServerIsTriedAgainLater() async throws {
        for error in [ServiceError.rejected(status: 503, reason: "busy"), .rejected(status: 429, reason: "slow down"),
                      .invalidResponse("a proxy's error page")] {
            let results = makeResults()
            service.saveError = error

            let kept = try await results.keep(record(1, 0), names: [:])

            XCTAssertEqual(kept, .keptOnThisComputer(error))
            XCTAssertEqual(journal.entries.count, 1, "\(error)")
        }
    }

    func testAResultTheServerRefusesIsNotKeptAndTheReasonComesBack() async {
        let results = makeResults()
        let match = record(1, 0)
        service.refusals = [match.id: .rejected(status: 404, reason: "player not found")]

        do {
            _ = try await results.keep(match, names: [:])
            XCTFail("a refusal is the match screen's to show")
        } catch {
            XCTAssertEqual(error as? ServiceError, .rejected(status: 400, reason: "player not found"))
        }
        XCTAssertEqual(journal.entries, [], "the match screen still has it; the user decides")
    }

    func testWhenTheJournalCannotBeWrittenTheServerStillTakesIt() async throws {
        let results = makeResults()
        journal.failure = PrivateFileError(path: "/full/disk", code: ENOSPC)

        let kept = try await results.keep(record(1, 0), names: [:])

        XCTAssertEqual(kept, .uploaded)
        XCTAssertEqual(service.saves.count, 1)
        XCTAssertEqual(results.journalProblem, "Results cannot be kept on this computer: cannot write /full/disk: No space left on device",
                       "the next result would not be kept if the server were down: the user is told")
    }

    func testWhenNeitherTheJournalNorTheServerTakesItTheMatchStays() async {
        let results = makeResults()
        journal.failure = PrivateFileError(path: "/full/disk", code: ENOSPC)
        service.saveError = .unreachable("Cannot reach the server")

        do {
            _ = try await results.keep(record(1, 0), names: [:])
            XCTFail("nothing kept it")
        } catch {
            XCTAssertEqual(error as? ServiceError, .unreachable("Cannot reach the server"))
        }
        XCTAssertEqual(results.count, 0, "not claimed as kept")
        XCTAssertTrue(results.journalProblem?.contains("No space left on device") == true, results.journalProblem ?? "")

        journal.failure = nil
        _ = try? await results.keep(record(2, 0), names: [:])
        XCTAssertNil(results.journalProblem, "the problem is forgotten once the journal works again")
    }

    func testKeepingTheSameMatchTwiceJournalsItOnce() async throws {
        let results = makeResults()
        service.saveError = .unreachable("down")
        let match = record(1, 1)

        _ = try await results.keep(match, names: [:])
        _ = try await results.keep(match, names: [:])

        XCTAssertEqual(journal.entries.map(\.id), [match.id])
    }

    // MARK: Uploading

    func testWaitingResultsGoUpOldestFirstAndLeaveTheJournal() async {
        let first = record(1, 0), second = record(0, 2)
        let results = makeResults(entries: [pending(first), pending(second)])
        var changes: [Int] = []
        results.onChange = { changes.append($0) }

        let uploaded = await results.uploadAll()

        XCTAssertEqual(uploaded, 2)
        XCTAssertEqual(service.saves, [first, second], "in the order they were played")
        XCTAssertEqual(journal.entries, [])
        XCTAssertEqual(changes, [2])
    }

    func testAnUnreachableServerStopsTheRunAndKeepsTheOrder() async {
        let first = record(1, 0), second = record(0, 2)
        let results = makeResults(entries: [pending(first), pending(second)])
        service.saveError = .unreachable("down")

        let uploaded = await results.uploadAll()

        XCTAssertEqual(uploaded, 0)
        XCTAssertEqual(service.saves, [first], "the rest would fail alike")
        XCTAssertEqual(journal.entries.map(\.id), [first.id, second.id])
    }

    func testARefusedResultIsMarkedAndKeptWhileTheOthersGoUp() async {
        let refused = record(1, 0), fine = record(0, 2)
        let results = makeResults(entries: [pending(refused), pending(fine)])
        service.refusals = [refused.id: .rejected(status: 404, reason: "player not found")]

        let uploaded = await results.uploadAll()

        XCTAssertEqual(uploaded, 1)
        XCTAssertEqual(service.saves, [refused, fine])
        XCTAssertEqual(journal.entries.map(\.id), [refused.id], "kept until the user discards it")
        XCTAssertEqual(journal.entries.first?.refusal, "player not found")

        results.discard(refused.id)
        XCTAssertEqual(journal.entries, [])
        XCTAssertEqual(results.count, 0)
    }

    func testOnlyTheLoggedInAccountsResultsAreCountedAndSentByWhicheverAddress() async {
        let mine = record(1, 0), theirs = record(2, 0), mineByAnotherAddress = record(3, 0)
        let results = makeResults(entries: [pending(theirs, for: other), pending(mine),
                                            pending(mineByAnotherAddress, server: "http://127.0.0.1:8080/old-http-address")])

        XCTAssertEqual(results.count, 2)
        await results.uploadAll()

        XCTAssertEqual(service.saves, [mine, mineByAnotherAddress], "the account's id is its server's: the address may change")
        XCTAssertEqual(journal.entries.map(\.id), [theirs.id], "kept for its own account")
    }

    func testLoggedOutNothingIsCountedOrSent() async {
        let results = makeResults(entries: [pending(record(1, 0))], session: nil)

        XCTAssertEqual(results.count, 0)
        let uploaded = await results.uploadAll()
        XCTAssertEqual(uploaded, 0)
        XCTAssertEqual(service.saves, [])
    }

    func testTwoRunsAtOnceSendEachResultOnce() async {
        let first = record(1, 0), second = record(0, 2)
        let results = makeResults(entries: [pending(first), pending(second)])
        var secondRun: Task<Int, Never>?
        service.duringCall = {
            guard secondRun == nil else { return }
            // A second run asked for while the first is sending: it waits for the first.
            secondRun = Task { await results.uploadAll() }
        }

        let firstUploaded = await results.uploadAll()
        let secondUploaded = await secondRun?.value

        XCTAssertEqual(service.saves, [first, second])
        XCTAssertEqual(firstUploaded, 2)
        XCTAssertEqual(secondUploaded, 0, "nothing left for the second run")
    }

    // MARK: Reading the journal

    func testAJournalThatWasSetAsideIsReported() {
        let journal = SetAsideJournal()
        let results = PendingResults(journal: journal, unfinished: InMemoryUnfinishedMatches(), service: StubGatherService(), server: server,
                                     sessionStore: InMemorySessionPersistence(session: ana))

        XCTAssertEqual(results.journalProblem,
                       "The saved results file could not be read; it was kept as /config/pending-results.json.unreadable-1")
    }

    private struct SetAsideJournal: ResultJournal {
        func load() -> JournalContents {
            JournalContents(entries: [], setAside: "/config/pending-results.json.unreadable-1")
        }
        func update(_ change: ([PendingResult]) -> [PendingResult]) throws -> [PendingResult] { change([]) }
        var location: String { "/config/pending-results.json" }
    }
    // MARK: Times and refusals

    func testAResultKeptByAnOlderClientIsDatedWhenItWasSavedNotWhenItUploads() async {
        let undated = GatherRecord(id: UUID(), assignments: [TeamAssignmentEntry(playerID: 1, team: .teamA)],
                                   result: GatherResult(score: Score(teamA: 1, teamB: 0) ?? .goalless))
        let results = makeResults(entries: [pending(undated)])

        await results.uploadAll()

        XCTAssertEqual(service.saves.map(\.createdAt), [Date(timeIntervalSince1970: 1_700_000_000)], "savedAt, not the upload's now")
        XCTAssertEqual(service.saves.map(\.endedAt), [Date(timeIntervalSince1970: 1_700_000_000)])
    }

    func testARefusalNamingPlayersIsKeptWithThemAndTheRestGoesUpWhenFixed() async throws {
        let match = record(3, 1)
        let results = makeResults(entries: [pending(match)])
        service.refusals = [match.id: .unknownPlayers(ids: [2], reason: "player 2 not found; nothing was saved")]

        await results.uploadAll()

        let refused = try XCTUnwrap(results.pending.first)
        XCTAssertEqual(refused.refusal, "player 2 not found; nothing was saved")
        XCTAssertEqual(refused.unknownPlayers, [2])
        XCTAssertEqual(journal.entries.first?.unknownPlayers, [2], "on disk too")
        service.refusals = [:]

        let uploaded = await results.uploadWithoutUnknownPlayers(match.id)

        XCTAssertTrue(uploaded)
        XCTAssertEqual(service.saves.last?.assignments, [TeamAssignmentEntry(playerID: 1, team: .teamA)], "without player 2")
        XCTAssertEqual(service.saves.last?.result, match.result)
        XCTAssertEqual(service.saves.last?.createdAt, match.createdAt, "still dated when it was played")
        XCTAssertEqual(results.pending, [])
    }

    private func stopped(_ match: GatherRecord, remaining: Duration = .seconds(570)) -> StoppedMatch {
        StoppedMatch(record: match, names: [1: "Ana", 2: "Bruno"], duration: .seconds(600), remaining: remaining, kickedOff: true)
    }

    func testAResultTheServerHoldsInQuestionIsSaidToBeOne() async throws {
        let results = makeResults()
        let match = record(1, 1)
        let original = UUID()
        service.holdInQuestion(match.id, repeating: original)

        let kept = try await results.keep(match, names: [1: "Ana"])

        XCTAssertEqual(kept, .inQuestion(repeats: original))
        XCTAssertEqual(results.pending, [], "uploaded: nothing waits here")
        let other = try await results.keep(record(2, 0), names: [:])
        XCTAssertEqual(other, .uploaded, "another match is not")
    }

    func testAMatchLeftUnfinishedIsKeptApartAndNeverUploaded() async {
        let results = makeResults()
        let match = record(1, 0)

        XCTAssertNil(results.keepUnfinished(stopped(match)))

        XCTAssertEqual(journal.entries, [], "not a result waiting to upload")
        XCTAssertEqual(results.count, 0)
        await results.uploadAll()
        XCTAssertEqual(service.saves, [], "never sent by itself")
        XCTAssertEqual(results.unfinished.map(\.record), [match])
        XCTAssertEqual(results.unfinished.first?.remainingMilliseconds, 570_000)
        XCTAssertEqual(results.unfinished.first?.server, server)

        // Saved as it stands, it is a result and no longer unfinished.
        _ = try? await results.keep(match, names: [1: "Ana"])
        XCTAssertEqual(service.saves.map(\.id), [match.id])
        XCTAssertEqual(results.unfinished, [])
        XCTAssertEqual(unfinished.matches, [])
    }

    func testAnUnfinishedMatchIsOfferedOnlyToItsAccountAndGroupAndGoesWhenDiscarded() {
        let results = makeResults()
        let match = record(2, 2)
        XCTAssertNil(results.keepUnfinished(stopped(match)))
        try? sessions.save(Session(userID: UUID(), username: "cy", token: "other"))
        XCTAssertEqual(results.unfinished, [], "another account's")
        try? sessions.save(StubSessionService.session)
        XCTAssertEqual(results.unfinished.map(\.id), [match.id])

        results.forgetUnfinished(match.id)
        XCTAssertEqual(results.unfinished, [])
        XCTAssertEqual(unfinished.matches, [], "gone from the file too")
    }

    func testKeepingAnUnfinishedMatchSaysWhyWhenItCannotBeWritten() {
        let results = makeResults()
        unfinished.failure = PrivateFileError(path: "/full/unfinished-matches.json", code: ENOSPC)

        XCTAssertNotNil(results.keepUnfinished(stopped(record(1, 1))))
        XCTAssertEqual(unfinished.matches, [])
    }

    // MARK: Changes to saved matches

    private func saved(_ goalsA: Int, _ goalsB: Int) -> GatherWithPlayers {
        GatherWithPlayers(gather: Gather(id: UUID(), userID: ana.userID, result: GatherResult(score: Score(teamA: goalsA, teamB: goalsB) ?? .goalless),
                                         createdAt: Date(timeIntervalSince1970: 1_699_000_000), endedAt: Date(timeIntervalSince1970: 1_699_003_600)),
                          players: [GatherPlayer(player: Player(id: 1, name: "Ana"), team: .teamA),
                                    GatherPlayer(player: Player(id: 2, name: "Bruno"), team: .teamB)])
    }

    func testACorrectionGoesStraightUpWhenTheServerAnswers() async throws {
        let results = makeResults()
        let match = saved(2, 1)
        let corrected = GatherResult(score: Score(teamA: 2, teamB: 3) ?? .goalless)

        let kept = try await results.keepCorrection(of: match, to: corrected, goals: nil)

        XCTAssertEqual(kept, .uploaded)
        XCTAssertEqual(service.corrections, [match.gather.id: corrected])
        XCTAssertEqual(journal.entries, [])
    }

    func testACorrectionAndADeletionOfflineWaitInTheJournalAndGoUpInOrder() async throws {
        let results = makeResults()
        let (first, second) = (saved(2, 1), saved(0, 0))
        service.saveError = .unreachable("down")
        service.deleteError = .unreachable("down")
        let corrected = GatherResult(score: Score(teamA: 1, teamB: 1) ?? .goalless)

        let correction = try await results.keepCorrection(of: first, to: corrected, goals: nil)
        let deletion = try await results.keepDeletion(of: second)

        XCTAssertEqual(correction, .keptOnThisComputer(.unreachable("down")))
        XCTAssertEqual(deletion, .keptOnThisComputer(.unreachable("down")))
        XCTAssertEqual(journal.entries.map(\.kind), [.correction, .deletion])
        XCTAssertEqual(journal.entries.first?.record.result, corrected)
        XCTAssertEqual(journal.entries.first?.names, [1: "Ana", 2: "Bruno"], "History can show the teams meanwhile")

        service.saveError = nil
        service.deleteError = nil
        await results.uploadAll()

        XCTAssertEqual(service.corrections, [first.gather.id: corrected])
        XCTAssertEqual(service.deleted, [second.gather.id])
        XCTAssertEqual(journal.entries, [])
    }

    func testACorrectionThatMeetsSomeoneElsesWaitsBesideItUntilTheUserChooses() async throws {
        let results = makeResults()
        let match = saved(2, 1)
        let theirs = GatherResult(score: Score(teamA: 4, teamB: 1) ?? .goalless)
        service.history = [match]
        service.changeElsewhere(match.gather.id, to: theirs)
        let mine = GatherResult(score: Score(teamA: 2, teamB: 2) ?? .goalless)

        let kept = try await results.keepCorrection(of: match, to: mine, goals: nil)

        XCTAssertEqual(kept, .keptOnThisComputer(.rejected(status: 412, reason: "Someone else saved Team A 4 – 1 Team B for this match meanwhile")))
        XCTAssertEqual(service.corrections, [:], "theirs stands on the server")
        XCTAssertEqual(journal.entries.map(\.theirs), [theirs], "mine is kept here beside theirs")
        XCTAssertEqual(journal.entries.map(\.record.result), [mine])
        await results.uploadAll()
        XCTAssertEqual(service.corrections, [:], "a disputed correction waits for the user, not for the server")
        XCTAssertEqual(journal.entries.count, 1)

        await results.settle(match.gather.id, keepingMine: true)

        XCTAssertEqual(service.corrections, [match.gather.id: mine], "made against theirs, mine goes up")
        XCTAssertEqual(journal.entries, [])
    }

    func testTakingTheirsDropsTheDisputedCorrection() async throws {
        let results = makeResults()
        let match = saved(2, 1)
        service.history = [match]
        service.changeElsewhere(match.gather.id, to: GatherResult(score: .goalless))
        _ = try await results.keepCorrection(of: match, to: GatherResult(score: Score(teamA: 3, teamB: 1) ?? .goalless), goals: nil)

        await results.settle(match.gather.id, keepingMine: false)

        XCTAssertEqual(journal.entries, [])
        XCTAssertEqual(service.corrections, [:])
    }

    func testADisputedCorrectionSurvivesInTheJournalFile() throws {
        let mine = GatherResult(score: Score(teamA: 2, teamB: 2) ?? .goalless)
        var entry = PendingResult(record: record(2, 2).with(result: mine), server: server, userID: ana.userID,
                                  savedAt: Date(timeIntervalSince1970: 1_700_000_000), names: [:], change: .correction,
                                  seen: GatherResult(score: Score(teamA: 2, teamB: 1) ?? .goalless))
        entry.theirScore = "4-1"

        let read = try WireFormat.decoder().decode(PendingResult.self, from: WireFormat.encode(entry))

        XCTAssertEqual(read.seen, GatherResult(score: Score(teamA: 2, teamB: 1) ?? .goalless))
        XCTAssertEqual(read.theirs, GatherResult(score: Score(teamA: 4, teamB: 1) ?? .goalless))
        XCTAssertEqual(read, entry)
    }

    func testANewerChangeToTheSameMatchReplacesTheOlderOne() async throws {
        let results = makeResults()
        let match = saved(2, 1)
        service.saveError = .unreachable("down")
        service.deleteError = .unreachable("down")
        _ = try await results.keepCorrection(of: match, to: GatherResult(score: .goalless), goals: nil)
        _ = try await results.keepDeletion(of: match)

        XCTAssertEqual(journal.entries.map(\.kind), [.deletion], "deleted after all: the correction is moot")
    }

    func testCorrectingAWaitingResultChangesTheResultThatGoesUp() async throws {
        let match = record(1, 0)
        let results = makeResults(entries: [pending(match)])
        service.saveError = .unreachable("down")

        results.correctWaiting(match.id, to: GatherResult(score: Score(teamA: 1, teamB: 2) ?? .goalless))
        service.saveError = nil
        await results.uploadAll()

        XCTAssertEqual(service.saves.map(\.result.score.description), ["1-2"])
        XCTAssertEqual(service.corrections, [:], "one upload of the corrected result, not a result then a correction")
    }

    func testADeletionTheServerNoLongerNeedsCountsAsDone() async throws {
        let results = makeResults()
        service.deleteError = .rejected(status: 404, reason: "gather not found")

        let kept = try await results.keepDeletion(of: saved(1, 0))

        XCTAssertEqual(kept, .uploaded, "already gone")
        XCTAssertEqual(journal.entries, [])
    }

    func testAChangeToAMatchStillWaitingHereChangesOrDropsThatResult() async throws {
        let match = record(2, 0)
        let results = makeResults(entries: [pending(match)])
        service.saveError = .unreachable("down")
        service.deleteError = .unreachable("down")
        let stored = GatherWithPlayers(gather: Gather(id: match.id, userID: ana.userID, result: match.result,
                                                      createdAt: Date(timeIntervalSince1970: 1_699_990_000)), players: [])

        _ = try await results.keepCorrection(of: stored, to: GatherResult(score: Score(teamA: 2, teamB: 2) ?? .goalless), goals: nil)
        XCTAssertEqual(journal.entries.map(\.kind), [.result], "still one result, now 2-2")
        XCTAssertEqual(journal.entries.first?.record.result.score.description, "2-2")
        XCTAssertEqual(journal.entries.first?.record.assignments, match.assignments, "with its teams")

        _ = try await results.keepDeletion(of: stored)
        XCTAssertEqual(journal.entries, [], "never sent, so dropping it is the deletion")
    }

    func testWithoutAnAccountAChangeGoesStraightToTheServer() async throws {
        let results = makeResults(session: nil)
        let match = saved(1, 0)

        let kept = try await results.keepCorrection(of: match, to: GatherResult(score: .goalless), goals: nil)

        XCTAssertEqual(kept, .uploaded)
        XCTAssertEqual(service.corrections, [match.gather.id: GatherResult(score: .goalless)])
        XCTAssertEqual(journal.entries, [])
    }

    func testAMatchRefusedForPlayersDeletedMeanwhileStaysHereForTheUserToDecide() async throws {
        let results = makeResults()
        let match = record(2, 1)
        service.refusals = [match.id: .unknownPlayers(ids: [2], reason: "player 2 not found; nothing was saved")]

        let kept = try await results.keep(match, names: [1: "Ana", 2: "Bruno"])

        XCTAssertEqual(kept, .keptOnThisComputer(.unknownPlayers(ids: [2], reason: "player 2 not found; nothing was saved")))
        XCTAssertEqual(journal.entries.map(\.id), [match.id], "not dropped: History offers to upload it without Bruno")
        XCTAssertEqual(journal.entries.first?.unknownNames, ["Bruno"])
    }

    func testAScoreCorrectedWhileItsUploadIsUnderWayGoesUpAgain() async throws {
        let match = record(3, 2)
        let results = makeResults(entries: [pending(match)])
        let corrected = GatherResult(score: Score(teamA: 3, teamB: 3) ?? .goalless)
        service.duringCall = { results.correctWaiting(match.id, to: corrected) }

        await results.uploadAll()

        XCTAssertEqual(results.pending.map(\.record.result), [corrected], "the correction is not lost with the upload")
        service.duringCall = nil
        await results.uploadAll()
        XCTAssertEqual(service.saves.map(\.result), [match.result, corrected], "and goes up in its turn")
        XCTAssertEqual(results.pending, [])
    }
}

/// The group the app has chosen, as a test changes it.
@MainActor
private final class ChosenGroup {
    var group: UUID?
    init(_ group: UUID?) { self.group = group }
}
