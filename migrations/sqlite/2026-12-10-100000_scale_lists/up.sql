-- A player's games in the logs, newest activity first: one ordered range per side, merged
-- (the player filter), instead of every game of the player sorted.
CREATE INDEX games_logs_white_activity ON games (white_id, COALESCE(last_move_at, created_at), id);
CREATE INDEX games_logs_black_activity ON games (black_id, COALESCE(last_move_at, created_at), id);
-- Imported games' names, in the same order; only imported games have names.
DROP INDEX games_logs_white_name;
DROP INDEX games_logs_black_name;
CREATE INDEX games_logs_white_name ON games (lower(white_name), COALESCE(last_move_at, created_at), id) WHERE white_name IS NOT NULL;
CREATE INDEX games_logs_black_name ON games (lower(black_name), COALESCE(last_move_at, created_at), id) WHERE black_name IS NOT NULL;
-- The reason filter, in the list's order.
CREATE INDEX games_logs_reason_activity ON games (result_reason, COALESCE(last_move_at, created_at), id);
-- A profile's finished games, a page at a time from a (finished_at, id) cursor.
DROP INDEX games_white;
DROP INDEX games_black;
CREATE INDEX games_white ON games (white_id, status, finished_at, id);
CREATE INDEX games_black ON games (black_id, status, finished_at, id);
-- The record between two players.
CREATE INDEX games_pair ON games (white_id, black_id, status);
