-- Server-side sessions: the cookie holds a random token, the table its SHA-256. Logging out
-- deletes the row, so a copied cookie stops working. (users.session_epoch is no longer
-- read; it stays so existing code and data keep working.)
-- Keep equivalent to migrations/postgres/2026-11-30-160200_sessions.
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    last_seen_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);
