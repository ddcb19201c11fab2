-- wrk script: the game page as seen by the player to move (board, legal moves, legend).
-- Usage: PAGE_COOKIE='plypost_session=...' wrk -t2 -c32 -d20s --latency -s bench/games_page.lua PAGE_URL
wrk.headers["Cookie"] = os.getenv("PAGE_COOKIE")
