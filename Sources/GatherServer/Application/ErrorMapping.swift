import GatherText
import GatherWire
import HTTP
import Storage

/// The one place where errors become responses. Anything unexpected is a 500 whose details go to
/// the log, never to the client.
enum ErrorMapping {
    static func response(for error: any Error, log: ServerLog) -> HTTPResponse {
        let problem = problem(for: error, log: log)
        return .json(problem.status, ErrorBody(reason: problem.reason, playerIDs: problem.playerIDs), headers: problem.headers)
    }

    /// What went wrong, as a status and a reason in words, whatever form the answer takes (JSON
    /// for the API, a page for a friend).
    struct Problem {
        let status: HTTPStatus
        let reason: String
        var headers = HTTPHeaders()
        var playerIDs: [Int]? = nil
    }

    static func problem(for error: any Error, log: ServerLog) -> Problem {
        switch error {
        case let error as APIError:
            return Problem(status: error.status, reason: error.reason, headers: error.headers, playerIDs: error.playerIDs)
        case let error as ValidationError:
            return Problem(status: .badRequest, reason: error.reason)
        case let error as StorageError:
            switch error {
            case .conflict(let reason): return Problem(status: .conflict, reason: reason)
            }
        case let error as SQLiteError where error.isBusy:
            // Another process holds the database longer than the busy timeout: a retry will do.
            return Problem(status: .serviceUnavailable, reason: "the database is busy, try again", headers: [HTTPHeaders.Name.retryAfter: "1"])
        case let problem as DatabaseFileProblem:
            // Only the operator can fix this; the log says so once per write, as each is refused.
            log.error("write refused: \(problem)")
            return Problem(status: .serviceUnavailable, reason: "\(problem); nothing was saved")
        case let error as SQLiteError where error.isDiskFull:
            log.error("write refused: \(error)")
            return Problem(status: .insufficientStorage, reason: "the server's disk is full; nothing was saved, try again later",
                          headers: [HTTPHeaders.Name.retryAfter: "60"])
        case let error as SQLiteError where error.isUnwritable:
            log.error("write refused: \(error)")
            return Problem(status: .serviceUnavailable, reason: "the server cannot write its database; nothing was saved, try again later",
                          headers: [HTTPHeaders.Name.retryAfter: "60"])
        case let error as ReadBudgetExceeded:
            // The client chose a read this costly (a long history, a wide page): narrowing it helps, retrying soon may not.
            return Problem(status: .serviceUnavailable, reason: "this read took longer than the server allows (\(error.budget)); ask for less at once",
                          headers: [HTTPHeaders.Name.retryAfter: "5"])
        case is DatabasePoolError:
            return Problem(status: .serviceUnavailable, reason: "the server is shutting down", headers: [HTTPHeaders.Name.retryAfter: "5"])
        default:
            log.error("internal error: \(error)")
            return Problem(status: .internalServerError, reason: "internal server error")
        }
    }
}
