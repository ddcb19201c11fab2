DROP TABLE pgn_uploads;
