-- Personal access tokens for the JSON API: the SHA-256 of the token is kept, never the token.
-- `scopes` is a space-separated list of `read` and `play`.
CREATE TABLE api_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    scopes TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    last_used_at TIMESTAMP
);
CREATE INDEX api_tokens_user ON api_tokens (user_id);

-- The secret of a player's deadline calendar URL (shown in settings, so kept as is).
CREATE TABLE calendar_keys (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);
