-- Mail the computer's replies as "your move" even when they come within a minute of the
-- player's move (off: the player is on the page and sees them there).
ALTER TABLE users ADD COLUMN notify_computer BOOLEAN NOT NULL DEFAULT FALSE;
