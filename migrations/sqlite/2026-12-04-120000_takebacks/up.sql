-- Takebacks in casual games: the player asking to take back their last move, and the clocks
-- as they stood before that move (JSON), to put back exactly when the opponent agrees.
ALTER TABLE games ADD COLUMN takeback_by BIGINT REFERENCES users (id);
ALTER TABLE games ADD COLUMN undo_clock TEXT;
