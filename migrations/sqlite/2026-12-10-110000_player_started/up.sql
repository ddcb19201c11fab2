-- A player's games in the order they started (ids are given as games start): feeds.
CREATE INDEX IF NOT EXISTS games_white_started ON games (white_id, id);
CREATE INDEX IF NOT EXISTS games_black_started ON games (black_id, id);
-- The logs' "imported only" filter, in the list's order; few games are imported.
CREATE INDEX IF NOT EXISTS games_logs_imported ON games (COALESCE(last_move_at, created_at), id) WHERE imported;
