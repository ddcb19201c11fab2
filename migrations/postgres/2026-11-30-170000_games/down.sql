DROP TABLE game_moves;
DROP TABLE games;
DROP TABLE challenges;
DROP TABLE preset_versions;
DROP TABLE presets;
