ALTER TABLE presets DROP COLUMN games_played;
