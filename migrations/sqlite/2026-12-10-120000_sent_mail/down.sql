DROP INDEX outbox_sent;
