/// A friend's answer to "who's in?" for one fixture.
package enum Attendance: String, Hashable, Sendable, CaseIterable, Codable {
    case `in`
    case out
    case maybe
}
