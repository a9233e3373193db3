import GatherWire
import HTTP
import Storage

/// `/health`: 200 `ok` when the database answers and its file is still the one opened and
/// writable; 200 `degraded`, with the reason, when it answers but its writes fail for the storage
/// (a full disk): reads go on, and restarting would not help, so a probe that reads only the status
/// keeps the server; 503 when it cannot serve (with the reason when it is one an operator can act
/// on). For load balancers, Docker and Kubernetes.
enum HealthHandler {
    static func check(_ context: RequestContext<LoopReads>) throws -> HTTPResponse {
        do {
            try context.database.ping()
            if let trouble = context.database.writeTrouble {
                return .json(.ok, HealthStatus(status: "degraded", reason: trouble.description))
            }
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
