-- Logs: imported games and the indexes of the public logs page.
-- Keep equivalent to migrations/sqlite/2026-11-30-190000_logs.
--
-- An imported game belongs to the reserved user "(imported)" on both sides (so white_id,
-- black_id and game_moves.user_id stay NOT NULL and the games code is unchanged); the names
-- written in the PGN are kept in white_name / black_name, and Event / Site in source_event /
-- source_site, so that exporting it again gives back the same file.
ALTER TABLE games ADD COLUMN imported BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN white_name TEXT;
ALTER TABLE games ADD COLUMN black_name TEXT;
-- The user who uploaded it (no foreign key: SQLite cannot drop such a column again).
ALTER TABLE games ADD COLUMN imported_by BIGINT;
ALTER TABLE games ADD COLUMN source_event TEXT;
ALTER TABLE games ADD COLUMN source_site TEXT;

-- Keyset pagination of the logs: one index per sort order, the id breaking ties. "Last
-- move" falls back to the start for games without a move, so the key is never NULL.
CREATE INDEX games_logs_activity ON games (COALESCE(last_move_at, created_at), id);
CREATE INDEX games_logs_created ON games (created_at, id);
CREATE INDEX games_logs_length ON games (ply, id);
CREATE INDEX games_logs_preset_version ON games (preset_version_id);
CREATE INDEX games_logs_result ON games (result, result_reason);
CREATE INDEX games_logs_white_name ON games (lower(white_name));
CREATE INDEX games_logs_black_name ON games (lower(black_name));
