extension Schema {
    /// Each account change says what it was, for the audit line a running server writes of every
    /// change it hears of, made through the API or from the host (`AccountChangeWatch`): made,
    /// password changed, disabled, enabled, deleted, removed, sessions ended, an API token made or
    /// revoked, a membership ended. Never a secret: a token's name and scope, never the token.
    static let version25 = Migration(version: 25, name: "account changes say what they were", sql: """
        ALTER TABLE account_changes ADD COLUMN what TEXT NOT NULL DEFAULT 'changed';

        DROP TRIGGER IF EXISTS account_changed;
        CREATE TRIGGER account_changed AFTER UPDATE OF password_hash, disabled_at, deleted_at ON users
        BEGIN
            INSERT INTO account_changes (user_id, changed_at, what) VALUES (NEW.id, CAST(strftime('%s', 'now') AS INTEGER),
                CASE WHEN NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL THEN 'deleted'
                     WHEN NEW.disabled_at IS NOT NULL AND OLD.disabled_at IS NULL THEN 'disabled'
                     WHEN NEW.disabled_at IS NULL AND OLD.disabled_at IS NOT NULL THEN 'enabled'
                     WHEN NEW.password_hash IS NOT OLD.password_hash THEN 'password changed'
                     ELSE 'changed' END);
            DELETE FROM account_changes WHERE id <= (SELECT max(id) FROM account_changes) - 1000;
        END;

        DROP TRIGGER IF EXISTS account_removed;
        CREATE TRIGGER account_removed AFTER DELETE ON users
        BEGIN
            INSERT INTO account_changes (user_id, changed_at, what) VALUES (OLD.id, CAST(strftime('%s', 'now') AS INTEGER), 'removed');
            DELETE FROM account_changes WHERE id <= (SELECT max(id) FROM account_changes) - 1000;
        END;

        CREATE TRIGGER account_made AFTER INSERT ON users
        BEGIN
            INSERT INTO account_changes (user_id, changed_at, what) VALUES (NEW.id, CAST(strftime('%s', 'now') AS INTEGER), 'made');
            DELETE FROM account_changes WHERE id <= (SELECT max(id) FROM account_changes) - 1000;
        END;

        DROP TRIGGER IF EXISTS membership_ended;
        CREATE TRIGGER membership_ended AFTER DELETE ON memberships
        WHEN EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id AND deleted_at IS NULL)
        BEGIN
            INSERT INTO account_changes (user_id, changed_at, what)
            VALUES (OLD.user_id, CAST(strftime('%s', 'now') AS INTEGER), 'left group ' || OLD.group_id);
            DELETE FROM account_changes WHERE id <= (SELECT max(id) FROM account_changes) - 1000;
        END;

        CREATE TRIGGER api_token_made AFTER INSERT ON api_tokens
        BEGIN
            INSERT INTO account_changes (user_id, changed_at, what)
            VALUES (NEW.user_id, CAST(strftime('%s', 'now') AS INTEGER), 'API token "' || replace(NEW.name, '"', '\\"') || '" made (' || NEW.scope || ')');
            DELETE FROM account_changes WHERE id <= (SELECT max(id) FROM account_changes) - 1000;
        END;

        CREATE TRIGGER api_token_revoked AFTER DELETE ON api_tokens
        WHEN EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id AND deleted_at IS NULL)
        BEGIN
            INSERT INTO account_changes (user_id, changed_at, what)
            VALUES (OLD.user_id, CAST(strftime('%s', 'now') AS INTEGER), 'API token "' || replace(OLD.name, '"', '\\"') || '" revoked');
            DELETE FROM account_changes WHERE id <= (SELECT max(id) FROM account_changes) - 1000;
        END;
        """)
}
