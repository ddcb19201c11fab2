-- When the account's address was confirmed by a link mailed to it (NULL: not yet). Game
-- mail and mail replies use only a confirmed address. Addresses stored before this check
-- existed had been receiving game mail: they count as confirmed.
ALTER TABLE users ADD COLUMN email_verified_at TIMESTAMP;
UPDATE users SET email_verified_at = created_at;

-- A link mailed to an address to confirm it: at registration (the account's address) or
-- for a change (the new address, which replaces the old one only once confirmed). Only
-- the token's SHA-256 is stored.
CREATE TABLE email_verifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX email_verifications_user_id ON email_verifications (user_id);
