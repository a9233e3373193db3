extension QRCode {
    /// Why no symbol could be made.
    package enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// More bytes than version 40, the largest symbol, holds at this correction level.
        case tooLong(byteCount: Int, capacity: Int, correction: Correction)

        package var description: String {
            switch self {
            case .tooLong(let byteCount, let capacity, let correction):
                "\(byteCount) bytes do not fit in a QR code: the largest holds \(capacity) at correction level \(correction)"
            }
        }
    }
}
