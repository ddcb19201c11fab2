DROP TABLE game_messages;
ALTER TABLE games DROP COLUMN messages;
ALTER TABLE users DROP COLUMN public_chat;
ALTER TABLE users DROP COLUMN notify_chat;
