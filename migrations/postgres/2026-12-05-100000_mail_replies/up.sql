-- Moving by replying to the mail.
-- A player's reply tokens name this generation; revoking them in settings raises it.
ALTER TABLE users ADD COLUMN reply_generation BIGINT NOT NULL DEFAULT 0;

-- The game a mail belongs to (its thread: In-Reply-To and References) and the address a
-- reply goes to (`moves+<token>@...`), when there is one.
ALTER TABLE outbox ADD COLUMN thread_key TEXT;
ALTER TABLE outbox ADD COLUMN reply_to TEXT;
-- Answers to inbound mail are rate-limited per address.
CREATE INDEX outbox_kind_to ON outbox (kind, to_addr, created_at);

-- Every inbound message handled, by its Message-ID (or the SHA-256 of the message without
-- one): a message delivered twice (an MTA retry, an IMAP restart) is handled once.
CREATE TABLE inbound_mails (
    message_key TEXT PRIMARY KEY,
    outcome TEXT NOT NULL,
    received_at TIMESTAMP NOT NULL
);
