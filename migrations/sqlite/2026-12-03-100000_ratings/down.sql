DROP TABLE rating_history;
DROP TABLE ratings;
ALTER TABLE challenges DROP COLUMN rating_max;
ALTER TABLE challenges DROP COLUMN rating_min;
ALTER TABLE challenges DROP COLUMN rated_variant;
ALTER TABLE games DROP COLUMN rated_variant;
