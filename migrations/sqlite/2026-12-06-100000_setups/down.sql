ALTER TABLE games DROP COLUMN setup_name;
ALTER TABLE challenges DROP COLUMN setup_choice;
ALTER TABLE preset_versions DROP COLUMN setups;
