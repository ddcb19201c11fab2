-- Accounts, login attempts (for rate limiting) and password-reset tokens.
-- Keep equivalent to migrations/postgres/2026-11-30-160000_accounts.
-- Timestamps are UTC.
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    username TEXT NOT NULL,
    username_key TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    session_epoch BIGINT NOT NULL DEFAULT 0,
    notify_turn BOOLEAN NOT NULL DEFAULT 1,
    notify_reminder BOOLEAN NOT NULL DEFAULT 1,
    time_zone TEXT NOT NULL DEFAULT 'UTC',
    unsubscribe_token TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE login_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    username_key TEXT NOT NULL,
    ip TEXT NOT NULL,
    success BOOLEAN NOT NULL,
    attempted_at TIMESTAMP NOT NULL
);
CREATE INDEX login_attempts_username_key ON login_attempts (username_key, attempted_at);
CREATE INDEX login_attempts_ip ON login_attempts (ip, attempted_at);

CREATE TABLE password_resets (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX password_resets_user_id ON password_resets (user_id);
