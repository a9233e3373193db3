"""Schemathesis hooks for the contract run (Tests/Contract/run).

Only what the OpenAPI document cannot say lives here:
- who the caller is: every Bearer operation runs as a live account, and a new one is registered
  when the token stops working (the run itself logs out and deletes accounts);
- the rules that tie a field to another or to the clock, which JSON Schema cannot express: a
  gather's `winnerTeam` agrees with its `score`, its dates are not in the future and end after
  they start, and its `players` name each id once and, with a score, someone on each team; an API
  token's expiry is in the future; a balance request pins and keeps apart only players it lists. In positive cases the
  generated body is brought in line (the winner derived from the score, dates moved into the past
  and put in order, pins and pairs of unlisted players dropped), so a schema-valid body is a valid
  request. Negative cases are left exactly as generated;
- a balance request lists the account's real players where it can, so the run reaches the
  balancer and checks its answer, not only the 404 of unknown players.
"""
import base64
import datetime
import os
import re
import secrets
import zoneinfo

import requests
import schemathesis
from schemathesis.openapi.checks import EnsureResourceAvailability, IgnoredAuth, UseAfterFree

BASE_URL = os.environ["FG_CONTRACT_URL"].rstrip("/")
SCORE = re.compile(r"^([0-9]{1,3})-([0-9]{1,3})$")


class Account:
    """The account the run acts as; replaced when the run deletes or logs it out."""

    username = None
    password = None

    @classmethod
    def fresh(cls):
        cls.username = "contract-" + secrets.token_hex(6)
        cls.password = secrets.token_hex(12)
        created = requests.post(f"{BASE_URL}/api/users",
                                json={"username": cls.username, "password": cls.password}, timeout=30)
        created.raise_for_status()

    @classmethod
    def login(cls):
        if cls.username is None:
            cls.fresh()
        answer = requests.post(f"{BASE_URL}/api/users/login", auth=(cls.username, cls.password), timeout=30)
        # 401: the run deleted the account; 403: disabled; 429: its guesses at the current
        # password (PUT /api/users/me/password) braked logins to it from here.
        if answer.status_code in (401, 403, 429):
            cls.fresh()
            answer = requests.post(f"{BASE_URL}/api/users/login", auth=(cls.username, cls.password), timeout=30)
        answer.raise_for_status()
        return answer.json()["token"]


@schemathesis.auth(refresh_interval=600).skip_for(path=["/api/users/login", "/health", "/openapi.yaml"]) \
    .skip_for(method="POST", path="/api/users")
class BearerToken:
    """A token of the run's account; fetched again after any 401 (the default `retry_on`)."""

    def get(self, case, context):
        return Account.login()

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


@schemathesis.auth(refresh_interval=600).apply_to(path="/api/users/login")
class BasicCredentials:
    """The run's account's username and password, so logins can succeed."""

    def get(self, case, context):
        if Account.username is None:
            Account.fresh()
        return base64.b64encode(f"{Account.username}:{Account.password}".encode()).decode()

    def set(self, case, data, context):
        # From the account as it is now, not as cached: the run may have changed its password.
        case.headers = case.headers or {}
        fresh = base64.b64encode(f"{Account.username}:{Account.password}".encode()).decode()
        case.headers["Authorization"] = f"Basic {fresh}"


def winner_of(score):
    match = SCORE.match(score)
    if match is None:
        return None
    a, b = int(match.group(1)), int(match.group(2))
    return "Team A" if a > b else "Team B" if b > a else "None"


GROUP_PREFIX = "/api/groups/{groupId}"


@schemathesis.hook
def before_call(context, case, **kwargs):
    """Brings a positive request in line with the rules that tie its parts together."""
    if case.meta is None or str(case.meta.generation.mode.value) != "positive":
        return
    # A version the run never read cannot be the one stored: a change made against it is refused
    # (412), as it should be. ConditionalChangeTests checks If-Match with versions it has read.
    if case.headers:
        case.headers.pop("If-Match", None)
    # A group's routes under /api/groups/{groupId}/ take the same bodies as the caller's own.
    path = case.operation.path
    if path.startswith(GROUP_PREFIX + "/"):
        path = "/api" + path[len(GROUP_PREFIX):]
    body = case.body
    if not isinstance(body, dict):
        return
    if path == "/api/users/me/password" and Account.password is not None:
        # The real current password, so that a change is made and its answer checked.
        body["currentPassword"] = Account.password
    if path.startswith("/api/gathers"):
        score = body.get("score")
        if isinstance(score, str):
            # A score and its winner go together, and agree.
            winner = winner_of(score)
            if winner is not None:
                body["winnerTeam"] = winner
        put_dates_in_the_past(body)
        if isinstance(body.get("players"), list):
            seen = set()
            unique = []
            for member in body["players"]:
                key = member.get("id") if isinstance(member, dict) else None
                if key is None or (not isinstance(key, bool) and key not in seen):
                    seen.add(key)
                    unique.append(member)
            body["players"] = unique
            teams = {member.get("team") for member in unique if isinstance(member, dict)}
            if not {"Team A", "Team B"} <= teams:
                # Teams still being picked: no result yet.
                for key in ("score", "winnerTeam", "endedAt", "goals"):
                    body.pop(key, None)
        bring_goals_in_line(body, keep_without_score=path == "/api/gathers/{id}")
    elif path == "/api/seasons":
        # A season's last day is not before its first, nor more than a year after it, and each
        # is a day its month has: a pattern cannot say so.
        first = parse_day(body.get("startsOn"))
        last = parse_day(body.get("endsOn"))
        if first is None:
            first = datetime.date(2026, 9, 1)
            body["startsOn"] = first.isoformat()
        if last is None or last < first or (last - first).days > 365:
            body["endsOn"] = first.isoformat()
    elif path == "/api/payments":
        # A day the month has: a pattern cannot say so.
        if isinstance(body.get("paidOn"), str) and parse_day(body["paidOn"]) is None:
            body["paidOn"] = "2026-11-20"
    elif path == "/api/live":
        bring_goals_in_line(body, keep_without_score=False)
        # A half names the halves there are: the second of two.
        if body.get("period") is not None and body.get("periods") in (None, 1) and body.get("period") != 1:
            body["periods"] = 2 if body.get("period") == 2 else body.get("periods")
    elif path in ("/api/fixtures", "/api/fixtures/{id}"):
        bring_fixture_in_line(body, case)
    elif path in ("/api/channels", "/api/channels/{id}"):
        send_to_a_public_name(body, path)
    elif path == "/api/fixture-series/{id}":
        keep_minimum_within_places(body, case)
    elif path == "/api/fixtures/{id}/teams":
        use_place_holders(body, case)
    elif case.operation.path == GROUP_PREFIX + "/settings":
        if isinstance(body.get("timeZone"), str) and not known_zone(body["timeZone"]):
            body["timeZone"] = "Europe/Amsterdam"
    elif path == "/api/tokens":
        expires = parse_date(body.get("expiresAt"))
        unreadable = isinstance(body.get("expiresAt"), str) and expires is None
        if unreadable or (expires is not None and (expires.tzinfo is None or expires <= datetime.datetime.now(datetime.timezone.utc))):
            later = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=1)
            body["expiresAt"] = later.strftime("%Y-%m-%dT%H:%M:%SZ")
    elif path == "/api/teams/balance":
        use_real_players(body, case.headers or {}, group_path(case))
        listed = {str(id) for id in body.get("playerIds", [])}
        if isinstance(body.get("pins"), dict):
            body["pins"] = {key: team for key, team in body["pins"].items() if key in listed}
        if isinstance(body.get("apart"), list):
            body["apart"] = [pair for pair in body["apart"] if all(str(id) in listed for id in pair)]


def parse_day(text):
    try:
        return datetime.date.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None


def bring_goals_in_line(body, keep_without_score):
    """A match's goals name players the run does not know (the players are made up) and must add
    up to its score: the goals sent become that many goals nobody is named for, each side's. Goals
    without a score give the score (a correction's body), kept where that is the body's meaning."""
    goals = body.get("goals")
    if not isinstance(goals, list):
        return
    score = body.get("score")
    match = SCORE.match(score) if isinstance(score, str) else None
    if match is not None:
        a, b = int(match.group(1)), int(match.group(2))
        body["goals"] = [{"team": "Team A"}] * a + [{"team": "Team B"}] * b if goals else []
    elif keep_without_score and goals:
        body["goals"] = [{"team": goal.get("team") if isinstance(goal, dict) and goal.get("team") in ("Team A", "Team B") else "Team A"}
                         for goal in goals[:20]]
        body.pop("winnerTeam", None)
    else:
        body.pop("goals", None)


def send_to_a_public_name(body, path):
    """A channel's URL is https:// to a name unless the operator allows more (the run's server does
    not): a schema-valid URL is made one. A change names no service fields, since the run cannot
    tell which kind of channel it changes (a field of another kind's is refused, 400), nor a new
    URL (a Telegram or Matrix channel's moves only with its token given again, 400)."""
    if isinstance(body.get("url"), str):
        body["url"] = "https://hooks.example.org/" + secrets.token_hex(4)
    if path == "/api/channels/{id}":
        for key in ("botToken", "chatId", "accessToken", "roomId", "url"):
            body.pop(key, None)


def parse_date(text):
    if not isinstance(text, str):
        return None
    try:
        return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except (TypeError, ValueError):
        return None


def put_dates_in_the_past(body):
    """createdAt and endedAt at least a minute ago (the server's clock is this machine's), in order."""
    now = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=1)
    dates = {key: parse_date(body.get(key)) for key in ("createdAt", "endedAt")}
    for key, date in dates.items():
        unreadable = isinstance(body.get(key), str) and date is None
        if unreadable or (date is not None and (date.tzinfo is None or date > now)):
            dates[key] = now
    created, ended = dates["createdAt"], dates["endedAt"]
    if created is not None and ended is not None and ended < created:
        created, ended = ended, created
    for key, date in (("createdAt", created), ("endedAt", ended)):
        if date is not None:
            body[key] = date.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def group_path(case):
    """Where the request's group keeps its players: the caller's own, or the group in its path."""
    group = (case.path_parameters or {}).get("groupId")
    return f"/api/groups/{group}/players" if case.operation.path.startswith(GROUP_PREFIX) and group else "/api/players"


def use_real_players(body, headers, players_path="/api/players"):
    """Swap the generated ids for the group's own players, as many as were asked for."""
    wanted = body.get("playerIds")
    if not isinstance(wanted, list) or "Authorization" not in headers:
        return
    answer = requests.get(f"{BASE_URL}{players_path}", headers={"Authorization": headers["Authorization"]}, timeout=30)
    if answer.status_code != 200:
        return
    real = [player["id"] for player in answer.json()]
    if len(real) >= 2:
        chosen = real[:max(2, min(len(wanted), len(real)))]
        renamed = dict(zip((str(id) for id in wanted), (str(id) for id in chosen)))
        body["playerIds"] = chosen
        if isinstance(body.get("pins"), dict):
            body["pins"] = {renamed[key]: team for key, team in body["pins"].items() if key in renamed}
        if isinstance(body.get("apart"), list):
            body["apart"] = [[int(renamed[str(id)]) for id in pair] for pair in body["apart"]
                             if isinstance(pair, list) and all(str(id) in renamed for id in pair)]


@schemathesis.hook
def after_call(context, case, response):
    """A password the run changed is the account's password from now on."""
    if case.operation.path == "/api/users/me/password" and response.status_code == 204 and isinstance(case.body, dict):
        Account.password = case.body.get("newPassword", Account.password)


def known_zone(name):
    """Whether the tz database here (the server's) has the zone `name`."""
    try:
        zoneinfo.ZoneInfo(name)
        return True
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return False


def bring_fixture_in_line(body, case):
    """A fixture's times in their window (kick-off ahead, within 400 days; answers closing no
    later), its zone one the server has, its minimum within its places."""
    if isinstance(body.get("timeZone"), str) and not known_zone(body["timeZone"]):
        body["timeZone"] = "Europe/Amsterdam"
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    changing = case.method.upper() == "PATCH"
    if isinstance(body.get("startsAt"), str) or not changing:
        starts = now + datetime.timedelta(days=7)
        body["startsAt"] = starts.strftime("%Y-%m-%dT%H:%M:%SZ")
        # A change of kick-off closes answers before it, whatever closing time was stored.
        if isinstance(body.get("answersCloseAt"), str) or changing:
            body["answersCloseAt"] = (starts - datetime.timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
    elif isinstance(body.get("answersCloseAt"), str):
        # Before any kick-off the run set (at least a week ahead).
        body["answersCloseAt"] = now.strftime("%Y-%m-%dT%H:%M:%SZ")
    keep_minimum_within_places(body, case)


def keep_minimum_within_places(body, case):
    """A fixture's or a series' minimum no more than its places, a change read against what is stored."""
    places, minimum = number(body.get("places")), number(body.get("minimum"))
    if case.method.upper() == "PATCH" and ((minimum is None) != (places is None)):
        current = stored(case)
        if current is not None:
            if places is None:
                places = current.get("places")
            elif "minimum" not in body:
                minimum = current.get("minimum")
    if places is not None and minimum is not None and minimum > places:
        body["minimum"] = places


def use_place_holders(body, case):
    """Teams chosen by hand hold exactly the players holding places, as the server requires."""
    if body.get("balance") is True or not (isinstance(body.get("teamA"), list) and isinstance(body.get("teamB"), list)):
        return
    # Nobody on both teams (each team's own ids are unique by the schema).
    team_a = set(body["teamA"])
    body["teamB"] = [player for player in body["teamB"] if player not in team_a] or [
        next(player for player in range(1, len(team_a) + 2) if player not in team_a)]
    fixture = stored(case, path=case.formatted_path[: -len("/teams")])
    if fixture is None:
        return
    holders = [answer["playerId"] for answer in fixture.get("answers", [])
               if answer.get("place") is not None and answer.get("playerId") is not None]
    if len(holders) >= 2:
        body["teamA"], body["teamB"] = holders[0::2], holders[1::2]


def number(value):
    """A whole number as JSON Schema counts one (3 or 3.0); None for anything else."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value if isinstance(value, int) or value.is_integer() else None


def stored(case, path=None):
    """What the case's own path (or `path`) reads as now, for the run's account."""
    headers = case.headers or {}
    if "Authorization" not in headers:
        return None
    answer = requests.get(f"{BASE_URL}{path or case.formatted_path}", headers={"Authorization": headers["Authorization"]}, timeout=30)
    return answer.json() if answer.status_code == 200 else None


FIXTURE_CANCELLED = re.compile(r"^DELETE /api/(groups/[^/]+/)?(fixtures|fixture-series)/[^/]+$")
TAKEN_BACK = re.compile(r"^DELETE /api/(groups/[^/]+/)?(gathers/[^/]+/(cost|man-of-the-match)|fixtures/[^/]+/cost)$")
MADE_SEPARATELY = re.compile(r"^(GET|DELETE) /api/(groups/\{groupId\}/)?(players/\{id\}/link|fixtures/\{id\}/guests/\{guestId\})$")


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Findings the API means: DELETE /api/fixtures/{id} cancels and DELETE
    /api/fixture-series/{id} ends, and what they act on stays (GET answers it, cancelled or with
    endedAt; PATCH with status open takes a cancellation back), so reading it after is no use after
    free; DELETE of a match's cost or man-of-the-match choice takes back what was set, and GET
    then answers what stands without it (the fixture's cost, the players' vote); a player has no
    personal link until one is made, nor a fixture a guest until one is brought, so reading or
    removing them before is 404, however new the player or fixture; and a request without
    credentials may carry 4 KiB of body at most, refused (413) from its head before anything else,
    so a large body sent without credentials is 413 rather than 401."""
    if isinstance(failure, UseAfterFree) and (FIXTURE_CANCELLED.match(failure.free or "") or TAKEN_BACK.match(failure.free or "")):
        return False
    if isinstance(failure, IgnoredAuth) and response is not None and response.status_code == 413:
        return False
    if isinstance(failure, EnsureResourceAvailability) and MADE_SEPARATELY.match(failure.not_available_with or ""):
        return False
    return True
