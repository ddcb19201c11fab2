DROP INDEX games_logs_preset_activity;
CREATE INDEX games_logs_preset_version ON games (preset_version_id);
CREATE INDEX games_logs_result ON games (result, result_reason);
