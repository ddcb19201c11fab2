-- Every logs page looks up the rating changes of the games it shows by game.
CREATE INDEX rating_history_game ON rating_history (game_id);
-- The logs' status and result filters, each in the list's order (last activity, then id),
-- so that a page walks the index from its cursor instead of sorting every matching game.
CREATE INDEX games_logs_status_activity ON games (status, COALESCE(last_move_at, created_at), id);
CREATE INDEX games_logs_result_activity ON games (result, COALESCE(last_move_at, created_at), id);
