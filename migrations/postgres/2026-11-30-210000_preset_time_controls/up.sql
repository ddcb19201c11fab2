-- The default time control of a preset version, of any kind the challenge form offers.
-- Keep equivalent to migrations/sqlite/2026-11-30-210000_preset_time_controls.
-- time_kind: 'days' (days_per_move), 'fischer' (reserve_days + increment_hours, optional
-- cap_days) or 'untimed'.
ALTER TABLE preset_versions ADD COLUMN time_kind TEXT NOT NULL DEFAULT 'days';
ALTER TABLE preset_versions ADD COLUMN reserve_days BIGINT;
ALTER TABLE preset_versions ADD COLUMN increment_hours BIGINT;
ALTER TABLE preset_versions ADD COLUMN cap_days BIGINT;
