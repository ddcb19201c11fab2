-- The player an inbound mail came for: the limit on answers counts only the refused mails
-- of one player, so a stranger holding a token cannot silence the player's moves.
ALTER TABLE inbound_mails ADD COLUMN user_id BIGINT;
CREATE INDEX inbound_mails_refused ON inbound_mails (user_id, outcome, received_at);
