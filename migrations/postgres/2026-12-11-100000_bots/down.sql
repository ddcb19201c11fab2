ALTER TABLE challenges DROP COLUMN decline_reason;
DROP INDEX games_challenge;
ALTER TABLE users DROP COLUMN stream_seen_at;
ALTER TABLE users DROP COLUMN bot_challenges;
ALTER TABLE users DROP COLUMN is_bot;
