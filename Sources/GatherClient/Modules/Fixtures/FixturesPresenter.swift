import Foundation
import GatherDomain

/// What the Fixtures screen shows: the group's matches to come, soonest first, then the recent
/// past, each with its kick-off in its own zone and how many are in.
package struct FixturesViewState: Equatable, Sendable {
    package struct Row: Equatable, Sendable {
        package var id: Int
        /// "Thu 3 Dec 19:00", in the fixture's zone.
        package var kickOff: String
        package var place: String
        /// "8/10 in · 2 waiting".
        package var answers: String
        /// "open", "answers closed", "cancelled", "played".
        package var status: String
    }

    package var rows: [Row]
    /// The index in `rows` of the highlighted fixture.
    package var highlighted: Int?
    package var position: String
    package var isLoading: Bool
    package var problem: String?
    /// Loaded, and the group has no fixture.
    package var isEmpty: Bool
    /// `n`: a new fixture being set, with what it starts from.
    package var form: NewFixtureForm?
    package var isSaving = false
    /// What was just done.
    package var notice: String?
}

/// The new fixture's fields as typed: the kick-off in this computer's zone, how many places,
/// where, and whether it repeats every week.
package struct NewFixtureForm: Equatable, Sendable {
    package var kickOff: String
    package var places: String
    package var place: String
    package var weekly: Bool
    /// The zone the kick-off is read in ("Europe/Amsterdam").
    package var zone: String

    package init(kickOff: String, places: String, place: String, weekly: Bool, zone: String) {
        self.kickOff = kickOff
        self.places = places
        self.place = place
        self.weekly = weekly
        self.zone = zone
    }
}

@MainActor
package protocol FixturesView: Screen {
    func display(_ state: FixturesViewState)
}

@MainActor
package protocol FixturesPresenterDelegate: AnyObject {
    func fixtures(_ presenter: FixturesPresenter, didSelect fixture: Fixture)
}

/// The group's fixtures: Enter opens one, to see who's in and answer for a friend.
@MainActor
package final class FixturesPresenter {
    package weak var view: (any FixturesView)?
    package weak var delegate: (any FixturesPresenterDelegate)?
    private let service: any FixtureService
    private let now: @Sendable () -> Date
    private var fixtures: [Fixture] = []
    /// The fixture highlighted, by its id: it stays highlighted when the list reloads around it.
    private var highlightedID: Int?
    private var isLoading = false
    private var problem: String?
    private var form: NewFixtureForm?
    private var isSaving = false
    private var notice: String?
    /// The zone new fixtures are set in and their kick-off typed in.
    private let zone: TimeZone

    package init(service: any FixtureService, zone: TimeZone = .current, now: @escaping @Sendable () -> Date = Date.init) {
        self.service = service
        self.zone = zone
        self.now = now
    }

    package func viewDidLoad() async {
        await reload()
    }

    /// r: the fixtures as the server has them now.
    package func reload() async {
        isLoading = true
        problem = nil
        render()
        do {
            fixtures = try await service.schedule()
        } catch {
            problem = ServiceError(error).message
        }
        isLoading = false
        render()
    }

    package func move(by rows: Int) {
        guard !fixtures.isEmpty else { return }
        let index = fixtures.firstIndex { $0.id == highlightedID } ?? 0
        highlightedID = fixtures[max(0, min(fixtures.count - 1, index + rows))].id
        render()
    }

    /// Enter: the highlighted fixture, whole.
    package func openHighlighted() {
        guard let fixture = highlighted else { return }
        delegate?.fixtures(self, didSelect: fixture)
    }

    /// A fixture changed on its own screen (an answer, teams): its row follows.
    package func fixtureChanged(_ fixture: Fixture) {
        guard let index = fixtures.firstIndex(where: { $0.id == fixture.id }) else { return }
        fixtures[index] = fixture
        render()
    }

    /// n: a new fixture, starting from a week after the last one to come (its time, place and
    /// places), else blank.
    package func beginNew() {
        guard form == nil, !isSaving else { return }
        let time = KickOffTime(timeZone: zone)
        let latest = fixtures.filter { $0.startsAt > now() && $0.takesAnswers }.max { $0.startsAt < $1.startsAt }
        form = NewFixtureForm(kickOff: latest.map { time.string(from: $0.startsAt.addingTimeInterval(7 * 86_400)) } ?? "",
                              places: latest.map { String($0.places) } ?? "10", place: latest?.place ?? "", weekly: false,
                              zone: zone.identifier)
        problem = nil
        notice = nil
        render()
    }

    /// Esc on the form: nothing is made. False when there was no form.
    package func cancelNew() -> Bool {
        guard form != nil, !isSaving else { return false }
        form = nil
        problem = nil
        render()
        return true
    }

    /// Enter on the form: the fixture as typed, checked here first so the reason names the field.
    package func submitNew(_ typed: NewFixtureForm) async {
        guard form != nil, !isSaving else { return }
        form = typed
        guard let startsAt = KickOffTime(timeZone: zone).date(reading: typed.kickOff) else {
            return refuse("Kick-off is a date and time, like 2026-12-03 19:00 (in \(zone.identifier))")
        }
        guard startsAt > now() else { return refuse("Kick-off \(typed.kickOff) is in the past: a fixture is a match to come") }
        guard let places = Int(typed.places.trimmingCharacters(in: .whitespaces)), FixtureRules.places.contains(places) else {
            return refuse("Places is how many play, from \(FixtureRules.places.lowerBound) to \(FixtureRules.places.upperBound)")
        }
        let place = typed.place.trimmingCharacters(in: .whitespaces)
        isSaving = true
        problem = nil
        render()
        do {
            let made = try await service.create(NewFixture(startsAt: startsAt, timeZone: zone, place: place.isEmpty ? nil : place, places: places,
                                                           repeatsWeekly: typed.weekly))
            form = nil
            notice = (typed.weekly ? "Weekly from " : "Fixture made: ") + KickOffTime(fixture: made).short(from: made.startsAt, now: now())
                + ", \(made.places) places. Enter opens it, to hand out the links"
            isSaving = false
            await reload()
            highlightedID = made.id
        } catch {
            problem = ServiceError(error).message
            isSaving = false
        }
        render()
    }

    private func refuse(_ reason: String) {
        problem = reason
        render()
    }

    private var highlighted: Fixture? {
        fixtures.first { $0.id == highlightedID } ?? fixtures.first
    }

    private func render() {
        let index = highlighted.flatMap { fixture in fixtures.firstIndex { $0.id == fixture.id } }
        highlightedID = index.map { fixtures[$0].id }
        let now = now()
        let rows = fixtures.map { fixture in
            FixturesViewState.Row(id: fixture.id, kickOff: KickOffTime(fixture: fixture).short(from: fixture.startsAt, now: now),
                                  place: fixture.place ?? "", answers: fixture.answersSummary, status: fixture.status.words)
        }
        view?.display(FixturesViewState(rows: rows, highlighted: index, position: index.map { "\($0 + 1)/\(fixtures.count)" } ?? "",
                                        isLoading: isLoading, problem: problem,
                                        isEmpty: fixtures.isEmpty && !isLoading && problem == nil, form: form, isSaving: isSaving,
                                        notice: notice))
    }
}

extension FixtureStatus {
    /// As a list says it.
    package var words: String {
        switch self {
        case .open: "open"
        case .closed: "answers closed"
        case .cancelled: "cancelled"
        case .played: "played"
        }
    }
}
