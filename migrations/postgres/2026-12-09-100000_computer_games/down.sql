DROP INDEX games_computer_active;
ALTER TABLE games DROP COLUMN computer_level;
