package enum NetworkError: Error, Equatable, CustomStringConvertible {
    case addressResolution(host: String, reason: String)
    case unsupportedAddressFamily

    package var description: String {
        switch self {
        case let .addressResolution(host, reason): return "cannot resolve \(host): \(reason)"
        case .unsupportedAddressFamily: return "unsupported address family"
        }
    }
}
