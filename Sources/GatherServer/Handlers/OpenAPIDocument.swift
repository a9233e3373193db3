// Generated from docs/openapi.yaml by docs/openapi-swift: edit the YAML, then run the script.

/// The API contract, served at `GET /openapi.yaml`.
enum OpenAPIDocument {
    static let yaml = ##"""
openapi: 3.1.0
info:
  title: Football Gather API
  version: 0.3.0
  description: >-
    The API of gather-server: the original Football Gather backend's routes and JSON fields, plus
    logout, the caller's account, health, history pages, records, the leaderboard, fair teams,
    share links, groups, API tokens for scripts (sent like a session's token, as Bearer), and
    fixtures: the next matches, weekly series, the friends' answers through their personal links,
    and calendars. Every error of /api is JSON in the original shape, {"error": true, "reason":
    "..."}; the pages of share and personal links (/s/, /p/) answer in HTML. Every resource is the
    caller's own: another account's player or gather answers 404. The server serves this document
    at GET /openapi.yaml.
servers:
  - url: http://127.0.0.1:8080
security:
  - bearer: []
paths:
  /health:
    get:
      summary: Whether the server and its database answer
      description: >-
        200 with status "ok"; 200 with status "degraded" and the reason when the database answers
        but its writes fail for the storage (a full disk, an unwritable file): reads go on and a
        restart would not help, so a liveness or readiness probe that reads the status code keeps
        the server, while `gather-server healthcheck` (Docker's check) reports it unhealthy and
        monitoring can alert on the body; 503 when it cannot serve.
      security: []
      responses:
        '200':
          description: Up (status ok, or degraded with the reason)
          content:
            application/json:
              schema: { $ref: '#/components/schemas/HealthStatus' }
        '503':
          description: The database does not answer
          content:
            application/json:
              schema: { $ref: '#/components/schemas/HealthStatus' }
  /openapi.yaml:
    get:
      summary: This document
      security: []
      responses:
        '200':
          description: The OpenAPI document
          content:
            application/yaml:
              schema: { type: string }
  /api/users:
    post:
      summary: Register an account
      security: []
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Credentials' }
      responses:
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/User' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '403': { $ref: '#/components/responses/Error' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Busy' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Delete the caller's account and everything it owns
      description: >-
        Every group the account is the only owner of closes with it when nobody else is in it, or
        when closeGroups is true; otherwise nothing is closed and the answer (409) names those
        groups, so that another member is made an owner first. No group is left without an owner.
      parameters:
        - name: closeGroups
          in: query
          required: false
          schema: { type: boolean }
          description: Close the groups the account is the only owner of, members or not
      responses:
        '204': { description: Deleted }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Error' }
        '409': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/users/login:
    post:
      summary: Log in with HTTP Basic credentials; answers a bearer token
      security:
        - basic: []
      responses:
        '200':
          description: Logged in
          content:
            application/json:
              schema: { $ref: '#/components/schemas/LoginToken' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '403': { description: The account is disabled on this server (said only after its password was right), content: { application/json: { schema: { $ref: '#/components/schemas/ErrorBody' } } } }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Busy' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/users/logout:
    post:
      summary: End the token this request is made with (a session, or an API token); every other token keeps working
      responses:
        '204': { description: Logged out }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/users/me:
    get:
      summary: The caller's account, with what it keeps against the server's limits
      responses:
        '200':
          description: The account
          content:
            application/json:
              schema: { $ref: '#/components/schemas/AccountSummary' }
        '401': { $ref: '#/components/responses/Unauthorized' }
  /api/users/me/password:
    put:
      summary: Change the caller's password (with a login session only)
      description: >-
        The current password is checked first (a wrong one is 403, and guesses are braked like
        logins: 429). Every other login session of the account ends; this one and the API tokens
        stay.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/PasswordChange' }
      responses:
        '204': { description: Changed }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/tokens:
    get:
      summary: The caller's API tokens, oldest first, without their secrets (the server keeps only digests)
      description: Expired tokens are listed until revoked. lastUsedAt may lag a few seconds.
      responses:
        '200':
          description: The tokens
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/APIToken' }
        '401': { $ref: '#/components/responses/Unauthorized' }
    post:
      summary: Make a named, long-lived token for scripts (with a login session only)
      description: >-
        The secret (token) is in this answer only; scripts send it as "Authorization: Bearer".
        A read token reads whatever its account may read, in every group of the account, and is
        refused (403) every change; a write token also changes what the account's role allows.
        No API token can make or revoke tokens, close the account, or change who belongs to a group
        or can see it: members, roles, invitations, share links, the group itself (403: log in). Logging out,
        or revoking another token, never touches it. Names are unique per account (409); at most
        50 tokens per account (403).
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/APITokenDraft' }
      responses:
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CreatedAPIToken' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '409': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/tokens/{id}:
    parameters:
      - $ref: '#/components/parameters/TokenID'
    delete:
      summary: Revoke an API token (with a login session only); the next request made with it is refused
      responses:
        '204': { description: Revoked }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/players:
    get:
      summary: The caller's roster, by id
      responses:
        '200':
          description: The players
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Player' }
        '401': { $ref: '#/components/responses/Unauthorized' }
    post:
      summary: Add a player
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/PlayerDetails' }
      responses:
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Player' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/players/{id}:
    parameters:
      - $ref: '#/components/parameters/PlayerID'
    get:
      summary: One player
      responses:
        '200':
          description: The player
          headers:
            ETag: { description: "The version, for If-Match", schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Player' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    put:
      summary: Replace every attribute of a player
      description: >-
        With If-Match (the ETag of a read), only if nobody changed the player since: otherwise 412
        with the version now stored in ETag, and nothing is saved. Without it, as always.
      parameters:
        - $ref: '#/components/parameters/IfMatch'
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/PlayerDetails' }
      responses:
        '204':
          description: Replaced
          headers:
            ETag: { description: "The new version", schema: { type: string } }
        '412':
          description: Someone else changed the player since the version in If-Match; nothing was saved
          headers:
            ETag: { description: "The version stored now", schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ErrorBody' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Delete a player (one who played is retired, and stays in past gathers)
      responses:
        '204': { description: Deleted or retired }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/players/{id}/gathers:
    parameters:
      - $ref: '#/components/parameters/PlayerID'
    get:
      summary: The gathers a player was in, oldest first
      responses:
        '200':
          description: The gathers
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Gather' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '404': { $ref: '#/components/responses/NotFound' }
  /api/players/{id}/stats:
    parameters:
      - $ref: '#/components/parameters/PlayerID'
    get:
      summary: A player's record over ended gathers
      parameters:
        - $ref: '#/components/parameters/Season'
      responses:
        '200':
          description: The record
          content:
            application/json:
              schema: { $ref: '#/components/schemas/PlayerStats' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '404': { $ref: '#/components/responses/NotFound' }
  /api/players/{id}/link:
    parameters:
      - $ref: '#/components/parameters/PlayerID'
    get:
      summary: When a player's personal link was made and last used, without the link (the server keeps only its digest)
      description: >-
        lastUsedAt is when the friend last opened their page or answered through it (a chat app's
        preview of the link does not count); it may lag a few seconds.
      responses:
        '200':
          description: The link
          content:
            application/json:
              schema: { $ref: '#/components/schemas/PersonalLink' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    post:
      summary: Make a player's personal link, with which they answer for themselves without an account (with a login session only)
      description: >-
        The link (url) is in this answer only. It is the server's public address (--public-url)
        followed by path, or path alone when the server has none. A player has one link: making
        one replaces the last, which lets nobody in from the next request on (its open page
        included). No body. A player not on the roster is 404; an API token is refused (403: log
        in).
      responses:
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CreatedPersonalLink' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Revoke a player's personal link; its page answers 404 from the next request
      responses:
        '204': { description: Revoked }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { description: The player has no personal link, content: { application/json: { schema: { $ref: '#/components/schemas/ErrorBody' } } } }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/stats/leaderboard:
    get:
      summary: The roster ranked by win rate, then games, then goal difference (or by rating)
      parameters:
        - name: minGames
          in: query
          required: false
          schema: { type: integer, minimum: 1, maximum: 10000, default: 1 }
        - name: sort
          in: query
          required: false
          description: record (win rate, then games, then goal difference) or rating (highest first)
          schema: { type: string, enum: [record, rating], default: record }
        - $ref: '#/components/parameters/Season'
      responses:
        '200':
          description: The ranking
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/LeaderboardEntry' }
        '404': { description: The season named is not one of the group's, content: { application/json: { schema: { $ref: '#/components/schemas/ErrorBody' } } } }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/stats/scorers:
    get:
      summary: The top scorers' table
      description: >-
        The players on the roster who scored or made a goal in the group's counted matches (a
        score, not held in question): most goals first (own goals are nobody's), then assists,
        then fewer matches played, then name.
      parameters:
        - $ref: '#/components/parameters/Season'
      responses:
        '200':
          description: The table
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Scorer' }
        '404': { description: The season named is not one of the group's, content: { application/json: { schema: { $ref: '#/components/schemas/ErrorBody' } } } }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/seasons:
    get:
      summary: The group's seasons, the latest first (an ended one with its awards once frozen)
      responses:
        '200':
          description: The seasons
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Season' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
    post:
      summary: Name a season (organisers)
      description: >-
        Its days are counted in the group's time zone (the server's when the group names none),
        from the first day's midnight to the midnight after the last. At most 366 days; at most
        100 seasons a group (409).
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/SeasonDraft' }
      responses:
        '201':
          description: Made
          headers:
            Location: { description: The season's path, schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Season' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '409': { $ref: '#/components/responses/Error' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/seasons/{id}:
    parameters:
      - name: id
        in: path
        required: true
        schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    get:
      summary: One season; two days after it ended (and once no match of it has a man-of-the-match vote open), with its awards (worked out from its matches and frozen at the first read)
      responses:
        '200':
          description: The season
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Season' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Remove a season (organisers); its matches stay
      responses:
        '204': { description: Removed }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/balances:
    get:
      summary: Who owes what for the pitch (organisers), those who owe most first
      description: >-
        Every player on the roster, and one off it while their balance is not square. A balance
        is their payments minus their charges, in the smallest unit of the group's currency
        (settings' currency): positive is in credit. Charges follow from each played match's cost
        (its own, else its fixture's) and who played or held a place, so they add up to the costs
        exactly. Never for viewers.
      responses:
        '200':
          description: The balances
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Balance' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/balances/{playerId}:
    parameters:
      - name: playerId
        in: path
        required: true
        schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    get:
      summary: A player's account (organisers), newest line first
      responses:
        '200':
          description: Every charge and payment with the balance after it
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Account' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/payments:
    post:
      summary: Record a payment (organisers); a season pass is simply credit
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/PaymentDraft' }
      responses:
        '201':
          description: Recorded
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Payment' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/payments/{id}:
    parameters:
      - name: id
        in: path
        required: true
        schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    delete:
      summary: Take back a payment recorded by mistake (organisers)
      responses:
        '204': { description: Taken back }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/ratings:
    get:
      summary: Every player on the roster with their rating learned from results, highest first
      responses:
        '200':
          description: The ratings
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/RatedPlayer' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/teams/balance:
    post:
      summary: Two fair teams from the caller's players
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/BalanceRequest' }
      responses:
        '200':
          description: The split
          content:
            application/json:
              schema: { $ref: '#/components/schemas/BalanceResponse' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/gathers:
    get:
      summary: >-
        Without parameters, every gather oldest first (the original list); with any of status,
        limit, before, beforeId or include, a page newest first (by createdAt in whole seconds,
        then id). With beforeId a page holds exactly limit gathers after that one; with before
        alone, limit gathers of earlier seconds plus the rest of the last one's second (at most
        limit more). A full page has a Link to the next one
      parameters:
        - name: status
          in: query
          schema: { type: string, enum: [ended, unfinished] }
        - name: limit
          in: query
          schema: { type: integer, minimum: 1, maximum: 200, default: 50 }
        - name: before
          in: query
          schema: { type: string, format: date-time }
        - name: beforeId
          in: query
          description: >-
            The id of the last gather of the page before; alone it must be one of the caller's
            gathers (else 404), with before (its createdAt) it may have been deleted since
          schema: { type: string, format: uuid }
        - name: include
          in: query
          schema: { type: string, enum: [players] }
      responses:
        '200':
          description: The gathers (with include=players, each with its players)
          headers:
            Link:
              description: The next page (rel="next"), when this one is full
              schema: { type: string }
          content:
            application/json:
              schema:
                type: array
                items:
                  anyOf:
                    - $ref: '#/components/schemas/Gather'
                    - $ref: '#/components/schemas/GatherWithPlayers'
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
    post:
      summary: >-
        Create a gather; with an id already used by the caller, answers that gather (200), so a
        retried upload never makes two. With players, the whole match (gather, result, teams) is
        stored in one step, all or nothing, and answered with its players; sent again under the
        same id, the gather is made to hold exactly what was sent (200). Players deleted since they
        last played may be listed; ids that are not the caller's players refuse the whole match
        (404, playerIds lists them). Gather ids are per account: another account's gather with the
        same id is another gather. A new whole match sharing a player with an ended one at the same
        time is that match saved again (a second organiser's laptop, an import): it is stored, held
        in question with duplicateOf, and counts nowhere until settled. With fixtureId, the match
        is linked to the fixture it was played from, which its result marks played (a cancelled
        fixture, 409)
      requestBody:
        required: false
        content:
          application/json:
            schema: { $ref: '#/components/schemas/GatherDraft' }
      responses:
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema:
                anyOf:
                  - $ref: '#/components/schemas/Gather'
                  - $ref: '#/components/schemas/GatherWithPlayers'
        '200':
          description: This id was already the caller's gather
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema:
                anyOf:
                  - $ref: '#/components/schemas/Gather'
                  - $ref: '#/components/schemas/GatherWithPlayers'
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/Error' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/gathers/{id}:
    parameters:
      - $ref: '#/components/parameters/GatherID'
    get:
      summary: One gather
      responses:
        '200':
          description: The gather
          headers:
            ETag: { description: "The version, for If-Match", schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Gather' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    put:
      summary: Save a gather's result
      description: >-
        With If-Match (the ETag of a read), only if nobody changed the gather since: otherwise 412
        with the version now stored in ETag, and nothing is saved. Without it, as always. With
        goals, the match's goals become these (their score when none is sent; a sent score must
        agree, 400). Without goals the match keeps its goals, and a score they do not add up to
        is refused with 409, nothing changed; "goals": [] clears them.
      parameters:
        - $ref: '#/components/parameters/IfMatch'
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/GatherResultUpdate' }
      responses:
        '204':
          description: Saved
          headers:
            ETag: { description: "The new version", schema: { type: string } }
        '412':
          description: Someone else changed the gather since the version in If-Match; nothing was saved
          headers:
            ETag: { description: "The version stored now", schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ErrorBody' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Delete a gather (its players stay on the roster)
      responses:
        '204': { description: Deleted }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/gathers/{id}/duplicate:
    parameters:
      - $ref: '#/components/parameters/GatherID'
    delete:
      summary: Both matches were played (owners)
      description: >-
        A gather held in question as a repeat of another (`duplicateOf`: the same player at the
        same time, saved again) counts nowhere until this, or until one of the two is deleted.
        Idempotent: for a gather not held in question (any more) it changes nothing, 204 too.
      responses:
        '204': { description: It counts from now on }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/gathers/{id}/players:
    parameters:
      - $ref: '#/components/parameters/GatherID'
    get:
      summary: The gather's players and their teams, by player id
      responses:
        '200':
          description: The players
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/GatherPlayer' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
  /api/gathers/{id}/players/{playerId}:
    parameters:
      - $ref: '#/components/parameters/GatherID'
      - name: playerId
        in: path
        required: true
        schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    post:
      summary: Put a player in a gather, or move them to the other team
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/TeamAssignment' }
      responses:
        '200':
          description: The player's place
          content:
            application/json:
              schema: { $ref: '#/components/schemas/GatherMembership' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: >-
        Take a player out of a gather; a player deleted from the roster since keeps their place
        in the matches they played (409)
      responses:
        '204': { description: Taken out }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/gathers/{id}/man-of-the-match:
    parameters:
      - $ref: '#/components/parameters/GatherID'
    get:
      summary: Where the match's man-of-the-match vote stands
      description: >-
        While the vote is open only how many have voted shows, never who is ahead. Once it closed
        the most voted are the winners (ties share it; nobody without a vote). An organiser's
        choice is the winner over any vote.
      responses:
        '200':
          description: The vote or the choice
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ManOfTheMatch' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    put:
      summary: An organiser's choice of man of the match, over the players' vote
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/ManOfTheMatchChoice' }
      responses:
        '200':
          description: Chosen
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ManOfTheMatch' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: The organiser's choice taken back; the vote, if the match had one, decides again
      responses:
        '200':
          description: Where it stands now
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ManOfTheMatch' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/gathers/{id}/cost:
    parameters:
      - $ref: '#/components/parameters/GatherID'
    get:
      summary: What the match cost (organisers), its own or its fixture's
      responses:
        '200':
          description: The cost; null for none
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CostReading' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
    put:
      summary: What the match cost and how it is shared out (organisers)
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/MatchCost' }
      responses:
        '200':
          description: Set
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CostReading' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: No cost of its own (a match's fixture's cost counts again) (organisers)
      responses:
        '204': { description: Cleared }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/fixtures:
    get:
      summary: >-
        A page of the group's fixtures: those to come first, soonest first, then past ones, latest
        first. A full page has a Link to the next one
      description: Any query parameter besides limit and offset is refused (400).
      parameters:
        - name: limit
          in: query
          schema: { type: integer, minimum: 1, maximum: 100, default: 20 }
        - name: offset
          in: query
          description: How many fixtures of the list to skip
          schema: { type: integer, minimum: 0, maximum: 100000, default: 0 }
      responses:
        '200':
          description: The fixtures
          headers:
            Link:
              description: The next page (rel="next"), when this one is full
              schema: { type: string }
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Fixture' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
    post:
      summary: Set up a match the group means to play, for its players to answer "who's in?"
      description: >-
        Kick-off is in the future, at most 400 days ahead, set in the time zone named (without one,
        the group's from its settings, else the server's). Answers close two hours before kick-off
        unless answersCloseAt says when (no later than kick-off); answers given after that still
        count, marked late. With "repeat": "weekly" it starts a series: the same local time every
        week, across summer time, each occurrence made aheadDays before its kick-off with the
        regular players answered in (the answer is the first occurrence, with its seriesId; GET
        /api/fixture-series/{id}). At most 120 fixtures to come per group (403).
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/FixtureDraft' }
      responses:
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Fixture' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/fixtures/{id}:
    parameters:
      - $ref: '#/components/parameters/FixtureID'
    get:
      summary: One fixture, with its answers and their counts
      responses:
        '200':
          description: The fixture
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Fixture' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    patch:
      summary: Change a fixture; only what the body names changes
      description: >-
        null clears place, mapLink, minimum or cost. A kick-off moved takes a closing time left at
        its default (two hours before) with it, unless the body sets one; a new kick-off or closing
        time follows the rules of a new fixture, and minimum stays within the places. More places
        go to those waiting, in order. status cancelled cancels, open takes a cancellation back. A
        played fixture keeps what happened (409). Answers the fixture as changed.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/FixtureChange' }
      responses:
        '200':
          description: Changed
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Fixture' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Cancel a fixture; it stays, cancelled, for friends and calendars to see, and takes no more answers
      description: >-
        Not a deletion: GET still answers it, with status cancelled (PATCH with status open takes
        it back). Cancelling a cancelled fixture changes nothing (204); a played one keeps what
        happened (409).
      responses:
        '204': { description: Cancelled }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/fixtures/{id}/cost:
    parameters:
      - $ref: '#/components/parameters/FixtureID'
    put:
      summary: What the fixture costs, charged once its match is played (organisers)
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/MatchCost' }
      responses:
        '200':
          description: Set
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CostReading' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: No cost (organisers)
      responses:
        '204': { description: Cleared }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/fixtures/{id}/answers/{playerId}:
    parameters:
      - $ref: '#/components/parameters/FixtureID'
      - name: playerId
        in: path
        required: true
        schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    put:
      summary: Answer for a player (what they said at the pitch, or in the chat)
      description: >-
        Places go to "in" answers in the order they came, the rest wait in that order, and a place
        freed goes to the first waiting at once; the same answer again changes nothing. After
        answers close an answer still counts, marked late. A fixture unknown, or a player not on
        the roster, is 404; a cancelled or played fixture takes no answers (409). Answers the
        fixture.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/AnswerChoice' }
      responses:
        '200':
          description: Answered
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Fixture' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/fixtures/{id}/teams:
    parameters:
      - $ref: '#/components/parameters/FixtureID'
    put:
      summary: Publish teams made of the players holding places, for every friend to see
      description: >-
        {"balance": true} balances them as POST /api/teams/balance would (the ratings once they
        are trusted, else the declared skill; a seed tries another fair split); or the teams
        themselves, which must hold exactly the players holding places (400 naming those missing
        or extra). Guests are on no team. Published again, they replace the last; a player who
        drops out leaves their spot to whoever is promoted, on the short side. Teams need two
        players holding places, and a fixture that is neither cancelled nor played (409); someone
        answering while they are made is 409 too (publish again). Answers the fixture with its
        teams.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/TeamsChoice' }
      responses:
        '200':
          description: Published
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Fixture' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/fixtures/{id}/teams/suggestion:
    parameters:
      - $ref: '#/components/parameters/FixtureID'
    delete:
      summary: Keep teams a drop-out changed as they are
      description: >-
        After a drop-out the player who moved up takes the free spot, and teams.changedAt says
        when; while it is set, a fixture read by its organisers carries teams.suggestion, one or
        two swaps that make the split fairer (none when it is as fair as that). Publishing the
        teams again (with the swaps made, or any others) or this request clears both. Answers 204
        whether or not there was an offer.
      responses:
        '204': { description: Kept as they are }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/fixtures/{id}/guests:
    parameters:
      - $ref: '#/components/parameters/FixtureID'
    post:
      summary: Bring a named guest, who takes a place beside the player who is in and brings them
      description: >-
        Only when the group takes guests (its settings, allowGuests; 403 otherwise). The host is a
        player on the roster who answered in (409 otherwise), bringing 3 guests at most (409); the
        guest joins the end of the order like any "in", so may wait, and goes when the host no
        longer says in. A cancelled or played fixture takes no guests (409). Answers the fixture;
        the guest is among its answers, with guestOf and guestId.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/GuestDraft' }
      responses:
        '201':
          description: Brought
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Fixture' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/fixtures/{id}/guests/{guestId}:
    parameters:
      - $ref: '#/components/parameters/FixtureID'
      - $ref: '#/components/parameters/GuestID'
    delete:
      summary: Take a guest off; their place goes to the first waiting
      responses:
        '204': { description: Taken off }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/fixture-series/{id}:
    parameters:
      - $ref: '#/components/parameters/SeriesID'
    get:
      summary: A weekly series (one made by POST /api/fixtures with repeat weekly)
      responses:
        '200':
          description: The series
          content:
            application/json:
              schema: { $ref: '#/components/schemas/FixtureSeries' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    patch:
      summary: Change a series; only what the body names changes
      description: >-
        What occurrences made from now on look like, and the occurrences to come that nobody
        changed on their own (PATCH /api/fixtures/{id} changes one alone). null clears place,
        mapLink, minimum or cost; minimum stays within the places (400). An ended series does not
        change (409). Answers the series.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/SeriesChange' }
      responses:
        '200':
          description: Changed
          content:
            application/json:
              schema: { $ref: '#/components/schemas/FixtureSeries' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: End a series; its occurrences to come are cancelled, what was played stays
      description: >-
        Not a deletion: GET still answers the series, with endedAt, and its cancelled occurrences
        stay for friends and calendars to see. Ending an ended series changes nothing more (204).
      responses:
        '204': { description: Ended }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/shares:
    get:
      summary: The caller's share links, oldest first, without their links (the server keeps only digests)
      responses:
        '200':
          description: The shares
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Share' }
        '401': { $ref: '#/components/responses/Unauthorized' }
    post:
      summary: Make a read-only link to the caller's results, for friends without an account
      description: >-
        The link (url) is in this answer only. It is the server's public address (--public-url)
        followed by path, or path alone when the server has none. At most 50 links per account.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/ShareDraft' }
      responses:
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CreatedShare' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/live:
    put:
      summary: Publish the match being played to every open share page of the caller's
      description: >-
        In memory only, best effort: the latest state is pushed to the pages watching
        (GET /s/{token}/events) and forgotten after 90 s without an update. Players are named from
        the caller's roster; ids it does not have are left out. Paced like changes (429).
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/LiveMatchUpdate' }
      responses:
        '204': { description: Published }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
    delete:
      summary: The match is over or was left; the pages stop showing it
      responses:
        '204': { description: Ended }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/live/events:
    get:
      summary: The caller's own match being played, pushed as it changes (Server-Sent Events)
      description: >-
        The same stream as a share link's (GET /s/{token}/events), for the organiser's own session
        (gather watch without a link). It lasts as long as the connection, and ends when the
        session is logged out or the account closed.
      responses:
        '200':
          description: The event stream
          content:
            text/event-stream:
              schema: { $ref: '#/components/schemas/LiveEvent' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /favicon.ico:
    get:
      summary: No icon (browsers ask for one with every page)
      security: []
      responses:
        '204': { description: No icon }
  /icon-192.png:
    get:
      summary: The site's icon, 192 px square (PNG), for a phone's home screen and the pages' tab
      security: []
      responses:
        '200':
          description: The icon, kept a day
          content:
            image/png:
              schema: { type: string, format: binary }
  /icon-512.png:
    get:
      summary: The site's icon, 512 px square (PNG), for a phone's home screen and splash
      security: []
      responses:
        '200':
          description: The icon, kept a day
          content:
            image/png:
              schema: { type: string, format: binary }
  /s/{token}/manifest.webmanifest:
    parameters:
      - $ref: '#/components/parameters/ShareToken'
    get:
      summary: The share link's web app manifest, so a phone can keep the link on its home screen
      security: []
      responses:
        '200':
          description: The manifest (start_url the link's page, the site's icons)
          content:
            application/manifest+json:
              schema: { $ref: '#/components/schemas/WebAppManifest' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /p/{token}/manifest.webmanifest:
    parameters:
      - $ref: '#/components/parameters/PersonalToken'
    get:
      summary: The personal link's web app manifest, so a friend can keep their page on the home screen
      security: []
      responses:
        '200':
          description: The manifest (start_url the friend's page, the site's icons)
          content:
            application/manifest+json:
              schema: { $ref: '#/components/schemas/WebAppManifest' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /s/{token}:
    parameters:
      - $ref: '#/components/parameters/ShareToken'
    get:
      summary: A share link's page, for anyone holding it (HTML)
      description: >-
        The group's table, the latest results and the match being played. Sent with ETag
        (If-None-Match gives 304), Cache-Control private, no-cache and a strict
        Content-Security-Policy.
      security: []
      responses:
        '200': { $ref: '#/components/responses/SharePage' }
        '304': { description: Not modified since the ETag sent }
        '404': { $ref: '#/components/responses/SharePageMissing' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /s/{token}/by-rating:
    parameters:
      - $ref: '#/components/parameters/ShareToken'
    get:
      summary: A share link's page with the table ordered by rating (HTML)
      security: []
      responses:
        '200': { $ref: '#/components/responses/SharePage' }
        '304': { description: Not modified since the ETag sent }
        '404': { $ref: '#/components/responses/SharePageMissing' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /s/{token}/all-time:
    parameters:
      - $ref: '#/components/parameters/ShareToken'
    get:
      summary: A share link's table and scorers over every match, whatever the season (HTML)
      security: []
      responses:
        '200': { $ref: '#/components/responses/SharePage' }
        '304': { description: Not modified since the ETag sent }
        '404': { $ref: '#/components/responses/SharePageMissing' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /s/{token}/seasons/{id}:
    parameters:
      - $ref: '#/components/parameters/ShareToken'
      - name: id
        in: path
        required: true
        schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    get:
      summary: A share link's table and scorers for one season, with its awards once it has ended (HTML)
      security: []
      responses:
        '200': { $ref: '#/components/responses/SharePage' }
        '304': { description: Not modified since the ETag sent }
        '404': { $ref: '#/components/responses/SharePageMissing' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /s/{token}/players/{id}:
    parameters:
      - $ref: '#/components/parameters/ShareToken'
      - $ref: '#/components/parameters/PlayerID'
    get:
      summary: One player's record and matches on a share link (HTML)
      security: []
      responses:
        '200': { $ref: '#/components/responses/SharePage' }
        '304': { description: Not modified since the ETag sent }
        '404': { $ref: '#/components/responses/SharePageMissing' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /s/{token}/players/{id}/matches/{before}:
    parameters:
      - $ref: '#/components/parameters/ShareToken'
      - $ref: '#/components/parameters/PlayerID'
      - name: before
        in: path
        required: true
        description: The match the page continues after (the last one of the page before it)
        schema: { type: string, format: uuid }
    get:
      summary: One player's record and the matches they played before a given one, on a share link (HTML)
      security: []
      responses:
        '200': { $ref: '#/components/responses/SharePage' }
        '304': { description: Not modified since the ETag sent }
        '404': { $ref: '#/components/responses/SharePageMissing' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /s/{token}/matches/{id}:
    parameters:
      - $ref: '#/components/parameters/ShareToken'
      - $ref: '#/components/parameters/GatherID'
    get:
      summary: The results before a given one, on a share link (HTML)
      security: []
      responses:
        '200': { $ref: '#/components/responses/SharePage' }
        '304': { description: Not modified since the ETag sent }
        '404': { $ref: '#/components/responses/SharePageMissing' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /s/{token}/events:
    parameters:
      - $ref: '#/components/parameters/ShareToken'
    get:
      summary: The match being played, pushed as it changes (Server-Sent Events)
      description: >-
        A stream that lasts as long as the connection: "event: match" with a LiveMatch or null
        (first the match as it stands, then every change), "event: results" when the organiser's
        saved data changes. A comment line every 15 s keeps it open. Revoking the link ends it.
      security: []
      responses:
        '200':
          description: The event stream
          content:
            text/event-stream:
              schema: { $ref: '#/components/schemas/LiveEvent' }
        '404': { $ref: '#/components/responses/NotFound' }
  /s/{token}/calendar.ics:
    parameters:
      - $ref: '#/components/parameters/ShareToken'
    get:
      summary: The group's fixtures as a calendar phones subscribe to, for anyone holding the share link (iCalendar)
      description: >-
        RFC 5545: the fixtures of the last 60 days and those to come (100 at most), cancelled ones
        marked so, one in doubt below its minimum tentative; each event with a stable UID that
        reveals no id, SEQUENCE from each change, DTSTART in the fixture's zone with a VTIMEZONE
        of its changes. Sent with ETag (If-None-Match gives 304) and Cache-Control private,
        no-cache.
      security: []
      responses:
        '200': { $ref: '#/components/responses/Calendar' }
        '304': { description: Not modified since the ETag sent }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /p/{token}:
    parameters:
      - $ref: '#/components/parameters/PersonalToken'
    get:
      summary: A personal link's page, for the one friend holding it (HTML)
      description: >-
        The player's next fixtures (three at most): where, who is in and who waits, the teams once
        published, their own answer and where it stands, and In / Out / Maybe buttons (a plain
        form, POST /p/{token}/fixtures/{id}/answer). Sent with ETag (If-None-Match gives 304),
        Cache-Control private, no-cache (the page is one person's) and a strict
        Content-Security-Policy.
      security: []
      responses:
        '200': { $ref: '#/components/responses/PersonalPage' }
        '304': { description: Not modified since the ETag sent }
        '404': { $ref: '#/components/responses/PersonalPageMissing' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /p/{token}/events:
    parameters:
      - $ref: '#/components/parameters/PersonalToken'
    get:
      summary: What the personal page shows, pushed as it changes (Server-Sent Events)
      description: >-
        The same stream as a share link's (GET /s/{token}/events), for the friend's page: "event:
        results" whenever the group's answers or results change (a friend moved up from the
        waiting list sees it without a reload), and the match being played. It lasts as long as
        the connection; revoking or replacing the link ends it.
      security: []
      responses:
        '200':
          description: The event stream
          content:
            text/event-stream:
              schema: { $ref: '#/components/schemas/LiveEvent' }
        '404': { $ref: '#/components/responses/PersonalPageMissing' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /p/{token}/calendar.ics:
    parameters:
      - $ref: '#/components/parameters/PersonalToken'
    get:
      summary: The friend's fixtures as a calendar phones subscribe to, their answer as each event's status (iCalendar)
      description: >-
        As GET /s/{token}/calendar.ics, each event saying the friend's own answer: in with a place
        confirmed, waiting or maybe or no answer tentative, out or cancelled cancelled. Counts as
        a use of the link.
      security: []
      responses:
        '200': { $ref: '#/components/responses/Calendar' }
        '304': { description: Not modified since the ETag sent }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /p/{token}/fixtures/{id}/answer:
    parameters:
      - $ref: '#/components/parameters/PersonalToken'
      - $ref: '#/components/parameters/FixtureID'
    post:
      summary: A friend's answer from their page's form, then back to the page
      description: >-
        For the link's player, as an organiser's answer for them would be (places in the order
        "in" answers came, late after answers close). A post from another site is refused (403):
        Sec-Fetch-Site other than same-origin or none, or without it an Origin other than this
        host; a client that sends neither is let in, the link itself being the secret. Answers
        through one link are paced (429). Every refusal is a page saying why, with the way back to
        the page when the link is known; an unknown or revoked link gets the same page as GET.
      security: []
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema: { $ref: '#/components/schemas/AnswerForm' }
      responses:
        '303':
          description: Answered; back to the page at the fixture, /p/{token}#fixture-{id}
          headers:
            Location: { schema: { type: string } }
        '400': { $ref: '#/components/responses/AnswerRefused' }
        '403': { $ref: '#/components/responses/AnswerRefused' }
        '404':
          description: >-
            The link is unknown or revoked (the same page as GET's), or its group has no such
            fixture (a page saying so)
          content:
            text/html:
              schema: { type: string }
        '409': { $ref: '#/components/responses/AnswerRefused' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '429': { $ref: '#/components/responses/AnswerRefused' }
        '503': { $ref: '#/components/responses/AnswerRefused' }
        '507': { $ref: '#/components/responses/AnswerRefused' }
  /p/{token}/matches/{id}/vote:
    parameters:
      - $ref: '#/components/parameters/PersonalToken'
      - $ref: '#/components/parameters/GatherID'
    post:
      summary: A player's vote for man of the match from their page, then back to the page
      description: >-
        For a team-mate or an opponent who played (not the bench, not themselves), while the
        match's vote is open: the group's voteHours after its result was first saved. One vote
        each; voting again while open changes it. Refused when the vote closed or an organiser
        chose (409). Paced and guarded as answers are; every refusal is a page saying why.
      security: []
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema: { $ref: '#/components/schemas/VoteForm' }
      responses:
        '303':
          description: Counted; back to the page at the match, /p/{token}#match-{id}
          headers:
            Location: { schema: { type: string } }
        '400': { $ref: '#/components/responses/AnswerRefused' }
        '403': { $ref: '#/components/responses/AnswerRefused' }
        '404':
          description: >-
            The link is unknown or revoked (the same page as GET's), or its group has no such
            match (a page saying so)
          content:
            text/html:
              schema: { type: string }
        '409': { $ref: '#/components/responses/AnswerRefused' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '429': { $ref: '#/components/responses/AnswerRefused' }
        '503': { $ref: '#/components/responses/AnswerRefused' }
        '507': { $ref: '#/components/responses/AnswerRefused' }
  /api/shares/{id}:
    parameters:
      - $ref: '#/components/parameters/ShareID'
    delete:
      summary: Revoke a share link; its page answers 404 from the next request
      responses:
        '204': { description: Revoked }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/channels:
    get:
      summary: The group's channels, oldest first, without their secrets or tokens (owners)
      description: >-
        A chat webhook's URL carries its secret in its path, so url shows only the scheme and host.
      responses:
        '200':
          description: The channels
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Channel' }
        '401': { $ref: '#/components/responses/Unauthorized' }
    post:
      summary: Add a channel the group's announcements go to (owners, with a login)
      description: >-
        A webhook (any URL: a signed JSON event), Discord or Slack/Mattermost incoming webhooks,
        Telegram (a bot token and a chat) or Matrix (a homeserver, an access token and a room).
        The URL must be https:// to a public address unless the server's operator allows plain
        HTTP (--allow-http-channels) or private addresses (--allow-private-channels); a literal
        address is checked now, a name at every delivery. A webhook's signing secret is in this
        answer only; tokens are never shown again. At most 10 channels per group.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/ChannelDraft' }
      responses:
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CreatedChannel' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/channels/{id}:
    parameters:
      - $ref: '#/components/parameters/ChannelID'
    get:
      summary: One channel, without its secret or token
      responses:
        '200':
          description: The channel
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Channel' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    patch:
      summary: Change what the body names (owners, with a login); the kind never changes
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/ChannelChange' }
      responses:
        '200':
          description: The channel as changed
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Channel' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Remove the channel; what was still due to it is dropped
      responses:
        '204': { description: Removed }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/channels/{id}/deliveries:
    parameters:
      - $ref: '#/components/parameters/ChannelID'
    get:
      summary: The channel's latest deliveries, newest first, with each one's state and last failure
      parameters:
        - name: limit
          in: query
          required: false
          schema: { type: integer, minimum: 1, maximum: 200, default: 50 }
      responses:
        '200':
          description: The deliveries
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Delivery' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
  /api/channels/{id}/test:
    parameters:
      - $ref: '#/components/parameters/ChannelID'
    post:
      summary: Send a test message now and answer with what the far end said
      description: >-
        Bounded by the server's outbound timeouts (5 s to connect, 15 s in all); nothing is
        recorded. A refused address or scheme is said in error. A group has 5 tests a minute
        (then 429), and the server makes 2 at once (then 503); both say when to try again
        (Retry-After).
      responses:
        '200':
          description: What happened
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ChannelTest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/groups:
    get:
      summary: The groups the caller belongs to, with their role; their own first
      description: >-
        Every account has a group of its own, with the account's id (isOwn): the original routes
        (/api/players…) act on it. The same routes under /api/groups/{groupId}/ act on any group
        the caller belongs to, as their role allows: a viewer reads, an organiser also changes
        players, matches, results and share links, an owner also members, invitations and the name.
      responses:
        '200':
          description: The groups
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/GroupSummary' }
        '401': { $ref: '#/components/responses/Unauthorized' }
  /api/groups/{groupId}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    patch:
      summary: Rename the group (owners)
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/GroupRename' }
      responses:
        '200':
          description: Renamed
          content:
            application/json:
              schema: { $ref: '#/components/schemas/GroupSummary' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Delete the group (owners), once its founder's account is gone
      description: >-
        A group whose founder closed their account lives on while another owner keeps it; an owner
        deletes it with everything in it: closed at once (its members, links and invitations reach
        nothing any more), its rows removed in the background. A group whose founder's account is
        open is that account's own and goes with it (409).
      responses:
        '204': { description: Deleted }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '409':
          description: The founder's account is open; nothing was deleted
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ErrorBody' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/settings:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: The group's settings for its fixtures
      responses:
        '200':
          description: The settings
          content:
            application/json:
              schema: { $ref: '#/components/schemas/GroupSettings' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/GroupNotFound' }
    patch:
      summary: Change the group's settings for its fixtures (owners)
      description: >-
        What the body names changes (one of timeZone or allowGuests at least, else 400); a
        timeZone the server does not know is 400, null goes back to the server's. Fixtures already
        set keep their zone. A currency other than the one costs or payments are already kept in is 409.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/GroupSettingsChange' }
      responses:
        '200':
          description: Changed
          content:
            application/json:
              schema: { $ref: '#/components/schemas/GroupSettings' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/members:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: The group's members and their roles, owners first
      responses:
        '200':
          description: The members
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/GroupMember' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/GroupNotFound' }
  /api/groups/{groupId}/members/{userId}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/UserID'
    put:
      summary: Give a member another role (owners)
      description: >-
        The account whose own group it is stays an owner of it, and a group keeps at least one
        owner (409).
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/RoleChange' }
      responses:
        '200':
          description: The members after the change
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/GroupMember' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Leave the group (your own id) or remove a member (owners)
      description: >-
        The account whose own group it is cannot leave it nor be removed, and the last owner
        cannot leave (409).
      responses:
        '204': { description: Left or removed }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/invites:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    post:
      summary: An invitation to the group (owners); its code is in this answer only
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/InviteDraft' }
      responses:
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CreatedInvite' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    get:
      summary: The group's invitations, newest first, without codes (owners)
      responses:
        '200':
          description: The invitations
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Invite' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/GroupNotFound' }
  /api/groups/{groupId}/invites/{id}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/InviteID'
    delete:
      summary: Revoke an invitation not yet used (owners)
      responses:
        '204': { description: Revoked }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/invites/{code}/accept:
    parameters:
      - name: code
        in: path
        required: true
        schema: { type: string }
    post:
      summary: Join a group with an invitation's code
      description: >-
        Once: an unknown, used, revoked or expired code is 404; a member already is 409, and the
        code stays unused.
      responses:
        '200':
          description: Joined
          content:
            application/json:
              schema: { $ref: '#/components/schemas/GroupSummary' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  # Group twins: written by docs/openapi-groups from the paths above; edit those, not these.
  /api/groups/{groupId}/players:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: The caller's roster, by id
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The players
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Player' }
        '401': { $ref: '#/components/responses/Unauthorized' }
    post:
      summary: Add a player
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/PlayerDetails' }
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Player' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/players/{id}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/PlayerID'
    get:
      summary: One player
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The player
          headers:
            ETag: { description: "The version, for If-Match", schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Player' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    put:
      summary: Replace every attribute of a player
      description: >-
        With If-Match (the ETag of a read), only if nobody changed the player since: otherwise 412
        with the version now stored in ETag, and nothing is saved. Without it, as always.
      parameters:
        - $ref: '#/components/parameters/IfMatch'
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/PlayerDetails' }
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '204':
          description: Replaced
          headers:
            ETag: { description: "The new version", schema: { type: string } }
        '412':
          description: Someone else changed the player since the version in If-Match; nothing was saved
          headers:
            ETag: { description: "The version stored now", schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ErrorBody' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Delete a player (one who played is retired, and stays in past gathers)
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '204': { description: Deleted or retired }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/players/{id}/gathers:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/PlayerID'
    get:
      summary: The gathers a player was in, oldest first
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The gathers
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Gather' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '404': { $ref: '#/components/responses/NotFound' }
  /api/groups/{groupId}/players/{id}/stats:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/PlayerID'
    get:
      summary: A player's record over ended gathers
      parameters:
        - $ref: '#/components/parameters/Season'
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The record
          content:
            application/json:
              schema: { $ref: '#/components/schemas/PlayerStats' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '404': { $ref: '#/components/responses/NotFound' }
  /api/groups/{groupId}/players/{id}/link:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/PlayerID'
    get:
      summary: When a player's personal link was made and last used, without the link (the server keeps only its digest)
      description: >-
        lastUsedAt is when the friend last opened their page or answered through it (a chat app's
        preview of the link does not count); it may lag a few seconds.
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The link
          content:
            application/json:
              schema: { $ref: '#/components/schemas/PersonalLink' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    post:
      summary: Make a player's personal link, with which they answer for themselves without an account (with a login session only)
      description: >-
        The link (url) is in this answer only. It is the server's public address (--public-url)
        followed by path, or path alone when the server has none. A player has one link: making
        one replaces the last, which lets nobody in from the next request on (its open page
        included). No body. A player not on the roster is 404; an API token is refused (403: log
        in).
      responses:
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CreatedPersonalLink' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Revoke a player's personal link; its page answers 404 from the next request
      responses:
        '204': { description: Revoked }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { description: The player has no personal link, content: { application/json: { schema: { $ref: '#/components/schemas/ErrorBody' } } } }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/stats/leaderboard:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: The roster ranked by win rate, then games, then goal difference (or by rating)
      parameters:
        - name: minGames
          in: query
          required: false
          schema: { type: integer, minimum: 1, maximum: 10000, default: 1 }
        - name: sort
          in: query
          required: false
          description: record (win rate, then games, then goal difference) or rating (highest first)
          schema: { type: string, enum: [record, rating], default: record }
        - $ref: '#/components/parameters/Season'
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The ranking
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/LeaderboardEntry' }
        '404': { description: The season named is not one of the group's, content: { application/json: { schema: { $ref: '#/components/schemas/ErrorBody' } } } }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/groups/{groupId}/stats/scorers:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: The top scorers' table
      description: >-
        The players on the roster who scored or made a goal in the group's counted matches (a
        score, not held in question): most goals first (own goals are nobody's), then assists,
        then fewer matches played, then name.
      parameters:
        - $ref: '#/components/parameters/Season'
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The table
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Scorer' }
        '404': { description: The season named is not one of the group's, content: { application/json: { schema: { $ref: '#/components/schemas/ErrorBody' } } } }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/groups/{groupId}/seasons:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: The group's seasons, the latest first (an ended one with its awards once frozen)
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The seasons
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Season' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
    post:
      summary: Name a season (organisers)
      description: >-
        Its days are counted in the group's time zone (the server's when the group names none),
        from the first day's midnight to the midnight after the last. At most 366 days; at most
        100 seasons a group (409).
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/SeasonDraft' }
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '201':
          description: Made
          headers:
            Location: { description: The season's path, schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Season' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '409': { $ref: '#/components/responses/Error' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/seasons/{id}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - name: id
        in: path
        required: true
        schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    get:
      summary: One season; two days after it ended (and once no match of it has a man-of-the-match vote open), with its awards (worked out from its matches and frozen at the first read)
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The season
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Season' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Remove a season (organisers); its matches stay
      responses:
        '204': { description: Removed }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/balances:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: Who owes what for the pitch (organisers), those who owe most first
      description: >-
        Every player on the roster, and one off it while their balance is not square. A balance
        is their payments minus their charges, in the smallest unit of the group's currency
        (settings' currency): positive is in credit. Charges follow from each played match's cost
        (its own, else its fixture's) and who played or held a place, so they add up to the costs
        exactly. Never for viewers.
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '200':
          description: The balances
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Balance' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/groups/{groupId}/balances/{playerId}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - name: playerId
        in: path
        required: true
        schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    get:
      summary: A player's account (organisers), newest line first
      responses:
        '200':
          description: Every charge and payment with the balance after it
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Account' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/groups/{groupId}/payments:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    post:
      summary: Record a payment (organisers); a season pass is simply credit
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/PaymentDraft' }
      responses:
        '201':
          description: Recorded
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Payment' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/payments/{id}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - name: id
        in: path
        required: true
        schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    delete:
      summary: Take back a payment recorded by mistake (organisers)
      responses:
        '204': { description: Taken back }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/ratings:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: Every player on the roster with their rating learned from results, highest first
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The ratings
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/RatedPlayer' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/groups/{groupId}/teams/balance:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    post:
      summary: Two fair teams from the caller's players
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/BalanceRequest' }
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The split
          content:
            application/json:
              schema: { $ref: '#/components/schemas/BalanceResponse' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/shares:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: The caller's share links, oldest first, without their links (the server keeps only digests)
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The shares
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Share' }
        '401': { $ref: '#/components/responses/Unauthorized' }
    post:
      summary: Make a read-only link to the caller's results, for friends without an account
      description: >-
        The link (url) is in this answer only. It is the server's public address (--public-url)
        followed by path, or path alone when the server has none. At most 50 links per account.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/ShareDraft' }
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CreatedShare' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/shares/{id}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/ShareID'
    delete:
      summary: Revoke a share link; its page answers 404 from the next request
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '204': { description: Revoked }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/channels:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: The group's channels, oldest first, without their secrets or tokens (owners)
      description: >-
        A chat webhook's URL carries its secret in its path, so url shows only the scheme and host.
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The channels
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Channel' }
        '401': { $ref: '#/components/responses/Unauthorized' }
    post:
      summary: Add a channel the group's announcements go to (owners, with a login)
      description: >-
        A webhook (any URL: a signed JSON event), Discord or Slack/Mattermost incoming webhooks,
        Telegram (a bot token and a chat) or Matrix (a homeserver, an access token and a room).
        The URL must be https:// to a public address unless the server's operator allows plain
        HTTP (--allow-http-channels) or private addresses (--allow-private-channels); a literal
        address is checked now, a name at every delivery. A webhook's signing secret is in this
        answer only; tokens are never shown again. At most 10 channels per group.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/ChannelDraft' }
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CreatedChannel' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/channels/{id}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/ChannelID'
    get:
      summary: One channel, without its secret or token
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The channel
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Channel' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    patch:
      summary: Change what the body names (owners, with a login); the kind never changes
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/ChannelChange' }
      responses:
        '200':
          description: The channel as changed
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Channel' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Remove the channel; what was still due to it is dropped
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '204': { description: Removed }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/channels/{id}/deliveries:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/ChannelID'
    get:
      summary: The channel's latest deliveries, newest first, with each one's state and last failure
      parameters:
        - name: limit
          in: query
          required: false
          schema: { type: integer, minimum: 1, maximum: 200, default: 50 }
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The deliveries
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Delivery' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
  /api/groups/{groupId}/channels/{id}/test:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/ChannelID'
    post:
      summary: Send a test message now and answer with what the far end said
      description: >-
        Bounded by the server's outbound timeouts (5 s to connect, 15 s in all); nothing is
        recorded. A refused address or scheme is said in error. A group has 5 tests a minute
        (then 429), and the server makes 2 at once (then 503); both say when to try again
        (Retry-After).
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: What happened
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ChannelTest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/groups/{groupId}/live:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    put:
      summary: Publish the match being played to every open share page of the caller's
      description: >-
        In memory only, best effort: the latest state is pushed to the pages watching
        (GET /s/{token}/events) and forgotten after 90 s without an update. Players are named from
        the caller's roster; ids it does not have are left out. Paced like changes (429).
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/LiveMatchUpdate' }
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '204': { description: Published }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
    delete:
      summary: The match is over or was left; the pages stop showing it
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '204': { description: Ended }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/groups/{groupId}/live/events:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: The caller's own match being played, pushed as it changes (Server-Sent Events)
      description: >-
        The same stream as a share link's (GET /s/{token}/events), for the organiser's own session
        (gather watch without a link). It lasts as long as the connection, and ends when the
        session is logged out or the account closed.
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The event stream
          content:
            text/event-stream:
              schema: { $ref: '#/components/schemas/LiveEvent' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '503': { $ref: '#/components/responses/Unavailable' }
  /api/groups/{groupId}/gathers:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: >-
        Without parameters, every gather oldest first (the original list); with any of status,
        limit, before, beforeId or include, a page newest first (by createdAt in whole seconds,
        then id). With beforeId a page holds exactly limit gathers after that one; with before
        alone, limit gathers of earlier seconds plus the rest of the last one's second (at most
        limit more). A full page has a Link to the next one
      parameters:
        - name: status
          in: query
          schema: { type: string, enum: [ended, unfinished] }
        - name: limit
          in: query
          schema: { type: integer, minimum: 1, maximum: 200, default: 50 }
        - name: before
          in: query
          schema: { type: string, format: date-time }
        - name: beforeId
          in: query
          description: >-
            The id of the last gather of the page before; alone it must be one of the caller's
            gathers (else 404), with before (its createdAt) it may have been deleted since
          schema: { type: string, format: uuid }
        - name: include
          in: query
          schema: { type: string, enum: [players] }
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The gathers (with include=players, each with its players)
          headers:
            Link:
              description: The next page (rel="next"), when this one is full
              schema: { type: string }
          content:
            application/json:
              schema:
                type: array
                items:
                  anyOf:
                    - $ref: '#/components/schemas/Gather'
                    - $ref: '#/components/schemas/GatherWithPlayers'
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
    post:
      summary: >-
        Create a gather; with an id already used by the caller, answers that gather (200), so a
        retried upload never makes two. With players, the whole match (gather, result, teams) is
        stored in one step, all or nothing, and answered with its players; sent again under the
        same id, the gather is made to hold exactly what was sent (200). Players deleted since they
        last played may be listed; ids that are not the caller's players refuse the whole match
        (404, playerIds lists them). Gather ids are per account: another account's gather with the
        same id is another gather. A new whole match sharing a player with an ended one at the same
        time is that match saved again (a second organiser's laptop, an import): it is stored, held
        in question with duplicateOf, and counts nowhere until settled. With fixtureId, the match
        is linked to the fixture it was played from, which its result marks played (a cancelled
        fixture, 409)
      requestBody:
        required: false
        content:
          application/json:
            schema: { $ref: '#/components/schemas/GatherDraft' }
      responses:
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema:
                anyOf:
                  - $ref: '#/components/schemas/Gather'
                  - $ref: '#/components/schemas/GatherWithPlayers'
        '200':
          description: This id was already the caller's gather
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema:
                anyOf:
                  - $ref: '#/components/schemas/Gather'
                  - $ref: '#/components/schemas/GatherWithPlayers'
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/Error' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/gathers/{id}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/GatherID'
    get:
      summary: One gather
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The gather
          headers:
            ETag: { description: "The version, for If-Match", schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Gather' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    put:
      summary: Save a gather's result
      description: >-
        With If-Match (the ETag of a read), only if nobody changed the gather since: otherwise 412
        with the version now stored in ETag, and nothing is saved. Without it, as always. With
        goals, the match's goals become these (their score when none is sent; a sent score must
        agree, 400). Without goals the match keeps its goals, and a score they do not add up to
        is refused with 409, nothing changed; "goals": [] clears them.
      parameters:
        - $ref: '#/components/parameters/IfMatch'
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/GatherResultUpdate' }
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '204':
          description: Saved
          headers:
            ETag: { description: "The new version", schema: { type: string } }
        '412':
          description: Someone else changed the gather since the version in If-Match; nothing was saved
          headers:
            ETag: { description: "The version stored now", schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ErrorBody' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Delete a gather (its players stay on the roster)
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '204': { description: Deleted }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/gathers/{id}/duplicate:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/GatherID'
    delete:
      summary: Both matches were played (owners)
      description: >-
        A gather held in question as a repeat of another (`duplicateOf`: the same player at the
        same time, saved again) counts nowhere until this, or until one of the two is deleted.
        Idempotent: for a gather not held in question (any more) it changes nothing, 204 too.
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '204': { description: It counts from now on }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/gathers/{id}/players:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/GatherID'
    get:
      summary: The gather's players and their teams, by player id
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The players
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/GatherPlayer' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
  /api/groups/{groupId}/gathers/{id}/players/{playerId}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/GatherID'
      - name: playerId
        in: path
        required: true
        schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    post:
      summary: Put a player in a gather, or move them to the other team
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/TeamAssignment' }
      responses:
        '200':
          description: The player's place
          content:
            application/json:
              schema: { $ref: '#/components/schemas/GatherMembership' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: >-
        Take a player out of a gather; a player deleted from the roster since keeps their place
        in the matches they played (409)
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '204': { description: Taken out }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/gathers/{id}/man-of-the-match:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/GatherID'
    get:
      summary: Where the match's man-of-the-match vote stands
      description: >-
        While the vote is open only how many have voted shows, never who is ahead. Once it closed
        the most voted are the winners (ties share it; nobody without a vote). An organiser's
        choice is the winner over any vote.
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The vote or the choice
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ManOfTheMatch' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    put:
      summary: An organiser's choice of man of the match, over the players' vote
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/ManOfTheMatchChoice' }
      responses:
        '200':
          description: Chosen
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ManOfTheMatch' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: The organiser's choice taken back; the vote, if the match had one, decides again
      responses:
        '200':
          description: Where it stands now
          content:
            application/json:
              schema: { $ref: '#/components/schemas/ManOfTheMatch' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/gathers/{id}/cost:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/GatherID'
    get:
      summary: What the match cost (organisers), its own or its fixture's
      responses:
        '200':
          description: The cost; null for none
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CostReading' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
    put:
      summary: What the match cost and how it is shared out (organisers)
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/MatchCost' }
      responses:
        '200':
          description: Set
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CostReading' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: No cost of its own (a match's fixture's cost counts again) (organisers)
      responses:
        '204': { description: Cleared }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/fixtures:
    parameters:
      - $ref: '#/components/parameters/GroupID'
    get:
      summary: >-
        A page of the group's fixtures: those to come first, soonest first, then past ones, latest
        first. A full page has a Link to the next one
      description: Any query parameter besides limit and offset is refused (400).
      parameters:
        - name: limit
          in: query
          schema: { type: integer, minimum: 1, maximum: 100, default: 20 }
        - name: offset
          in: query
          description: How many fixtures of the list to skip
          schema: { type: integer, minimum: 0, maximum: 100000, default: 0 }
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The fixtures
          headers:
            Link:
              description: The next page (rel="next"), when this one is full
              schema: { type: string }
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Fixture' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
    post:
      summary: Set up a match the group means to play, for its players to answer "who's in?"
      description: >-
        Kick-off is in the future, at most 400 days ahead, set in the time zone named (without one,
        the group's from its settings, else the server's). Answers close two hours before kick-off
        unless answersCloseAt says when (no later than kick-off); answers given after that still
        count, marked late. With "repeat": "weekly" it starts a series: the same local time every
        week, across summer time, each occurrence made aheadDays before its kick-off with the
        regular players answered in (the answer is the first occurrence, with its seriesId; GET
        /api/fixture-series/{id}). At most 120 fixtures to come per group (403).
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/FixtureDraft' }
      responses:
        '404': { $ref: '#/components/responses/GroupNotFound' }
        '201':
          description: Created
          headers:
            Location: { schema: { type: string } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Fixture' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/fixtures/{id}/cost:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/FixtureID'
    put:
      summary: What the fixture costs, charged once its match is played (organisers)
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/MatchCost' }
      responses:
        '200':
          description: Set
          content:
            application/json:
              schema: { $ref: '#/components/schemas/CostReading' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '415': { $ref: '#/components/responses/Error' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: No cost (organisers)
      responses:
        '204': { description: Cleared }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '404': { $ref: '#/components/responses/NotFound' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/fixtures/{id}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/FixtureID'
    get:
      summary: One fixture, with its answers and their counts
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The fixture
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Fixture' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    patch:
      summary: Change a fixture; only what the body names changes
      description: >-
        null clears place, mapLink, minimum or cost. A kick-off moved takes a closing time left at
        its default (two hours before) with it, unless the body sets one; a new kick-off or closing
        time follows the rules of a new fixture, and minimum stays within the places. More places
        go to those waiting, in order. status cancelled cancels, open takes a cancellation back. A
        played fixture keeps what happened (409). Answers the fixture as changed.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/FixtureChange' }
      responses:
        '200':
          description: Changed
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Fixture' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: Cancel a fixture; it stays, cancelled, for friends and calendars to see, and takes no more answers
      description: >-
        Not a deletion: GET still answers it, with status cancelled (PATCH with status open takes
        it back). Cancelling a cancelled fixture changes nothing (204); a played one keeps what
        happened (409).
      responses:
        '204': { description: Cancelled }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/fixtures/{id}/answers/{playerId}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/FixtureID'
      - name: playerId
        in: path
        required: true
        schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    put:
      summary: Answer for a player (what they said at the pitch, or in the chat)
      description: >-
        Places go to "in" answers in the order they came, the rest wait in that order, and a place
        freed goes to the first waiting at once; the same answer again changes nothing. After
        answers close an answer still counts, marked late. A fixture unknown, or a player not on
        the roster, is 404; a cancelled or played fixture takes no answers (409). Answers the
        fixture.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/AnswerChoice' }
      responses:
        '200':
          description: Answered
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Fixture' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/fixtures/{id}/teams:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/FixtureID'
    put:
      summary: Publish teams made of the players holding places, for every friend to see
      description: >-
        {"balance": true} balances them as POST /api/teams/balance would (the ratings once they
        are trusted, else the declared skill; a seed tries another fair split); or the teams
        themselves, which must hold exactly the players holding places (400 naming those missing
        or extra). Guests are on no team. Published again, they replace the last; a player who
        drops out leaves their spot to whoever is promoted, on the short side. Teams need two
        players holding places, and a fixture that is neither cancelled nor played (409); someone
        answering while they are made is 409 too (publish again). Answers the fixture with its
        teams.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/TeamsChoice' }
      responses:
        '200':
          description: Published
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Fixture' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/fixtures/{id}/teams/suggestion:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/FixtureID'
    delete:
      summary: Keep teams a drop-out changed as they are
      description: >-
        After a drop-out the player who moved up takes the free spot, and teams.changedAt says
        when; while it is set, a fixture read by its organisers carries teams.suggestion, one or
        two swaps that make the split fairer (none when it is as fair as that). Publishing the
        teams again (with the swaps made, or any others) or this request clears both. Answers 204
        whether or not there was an offer.
      responses:
        '204': { description: Kept as they are }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/fixtures/{id}/guests:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/FixtureID'
    post:
      summary: Bring a named guest, who takes a place beside the player who is in and brings them
      description: >-
        Only when the group takes guests (its settings, allowGuests; 403 otherwise). The host is a
        player on the roster who answered in (409 otherwise), bringing 3 guests at most (409); the
        guest joins the end of the order like any "in", so may wait, and goes when the host no
        longer says in. A cancelled or played fixture takes no guests (409). Answers the fixture;
        the guest is among its answers, with guestOf and guestId.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/GuestDraft' }
      responses:
        '201':
          description: Brought
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Fixture' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/fixtures/{id}/guests/{guestId}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/FixtureID'
      - $ref: '#/components/parameters/GuestID'
    delete:
      summary: Take a guest off; their place goes to the first waiting
      responses:
        '204': { description: Taken off }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  /api/groups/{groupId}/fixture-series/{id}:
    parameters:
      - $ref: '#/components/parameters/GroupID'
      - $ref: '#/components/parameters/SeriesID'
    get:
      summary: A weekly series (one made by POST /api/fixtures with repeat weekly)
      responses:
        '403': { $ref: '#/components/responses/Forbidden' }
        '200':
          description: The series
          content:
            application/json:
              schema: { $ref: '#/components/schemas/FixtureSeries' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '404': { $ref: '#/components/responses/NotFound' }
    patch:
      summary: Change a series; only what the body names changes
      description: >-
        What occurrences made from now on look like, and the occurrences to come that nobody
        changed on their own (PATCH /api/fixtures/{id} changes one alone). null clears place,
        mapLink, minimum or cost; minimum stays within the places (400). An ended series does not
        change (409). Answers the series.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/SeriesChange' }
      responses:
        '200':
          description: Changed
          content:
            application/json:
              schema: { $ref: '#/components/schemas/FixtureSeries' }
        '400': { $ref: '#/components/responses/BadRequest' }
        '413': { $ref: '#/components/responses/ContentTooLarge' }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '409': { $ref: '#/components/responses/Error' }
        '415': { $ref: '#/components/responses/Error' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
    delete:
      summary: End a series; its occurrences to come are cancelled, what was played stays
      description: >-
        Not a deletion: GET still answers the series, with endedAt, and its cancelled occurrences
        stay for friends and calendars to see. Ending an ended series changes nothing more (204).
      responses:
        '204': { description: Ended }
        '401': { $ref: '#/components/responses/Unauthorized' }
        '403': { $ref: '#/components/responses/Forbidden' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '404': { $ref: '#/components/responses/NotFound' }
        '503': { $ref: '#/components/responses/Unavailable' }
        '507': { $ref: '#/components/responses/DiskFull' }
  # End of the group twins.
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
    basic: { type: http, scheme: basic }
  parameters:
    IfMatch:
      name: If-Match
      in: header
      required: false
      description: The ETag of the version the change was made against (or *)
      schema: { type: string }
    GroupID:
      name: groupId
      in: path
      required: true
      schema: { type: string, format: uuid }
    UserID:
      name: userId
      in: path
      required: true
      schema: { type: string, format: uuid }
    InviteID:
      name: id
      in: path
      required: true
      schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    Season:
      name: season
      in: query
      required: false
      description: >-
        A season's id, current (the season under way; all time between seasons) or all (the
        default: every match, as before seasons)
      schema: { type: string, pattern: '^([1-9][0-9]{0,17}|current|all)$', default: all }
    PlayerID:
      name: id
      in: path
      required: true
      schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    GatherID:
      name: id
      in: path
      required: true
      schema: { type: string, format: uuid }
    ShareToken:
      name: token
      in: path
      required: true
      schema: { type: string }
    TokenID:
      name: id
      in: path
      required: true
      schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    ChannelID:
      name: id
      in: path
      required: true
      schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    ShareID:
      name: id
      in: path
      required: true
      schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    FixtureID:
      name: id
      in: path
      required: true
      schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    SeriesID:
      name: id
      in: path
      required: true
      schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    GuestID:
      name: guestId
      in: path
      required: true
      description: A guest's guestId among the fixture's answers
      schema: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    PersonalToken:
      name: token
      in: path
      required: true
      description: The secret of a player's personal link
      schema: { type: string }
  responses:
    Error:
      description: An error, in the original backend's shape
      content:
        application/json:
          schema: { $ref: '#/components/schemas/ErrorBody' }
    BadRequest:
      description: The request is malformed or a field is invalid; the reason names the field
      content:
        application/json:
          schema: { $ref: '#/components/schemas/ErrorBody' }
    Unauthorized:
      description: Missing, invalid or expired credentials
      headers:
        WWW-Authenticate: { schema: { type: string } }
      content:
        application/json:
          schema: { $ref: '#/components/schemas/ErrorBody' }
    NotFound:
      description: No such resource among the caller's
      content:
        application/json:
          schema: { $ref: '#/components/schemas/ErrorBody' }
    GroupNotFound:
      description: No such group among the caller's (unknown, closed, or one they do not belong to)
      content:
        application/json:
          schema: { $ref: '#/components/schemas/ErrorBody' }
    ContentTooLarge:
      description: >-
        The body is larger than the server takes: 1 MiB with an Authorization header, 4 KiB without
        (registration needs far less); refused before the body is read
      content:
        application/json:
          schema: { $ref: '#/components/schemas/ErrorBody' }
    Forbidden:
      description: >-
        Refused, with the reason (a group's quota is full, or the caller's role in the group does
        not allow it); nothing was saved
      content:
        application/json:
          schema: { $ref: '#/components/schemas/ErrorBody' }
    TooManyRequests:
      description: A throttle or rate limit; wait Retry-After seconds
      headers:
        Retry-After: { schema: { type: integer } }
      content:
        application/json:
          schema: { $ref: '#/components/schemas/ErrorBody' }
    Unavailable:
      description: >-
        Nothing was saved: the database file was deleted, replaced or made read-only under the
        running server (the reason says which; /health is 503 until an operator acts), the
        database cannot be written (Retry-After), it is busy (Retry-After), or the server is
        shutting down (Retry-After)
      headers:
        Retry-After: { schema: { type: integer } }
      content:
        application/json:
          schema: { $ref: '#/components/schemas/ErrorBody' }
    DiskFull:
      description: The server's disk is full; nothing was saved. Reads go on; try again after Retry-After
      headers:
        Retry-After: { schema: { type: integer } }
      content:
        application/json:
          schema: { $ref: '#/components/schemas/ErrorBody' }
    Busy:
      description: >-
        The password-hashing queue is full; try again shortly. Or, as for every write, the
        database cannot take it (see Unavailable; the reason says which)
      headers:
        Retry-After: { schema: { type: integer } }
      content:
        application/json:
          schema: { $ref: '#/components/schemas/ErrorBody' }
    SharePage:
      description: The page
      headers:
        ETag: { schema: { type: string } }
        Content-Security-Policy: { schema: { type: string } }
      content:
        text/html:
          schema: { type: string }
    SharePageMissing:
      description: The same page for an unknown, revoked or mistyped link, or a player or match it does not have
      content:
        text/html:
          schema: { type: string }
    Calendar:
      description: The calendar
      headers:
        ETag: { schema: { type: string } }
      content:
        text/calendar:
          schema: { type: string }
    PersonalPage:
      description: The page
      headers:
        ETag: { schema: { type: string } }
        Content-Security-Policy: { schema: { type: string } }
        Cache-Control: { description: 'private, no-cache', schema: { type: string } }
      content:
        text/html:
          schema: { type: string }
    PersonalPageMissing:
      description: >-
        The same page for an unknown, revoked, replaced or mistyped link, or one whose player left
        the roster or whose group closed
      content:
        text/html:
          schema: { type: string }
    AnswerRefused:
      description: >-
        A page saying why the answer was not saved, with the way back to the friend's page when the
        link is known; nothing was saved
      headers:
        Retry-After: { description: With 429 and some 503s, schema: { type: integer } }
      content:
        text/html:
          schema: { type: string }
  schemas:
    WebAppManifest:
      type: object
      required: [name, short_name, start_url, scope, display, icons]
      properties:
        name: { type: string }
        short_name: { type: string }
        start_url: { type: string }
        scope: { type: string }
        display: { type: string, enum: [standalone] }
        background_color: { type: string }
        theme_color: { type: string }
        icons:
          type: array
          items:
            type: object
            required: [src, sizes, type]
            properties:
              src: { type: string }
              sizes: { type: string }
              type: { type: string }
    ErrorBody:
      type: object
      required: [error, reason]
      properties:
        error: { type: boolean, const: true }
        reason: { type: string }
        playerIds:
          type: array
          items: { type: integer }
          description: The players a refusal is about, when it is about some
    HealthStatus:
      type: object
      required: [status]
      properties:
        status: { type: string, enum: [ok, degraded, unavailable] }
        reason: { type: string, description: Why the server is degraded or unavailable, when an operator can act on it }
    Credentials:
      type: object
      required: [username, password]
      properties:
        username:
          type: string
          minLength: 1
          maxLength: 64
          pattern: '^\s*[^\s:\x00-\x1F\x7F-\x9F]+( [^\s:\x00-\x1F\x7F-\x9F]+)*\s*$'
          description: >-
            Trimmed and NFC-normalised; at most 256 bytes; compared caselessly; words separated by
            single spaces; no ':', no control, invisible or mixed-script look-alike characters
        password:
          type: string
          minLength: 8
          maxLength: 256
          pattern: '^[^\x00-\x1F\x7F-\x9F]*$'
          description: At most 511 bytes; no control characters
    User:
      type: object
      required: [id, username]
      properties:
        id: { type: string, format: uuid }
        username: { type: string }
    AccountSummary:
      type: object
      required: [id, username, usage]
      properties:
        id: { type: string, format: uuid }
        username: { type: string }
        usage:
          type: object
          required: [players, gathers, places, playersPerGather]
          properties:
            players: { $ref: '#/components/schemas/UsageMeasure' }
            gathers: { $ref: '#/components/schemas/UsageMeasure' }
            places: { $ref: '#/components/schemas/UsageMeasure' }
            playersPerGather: { type: integer }
    UsageMeasure:
      type: object
      required: [used, limit]
      properties:
        used: { type: integer, minimum: 0 }
        limit: { type: integer, minimum: 1 }
    LoginToken:
      type: object
      required: [token, userID, expiresAt]
      properties:
        token: { type: string }
        userID: { type: string, format: uuid }
        expiresAt: { type: string, format: date-time }
    Skill: { type: string, enum: [beginner, amateur, professional] }
    Position: { type: string, enum: [goalkeeper, defender, midfielder, winger, striker] }
    Team: { type: string, enum: [Team A, Team B, Bench] }
    Winner: { type: string, enum: [Team A, Team B, None] }
    PlayerDetails:
      type: object
      required: [name]
      properties:
        name:
          type: string
          minLength: 1
          maxLength: 100
          pattern: '^[^\x00-\x1F\x7F-\x9F]*[^\s\x00-\x1F\x7F-\x9F][^\x00-\x1F\x7F-\x9F]*$'
          description: >-
            Trimmed and NFC-normalised; at most 1024 bytes; no control or invisible characters, no
            more than 30 accents on one letter
        age: { type: [integer, 'null'], minimum: 0, maximum: 120 }
        skill:
          oneOf:
            - $ref: '#/components/schemas/Skill'
            - type: 'null'
        preferredPosition:
          oneOf:
            - $ref: '#/components/schemas/Position'
            - type: 'null'
        favouriteTeam:
          type: [string, 'null']
          maxLength: 100
          pattern: '^[^\x00-\x1F\x7F-\x9F]*$'
          description: As name; a blank one is stored as null
        regular:
          type: [boolean, 'null']
          description: >-
            Answers in by themselves to each new occurrence of a weekly series (and can still say
            out). Absent or null keeps what the player had (false for a new player), so a client
            that does not know the field never clears it
    Player:
      type: object
      required: [id, name, age, skill, preferredPosition, favouriteTeam, regular]
      properties:
        id: { type: integer, minimum: 1 }
        name: { type: string }
        age: { type: [integer, 'null'] }
        skill:
          oneOf:
            - $ref: '#/components/schemas/Skill'
            - type: 'null'
        preferredPosition:
          oneOf:
            - $ref: '#/components/schemas/Position'
            - type: 'null'
        favouriteTeam: { type: [string, 'null'] }
        regular: { type: boolean, description: Answers in by themselves to each new occurrence of a weekly series }
    Score:
      type: string
      pattern: '^[0-9]{1,3}-[0-9]{1,3}$'
      description: Team A's goals first, each 0 to 999
    GatherDraft:
      type: object
      description: >-
        Every field optional, and null is the same as absent; an empty body makes an unfinished
        gather now. score and winnerTeam go together and must agree (the team with more goals
        wins; "None" for a draw).
      allOf:
        - if: { required: [score], properties: { score: { type: string } } }
          then: { required: [winnerTeam], properties: { winnerTeam: { type: string } } }
        - if: { required: [winnerTeam], properties: { winnerTeam: { type: string } } }
          then: { required: [score], properties: { score: { type: string } } }
        - if: { required: [endedAt], properties: { endedAt: { type: string } } }
          then: { required: [score], properties: { score: { type: string } } }
        - if: { required: [costSplit], properties: { costSplit: { type: string } } }
          then: { required: [cost], properties: { cost: { type: integer } } }
      properties:
        cost:
          type: [integer, 'null']
          minimum: 0
          maximum: 100000000
          description: What the match cost, in the smallest unit of the group's currency (cents); organisers read it at /api/gathers/{id}/cost
        costSplit: { oneOf: [ { $ref: '#/components/schemas/CostSplit' }, { type: 'null' } ] }
        id: { type: [string, 'null'], format: uuid }
        score: { oneOf: [ { $ref: '#/components/schemas/Score' }, { type: 'null' } ] }
        winnerTeam: { oneOf: [ { $ref: '#/components/schemas/Winner' }, { type: 'null' } ] }
        createdAt: { type: [string, 'null'], format: date-time, description: Not in the future }
        endedAt: { type: [string, 'null'], format: date-time, description: Not before createdAt nor in the future; needs a score }
        balanceSeed: { type: [integer, 'null'], minimum: 0, maximum: 9007199254740991 }
        fixtureId:
          type: [integer, 'null']
          minimum: 1
          maximum: 9223372036854775807
          description: >-
            The fixture the match was played from: linked to it (gatherId), and played once the
            match has a result. Not one of the group's fixtures, 404; a cancelled one, 409
        goals:
          description: >-
            The match's goals in the order they came. They add up to the score (400 naming both
            otherwise), and without a score they give it. Scorers and assists need players, and
            must have played on the goal's side (the other side for an own goal).
          oneOf:
            - type: array
              maxItems: 1998
              items: { $ref: '#/components/schemas/Goal' }
            - type: 'null'
        players:
          description: >-
            Every player of the match with their side (each id once); with a score, at least one
            player on Team A and one on Team B (400 otherwise)
          oneOf:
            - type: array
              maxItems: 200
              items:
                type: object
                required: [id, team]
                properties:
                  id: { type: integer, minimum: 1, maximum: 9223372036854775807 }
                  team: { $ref: '#/components/schemas/Team' }
            - type: 'null'
    GatherResultUpdate:
      type: object
      description: A score with its winner, or goals that give them (or both, agreeing)
      anyOf:
        - required: [score, winnerTeam]
        - required: [goals]
          properties: { goals: { type: array, minItems: 1 } }
      properties:
        score: { $ref: '#/components/schemas/Score' }
        winnerTeam: { $ref: '#/components/schemas/Winner' }
        goals:
          type: [array, 'null']
          maxItems: 1998
          description: null is the same as absent
          items: { $ref: '#/components/schemas/Goal' }
    Goal:
      type: object
      required: [team]
      properties:
        team: { type: string, enum: [Team A, Team B], description: The side the goal counts for }
        scorer: { type: [integer, 'null'], minimum: 1, maximum: 9223372036854775807, description: "A player's id; null when not known (yet)" }
        assist: { type: [integer, 'null'], minimum: 1, maximum: 9223372036854775807, description: Not the scorer; none for an own goal }
        minute: { type: [integer, 'null'], minimum: 0, maximum: 999, description: "Minutes played on the match clock (halves added up)" }
        ownGoal: { type: [boolean, 'null'], description: "Scored by a player of the other side (default false)" }
    SeasonDraft:
      type: object
      required: [name, startsOn, endsOn]
      properties:
        name:
          type: string
          minLength: 1
          maxLength: 60
          pattern: '^[^\x00-\x1F\x7F-\x9F]*[^\s\x00-\x1F\x7F-\x9F][^\x00-\x1F\x7F-\x9F]*$'
          description: The same rules as a player's name
        startsOn:
          type: string
          format: date
          pattern: '^2[01][0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'
          description: "The first day, YYYY-MM-DD (years 2000 to 2199; a day the month has)"
        endsOn:
          type: string
          format: date
          pattern: '^2[01][0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'
          description: Not before startsOn, at most 365 days after it
    Season:
      type: object
      required: [id, name, startsOn, endsOn, timeZone]
      properties:
        id: { type: integer }
        name: { type: string }
        startsOn: { type: string, format: date }
        endsOn: { type: string, format: date }
        timeZone: { type: string, description: The zone its days are counted in }
        awards:
          type: object
          description: Two days after the season ended (at the first read then, or the server's pass of deadlines), frozen
          required: [frozenAt, awards]
          properties:
            frozenAt: { type: string, format: date-time }
            awards:
              type: array
              items:
                type: object
                required: [kind, title, winners, figure]
                properties:
                  kind: { type: string, enum: [mostWins, bestWinRate, topScorer, mostAssists, manOfTheMatch, bestAttendance, mostImproved] }
                  title: { type: string }
                  figure: { type: string, description: "What won it: \"9 wins\", \"12 goals\"" }
                  winners:
                    type: array
                    description: A tie shares the award
                    items:
                      type: object
                      required: [playerId, name]
                      properties:
                        playerId: { type: integer }
                        name: { type: string }
    Scorer:
      type: object
      required: [playerId, name, goals, assists, matches]
      properties:
        playerId: { type: integer }
        name: { type: string }
        goals: { type: integer, minimum: 0 }
        assists: { type: integer, minimum: 0 }
        matches: { type: integer, minimum: 0, description: Counted matches played }
    Gather:
      type: object
      required: [id, userId, score, winnerTeam, createdAt, endedAt, balanceSeed]
      properties:
        id: { type: string, format: uuid }
        userId: { type: string, format: uuid }
        score: { oneOf: [ { $ref: '#/components/schemas/Score' }, { type: 'null' } ] }
        winnerTeam: { oneOf: [ { $ref: '#/components/schemas/Winner' }, { type: 'null' } ] }
        createdAt: { type: string, format: date-time }
        endedAt: { type: [string, 'null'], format: date-time }
        balanceSeed: { type: [integer, 'null'] }
        goals:
          type: array
          description: >-
            On one gather and on a history page with its players: its goals in the order they
            came, empty for a score without goals
          items: { $ref: '#/components/schemas/Goal' }
        duplicateOf:
          type: string
          format: uuid
          description: >-
            Only on a match held in question: the ended match it repeats (one of its players in
            both at the same time). It counts in no record or table until one of the two is
            deleted or the owner says both were played (DELETE /api/gathers/{id}/duplicate).
    GatherPlayer:
      allOf:
        - $ref: '#/components/schemas/Player'
        - type: object
          required: [team, retired]
          properties:
            team: { $ref: '#/components/schemas/Team' }
            retired: { type: boolean }
    GatherWithPlayers:
      allOf:
        - $ref: '#/components/schemas/Gather'
        - type: object
          required: [players]
          properties:
            players:
              type: array
              items: { $ref: '#/components/schemas/GatherPlayer' }
    TeamAssignment:
      type: object
      required: [team]
      properties:
        team: { $ref: '#/components/schemas/Team' }
    LiveEvent:
      description: One event of a live stream
      type: object
      required: [data]
      properties:
        event: { type: string, enum: [match, results] }
        data:
          type: string
          description: >-
            JSON. For match: null, or {gatherId, teamA and teamB (names), scoreA, scoreB,
            phase, remainingSeconds (as it is sent), durationSeconds, goals ([{team, scorer
            (a name, or null), minute, ownGoal, text}]), periodName ("1st half", "2nd half", only
            in a match of two halves), and heardSecondsAgo only when the organiser was last heard
            more than 35 s ago (a server restarted: what is shown may be behind)}. For results: {}
    LiveMatchUpdate:
      type: object
      required: [gatherId, teamA, teamB, score, phase, remainingSeconds, durationSeconds]
      properties:
        gatherId: { type: string, format: uuid, description: The id the match will be saved under }
        teamA:
          type: array
          maxItems: 200
          uniqueItems: true
          items: { type: integer, minimum: 1, maximum: 9223372036854775807 }
        teamB:
          type: array
          maxItems: 200
          uniqueItems: true
          items: { type: integer, minimum: 1, maximum: 9223372036854775807 }
        score: { $ref: '#/components/schemas/Score' }
        phase:
          type: string
          enum: [ready, running, paused, timeUp, halfTime, ended]
          description: halfTime is between two halves; remainingSeconds is then the break's, counted down
        period: { type: [integer, 'null'], minimum: 1, maximum: 2, description: "In a match of two halves, which one (at half time, the one to come)" }
        periods: { type: [integer, 'null'], minimum: 1, maximum: 2, description: "2 for a match of two halves; absent or null for one period" }
        remainingSeconds: { type: integer, minimum: 0, maximum: 86400, description: More than durationSeconds is read as durationSeconds }
        durationSeconds: { type: integer, minimum: 0, maximum: 86400 }
        goals:
          type: [array, 'null']
          maxItems: 1998
          description: >-
            The goals so far, adding up to the score (400 otherwise); friends' pages show each
            scorer by name (a player the roster no longer has, unnamed); null is none
          items: { $ref: '#/components/schemas/Goal' }
    GroupSummary:
      type: object
      required: [id, name, role, isOwn, createdAt]
      properties:
        id: { type: string, format: uuid }
        name: { type: string }
        role: { type: string, enum: [owner, organiser, viewer] }
        isOwn: { type: boolean, description: "The caller's own group: the original routes act on it" }
        createdAt: { type: string, format: date-time }
    GroupRename:
      type: object
      required: [name]
      properties:
        name:
          type: string
          minLength: 1
          maxLength: 100
          pattern: '^[^\x00-\x1F\x7F-\x9F]*[^\s\x00-\x1F\x7F-\x9F][^\x00-\x1F\x7F-\x9F]*$'
    GroupMember:
      type: object
      required: [userId, username, role, isFounder, joinedAt]
      properties:
        userId: { type: string, format: uuid }
        username: { type: string }
        role: { type: string, enum: [owner, organiser, viewer] }
        isFounder: { type: boolean, description: "The account whose own group it is: always an owner" }
        joinedAt: { type: string, format: date-time }
    RoleChange:
      type: object
      required: [role]
      properties:
        role: { type: string, enum: [owner, organiser, viewer] }
    InviteDraft:
      type: object
      required: [role]
      properties:
        role: { type: string, enum: [owner, organiser, viewer] }
        days: { type: integer, minimum: 1, maximum: 30, description: "How long the code works (default 7)" }
    Invite:
      type: object
      required: [id, role, createdAt, expiresAt, acceptedBy, acceptedAt]
      properties:
        id: { type: integer }
        role: { type: string, enum: [owner, organiser, viewer] }
        createdAt: { type: string, format: date-time }
        expiresAt: { type: string, format: date-time }
        acceptedBy: { type: [string, 'null'] }
        acceptedAt: { type: [string, 'null'], format: date-time }
    CreatedInvite:
      type: object
      required: [id, role, createdAt, expiresAt, code]
      properties:
        id: { type: integer }
        role: { type: string, enum: [owner, organiser, viewer] }
        createdAt: { type: string, format: date-time }
        expiresAt: { type: string, format: date-time }
        code: { type: string, description: "Shown this once: the server keeps its digest" }
    PasswordChange:
      type: object
      required: [currentPassword, newPassword]
      properties:
        currentPassword: { type: string, minLength: 1, maxLength: 1024, description: Bounded (1024 bytes), never judged by today's rules }
        newPassword:
          type: string
          minLength: 8
          maxLength: 256
          pattern: '^[^\x00-\x1F\x7F-\x9F]*$'
          description: The same rules as at registration (at most 511 bytes; no control characters)
    APITokenDraft:
      type: object
      required: [name, scope]
      properties:
        name:
          type: string
          minLength: 1
          maxLength: 100
          pattern: '^[^\x00-\x1F\x7F-\x9F]*[^\s\x00-\x1F\x7F-\x9F][^\x00-\x1F\x7F-\x9F]*$'
          description: What the token is for (cron, backup); unique per account
        scope: { $ref: '#/components/schemas/TokenScope' }
        expiresAt: { type: [string, 'null'], format: date-time, description: In the future; without it (or null) the token works until revoked }
    TokenScope:
      type: string
      enum: [read, write]
      description: read reads only; write also changes what the account's role allows
    APIToken:
      type: object
      required: [id, name, scope, createdAt, expiresAt, lastUsedAt]
      properties:
        id: { type: integer, minimum: 1 }
        name: { type: string }
        scope: { $ref: '#/components/schemas/TokenScope' }
        createdAt: { type: string, format: date-time }
        expiresAt: { type: [string, 'null'], format: date-time }
        lastUsedAt: { type: [string, 'null'], format: date-time, description: May lag a few seconds }
    CreatedAPIToken:
      type: object
      required: [id, name, scope, createdAt, expiresAt, lastUsedAt, token]
      properties:
        id: { type: integer, minimum: 1 }
        name: { type: string }
        scope: { $ref: '#/components/schemas/TokenScope' }
        createdAt: { type: string, format: date-time }
        expiresAt: { type: [string, 'null'], format: date-time }
        lastUsedAt: { type: 'null' }
        token: { type: string, pattern: '^gather_[A-Za-z0-9_-]{43}$', description: The secret, shown this once }
    ChannelEvent:
      type: string
      enum: [fixture.created, fixture.reminder, fixture.below_minimum, fixture.full, fixture.dropout, fixture.teams, fixture.cancelled, match.result, match.man_of_the_match, season.awards]
    ChannelLink:
      type: string
      pattern: '^ *(?:[Hh][Tt][Tt][Pp]://[!-~]{1,1993}|[Hh][Tt][Tt][Pp][Ss]://[!-~]{1,1992}) *$'
      description: http:// or https://, printable ASCII without spaces, at most 2000 characters once the spaces around it are trimmed
    ChannelCommon:
      type: object
      properties:
        name:
          type: string
          minLength: 1
          maxLength: 100
          pattern: '^[^\x00-\x1F\x7F-\x9F]*[^\s\x00-\x1F\x7F-\x9F][^\x00-\x1F\x7F-\x9F]*$'
          description: What the organisers call it. The same rules as a player's name
        url:
          $ref: '#/components/schemas/ChannelLink'
        events:
          type: array
          items: { $ref: '#/components/schemas/ChannelEvent' }
          description: What the channel is told; every event when left out
        reminderHours:
          type: array
          maxItems: 4
          items: { type: integer, minimum: 1, maximum: 168 }
          description: Hours before answers close that those who have not answered are reminded (default 24 and 3)
        organisers:
          type: boolean
          description: The organisers' channel, told first what only organisers need (too few in)
        link:
          type: [string, 'null']
          pattern: '^ *(?:[Hh][Tt][Tt][Pp]://[!-~]{1,1993}|[Hh][Tt][Tt][Pp][Ss]://[!-~]{1,1992}) *$'
          description: A link added to every message (the share page, say)
    ChannelDraft:
      description: >-
        url is required for every kind but telegram (default https://api.telegram.org); telegram
        takes botToken and chatId, matrix accessToken and roomId, and no kind takes another's.
      oneOf:
        - allOf:
            - $ref: '#/components/schemas/ChannelCommon'
            - type: object
              required: [kind, name, url]
              properties:
                kind: { type: string, enum: [webhook, discord, slack] }
                botToken: false
                chatId: false
                accessToken: false
                roomId: false
        - allOf:
            - $ref: '#/components/schemas/ChannelCommon'
            - type: object
              required: [kind, name, botToken, chatId]
              properties:
                kind: { type: string, const: telegram }
                botToken: { type: string, pattern: '^[0-9]{1,20}:[A-Za-z0-9_-]{20,200}$', description: The bot's token from @BotFather }
                chatId: { type: string, pattern: '^(?:-?[0-9]{1,20}|@[A-Za-z0-9_]{4,64})$' }
                accessToken: false
                roomId: false
        - allOf:
            - $ref: '#/components/schemas/ChannelCommon'
            - type: object
              required: [kind, name, url, accessToken, roomId]
              properties:
                kind: { type: string, const: matrix }
                accessToken: { type: string, pattern: '^[!-~]{1,1000}$' }
                roomId: { type: string, pattern: '^![!-9;-~]{1,126}:[!-~]{1,126}$' }
                botToken: false
                chatId: false
    ChannelChange:
      description: >-
        Only what is named changes; link null removes the link. A new botToken and chatId (telegram)
        or accessToken and roomId (matrix) are taken for the channel's own kind only, and a telegram
        or matrix channel's url changes only with its token given again in the same change (400
        otherwise: a stored token never goes somewhere new).
      allOf:
        - $ref: '#/components/schemas/ChannelCommon'
        - type: object
          properties:
            kind: false
            botToken: { type: string, pattern: '^[0-9]{1,20}:[A-Za-z0-9_-]{20,200}$' }
            chatId: { type: string, pattern: '^(?:-?[0-9]{1,20}|@[A-Za-z0-9_]{4,64})$' }
            accessToken: { type: string, pattern: '^[!-~]{1,1000}$' }
            roomId: { type: string, pattern: '^![!-9;-~]{1,126}:[!-~]{1,126}$' }
    Channel:
      type: object
      required: [id, kind, name, url, events, reminderHours, organisers, link, chatId, roomId, createdAt, updatedAt]
      properties:
        id: { type: integer, minimum: 1 }
        kind: { type: string, enum: [webhook, discord, slack, telegram, matrix] }
        name: { type: string }
        url: { type: string, description: 'Scheme and host only, then /… where a path was: a chat webhook''s path is its secret' }
        events:
          type: array
          items: { $ref: '#/components/schemas/ChannelEvent' }
        reminderHours:
          type: array
          items: { type: integer, minimum: 1, maximum: 168 }
        organisers: { type: boolean }
        link: { type: [string, 'null'] }
        chatId: { type: [string, 'null'], description: Telegram's chat }
        roomId: { type: [string, 'null'], description: Matrix's room }
        createdAt: { type: string, format: date-time }
        updatedAt: { type: string, format: date-time }
    CreatedChannel:
      allOf:
        - $ref: '#/components/schemas/Channel'
        - type: object
          required: [secret]
          properties:
            secret:
              type: [string, 'null']
              pattern: '^whsec_[A-Za-z0-9_-]{43}$'
              description: >-
                A webhook's signing secret, shown this once (null for other kinds): each delivery
                carries X-Gather-Signature t=UNIX,v1=hex(HMAC-SHA256(secret, "t.body"))
    Delivery:
      type: object
      required: [id, event, state, attempts, createdAt, dueAt, lastAttemptAt, lastStatus, lastError, text]
      properties:
        id: { type: integer, minimum: 1 }
        event: { $ref: '#/components/schemas/ChannelEvent' }
        state:
          type: string
          enum: [due, sent, failed, skipped]
          description: due (waiting for its first or next try), sent, failed (given up) or skipped (no longer true when due)
        attempts: { type: integer, minimum: 0 }
        createdAt: { type: string, format: date-time }
        dueAt: { type: string, format: date-time, description: When it is tried next (due) or was last due }
        lastAttemptAt: { type: [string, 'null'], format: date-time }
        lastStatus: { type: [integer, 'null'], description: The far end's HTTP status at the last try }
        lastError: { type: [string, 'null'], description: Why the last try failed, or why it was skipped }
        text: { type: string }
    ChannelTest:
      type: object
      required: [delivered, status, answer, error]
      properties:
        delivered: { type: boolean }
        status: { type: [integer, 'null'] }
        answer: { type: [string, 'null'], description: The start of the far end's answer }
        error: { type: [string, 'null'] }
    ShareDraft:
      type: object
      required: [name]
      properties:
        name:
          type: string
          minLength: 1
          maxLength: 100
          pattern: '^[^\x00-\x1F\x7F-\x9F]*[^\s\x00-\x1F\x7F-\x9F][^\x00-\x1F\x7F-\x9F]*$'
          description: What the page's heading says. The same rules as a player's name
    Share:
      type: object
      required: [id, name, createdAt, views, lastViewedAt]
      properties:
        id: { type: integer, minimum: 1 }
        name: { type: string }
        createdAt: { type: string, format: date-time }
        views: { type: integer, minimum: 0, description: Pages served through the link (may lag a few seconds) }
        lastViewedAt: { type: [string, 'null'], format: date-time }
    CreatedShare:
      type: object
      required: [id, name, createdAt, path, url]
      properties:
        id: { type: integer, minimum: 1 }
        name: { type: string }
        createdAt: { type: string, format: date-time }
        path: { type: string, pattern: '^/s/[A-Za-z0-9_-]{43}$', description: The page on this server }
        url: { type: string, description: The link to send; path alone when the server has no --public-url }
    PersonalLink:
      type: object
      required: [createdAt, lastUsedAt]
      properties:
        createdAt: { type: string, format: date-time }
        lastUsedAt: { type: [string, 'null'], format: date-time, description: When the friend last opened their page or answered (may lag a few seconds) }
    CreatedPersonalLink:
      type: object
      required: [path, url, createdAt]
      properties:
        path: { type: string, pattern: '^/p/[A-Za-z0-9_-]{43}$', description: The page on this server }
        url: { type: string, description: The link to send the player; path alone when the server has no --public-url }
        createdAt: { type: string, format: date-time }
    Attendance:
      type: string
      enum: [in, out, maybe]
      description: A player's answer to "who's in?"
    FixtureText:
      type: [string, 'null']
      maxLength: 200
      pattern: '^[\t-\r \x85]*[^\x00-\x1F\x7F-\x9F]*[\t-\r \x85]*$'
      description: >-
        Trimmed and NFC-normalised; at most 1024 bytes; no control or invisible characters (white
        space around it is trimmed); a blank one is stored as null
    MapLink:
      type: [string, 'null']
      pattern: '^ *(?:[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(?::[0-9]{1,5})?(?:[/?#][!-~]{0,1699})?)? *$'
      description: >-
        A link to a map of the place: http:// or https://, a host name (letters, digits, dots and
        hyphens, at most 253 characters, no user name or bracketed address), an optional port, then
        an optional path, query or fragment of printable ASCII without spaces, at most 1700
        characters; spaces around it are trimmed and a blank one is stored as null
    FixtureDraft:
      type: object
      required: [startsAt, places]
      description: >-
        A fixture to set up. Optional fields may be null, the same as absent. The times are RFC 3339
        with their offset (2026-12-03T19:00:00+01:00, or Z). aheadDays goes with "repeat": "weekly".
      allOf:
        - if: { required: [aheadDays], properties: { aheadDays: { type: integer } } }
          then: { required: [repeat], properties: { repeat: { const: weekly } } }
      properties:
        startsAt: { type: string, format: date-time, description: Kick-off; in the future, at most 400 days ahead }
        timeZone:
          type: [string, 'null']
          minLength: 1
          maxLength: 64
          pattern: '^[A-Za-z0-9_+-]+(?:/[A-Za-z0-9_+-]+)*$'
          description: >-
            The IANA time zone kick-off is set in and shown with (Europe/Amsterdam, UTC), one the
            server's time zone database has (400 otherwise); absent or null, the server's own
        place: { $ref: '#/components/schemas/FixtureText' }
        mapLink: { $ref: '#/components/schemas/MapLink' }
        places: { type: integer, minimum: 1, maximum: 200 }
        minimum: { type: [integer, 'null'], minimum: 1, maximum: 200, description: 'Fewer "in" than this and the match is in doubt; at most places' }
        answersCloseAt: { type: [string, 'null'], format: date-time, description: No later than startsAt; absent or null, two hours before it }
        cost: { $ref: '#/components/schemas/FixtureText' }
        repeat:
          type: [string, 'null']
          enum: [weekly, null]
          description: >-
            weekly: a series, every week at the same local time; each occurrence closes answers as
            long before its kick-off as the first does
        aheadDays: { type: [integer, 'null'], minimum: 7, maximum: 56, description: 'How long before its kick-off each occurrence of a series is made (default 14)' }
        autoTeams:
          type: [boolean, 'null']
          description: >-
            Whether the list closes itself: when answers close, teams are balanced from those in,
            published and told to the group's channels; absent or null, the group's setting. With
            "repeat": "weekly", the series' choice for each of its occurrences
    FixtureChange:
      type: object
      description: >-
        Only what is named changes. null clears place, mapLink, minimum or cost; for the other
        fields null is the same as absent.
      properties:
        startsAt: { type: [string, 'null'], format: date-time, description: Kick-off; in the future, at most 400 days ahead }
        timeZone:
          type: [string, 'null']
          minLength: 1
          maxLength: 64
          pattern: '^[A-Za-z0-9_+-]+(?:/[A-Za-z0-9_+-]+)*$'
          description: As a new fixture's; kick-off is shown with the new zone's offset
        place: { $ref: '#/components/schemas/FixtureText' }
        mapLink: { $ref: '#/components/schemas/MapLink' }
        places: { type: [integer, 'null'], minimum: 1, maximum: 200 }
        minimum: { type: [integer, 'null'], minimum: 1, maximum: 200, description: At most places (as changed) }
        answersCloseAt: { type: [string, 'null'], format: date-time, description: No later than kick-off (as changed) }
        cost: { $ref: '#/components/schemas/FixtureText' }
        status:
          type: [string, 'null']
          enum: [open, cancelled, null]
          description: cancelled cancels the fixture, open takes a cancellation back (closed and played are the server's to say)
        autoTeams: { type: [boolean, 'null'], description: Whether the list closes itself; null goes back to the group's setting }
    AnswerChoice:
      type: object
      required: [answer]
      properties:
        answer: { $ref: '#/components/schemas/Attendance' }
    AnswerForm:
      type: object
      required: [answer]
      description: The personal page's form, answer=in, out or maybe
      properties:
        answer: { $ref: '#/components/schemas/Attendance' }
    CostSplit:
      type: string
      enum: [played, in, each]
      description: >-
        played: shared among those who played (Team A and Team B); in: among those who held a
        place on its fixture, a guest's share charged to the host (a match without a fixture:
        as played); each: the cost per player who played. Shares are whole units; the odd units
        go one each to the first players by id, so they add up to the cost exactly
    MatchCost:
      type: object
      required: [cost]
      properties:
        cost: { type: integer, minimum: 0, maximum: 100000000, description: In the smallest unit of the group's currency (cents) }
        costSplit: { oneOf: [ { $ref: '#/components/schemas/CostSplit' }, { type: 'null' } ], description: played by default }
    CostReading:
      type: object
      required: [cost, costSplit, fromFixture]
      properties:
        cost: { type: [integer, 'null'], minimum: 0 }
        costSplit: { oneOf: [ { $ref: '#/components/schemas/CostSplit' }, { type: 'null' } ] }
        fromFixture: { type: boolean, description: A match charged by its fixture's cost }
    Balance:
      type: object
      required: [playerId, name, balance]
      properties:
        playerId: { type: integer }
        name: { type: string }
        balance: { type: integer, description: Payments minus charges in the currency's smallest unit; positive is in credit }
    Payment:
      type: object
      required: [id, playerId, amount, paidOn, note]
      properties:
        id: { type: integer }
        playerId: { type: integer }
        amount: { type: integer }
        paidOn: { type: string, format: date }
        note: { type: string }
    PaymentDraft:
      type: object
      required: [playerId, amount]
      properties:
        playerId: { type: integer, minimum: 1, maximum: 9223372036854775807 }
        amount:
          type: integer
          minimum: -100000000
          maximum: 100000000
          not: { const: 0 }
          description: In the smallest unit of the group's currency; negative for money given back
        paidOn:
          type: [string, 'null']
          format: date
          pattern: '^2[01][0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'
          description: "The day paid, YYYY-MM-DD (years 2000 to 2199; a day the month has); today in the group's zone by default"
        note: { type: [string, 'null'], maxLength: 200, pattern: '^[^\x00-\x1F\x7F-\x9F]*$', description: "What it was: cash, a bank transfer, a season pass" }
    Account:
      type: object
      required: [playerId, name, currency, balance, lines]
      properties:
        playerId: { type: integer }
        name: { type: string }
        currency: { type: string, pattern: '^[A-Z]{3}$' }
        balance: { type: integer }
        lines:
          type: array
          items:
            type: object
            required: [kind, date, amount, text, balance, gatherId, paymentId]
            properties:
              kind: { type: string, enum: [charge, payment] }
              date: { type: string, format: date-time }
              amount: { type: integer, description: Negative for a charge }
              text: { type: string }
              balance: { type: integer, description: The balance after this line }
              gatherId: { type: [string, 'null'], format: uuid }
              paymentId: { type: [integer, 'null'] }
    VoteForm:
      type: object
      required: [player]
      description: The personal page's vote, player=ID
      properties:
        player: { type: integer, minimum: 1, maximum: 999999999 }
    ManOfTheMatch:
      type: object
      required: [state, closesAt, winners, votesCast]
      properties:
        state:
          type: string
          enum: [none, open, closed, chosen]
          description: >-
            none: no vote (no result yet, a match from before votes, or a group without them);
            open: players vote until closesAt; closed: the most voted won; chosen: an organiser chose
        closesAt: { type: [string, 'null'], format: date-time }
        votesCast: { type: integer, minimum: 0, description: How many have voted (0 for a choice) }
        winners:
          type: array
          description: Empty while open, and when nobody voted; ties share it
          items:
            type: object
            required: [playerId, name, votes]
            properties:
              playerId: { type: integer }
              name: { type: string }
              votes: { type: [integer, 'null'], minimum: 1, description: null for an organiser's choice }
    ManOfTheMatchChoice:
      type: object
      required: [playerId]
      properties:
        playerId: { type: integer, minimum: 1, maximum: 9223372036854775807, description: A player who played (Team A or Team B) }
    Fixture:
      type: object
      required: [id, startsAt, timeZone, place, mapLink, places, minimum, answersCloseAt, cost, status, gatherId, seriesId, sequence, createdAt, updatedAt, answers, counts, teams, autoTeams]
      properties:
        id: { type: integer, minimum: 1 }
        autoTeams: { type: [boolean, 'null'], description: Whether the list closes itself (teams published when answers close); null, the group's setting decides }
        startsAt: { type: string, format: date-time, description: 'Kick-off, with its time zone''s offset then (2026-12-03T19:00:00+01:00)' }
        timeZone: { type: string, description: The IANA time zone kick-off is set in (Europe/Amsterdam) }
        place: { type: [string, 'null'] }
        mapLink: { type: [string, 'null'], description: An http:// or https:// link to a map of the place }
        places: { type: integer, minimum: 1, maximum: 200 }
        minimum: { type: [integer, 'null'], minimum: 1, description: 'Fewer "in" than this and the match is in doubt' }
        answersCloseAt: { type: string, format: date-time, description: 'With kick-off''s offset; answers given after it still count, marked late' }
        cost: { type: [string, 'null'] }
        status:
          type: string
          enum: [open, closed, cancelled, played]
          description: closed is an open fixture whose answers have closed (they are still taken, late); played once its match was saved
        gatherId:
          type: [string, 'null']
          format: uuid
          description: >-
            The match saved from it (POST /api/gathers with fixtureId); its result makes the
            fixture played, and deleting the match takes that back
        seriesId: { type: [integer, 'null'], description: The weekly series it is an occurrence of }
        sequence: { type: integer, minimum: 0, description: Grows with each change, for calendars }
        createdAt: { type: string, format: date-time }
        updatedAt: { type: string, format: date-time }
        answers:
          type: array
          description: Those holding places first, in place order, then the waiting list, then maybe, then out, each in the order given
          items: { $ref: '#/components/schemas/FixtureAnswer' }
        counts: { $ref: '#/components/schemas/AnswerCounts' }
        teams:
          oneOf:
            - $ref: '#/components/schemas/PublishedTeams'
            - type: 'null'
          description: The teams once published (PUT /api/fixtures/{id}/teams)
    FixtureAnswer:
      type: object
      required: [playerId, name, answer, place, waiting, answeredAt, late, guestOf, guestId, promotedAt]
      properties:
        playerId: { type: [integer, 'null'], description: The player who answered; null for a guest }
        name: { type: string }
        answer: { $ref: '#/components/schemas/Attendance' }
        place: { type: [integer, 'null'], minimum: 1, description: 'The place an "in" holds, from 1' }
        waiting: { type: [integer, 'null'], minimum: 1, description: 'Where an "in" without a place stands on the waiting list, from 1' }
        answeredAt: { type: string, format: date-time }
        late: { type: boolean, description: Given or changed after answers closed; it counts all the same }
        guestOf: { type: [integer, 'null'], description: A guest's host (a player id) }
        guestId: { type: [integer, 'null'], description: 'A guest''s own id, to take them off (DELETE /api/fixtures/{id}/guests/{guestId}); null for a player' }
        promotedAt: { type: [string, 'null'], format: date-time, description: When a freed place went to this answer from the waiting list }
    AnswerCounts:
      type: object
      required: [in, waiting, maybe, out, unanswered]
      properties:
        in: { type: integer, minimum: 0, description: '"In" answers holding a place' }
        waiting: { type: integer, minimum: 0, description: '"In" answers on the waiting list' }
        maybe: { type: integer, minimum: 0 }
        out: { type: integer, minimum: 0 }
        unanswered: { type: integer, minimum: 0, description: Players on the roster who have not answered }
    PublishedTeams:
      type: object
      required: [teamA, teamB, predictedWinA, publishedAt]
      properties:
        teamA: { type: array, items: { $ref: '#/components/schemas/TeamMember' } }
        teamB: { type: array, items: { $ref: '#/components/schemas/TeamMember' } }
        predictedWinA: { type: [number, 'null'], minimum: 0, maximum: 1, description: Team A's chance to win by the ratings, as published }
        publishedAt: { type: string, format: date-time }
        changedAt:
          type: [string, 'null']
          format: date-time
          description: When a drop-out last changed them since they were published (null once published again or kept as they are)
        suggestion:
          description: >-
            While changedAt is set, the swaps that make the split fairer, on the organisers'
            reads; null when there are none (or on a friend's page)
          oneOf:
            - type: 'null'
            - $ref: '#/components/schemas/TeamsSuggestion'
    TeamsSuggestion:
      type: object
      required: [swaps, predictedWinA]
      properties:
        swaps:
          type: array
          minItems: 1
          maxItems: 2
          items:
            type: object
            required: [fromA, fromB]
            properties:
              fromA: { $ref: '#/components/schemas/TeamMember' }
              fromB: { $ref: '#/components/schemas/TeamMember' }
        predictedWinA: { type: [number, 'null'], minimum: 0, maximum: 1, description: Team A's chance with the swaps made }
    TeamMember:
      type: object
      required: [playerId, name]
      properties:
        playerId: { type: integer }
        name: { type: string }
    TeamsChoice:
      oneOf:
        - type: object
          required: [balance]
          properties:
            balance: { const: true, description: Balance the players holding places }
            seed: { type: [integer, 'null'], minimum: 0, maximum: 9007199254740991, description: Another fair split for another seed }
        - type: object
          required: [teamA, teamB]
          description: The teams themselves, exactly the players holding places, each once
          properties:
            balance: { type: [boolean, 'null'], enum: [false, null] }
            teamA:
              type: array
              minItems: 1
              uniqueItems: true
              items: { type: integer, minimum: 1, maximum: 9223372036854775807 }
            teamB:
              type: array
              minItems: 1
              uniqueItems: true
              items: { type: integer, minimum: 1, maximum: 9223372036854775807 }
    GuestDraft:
      type: object
      required: [name, of]
      properties:
        name:
          type: string
          minLength: 1
          maxLength: 100
          pattern: '^[^\x00-\x1F\x7F-\x9F]*[^\s\x00-\x1F\x7F-\x9F][^\x00-\x1F\x7F-\x9F]*$'
          description: The same rules as a player's name
        of: { type: integer, minimum: 1, maximum: 9223372036854775807, description: The player who brings the guest }
    FixtureSeries:
      type: object
      required: [id, repeat, firstDate, kickOff, timeZone, place, mapLink, places, minimum, answersCloseBefore, cost, aheadDays, autoTeams, endedAt, createdAt, updatedAt]
      properties:
        autoTeams: { type: [boolean, 'null'], description: "Whether its occurrences' lists close themselves (an occurrence's own choice first); null, the group's setting" }
        id: { type: integer, minimum: 1 }
        repeat: { type: string, enum: [weekly] }
        firstDate: { type: string, format: date, description: The first occurrence's local date }
        kickOff: { type: string, pattern: '^[0-2][0-9]:[0-5][0-9]$', description: 'The local time of each kick-off, 19:00' }
        timeZone: { type: string }
        place: { type: [string, 'null'] }
        mapLink: { type: [string, 'null'] }
        places: { type: integer, minimum: 1, maximum: 200 }
        minimum: { type: [integer, 'null'], minimum: 1 }
        answersCloseBefore: { type: integer, minimum: 0, description: Seconds before each kick-off that its answers close }
        cost: { type: [string, 'null'] }
        aheadDays: { type: integer, minimum: 7, maximum: 56 }
        endedAt: { type: [string, 'null'], format: date-time }
        createdAt: { type: string, format: date-time }
        updatedAt: { type: string, format: date-time }
    SeriesChange:
      type: object
      description: >-
        Only what is named changes. null clears place, mapLink, minimum or cost; for places and
        aheadDays null is the same as absent.
      properties:
        place: { $ref: '#/components/schemas/FixtureText' }
        mapLink: { $ref: '#/components/schemas/MapLink' }
        places: { type: [integer, 'null'], minimum: 1, maximum: 200 }
        minimum: { type: [integer, 'null'], minimum: 1, maximum: 200, description: At most places (as changed) }
        cost: { $ref: '#/components/schemas/FixtureText' }
        aheadDays: { type: [integer, 'null'], minimum: 7, maximum: 56 }
        autoTeams: { type: [boolean, 'null'], description: "Whether its lists close themselves; null goes back to the group's setting" }
    GroupSettings:
      type: object
      required: [timeZone, allowGuests, autoTeams, matchFormat, voteHours, currency]
      properties:
        currency: { type: string, pattern: '^[A-Z]{3}$', description: "The ISO 4217 code the pitch fee is counted in (EUR by default)" }
        matchFormat: { $ref: '#/components/schemas/MatchFormat' }
        voteHours:
          type: integer
          minimum: 0
          maximum: 336
          description: How many hours after a result is saved its players may vote for man of the match; 0, no votes
        timeZone: { type: [string, 'null'], description: The zone fixtures are set in when they name none; null, the server's }
        allowGuests: { type: boolean, description: Whether a player who is in may bring a named guest }
        autoTeams:
          type: boolean
          description: >-
            Whether a fixture's list closes itself when the fixture names no choice of its own: when
            answers close, teams are balanced from those in, published and told to the channels
    GroupSettingsChange:
      type: object
      description: What is named changes, one of them at least
      anyOf:
        - required: [matchFormat]
          properties: { matchFormat: { type: object } }
        - required: [timeZone]
        - required: [allowGuests]
          properties: { allowGuests: { type: boolean } }
        - required: [autoTeams]
          properties: { autoTeams: { type: boolean } }
        - required: [voteHours]
          properties: { voteHours: { type: integer } }
        - required: [currency]
          properties: { currency: { type: string } }
      properties:
        currency:
          type: string
          description: "An ISO 4217 code in use, in capitals; refused (409) once the group has recorded money in another"
          enum: [AED, AFN, ALL, AMD, ANG, AOA, ARS, AUD, AWG, AZN, BAM, BBD, BDT, BGN, BHD, BIF, BMD, BND, BOB, BRL, BSD, BTN, BWP, BYN, BZD, CAD, CDF, CHF, CLP, CNY, COP, CRC, CUP, CVE, CZK, DJF, DKK, DOP, DZD, EGP, ERN, ETB, EUR, FJD, FKP, GBP, GEL, GHS, GIP, GMD, GNF, GTQ, GYD, HKD, HNL, HTG, HUF, IDR, ILS, INR, IQD, IRR, ISK, JMD, JOD, JPY, KES, KGS, KHR, KMF, KPW, KRW, KWD, KYD, KZT, LAK, LBP, LKR, LRD, LSL, LYD, MAD, MDL, MGA, MKD, MMK, MNT, MOP, MRU, MUR, MVR, MWK, MXN, MYR, MZN, NAD, NGN, NIO, NOK, NPR, NZD, OMR, PAB, PEN, PGK, PHP, PKR, PLN, PYG, QAR, RON, RSD, RUB, RWF, SAR, SBD, SCR, SDG, SEK, SGD, SHP, SLE, SOS, SRD, SSP, STN, SVC, SYP, SZL, THB, TJS, TMT, TND, TOP, TRY, TTD, TWD, TZS, UAH, UGX, USD, UYI, UYU, UZS, VES, VND, VUV, WST, XAF, XCD, XOF, XPF, YER, ZAR, ZMW, ZWL]
        voteHours: { type: integer, minimum: 0, maximum: 336, description: "Hours of a match's vote for man of the match; 0 turns votes off" }
        timeZone:
          type: [string, 'null']
          minLength: 1
          maxLength: 64
          pattern: '^[A-Za-z0-9_+-]+(?:/[A-Za-z0-9_+-]+)*$'
          description: An IANA time zone the server's database has (400 otherwise); null, the server's
        allowGuests: { type: [boolean, 'null'], description: null is the same as absent }
        autoTeams: { type: [boolean, 'null'], description: null is the same as absent }
        matchFormat: { oneOf: [ { $ref: '#/components/schemas/MatchFormat' }, { type: 'null' } ] }
    MatchFormat:
      type: object
      description: How the group's matches are played on the clock (gather's match screen starts with it)
      required: [periods, periodMinutes]
      properties:
        periods: { type: integer, minimum: 1, maximum: 2, description: "1 period, or 2 halves" }
        periodMinutes: { type: integer, minimum: 1, maximum: 99, description: Each period's length }
        breakMinutes: { type: integer, minimum: 0, maximum: 30, default: 0, description: "The break between two halves (none with one period)" }
    GatherMembership:
      type: object
      required: [gatherId, playerId, team]
      properties:
        gatherId: { type: string, format: uuid }
        playerId: { type: integer }
        team: { $ref: '#/components/schemas/Team' }
    PlayerStats:
      type: object
      required: [playerId, played, won, drawn, lost, winRate, goalsFor, goalsAgainst, currentStreak, lastFive, goals, assists, goalsPerMatch, manOfTheMatch]
      properties:
        playerId: { type: integer }
        manOfTheMatch: { type: integer, minimum: 0, description: Matches they were man of the match in (voted or chosen) }
        goals: { type: integer, minimum: 0, description: Goals they scored (not own goals) where the goals were recorded }
        assists: { type: integer, minimum: 0 }
        goalsPerMatch: { type: [number, 'null'], minimum: 0, description: goals ÷ played; null before the first match }
        played: { type: integer, minimum: 0 }
        won: { type: integer, minimum: 0 }
        drawn: { type: integer, minimum: 0 }
        lost: { type: integer, minimum: 0 }
        winRate: { type: [number, 'null'], minimum: 0, maximum: 1 }
        goalsFor: { type: integer, minimum: 0 }
        goalsAgainst: { type: integer, minimum: 0 }
        currentStreak:
          oneOf:
            - type: 'null'
            - type: object
              required: [outcome, length]
              properties:
                outcome: { type: string, enum: [won, drawn, lost] }
                length: { type: integer, minimum: 1 }
        lastFive:
          type: array
          maxItems: 5
          items: { type: string, enum: [won, drawn, lost] }
        rating: { $ref: '#/components/schemas/Rating' }
    Rating:
      type: object
      description: A rating learned from results (docs/ratings.md), as it stands today
      required: [mean, deviation, low, high, matches, lastChange, course, changes]
      properties:
        mean: { type: number }
        deviation: { type: number, minimum: 0 }
        low: { type: number, description: mean - 2 deviations }
        high: { type: number, description: mean + 2 deviations }
        matches: { type: integer, minimum: 0 }
        lastChange: { type: [number, 'null'], description: How much the last match moved the mean }
        course: { type: array, maxItems: 10, items: { type: number }, description: The mean after each of the last matches, oldest first }
        changes: { type: array, maxItems: 10, items: { type: number } }
        stale:
          type: boolean
          enum: [true]
          description: >-
            Present only while a change older than the group's last result (a correction, an older
            match, a new declared level) is being settled: the numbers are those settled at settledAt
        settledAt:
          type: [string, 'null']
          format: date-time
          description: With stale, when the ratings shown were last up to date
    RatedPlayer:
      type: object
      required: [playerId, name, rating]
      properties:
        playerId: { type: integer }
        name: { type: string }
        rating: { $ref: '#/components/schemas/Rating' }
    LeaderboardEntry:
      type: object
      required: [rank, playerId, name, played, won, drawn, lost, winRate, goalDifference]
      properties:
        rank: { type: integer, minimum: 1 }
        playerId: { type: integer }
        name: { type: string }
        played: { type: integer, minimum: 0 }
        won: { type: integer, minimum: 0 }
        drawn: { type: integer, minimum: 0 }
        lost: { type: integer, minimum: 0 }
        winRate: { type: number, minimum: 0, maximum: 1 }
        goalDifference: { type: integer }
        rating: { $ref: '#/components/schemas/Rating' }
        manOfTheMatch: { type: integer, minimum: 0, description: Matches they were man of the match in, in the season read }
    BalanceRequest:
      type: object
      required: [playerIds]
      properties:
        playerIds:
          type: array
          minItems: 2
          maxItems: 60
          uniqueItems: true
          items: { type: integer, minimum: 1, maximum: 9223372036854775807 }
          description: At least 2 different players, at most 60, each once
        pins:
          type: [object, 'null']
          description: Player id (one of playerIds, as a string key) to the team it must be on
          additionalProperties: { $ref: '#/components/schemas/Team' }
        apart:
          type: [array, 'null']
          description: Pairs of playerIds that must be on different teams
          items:
            type: array
            minItems: 2
            maxItems: 2
            items: { type: integer }
        seed: { type: [integer, 'null'], minimum: 0, maximum: 9007199254740991 }
        weighting:
          type: [string, 'null']
          enum: [skill, record, rating, null]
          description: Absent or null, rating once three in four of the players have three matches or more, else skill
    BalanceResponse:
      type: object
      required: [teamA, teamB, skillA, skillB, difference, positionSpread, seed, weighting]
      properties:
        teamA: { type: array, items: { $ref: '#/components/schemas/Player' } }
        teamB: { type: array, items: { $ref: '#/components/schemas/Player' } }
        skillA: { type: number }
        skillB: { type: number }
        difference: { type: number, minimum: 0 }
        positionSpread: { type: integer, minimum: 0 }
        seed: { type: integer }
        weighting: { type: string, enum: [skill, record, rating] }
        predictedWinA: { type: number, minimum: 0, maximum: 1, description: Team A's chance to win by the ratings }
        searchComplete:
          type: boolean
          enum: [false]
          description: >-
            Present only when the search stopped at its budget (80 ms of CPU; many keep-apart pairs):
            the best split found by then, perhaps not the best there is

"""##
}
