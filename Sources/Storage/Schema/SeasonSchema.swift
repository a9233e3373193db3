// The season: goals (26), a group's match format (27), seasons (28), man of the match (29), the pitch fee (30).
extension Schema {
    /// A match's goals, in the order they came (`number`, from 1): the side each counts for, its
    /// scorer and assist where known, the minute and whether it was an own goal. `group_id` lets a
    /// group's scorers be counted without reading its matches; a scorer deleted from the roster
    /// keeps the goal (they are retired, not deleted, once they played), and a player removed for
    /// good leaves it unnamed.
    static let version26 = Migration(version: 26, name: "goals, who scored and who made them", sql: """
        CREATE TABLE goals (
            gather_id TEXT NOT NULL REFERENCES gathers(id) ON DELETE CASCADE,
            number    INTEGER NOT NULL CHECK (number >= 1),
            group_id  TEXT NOT NULL,
            team      TEXT NOT NULL CHECK (team IN ('Team A', 'Team B')),
            scorer_id INTEGER REFERENCES players(id) ON DELETE SET NULL,
            assist_id INTEGER REFERENCES players(id) ON DELETE SET NULL,
            minute    INTEGER CHECK (minute BETWEEN 0 AND 999),
            own_goal  INTEGER NOT NULL DEFAULT 0 CHECK (own_goal IN (0, 1)),
            PRIMARY KEY (gather_id, number)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX goals_by_group ON goals(group_id, scorer_id);
        CREATE INDEX goals_by_scorer ON goals(scorer_id) WHERE scorer_id IS NOT NULL;
        CREATE INDEX goals_by_assist ON goals(assist_id) WHERE assist_id IS NOT NULL;
        """)

    /// How a group's matches are played on the clock by default: one period of ten minutes (as
    /// before), or two halves with a break.
    static let version27 = Migration(version: 27, name: "a group's match format", sql: """
        ALTER TABLE groups ADD COLUMN match_periods INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE groups ADD COLUMN match_period_minutes INTEGER NOT NULL DEFAULT 10;
        ALTER TABLE groups ADD COLUMN match_break_minutes INTEGER NOT NULL DEFAULT 0;
        """)
}

extension Schema {
    /// A group's seasons: named stretches of days, with the instants they begin and end at in the
    /// group's zone when they were made (so a change of zone later moves no match between
    /// seasons), and their awards once frozen (JSON).
    static let version28 = Migration(version: 28, name: "seasons and their awards", sql: """
        CREATE TABLE seasons (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            group_id   TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            name       TEXT NOT NULL,
            starts_on  TEXT NOT NULL,
            ends_on    TEXT NOT NULL,
            time_zone  TEXT NOT NULL,
            starts_at  INTEGER NOT NULL,
            ends_at    INTEGER NOT NULL CHECK (ends_at > starts_at),
            awards     TEXT
        ) STRICT;
        CREATE INDEX seasons_by_group ON seasons(group_id, starts_at);
        CREATE INDEX seasons_awaiting_awards ON seasons(ends_at) WHERE awards IS NULL;
        """)
}

extension Schema {
    /// Man of the match: the hours a group's players may vote after a result is saved, when a
    /// match's vote closes (set once, by its first result; none on matches from before), an
    /// organiser's choice, whether its close was told (caches, channels), and the votes
    /// themselves, one per voter and match.
    static let version29 = Migration(version: 29, name: "man of the match", sql: """
        ALTER TABLE groups ADD COLUMN vote_hours INTEGER NOT NULL DEFAULT 48;
        ALTER TABLE gathers ADD COLUMN votes_close_at INTEGER;
        ALTER TABLE gathers ADD COLUMN chosen_player_id INTEGER REFERENCES players(id) ON DELETE SET NULL;
        ALTER TABLE gathers ADD COLUMN votes_told INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX gathers_votes_to_tell ON gathers(votes_close_at) WHERE votes_told = 0 AND votes_close_at IS NOT NULL;
        CREATE INDEX gathers_chosen ON gathers(group_id) WHERE chosen_player_id IS NOT NULL;
        CREATE TABLE match_votes (
            gather_id TEXT NOT NULL REFERENCES gathers(id) ON DELETE CASCADE,
            voter_id  INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            group_id  TEXT NOT NULL,
            voted_at  INTEGER NOT NULL,
            PRIMARY KEY (gather_id, voter_id),
            CHECK (voter_id != player_id)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX match_votes_by_group ON match_votes(group_id, gather_id);
        CREATE INDEX match_votes_by_voter ON match_votes(voter_id);
        CREATE INDEX match_votes_by_player ON match_votes(player_id);
        """)
}

extension Schema {
    /// The pitch fee: the group's currency (ISO 4217), a match's cost (the smallest unit, cents) and
    /// how it is shared out, a fixture's the same (its match's when the match names none), and the
    /// payments organisers record. Charges are never stored: they follow from the costs and who
    /// played (or was in), so a correction of a match's players corrects its charges. Channels that
    /// hear results hear the new `season.awards` too.
    static let version30 = Migration(version: 30, name: "the pitch fee", sql: """
        ALTER TABLE groups ADD COLUMN currency TEXT NOT NULL DEFAULT 'EUR';
        ALTER TABLE gathers ADD COLUMN cost INTEGER CHECK (cost BETWEEN 0 AND 100000000);
        ALTER TABLE gathers ADD COLUMN cost_split TEXT NOT NULL DEFAULT 'played' CHECK (cost_split IN ('played', 'in', 'each'));
        ALTER TABLE fixtures ADD COLUMN cost_amount INTEGER CHECK (cost_amount BETWEEN 0 AND 100000000);
        ALTER TABLE fixtures ADD COLUMN cost_split TEXT NOT NULL DEFAULT 'played' CHECK (cost_split IN ('played', 'in', 'each'));
        CREATE TABLE payments (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            group_id    TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            player_id   INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            amount      INTEGER NOT NULL CHECK (amount BETWEEN -100000000 AND 100000000 AND amount != 0),
            paid_on     TEXT NOT NULL,
            note        TEXT NOT NULL DEFAULT '',
            recorded_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX payments_by_player ON payments(group_id, player_id, paid_on);
        CREATE INDEX gathers_with_cost ON gathers(group_id) WHERE cost IS NOT NULL;
        CREATE INDEX fixtures_with_cost ON fixtures(group_id) WHERE cost_amount IS NOT NULL;
        -- A channel told of results is told of a season's awards too (a new event, on by default).
        UPDATE channels SET events = events || 'season.awards,' WHERE instr(events, ',match.result,') > 0;
        """)
}

extension Schema {
    /// Channels that hear results hear who was man of the match too (`match.man_of_the_match`, a
    /// new event, on by default for channels made from now on).
    static let version31 = Migration(version: 31, name: "man of the match told", sql: """
        UPDATE channels SET events = events || 'match.man_of_the_match,'
        WHERE instr(events, ',match.result,') > 0 AND instr(events, ',match.man_of_the_match,') = 0;
        """)
}
