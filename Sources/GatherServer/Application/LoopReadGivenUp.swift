import Storage

/// A request an event loop took and then gave back to the workers, having answered nothing: its
/// read on the loop's connection would have had to wait (the file was locked) or ran past the
/// loop's budget. Reads change nothing, so the workers simply run it again.
struct LoopReadGivenUp: Error {
    /// Whether `error`, thrown on a loop before any answer, means the request belongs on a worker.
    static func covers(_ error: any Error) -> Bool {
        switch error {
        case is LoopReadGivenUp, is ReadBudgetExceeded: return true
        case let error as SQLiteError: return error.isBusy
        default: return false
        }
    }
}
