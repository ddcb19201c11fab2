DROP INDEX inbound_mails_refused;
ALTER TABLE inbound_mails DROP COLUMN user_id;
