-- Presets that players make: per-owner unique names, retiring, forks, and everything a
-- version pins besides the rules (default time control, appearance, description).
-- Keep equivalent to migrations/postgres/2026-11-30-180000_presets.

-- name_key: the name lower-cased; a player's preset names are unique ignoring case.
-- Built-in presets have no owner (NULLs never collide), their slug keeps them unique.
ALTER TABLE presets ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
UPDATE presets SET name_key = lower(name);
-- A retired preset is hidden from the index and offered for no new game; its games go on.
ALTER TABLE presets ADD COLUMN retired BOOLEAN NOT NULL DEFAULT FALSE;
-- The preset this one was forked from (no foreign key: the source may be deleted; the
-- service clears the link then).
ALTER TABLE presets ADD COLUMN forked_from BIGINT;
CREATE UNIQUE INDEX presets_owner_name ON presets (owner_id, name_key);
CREATE INDEX presets_variant ON presets (variant_name);

-- What a version pins besides definition, setup and draw rules. Empty colours: the
-- default board colours. piece_letters: `G=E C=K`, letters shown in text diagrams.
ALTER TABLE preset_versions ADD COLUMN name TEXT NOT NULL DEFAULT '';
UPDATE preset_versions SET name = (SELECT p.name FROM presets p WHERE p.id = preset_versions.preset_id);
ALTER TABLE preset_versions ADD COLUMN description TEXT NOT NULL DEFAULT '';
ALTER TABLE preset_versions ADD COLUMN days_per_move BIGINT NOT NULL DEFAULT 3;
ALTER TABLE preset_versions ADD COLUMN light_color TEXT NOT NULL DEFAULT '';
ALTER TABLE preset_versions ADD COLUMN dark_color TEXT NOT NULL DEFAULT '';
ALTER TABLE preset_versions ADD COLUMN coordinates BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE preset_versions ADD COLUMN piece_letters TEXT NOT NULL DEFAULT '';

-- Games per preset (index and preset pages), and "is this preset in use".
CREATE INDEX games_preset_version ON games (preset_version_id);
CREATE INDEX challenges_preset_version ON challenges (preset_version_id);
