"""A bot driven by berserk (PyPI, unmodified; plypost's address as its base URL) plays a
whole game against a person who plays through plypost's own API (/api/v1), from the
person's challenge to the result. Run by tests/all/bots.rs:

    python3 bots_berserk.py BASE BOT_TOKEN PERSON_TOKEN BOT_NAME PERSON_NAME VARIANT [PERSON_BASE]

PERSON_BASE: another server process on the same database, where the person plays (the
bot's streams then learn of the person's moves from the database, not from this process).

VARIANT is `chess` (a fool's mate: the bot mates with Black) or `shako` (both sides play
moves pyffish, Fairy-Stockfish's move generator, says are legal, then the person resigns).
Prints one JSON line of what it saw; fails (exit 1) on anything unexpected.
"""

import datetime
import json
import random
import sys

import berserk
import pyffish
import requests

base, bot_token, person_token, bot_name, person_name, variant = sys.argv[1:7]
person_base = sys.argv[7] if len(sys.argv) > 7 else base
seen = {}


def check(condition, what):
    if not condition:
        raise SystemExit(f"unexpected: {what}")


bot = berserk.Client(session=berserk.TokenSession(bot_token), base_url=base)
person = requests.Session()
person.headers["Authorization"] = f"Bearer {person_token}"

# The token and the account, as lichess-bot checks them at start.
tested = bot.oauth.test_tokens(bot_token)
check("bot:play" in tested[bot_token]["scopes"].split(","), f"scopes {tested}")
bot.account.upgrade_to_bot()
account = bot.account.get()
check(account.get("title") == "BOT", f"account {account}")
check(account["username"] == bot_name, f"username {account}")
try:
    bot.account.upgrade_to_bot()
    check(False, "a second upgrade")
except berserk.exceptions.ResponseError as e:
    check(e.status_code == 400, f"second upgrade: {e}")

# The person challenges the bot through plypost's API; the bot's event stream shows it
# (on connecting, every waiting challenge is sent).
answer = person.post(
    f"{person_base}/api/v1/challenges",
    json={
        "preset": variant,
        "opponent": bot_name,
        "color": "white",
        "time_control": {"kind": "days", "days": 3},
    },
)
check(answer.status_code == 201, f"challenge: {answer.status_code} {answer.text}")
challenge_id = str(answer.json()["id"])
events = bot.bots.stream_incoming_events()
event = next(events)
check(event["type"] == "challenge", f"first event {event}")
challenge = event["challenge"]
check(challenge["id"] == challenge_id, f"challenge id {challenge}")
check(challenge["challenger"]["name"] == person_name, f"challenger {challenge}")
check(challenge["destUser"]["title"] == "BOT", f"destUser {challenge}")
check(challenge["timeControl"] == {"type": "correspondence", "daysPerTurn": 3}, f"tc {challenge}")
check(challenge["speed"] == "correspondence" and challenge["direction"] == "in", f"{challenge}")
key = "standard" if variant == "chess" else variant
check(challenge["variant"]["key"] == key, f"variant {challenge}")
seen["challenge"] = challenge["id"]

bot.bots.accept_challenge(challenge_id)
event = next(events)
check(event["type"] == "gameStart", f"after accepting {event}")
game = event["game"]
# The game carries the challenge's id, as on Lichess.
check(game["gameId"] == challenge_id and game["id"] == challenge_id, f"game id {game}")
check(game["color"] == "black" and game["isMyTurn"] is False, f"colour {game}")
check(game["status"] == {"id": 20, "name": "started"}, f"status {game}")
check(isinstance(game["secondsLeft"], int) and game["secondsLeft"] > 0, f"secondsLeft {game}")
check(game["opponent"]["username"] == person_name, f"opponent {game}")
game_id = game["gameId"]
plypost_id = int(game["url"].rsplit("/", 1)[1])

playing = bot.games.get_ongoing()
check([g["gameId"] for g in playing] == [game_id], f"playing {playing}")

stream = bot.bots.stream_game_state(game_id)
full = next(stream)
check(full["type"] == "gameFull" and full["id"] == game_id, f"gameFull {full}")
check(full["initialFen"] == "startpos", f"initialFen {full}")
check(full["white"]["name"] == person_name and full["black"]["title"] == "BOT", f"players {full}")
check(full["speed"] == "correspondence" and full["daysPerTurn"] == 3, f"speed {full}")
check(full["state"]["status"] == "started" and full["state"]["moves"] == "", f"state {full}")
fsf_variant = "chess" if variant == "chess" else variant
start = pyffish.start_fen(fsf_variant)


def person_moves(uci):
    """The person plays `uci` through /api/v1 (its moves accept UCI) at the next ply."""
    current = person.get(f"{person_base}/api/v1/games/{plypost_id}").json()
    played = person.post(
        f"{person_base}/api/v1/games/{plypost_id}/moves",
        json={"ply": current["ply"] + 1, "move": uci},
    )
    check(played.status_code == 200, f"person's {uci}: {played.status_code} {played.text}")


def next_state():
    """The next gameState of the stream (chat lines are skipped)."""
    while True:
        line = next(stream)
        if line["type"] == "gameState":
            return line


rng = random.Random(7)
if variant == "chess":
    script = ["f2f3", "e7e5", "g2g4", "d8h4"]
else:
    script = []
    moves = []
    for _ in range(20):
        choice = sorted(pyffish.legal_moves(fsf_variant, start, moves))
        moves.append(rng.choice(choice))
    script = moves

moves = []
illegal_tried = False
for ply, uci in enumerate(script):
    if ply % 2 == 0:
        person_moves(uci)
    else:
        if not illegal_tried:
            # An illegal move: refused with 400, and nothing changes.
            try:
                bot.bots.make_move(game_id, "a1a1")
                check(False, "an illegal move was taken")
            except berserk.exceptions.ResponseError as e:
                check(e.status_code == 400, f"illegal move: {e}")
                seen["illegal"] = e.cause
            illegal_tried = True
        bot.bots.make_move(game_id, uci)
    state = next_state()
    moves.append(uci)
    check(state["moves"] == " ".join(moves), f"moves {state['moves']!r} after {moves}")
    legal = pyffish.legal_moves(fsf_variant, start, moves[:-1])
    check(uci in legal, f"{uci} is not legal for pyffish")
    # berserk turns the times (integer milliseconds) into timedeltas; a null or a text
    # would have raised.
    check(isinstance(state["wtime"], datetime.timedelta), f"times {state}")
    check(datetime.timedelta(0) < state["btime"] <= datetime.timedelta(days=3), f"times {state}")

if variant == "chess":
    # Qh4#: the stream's last state said so.
    check(state["status"] == "mate" and state["winner"] == "black", f"end {state}")
else:
    check(state["status"] == "started", f"still on {state}")
    answer = person.post(f"{person_base}/api/v1/games/{plypost_id}/resign")
    check(answer.status_code == 200, f"resign {answer.text}")
    state = next_state()
    check(state["status"] == "resign" and state["winner"] == "black", f"end {state}")

event = next(events)
check(event["type"] == "gameFinish" and event["game"]["gameId"] == game_id, f"finish {event}")
check(event["game"]["winner"] == "black", f"winner {event}")
check(bot.games.get_ongoing() == [], "no game left")
pgn = bot.games.export(game_id, as_pgn=True)
check("[Result \"0-1\"]" in pgn, f"pgn {pgn}")
exported = bot.games.export(game_id)
check(exported["status"] == state["status"] and exported["winner"] == "black", f"export {exported}")
statuses = bot.users.get_realtime_statuses(bot_name)
check(statuses[0]["online"] is True, f"online {statuses}")
seen["status"] = state["status"]
seen["moves"] = state["moves"]
seen["game"] = plypost_id
print(json.dumps(seen))
