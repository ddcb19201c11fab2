DROP INDEX games_logs_result_activity;
DROP INDEX games_logs_status_activity;
DROP INDEX rating_history_game;
