-- Mail per kind: challenges and game ends can be switched off like moves and reminders; and
-- the notation a player reads moves in.
ALTER TABLE users ADD COLUMN notify_challenge BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE users ADD COLUMN notify_game_end BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE users ADD COLUMN long_notation BOOLEAN NOT NULL DEFAULT FALSE;
