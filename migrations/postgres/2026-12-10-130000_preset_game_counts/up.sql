-- Games played with each preset, kept up to date as games start (the preset index and pages
-- showed a count of every game of the preset, read on each view).
ALTER TABLE presets ADD COLUMN games_played BIGINT NOT NULL DEFAULT 0;
UPDATE presets SET games_played = (
    SELECT count(*) FROM games JOIN preset_versions ON preset_versions.id = games.preset_version_id
    WHERE preset_versions.preset_id = presets.id AND NOT games.imported
);
