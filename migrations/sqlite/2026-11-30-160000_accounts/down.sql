DROP TABLE password_resets;
DROP TABLE login_attempts;
DROP TABLE users;
