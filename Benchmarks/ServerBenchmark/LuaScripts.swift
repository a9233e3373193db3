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

    /// Friends answering from their personal links (`POST /p/<token>/fixtures/<id>/answer`, a form's
    /// `answer=in|out`), each wrk thread walking its own share of the links in turn: every link is
    /// used once before any is used again, so the uses per link are even and no link has two
    /// answers in flight (a thread's connections are far fewer than its links). A link's `round`-th
    /// use answers `in` (even rounds) or `out` (odd) for one fixture of its group, two rounds on the
    /// same fixture, then the other half of the fixtures: with `fixtures.count / 2` fixtures
    /// answered at a time, twice as many friends as places ask for each of them (20 for 10 places
    /// when 1,000 friends share 100 fixtures), so `in` also joins a waiting list and `out` promotes
    /// from it. The statuses seen and the most answers one link gave are written at the end
    /// (`status 303 12345`, `most-per-link 23`) for `AnswersScenario` to read.
    /// `groups`: per group, its friends' link tokens and its fixtures' ids.
    func answers(groups: [(tokens: [String], fixtures: [Int])], threads: Int, name: String = "answers") throws -> String {
        let tokens = groups.flatMap { group in group.tokens.map { "\"\($0)\"" } }
        let fixtures = groups.map { group in "{" + group.fixtures.map(String.init).joined(separator: ",") + "}" }
        // Each link's group (1-based) and its place among the group's friends (0-based).
        let owners = groups.enumerated().flatMap { index, group in group.tokens.indices.map { "{\(index + 1),\($0)}" } }
        return try write(name, """
            local tokens = {\(tokens.joined(separator: ","))}
            local fixtures = {\(fixtures.joined(separator: ",\n"))}
            local owners = {\(owners.joined(separator: ","))}
            local threadCount = \(max(1, threads))
            local threads = {}
            function setup(thread)
                table.insert(threads, thread)
                thread:set("id", #threads)
            end
            local mine = {}
            sent = 0
            links = 0
            statuses = {}
            function init(args)
                for index = id, #tokens, threadCount do table.insert(mine, index) end
                links = #mine
                wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
            end
            function request()
                local round = math.floor(sent / #mine)
                local link = mine[sent % #mine + 1]
                sent = sent + 1
                local group, friend = owners[link][1], owners[link][2]
                local list = fixtures[group]
                local half = math.floor(#list / 2)
                local fixture = list[friend % half + half * (math.floor(round / 2) % 2) + 1]
                local body = (round % 2 == 0) and "answer=in" or "answer=out"
                return wrk.format("POST", "/p/" .. tokens[link] .. "/fixtures/" .. fixture .. "/answer", nil, body)
            end
            function response(status, headers, body)
                statuses[status] = (statuses[status] or 0) + 1
            end
            function done(summary, latency, requests)
                local total, most = {}, 0
                for _, thread in ipairs(threads) do
                    for status, count in pairs(thread:get("statuses")) do total[status] = (total[status] or 0) + count end
                    local count, links = thread:get("sent"), thread:get("links")
                    if links > 0 then most = math.max(most, math.ceil(count / links)) end
                end
                for status, count in pairs(total) do io.write("status ", status, " ", count, "\\n") end
                io.write("most-per-link ", most, "\\n")
            end
            """)
    }

    private func write(_ name: String, _ script: String) throws -> String {
        let file = directory.appendingPathComponent("\(name).lua")
        try script.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}
