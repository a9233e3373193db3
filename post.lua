wrk.method = "POST"
wrk.body = '{"name":"Bench","age":20,"skill":"amateur","preferredPosition":"winger","favouriteTeam":"Team 1"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer 8PPU162n2zANqRIYwZbz3VnD2IXyYB6_IbRdZLNUBDk"
