import Foundation

/// The file `gather import` reads, a piece at a time: a file of any size is read in pieces of
/// `pieceSize` bytes, never held whole. Standard input (`-`) is read the same way.
struct ImportFile {
    static let pieceSize = 64 * 1024

    private let handle: FileHandle
    let path: String

    /// Opens `path` (`-`: standard input); a directory or a file that cannot be opened is refused
    /// with the reason.
    init(path: String) throws {
        self.path = path
        if path == "-" {
            handle = FileHandle.standardInput
            return
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw ImportFile.unreadable(path, errno) }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw CommandFailure(code: .refused, message: "cannot read \(path): it is a directory")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ImportFile.unreadable(path, errno) }
        self.handle = handle
    }

    /// Hands every piece to `body` in order, the last with `final` true (an empty file: one empty
    /// final piece). A piece is `pieceSize` bytes but the last, so its first holds a byte-order mark.
    func forEachPiece(_ body: (_ piece: [UInt8], _ final: Bool) throws -> Void) throws {
        var piece = try fill()
        while true {
            guard piece.count == ImportFile.pieceSize else { return try body(piece, true) }
            let next = try fill()
            if next.isEmpty { return try body(piece, true) }
            try body(piece, false)
            piece = next
        }
    }

    /// The next `pieceSize` bytes, fewer only at the end (a pipe hands over less at a time).
    private func fill() throws -> [UInt8] {
        var piece: [UInt8] = []
        piece.reserveCapacity(ImportFile.pieceSize)
        while piece.count < ImportFile.pieceSize {
            let read: Data?
            do {
                read = try handle.read(upToCount: ImportFile.pieceSize - piece.count)
            } catch {
                throw CommandFailure(code: .refused, message: "cannot read \(path): \(error.localizedDescription)")
            }
            guard let read, !read.isEmpty else { break }
            piece.append(contentsOf: read)
        }
        return piece
    }

    private static func unreadable(_ path: String, _ code: Int32) -> CommandFailure {
        CommandFailure(code: .refused, message: "cannot read \(path): \(String(cString: strerror(code)))")
    }
}
