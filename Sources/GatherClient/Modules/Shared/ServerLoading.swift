/// A presenter whose screen loads from the server: the load shows while it is on its way, and
/// what went wrong with it shows after, until the next load.
@MainActor
protocol ServerLoading: AnyObject {
    var isLoading: Bool { get set }
    /// What the screen says went wrong; a load clears it.
    var problem: String? { get set }
    func render()
}

extension ServerLoading {
    /// Shows the load under way, runs `work`, then shows how it ended: `failed` says what went
    /// wrong (by default the service's own words), and may fall back on what is kept here.
    func load(_ work: () async throws -> Void, failed: (ServiceError) -> String = { $0.message }) async {
        isLoading = true
        problem = nil
        render()
        do {
            try await work()
        } catch {
            problem = failed(ServiceError(error))
        }
        isLoading = false
        render()
    }
}

extension HistoryPresenter: ServerLoading {}
extension LeaderboardPresenter: ServerLoading {}
extension PlayerListPresenter: ServerLoading {}
extension GroupsPresenter: ServerLoading {}
extension ShareLinksPresenter: ServerLoading {}
