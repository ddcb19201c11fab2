ALTER TABLE games DROP COLUMN draw_declined_ply;
ALTER TABLE games DROP COLUMN draw_declined_by;
