ALTER TABLE games DROP COLUMN takebacks;
