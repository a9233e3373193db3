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

    package init(service: any FixtureService, now: @escaping @Sendable () -> Date = Date.init) {
        self.service = service
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
                                        isEmpty: fixtures.isEmpty && !isLoading && problem == nil))
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
