ALTER TABLE games DROP COLUMN undo_clock;
ALTER TABLE games DROP COLUMN takeback_by;
