-- Who declined a draw offer, and at which ply: the offerer is told on the game page until
-- the next move.
ALTER TABLE games ADD COLUMN draw_declined_by BIGINT;
ALTER TABLE games ADD COLUMN draw_declined_ply BIGINT;
