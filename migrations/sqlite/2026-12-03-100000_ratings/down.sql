DROP TABLE rating_history;
DROP TABLE ratings;
ALTER TABLE challenges DROP COLUMN rated;
ALTER TABLE games DROP COLUMN rated_variant;
