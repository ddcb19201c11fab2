-- A player's private notes on a game (visible only to them, kept after the game).
CREATE TABLE game_notes (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id),
    body TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- A player blocks another: no more challenges or messages between them.
CREATE TABLE blocks (
    blocker_id BIGINT NOT NULL REFERENCES users (id),
    blocked_id BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);
