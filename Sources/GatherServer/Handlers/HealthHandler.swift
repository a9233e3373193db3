import GatherCore
import HTTP
import Storage

/// `/health`: 200 when the database answers and its file is still the one opened and writable,
/// 503 otherwise (with the reason when it is one an operator can act on). For load balancers and
/// Docker.
enum HealthHandler {
    static func check(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        do {
            try context.database.ping()
            return .json(.ok, HealthStatus(status: "ok"))
        } catch let error where LoopReadGivenUp.covers(error) {
            // Not an answer about the database: the loop gave the check up (it would have waited).
            throw error
        } catch let problem as DatabaseFileProblem {
            return .json(.serviceUnavailable, HealthStatus(status: "unavailable", reason: problem.description))
        } catch {
            return .json(.serviceUnavailable, HealthStatus(status: "unavailable"))
        }
    }
}
