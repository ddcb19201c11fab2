DROP INDEX IF EXISTS games_logs_imported;
DROP INDEX IF EXISTS games_black_started;
DROP INDEX IF EXISTS games_white_started;
