DROP TABLE calendar_keys;
DROP TABLE api_tokens;
