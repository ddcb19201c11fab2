-- Presets with several named start positions: the list (JSON, empty for one setup; the
-- default stays in setup_fen), the challenger's choice, and the one a game started from.
ALTER TABLE preset_versions ADD COLUMN setups TEXT NOT NULL DEFAULT '';
ALTER TABLE challenges ADD COLUMN setup_choice TEXT;
ALTER TABLE games ADD COLUMN setup_name TEXT;
