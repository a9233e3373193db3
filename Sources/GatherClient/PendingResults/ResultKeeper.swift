import Foundation


/// Where a finished match goes when the organiser saves it.
@MainActor
package protocol ResultKeeper: AnyObject {
    /// Keeps the result: on the server if it answers, else on this computer until it does.
    /// Throws only when neither took it (the match screen then stays, with the reason).
    /// `names` are the players' names, to show the teams while the result waits.
    func keep(_ record: GatherRecord, names: [Int: String]) async throws -> KeptResult
    /// Keeps a match left before its end on this computer, as it stood (the app is leaving at
    /// once): never uploaded, offered at the next start to resume, save or discard. Returns why
    /// it could not be kept, or nil.
    func keepUnfinished(_ match: StoppedMatch) -> String?
    /// The unfinished match `id` is done with: saved as a result, or discarded.
    func forgetUnfinished(_ id: UUID)
}

/// Where a saved result ended up.
package enum KeptResult: Equatable, Sendable {
    /// The server acknowledged it.
    case uploaded
    /// The server acknowledged it and holds it in question: it repeats `repeats` (the same match
    /// saved from another computer), and counts nowhere until someone deletes one of the two or
    /// an owner says both were played.
    case inQuestion(repeats: UUID)
    /// In the journal on this computer; it is uploaded when the server answers again (after a
    /// new login if the session had expired).
    case keptOnThisComputer(ServiceError)
}
