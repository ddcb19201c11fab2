-- Keep equivalent to migrations/sqlite/2026-11-30-180000_presets.
DROP INDEX challenges_preset_version;
DROP INDEX games_preset_version;
ALTER TABLE preset_versions DROP COLUMN piece_letters;
ALTER TABLE preset_versions DROP COLUMN coordinates;
ALTER TABLE preset_versions DROP COLUMN dark_color;
ALTER TABLE preset_versions DROP COLUMN light_color;
ALTER TABLE preset_versions DROP COLUMN days_per_move;
ALTER TABLE preset_versions DROP COLUMN description;
ALTER TABLE preset_versions DROP COLUMN name;
DROP INDEX presets_variant;
DROP INDEX presets_owner_name;
ALTER TABLE presets DROP COLUMN forked_from;
ALTER TABLE presets DROP COLUMN retired;
ALTER TABLE presets DROP COLUMN name_key;
