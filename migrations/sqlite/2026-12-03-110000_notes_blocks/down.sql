DROP TABLE blocks;
DROP TABLE game_notes;
