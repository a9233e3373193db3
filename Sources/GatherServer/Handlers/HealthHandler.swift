import GatherCore
import HTTP

/// `/health`: 200 when the database answers, 503 otherwise. For load balancers and Docker.
enum HealthHandler {
    static func check(_ context: RequestContext) throws -> HTTPResponse {
        do {
            try context.services.database.ping()
            return .json(.ok, HealthStatus(status: "ok"))
        } catch {
            return .json(.serviceUnavailable, HealthStatus(status: "unavailable"))
        }
    }
}
