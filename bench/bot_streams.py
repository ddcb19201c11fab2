#!/usr/bin/env python3
"""The bot API's streams under load (BENCHMARKS.md, "Bot streams"): people play through the
API while 100 bots hold their event streams and 300 game streams open, on SQLite.

    bench/bot_streams.py BINARY [--bots 100] [--game-streams 300] [--moves 400]

Starts BINARY (`plypost serve`) on a fresh SQLite file, seeds the accounts with `plypost
seed`, upgrades the bots, starts 3 games a bot (people challenge, the bot accepts), then
measures twice, without and with the streams open: the p50/p99 of a page (a person's home
page and a game page) and of a move through /api/v1 (people playing fresh games among
themselves), the server's resident memory, and how fast a move reaches the bot's game
stream. Prints a Markdown table.
"""
import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

PASSWORD = "seed-password-not-secret"
PORT = 18093
BASE = f"http://127.0.0.1:{PORT}"


class Client:
    """One kept-alive connection with a token."""

    def __init__(self, token=None):
        self.conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
        self.token = token
        self.cookies = {}

    def request(self, method, path, body=None, headers=None):
        h = {}
        if self.token:
            h["Authorization"] = f"Bearer {self.token}"
        if self.cookies:
            h["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if isinstance(body, (dict, list)):
            body = json.dumps(body)
            h["Content-Type"] = "application/json"
        h.update(headers or {})
        try:
            self.conn.request(method, path, body=body, headers=h)
            r = self.conn.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # The server closed an idle kept-alive connection: again, on a new one.
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
            self.conn.request(method, path, body=body, headers=h)
            r = self.conn.getresponse()
        data = r.read()
        for k, v in r.getheaders():
            if k.lower() == "set-cookie":
                name, _, rest = v.partition("=")
                self.cookies[name] = rest.split(";")[0]
        return r.status, data

    def json(self, method, path, body=None):
        status, data = self.request(method, path, body)
        assert 200 <= status < 300, f"{method} {path}: {status} {data[:300]!r}"
        return json.loads(data) if data else None


def token_of(name):
    c = Client()
    return c.json("POST", "/api/v1/tokens", {"username": name, "password": PASSWORD, "name": "bench"})["token"]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def percentiles(samples):
    samples = sorted(samples)
    return statistics.median(samples), samples[min(len(samples) - 1, int(len(samples) * 0.99))]


def hold_stream(path, token, stop, counter):
    """Reads a stream until `stop`; counts its lines."""
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    conn.request("GET", path, headers={"Authorization": f"Bearer {token}"})
    r = conn.getresponse()
    assert r.status == 200, f"{path}: {r.status}"
    while not stop.is_set():
        line = r.readline()
        if not line:
            break
        counter[0] += 1
    conn.close()


SCRIPT = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "f3g5", "d7d5", "e4d5", "c6a5",
          "c4b5", "c7c6", "d5c6", "b7c6", "b5e2", "h7h6"]


def new_game(white, black):
    ch = white["api"].json("POST", "/api/v1/challenges", {
        "preset": "chess", "opponent": black["name"], "color": "white",
        "time_control": {"kind": "days", "days": 3}})
    return black["api"].json("POST", f"/api/v1/challenges/{ch['id']}/accept")["game_id"]


def measure(people, moves, page_client, game_page):
    """Pages and moves: people play fresh games two by two (16 plies each), a page read
    after every move."""
    pages, timed_moves = [], []
    pairs = [(people[i], people[i + 1]) for i in range(0, len(people) - 1, 2)]
    done, round_ = 0, 0
    while done < moves:
        white, black = pairs[round_ % len(pairs)]
        round_ += 1
        gid = new_game(white, black)
        for ply, mv in enumerate(SCRIPT, start=1):
            mover = white if ply % 2 else black
            t = time.perf_counter()
            status, data = mover["api"].request("POST", f"/api/v1/games/{gid}/moves", {"ply": ply, "move": mv})
            timed_moves.append((time.perf_counter() - t) * 1000)
            assert status == 200, f"move {mv}: {status} {data[:200]!r}"
            t = time.perf_counter()
            status, _ = page_client.request("GET", "/" if done % 2 else game_page)
            pages.append((time.perf_counter() - t) * 1000)
            assert status == 200
            done += 1
    return percentiles(pages), percentiles(timed_moves)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--bots", type=int, default=100)
    ap.add_argument("--game-streams", type=int, default=300)
    ap.add_argument("--moves", type=int, default=400)
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="plypost-bot-bench-")
    env = dict(os.environ, PLYPOST_DATABASE_URL=f"{work}/plypost.db", PLYPOST_BIND=f"127.0.0.1:{PORT}",
               PLYPOST_BASE_URL=BASE, PLYPOST_SECRET_KEY="0123456789abcdef0123456789abcdef",
               PLYPOST_MAIL_DIR=f"{work}/mail", PLYPOST_API_RATE_LIMIT="100000", RUST_LOG="warn")
    people_count = 10
    players = args.bots + people_count
    subprocess.run([args.binary, "migrate"], env=env, check=True)
    subprocess.run([args.binary, "seed", "--games", "0", "--players", str(players)], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    server = subprocess.Popen([args.binary, "serve"], env=env)
    try:
        for _ in range(200):
            try:
                if Client().request("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.05)
        names = [f"seed-{n:05d}" for n in range(1, players + 1)]
        bots = [{"name": n, "token": token_of(n)} for n in names[: args.bots]]
        people = [{"name": n, "token": token_of(n)} for n in names[args.bots:]]
        for p in bots + people:
            p["api"] = Client(p["token"])
        for b in bots:
            b["api"].json("POST", "/api/bot/account/upgrade")
        # Games for the game streams: people challenge the bots, the bots accept.
        stream_games = []
        for i in range(args.game_streams):
            bot = bots[i % len(bots)]
            person = people[i % len(people)]
            ch = person["api"].json("POST", "/api/v1/challenges", {
                "preset": "chess", "opponent": bot["name"], "color": "white",
                "time_control": {"kind": "days", "days": 3}})
            bot["api"].json("POST", f"/api/challenge/{ch['id']}/accept")
            game = bot["api"].json("GET", "/api/account/playing?nb=50")["nowPlaying"]
            url = next(g["url"] for g in game if g["gameId"] == str(ch["id"]))
            stream_games.append((bot, str(ch["id"]), person, int(url.rsplit("/", 1)[1])))
        page_client = Client(None)
        page_client.json = None
        login = Client()
        _, page = login.request("GET", "/login")
        csrf = re.search(rb'name="csrf_token" value="([^"]+)"', page).group(1).decode()
        form = urllib.parse.urlencode({"csrf_token": csrf, "next": "/", "username": people[0]["name"], "password": PASSWORD})
        login.request("POST", "/login", form, {"Content-Type": "application/x-www-form-urlencoded"})
        page_client = login
        game_page = f"/games/{stream_games[0][3]}"
        rows = []
        (page, move) = measure(people, args.moves, page_client, game_page)
        rows.append(("without streams", page, move, rss_kib(server.pid)))
        stop = threading.Event()
        counters = []
        threads = []
        for b in bots:
            c = [0]
            counters.append(c)
            threads.append(threading.Thread(target=hold_stream, args=("/api/stream/event", b["token"], stop, c), daemon=True))
        for bot, gid, _, _ in stream_games:
            c = [0]
            counters.append(c)
            threads.append(threading.Thread(target=hold_stream, args=(f"/api/bot/game/stream/{gid}", bot["token"], stop, c), daemon=True))
        for t in threads:
            t.start()
        time.sleep(3)
        (page, move) = measure(people, args.moves, page_client, game_page)
        rows.append((f"with {args.bots} event and {args.game_streams} game streams", page, move, rss_kib(server.pid)))
        # How long a person's move takes to reach the bot's game stream.
        bot, gid, person, _ = stream_games[0]
        latencies = []
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
        conn.request("GET", f"/api/bot/game/stream/{gid}", headers={"Authorization": f"Bearer {bot['token']}"})
        r = conn.getresponse()
        r.readline()  # gameFull
        plypost_id = stream_games[0][3]
        script = [("e2e4", person), ("e7e5", bot), ("g1f3", person), ("b8c6", bot), ("f1c4", person), ("g8f6", bot)]
        for ply, (mv, who) in enumerate(script, start=1):
            t = time.perf_counter()
            if who is person:
                person["api"].json("POST", f"/api/v1/games/{plypost_id}/moves", {"ply": ply, "move": mv})
            else:
                who["api"].json("POST", f"/api/bot/game/{gid}/move/{mv}")
            while True:
                line = r.readline().strip()
                if line and json.loads(line).get("type") == "gameState":
                    break
            latencies.append((time.perf_counter() - t) * 1000)
        stop.set()
        print(f"{len(threads)} streams held; {sum(c[0] for c in counters)} lines read by them")
        print()
        print("| | page p50 / p99 ms | move p50 / p99 ms | server memory (RSS) |")
        print("|---|---:|---:|---:|")
        for label, (p50, p99), (m50, m99), rss in rows:
            print(f"| {label} | {p50:.1f} / {p99:.1f} | {m50:.1f} / {m99:.1f} | {rss / 1024:.0f} MiB |")
        print()
        print(f"a move to its game stream (POST to gameState line): median {statistics.median(latencies):.1f} ms, "
              f"max {max(latencies):.1f} ms")
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    sys.exit(main())
