#!/usr/bin/env python3
"""Times every page and list that grows with the archive, on a server seeded by
`plypost seed` (see bench/scale.sh), and the moves of fresh games played through the API.

    bench/scale_pages.py URL LABEL OUT.tsv [--requests N] [--moves N]

Appends one line per page to OUT.tsv: label, page, median ms, p99 ms. Requests are sequential
on one kept-alive connection, so a line is the server's time plus a loopback round trip.
"""
import argparse
import http.client
import json
import re
import statistics
import time
import urllib.parse

PASSWORD = "seed-password-not-secret"
ACTIVE, OTHER, QUIET = "seed-00001", "seed-00002", "seed-00400"


class Client:
    def __init__(self, url):
        u = urllib.parse.urlsplit(url)
        self.conn = http.client.HTTPConnection(u.hostname, u.port, timeout=120)
        self.cookies = {}
        self.headers = {}

    def request(self, method, path, body=None, headers=None):
        h = dict(self.headers)
        if self.cookies:
            h["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        h.update(headers or {})
        try:
            self.conn.request(method, path, body=body, headers=h)
            r = self.conn.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # The server closed the kept-alive connection (after a streamed export): again.
            self.conn.close()
            self.conn.request(method, path, body=body, headers=h)
            r = self.conn.getresponse()
        data = r.read()
        for k, v in r.getheaders():
            if k.lower() == "set-cookie":
                name, _, rest = v.partition("=")
                self.cookies[name] = rest.split(";")[0]
        return r.status, dict((k.lower(), v) for k, v in r.getheaders()), data

    def login(self, username):
        _, _, page = self.request("GET", "/login")
        token = re.search(rb'name="csrf_token" value="([^"]+)"', page).group(1).decode()
        form = urllib.parse.urlencode(
            {"csrf_token": token, "next": "/", "username": username, "password": PASSWORD}
        )
        status, _, _ = self.request(
            "POST", "/login", form, {"Content-Type": "application/x-www-form-urlencoded"}
        )
        assert status in (302, 303), f"log-in of {username}: {status}"

    def use_token(self, username):
        body = json.dumps(
            {"username": username, "password": PASSWORD, "name": "bench",
             "scopes": ["read", "play"]}
        )
        status, _, data = self.request(
            "POST", "/api/v1/tokens", body, {"Content-Type": "application/json"}
        )
        assert status == 201, f"token for {username}: {status} {data[:200]}"
        self.headers["Authorization"] = "Bearer " + json.loads(data)["token"]


def timed(client, path, n):
    times = []
    for i in range(n + 3):
        # Exports are limited per client address: each request comes "through the proxy"
        # (bench/scale.sh trusts 127.0.0.1) from an address of its own.
        headers = {"X-Forwarded-For": f"10.{i // 250}.{i % 250}.{int(time.time()) % 250}"}
        start = time.perf_counter()
        status, _, data = client.request("GET", path, None, headers)
        elapsed = (time.perf_counter() - start) * 1000
        assert status == 200, f"{path}: {status} {data[:300]}"
        if i >= 3:  # the first requests warm the caches
            times.append(elapsed)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def follow(client, path, rel, steps):
    """The page reached by following the `rel` link `steps` times from `path`."""
    for _ in range(steps):
        _, _, page = client.request("GET", path)
        found = re.search(rb'<a href="([^"]+)"[^>]*rel="' + rel.encode() + b'"', page)
        if not found:
            break
        path = found.group(1).decode().replace("&amp;", "&")
    return path


def pages(url, n):
    anon, signed_in, active, api = Client(url), Client(url), Client(url), Client(url)
    signed_in.login(OTHER)
    active.login(ACTIVE)
    api.use_token(ACTIVE)
    _, _, logs = anon.request("GET", "/logs?status=finished")
    game = re.search(rb'href="/logs/(\d+)"', logs).group(1).decode()
    month = time.strftime("%Y-%m", time.gmtime(time.time() - 40 * 86400))
    api_next = api.request("GET", "/api/v1/games")[1].get("link", "")
    api_next = re.search(r"<([^>]+)>", api_next).group(1) if api_next else "/api/v1/games"
    yield "logs, first page", anon, "/logs"
    yield "logs, page 50", anon, follow(anon, "/logs", "next", 49)
    for query in ["status=finished", "status=active", "result=draw", "result=white",
                  "reason=checkmate", "reason=time", "variant=shako", "preset=terachess2",
                  "sort=started", "sort=length&order=asc", "imported=exclude",
                  f"date=started&from={month}-01&to={month}-28",
                  f"player={ACTIVE}", f"player={ACTIVE}&side=black&status=finished",
                  f"player={QUIET}", "player=nobody-at-all"]:
        yield f"logs?{query}", anon, f"/logs?{query}"
    yield "logs?status=finished, page 50", anon, follow(anon, "/logs?status=finished", "next", 49)
    yield f"logs?player={ACTIVE}, page 50", anon, follow(anon, f"/logs?player={ACTIVE}", "next", 49)
    yield "a game's log", anon, f"/logs/{game}"
    yield "a game's PGN", anon, f"/logs/{game}.pgn"
    yield f"export of {QUIET}'s games (PGN)", anon, f"/logs/export.pgn?player={QUIET}"
    yield "profile of the most active player, signed in", signed_in, f"/users/{ACTIVE}"
    yield "its finished games, page 20", signed_in, follow(signed_in, f"/users/{ACTIVE}", "next", 19)
    yield "profile of a quiet player", anon, f"/users/{QUIET}"
    yield "home page of the most active player", active, "/"
    yield "/api/v1/games of the most active player", api, "/api/v1/games"
    yield "/api/v1/games, second page", api, api_next
    yield "lobby (open challenges)", anon, "/logs?status=open"
    yield "tournaments", anon, "/tournaments"
    yield "leaderboards", anon, "/ratings"
    yield "leaderboard of chess", anon, "/ratings/chess"
    yield "presets", anon, "/presets"
    yield "player feed (Atom)", anon, f"/users/{ACTIVE}/feed.atom"


MOVES = ["e2-e4", "e7-e5", "g1-f3", "b8-c6", "f1-c4", "g8-f6", "f3-g5", "f8-c5",
         "g5-f7", "e8-f8", "f7-d8", "c6-d8", "d2-d3", "d8-e6"]


def moves(url, total):
    """Times `total` moves of fresh chess games between two seeded players, through the API."""
    white, black = Client(url), Client(url)
    white.use_token(ACTIVE)
    black.use_token(OTHER)
    times = []
    json_header = {"Content-Type": "application/json"}
    while len(times) < total:
        body = json.dumps({"preset": "chess", "opponent": OTHER, "color": "white",
                           "time_control": {"kind": "days", "days": 3}})
        status, _, data = white.request("POST", "/api/v1/challenges", body, json_header)
        assert status == 201, data[:300]
        challenge = json.loads(data)["id"]
        status, _, data = black.request(
            "POST", f"/api/v1/challenges/{challenge}/accept", "{}", json_header)
        assert status in (200, 201), data[:300]
        game = json.loads(data)["game_id"]
        for ply, mv in enumerate(MOVES, start=1):
            player = white if ply % 2 else black
            body = json.dumps({"ply": ply, "move": mv})
            start = time.perf_counter()
            status, _, data = player.request("POST", f"/api/v1/games/{game}/moves", body,
                                             json_header)
            times.append((time.perf_counter() - start) * 1000)
            assert status == 200, data[:300]
        white.request("POST", f"/api/v1/games/{game}/resign", "{}", json_header)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.99)]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("url")
    p.add_argument("label")
    p.add_argument("out")
    p.add_argument("--requests", type=int, default=100)
    p.add_argument("--moves", type=int, default=0)
    a = p.parse_args()
    with open(a.out, "a") as out:
        if a.moves:
            median, p99 = moves(a.url, a.moves)
            line = f"{a.label}\tmove (POST /api/v1/games/{{id}}/moves)\t{median:.1f}\t{p99:.1f}"
            print(line, flush=True)
            out.write(line + "\n")
            return
        for name, client, path in pages(a.url, a.requests):
            # An export costs what its games cost: a few runs tell it.
            n = min(a.requests, 10) if "export" in path else a.requests
            median, p99 = timed(client, path, n)
            line = f"{a.label}\t{name}\t{median:.1f}\t{p99:.1f}"
            print(line, flush=True)
            out.write(line + "\n")


if __name__ == "__main__":
    main()
