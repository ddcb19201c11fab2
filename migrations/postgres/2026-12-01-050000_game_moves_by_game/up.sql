-- The same key as on SQLite (where the table is now clustered by game): (game_id, ply). The
-- surrogate id was never read; the old UNIQUE (game_id, ply) becomes the primary key.
ALTER TABLE game_moves DROP COLUMN id;
ALTER TABLE game_moves DROP CONSTRAINT game_moves_game_id_ply_key;
ALTER TABLE game_moves ADD PRIMARY KEY (game_id, ply);
