-- The logs' player filter with a status (a player's finished games as Black, ...): one range
-- in the list's order. Without it SQLite walked every finished game by activity for a busy
-- player's first page and its bounded count (15 ms at 100,000 games). PostgreSQL's planner
-- already combines the player and status indexes; its migration is empty.
CREATE INDEX games_logs_white_status_activity ON games (white_id, status, COALESCE(last_move_at, created_at), id);
CREATE INDEX games_logs_black_status_activity ON games (black_id, status, COALESCE(last_move_at, created_at), id);
