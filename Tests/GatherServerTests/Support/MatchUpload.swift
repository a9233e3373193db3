import Foundation
import XCTest

extension APIClient {
    /// Saves an ended match whole, with both sides and the day it was played, as `gather` uploads
    /// one (the winner follows from the score); the gather's id.
    @discardableResult
    func saveMatch(_ score: String, on date: String, teamA: [Int], teamB: [Int], goals scored: [[String: Any]]? = nil,
                   file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let sides = teamA.map { ["id": $0, "team": "Team A"] as [String: Any] } + teamB.map { ["id": $0, "team": "Team B"] as [String: Any] }
        let goals = score.split(separator: "-").compactMap { Int($0) }
        let winner = goals[0] > goals[1] ? "Team A" : goals[0] < goals[1] ? "Team B" : "None"
        var body: [String: Any] = ["score": score, "winnerTeam": winner, "createdAt": date, "players": sides]
        if let scored { body["goals"] = scored }
        let saved = try request(.post, "/api/gathers", json: body)
        XCTAssertEqual(saved.status, 201, saved.text, file: file, line: line)
        return try XCTUnwrap(saved.jsonObject()["id"] as? String, file: file, line: line)
    }
}
