ALTER TABLE preset_versions DROP COLUMN cap_days;
ALTER TABLE preset_versions DROP COLUMN increment_hours;
ALTER TABLE preset_versions DROP COLUMN reserve_days;
ALTER TABLE preset_versions DROP COLUMN time_kind;
