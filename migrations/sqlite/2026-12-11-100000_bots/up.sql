-- Bot accounts (Lichess's BOT title): they play through the bot API only, for good.
ALTER TABLE users ADD COLUMN is_bot BOOLEAN NOT NULL DEFAULT FALSE;
-- Whether bots may challenge this player: people opt in; bots may challenge bots.
ALTER TABLE users ADD COLUMN bot_challenges BOOLEAN NOT NULL DEFAULT FALSE;
-- A bot's event stream refreshes this while it is open: the bot is online until shortly after.
ALTER TABLE users ADD COLUMN stream_seen_at TIMESTAMP;
-- The bot API names a game started from a challenge by the challenge's id.
CREATE INDEX games_challenge ON games (challenge_id);
-- Why the invited player declined (Lichess's reason keys: generic, later, tooFast, ...).
ALTER TABLE challenges ADD COLUMN decline_reason TEXT;
