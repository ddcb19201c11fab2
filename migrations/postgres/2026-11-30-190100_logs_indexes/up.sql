-- Measured with 100,000 games (BENCHMARKS.md, Logs): an index on a filter that matches a
-- third of the games made SQLite fetch them all and sort them for one page of 50. Without
-- it the planner walks the sort index and stops after the page. The preset filter gets an
-- index that also gives the "last move" order, so one preset's games need no sort.
-- Keep equivalent to migrations/sqlite/2026-11-30-190100_logs_indexes.
DROP INDEX games_logs_result;
DROP INDEX games_logs_preset_version;
CREATE INDEX games_logs_preset_activity ON games (preset_version_id, COALESCE(last_move_at, created_at), id);
