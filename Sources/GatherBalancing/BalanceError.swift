/// Why no split can satisfy the request, in words for the organiser.
package enum BalanceError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooFewPlayers
    case tooManyPlayers(Int)
    /// A pin or a keep-apart pair names a player who is not among those being split.
    case unknownPlayer(Int)
    /// Pins and keep-apart pairs (and the goalkeeper and size rules) cannot all hold.
    case impossible(String)
    /// More independent keep-apart groups than the search takes.
    case tooManyKeepApartGroups(Int)

    package var description: String {
        switch self {
        case .tooFewPlayers: return "at least 2 players are needed to make two teams"
        case .tooManyPlayers(let count): return "\(count) players is more than the \(TeamBalancer.maximumPlayers) teams can be balanced for"
        case .unknownPlayer(let id): return "player \(id) is not among the players to split"
        case .impossible(let reason): return reason
        case .tooManyKeepApartGroups(let count):
            return "\(count) separate keep-apart groups is more than \(TeamBalancer.maximumKeepApartGroups); join or drop some"
        }
    }
}
