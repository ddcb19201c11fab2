DROP TABLE inbound_mails;
DROP INDEX outbox_kind_to;
ALTER TABLE outbox DROP COLUMN reply_to;
ALTER TABLE outbox DROP COLUMN thread_key;
ALTER TABLE users DROP COLUMN reply_generation;
