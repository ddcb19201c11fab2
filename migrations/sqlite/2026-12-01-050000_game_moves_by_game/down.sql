CREATE TABLE game_moves_with_id (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply BIGINT NOT NULL,
    move_text TEXT NOT NULL,
    compact TEXT NOT NULL,
    fen_after TEXT NOT NULL,
    comment TEXT,
    played_at TIMESTAMP NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users (id),
    UNIQUE (game_id, ply)
);
INSERT INTO game_moves_with_id (game_id, ply, move_text, compact, fen_after, comment, played_at, user_id)
    SELECT game_id, ply, move_text, compact, fen_after, comment, played_at, user_id FROM game_moves
    ORDER BY played_at, game_id, ply;
DROP TABLE game_moves;
ALTER TABLE game_moves_with_id RENAME TO game_moves;
