-- Chat between the two players of a game. Mailed to the other player unless they turned it
-- off; shown to everyone after the game only if both players allow it.
ALTER TABLE users ADD COLUMN notify_chat BOOLEAN NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN public_chat BOOLEAN NOT NULL DEFAULT 0;
-- How many messages a game's chat holds: the game page reads the chat only when there is one.
ALTER TABLE games ADD COLUMN messages BIGINT NOT NULL DEFAULT 0;
CREATE TABLE game_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id),
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    reported_by BIGINT REFERENCES users (id),
    reported_at TIMESTAMP
);
CREATE INDEX game_messages_game ON game_messages (game_id, id);
CREATE INDEX game_messages_user ON game_messages (user_id, created_at);
CREATE INDEX game_messages_reported ON game_messages (reported_at);
