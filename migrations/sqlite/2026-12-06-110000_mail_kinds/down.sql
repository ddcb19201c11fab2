ALTER TABLE users DROP COLUMN long_notation;
ALTER TABLE users DROP COLUMN notify_game_end;
ALTER TABLE users DROP COLUMN notify_challenge;
