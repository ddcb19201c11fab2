#!/usr/bin/env bash
# The game-page and move-submission benchmarks of BENCHMARKS.md ("Games (HTTP)"), end to end:
# a fresh database, the release server, the set-up test, a drained mail outbox, then wrk.
#
#   bench/games.sh sqlite|postgres [games]
#
# Needs wrk (apt-get install wrk) and, for postgres, a server on 127.0.0.1:5432 (user
# postgres, trust auth); the database plypost_bench is dropped and created. Work files go to
# $BENCH_ROOT (default /tmp/plypost-bench). Port 18080 must be free.
set -euo pipefail
cd "$(dirname "$0")/.."

backend=${1:?usage: bench/games.sh sqlite|postgres [games]}
games=${2:-768}
root=${BENCH_ROOT:-/tmp/plypost-bench}/$backend
url=http://127.0.0.1:18080

cargo build --release --quiet
cargo test --release --quiet --test games_bench --no-run

rm -rf "$root"
mkdir -p "$root"
case $backend in
sqlite) db=$root/plypost.db ;;
postgres)
    psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS plypost_bench" postgres
    psql -q -h 127.0.0.1 -U postgres -c "CREATE DATABASE plypost_bench" postgres
    db=postgres://postgres@127.0.0.1:5432/plypost_bench
    ;;
*) echo "unknown backend $backend" >&2; exit 2 ;;
esac

PLYPOST_BIND=127.0.0.1:18080 PLYPOST_DATABASE_URL=$db \
    PLYPOST_SECRET_KEY=0123456789abcdef0123456789abcdef PLYPOST_MAIL_DIR=$root/mail \
    RUST_LOG=warn target/release/plypost serve >"$root/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.2; done

PLYPOST_BENCH_URL=$url PLYPOST_BENCH_OUT=$root/out PLYPOST_BENCH_GAMES=$games \
    cargo test --release --quiet --test games_bench -- --ignored >"$root/setup.log" 2>&1

# Measure a steady state: the set-up queued thousands of mails; let the worker send them.
pending() {
    if [ "$backend" = sqlite ]; then
        python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT count(*) FROM outbox WHERE status='pending'\").fetchone()[0])" "$db"
    else
        psql -tA -h 127.0.0.1 -U postgres plypost_bench -c "SELECT count(*) FROM outbox WHERE status='pending'"
    fi
}
for _ in $(seq 200); do [ "$(pending)" = 0 ] && break; sleep 2; done
sleep 3

cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }
. "$root/out/page.env"
curl -s -o /dev/null -w "one page alone: %{time_total} s, %{size_download} bytes\n" \
    -H "Cookie: $PAGE_COOKIE" "$PAGE_URL"
echo "== game page, $backend"
before=$(cpu)
PAGE_COOKIE="$PAGE_COOKIE" wrk -t2 -c32 -d20s --latency -s bench/games_page.lua "$PAGE_URL"
echo "server CPU: $(( ($(cpu) - before) * 10 )) ms"
echo "== move submission, $backend"
before=$(cpu)
# 12 s: the prepared moves (20 per game) must not run out before wrk stops.
BENCH_DIR=$root/out WRK_THREADS=2 wrk -t2 -c32 -d12s --latency -s bench/games_move.lua "$url"
echo "server CPU: $(( ($(cpu) - before) * 10 )) ms"
