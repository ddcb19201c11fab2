-- A game's moves stored together, in ply order: the table is keyed by (game_id, ply)
-- WITHOUT ROWID, so reading one game's moves (the game page, the repetition count of a
-- move) reads a few adjacent pages instead of one page per move, and a move no longer
-- updates an AUTOINCREMENT counter. The surrogate id was never read.
CREATE TABLE game_moves_by_game (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply BIGINT NOT NULL,
    move_text TEXT NOT NULL,
    compact TEXT NOT NULL,
    fen_after TEXT NOT NULL,
    comment TEXT,
    played_at TIMESTAMP NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
INSERT INTO game_moves_by_game (game_id, ply, move_text, compact, fen_after, comment, played_at, user_id)
    SELECT game_id, ply, move_text, compact, fen_after, comment, played_at, user_id FROM game_moves;
DROP TABLE game_moves;
ALTER TABLE game_moves_by_game RENAME TO game_moves;
