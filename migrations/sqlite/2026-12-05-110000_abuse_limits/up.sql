-- PGN uploads per user per day are limited; each upload is counted here.
CREATE TABLE pgn_uploads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    uploaded_at TIMESTAMP NOT NULL
);
CREATE INDEX pgn_uploads_user ON pgn_uploads (user_id, uploaded_at);

-- The system user of imported games had a guessable unsubscribe token.
UPDATE users SET unsubscribe_token = lower(hex(randomblob(24)))
WHERE unsubscribe_token = '(IMPORTED)';
