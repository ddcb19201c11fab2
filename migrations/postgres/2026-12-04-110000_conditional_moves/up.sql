-- A player's conditional moves in a game ("if you play X, I reply Y"): lines of compact moves
-- (JSON, an array of arrays), each starting with the opponent's move at ply base_ply + 1.
-- Only their author ever reads them.
CREATE TABLE conditional_moves (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id),
    base_ply BIGINT NOT NULL,
    lines TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
