ALTER TABLE users DROP COLUMN notify_computer;
