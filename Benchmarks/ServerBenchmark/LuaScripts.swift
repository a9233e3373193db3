import Foundation

/// The wrk scripts of the scenarios, written into the run's directory.
struct LuaScripts {
    let directory: URL

    /// GET of the URL wrk is given, with the account's token (none for nil).
    func get(_ account: SeededAccount?) throws -> String {
        try write("get-\(account?.username ?? "anonymous")", """
            \(account.map { #"wrk.headers["Authorization"] = "\#($0.bearer)""# } ?? "")
            """)
    }

    func createPlayer(_ account: SeededAccount) throws -> String {
        try write("create-player", """
            wrk.method = "POST"
            wrk.body = '{"name":"Bench","age":20,"skill":"amateur","preferredPosition":"winger","favouriteTeam":"Team 1"}'
            wrk.headers["Content-Type"] = "application/json"
            wrk.headers["Authorization"] = "\(account.bearer)"
            """)
    }

    func updateScore(_ account: SeededAccount) throws -> String {
        try write("update-score", """
            wrk.method = "PUT"
            wrk.body = '{"score":"2-1","winnerTeam":"Team A"}'
            wrk.headers["Content-Type"] = "application/json"
            wrk.headers["Authorization"] = "\(account.bearer)"
            """)
    }

    /// Logins of the account from many addresses (the server trusts X-Forwarded-For here), so
    /// the per-address limits do not refuse them.
    func login(_ account: SeededAccount) throws -> String {
        let basic = Data("\(account.username):bench-password".utf8).base64EncodedString()
        return try write("login", """
            wrk.method = "POST"
            wrk.headers["Authorization"] = "Basic \(basic)"
            request = function()
                wrk.headers["X-Forwarded-For"] = "10." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(1, 254)
                return wrk.format(nil)
            end
            """)
    }

    /// Eight reads for two writes, of one account's roster and match: the list, one player, the
    /// match's players, the account; a player edited, the score saved. Nothing grows, so the
    /// reads stay the same size all along.
    func mix(_ account: SeededAccount) throws -> String {
        let gather = account.gatherID ?? ""
        let player = account.playerIDs[0]
        return try write("mix", """
            local token = "\(account.bearer)"
            local reads = { "/api/players", "/api/players", "/api/players/\(player)", "/api/gathers/\(gather)/players",
                            "/api/players", "/api/gathers/\(gather)/players", "/api/users/me", "/api/players/\(player)" }
            local counter = 0
            request = function()
                counter = counter + 1
                local slot = counter % 10
                local headers = { ["Authorization"] = token }
                if slot == 8 then
                    headers["Content-Type"] = "application/json"
                    return wrk.format("PUT", "/api/players/\(player)", headers,
                        '{"name":"Player 1","age":19,"skill":"amateur","preferredPosition":"defender","favouriteTeam":"Team 1"}')
                elseif slot == 9 then
                    headers["Content-Type"] = "application/json"
                    return wrk.format("PUT", "/api/gathers/\(gather)", headers, '{"score":"1-1","winnerTeam":"None"}')
                end
                return wrk.format("GET", reads[slot + 1], headers)
            end
            """)
    }

    private func write(_ name: String, _ script: String) throws -> String {
        let file = directory.appendingPathComponent("\(name).lua")
        try script.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}
