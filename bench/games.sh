#!/usr/bin/env bash
# The game-page and move-submission benchmarks of BENCHMARKS.md ("Games (HTTP)"), end to end:
# a fresh database, the release server, the set-up test, a drained mail outbox, then wrk.
#
#   bench/games.sh sqlite|postgres [games]
#
# Needs wrk (apt-get install wrk) and, for postgres, a server on 127.0.0.1:5432 (user
# postgres, trust auth); the databases plypost_bench and plypost_bench_snapshot are dropped
# and created. Work files go to $BENCH_ROOT (default /tmp/plypost-bench). Port 18080 must be
# free.
#
# The set-up (about 4 minutes) is saved as a snapshot; BENCH_REUSE=1 restores it instead of
# running it again, so that changes can be compared on the same data. BENCH_ONLY=page or
# BENCH_ONLY=moves runs one of the two measurements (none: only the set-up). Before the moves,
# every game is shown once (BENCH_WARM=0: not). The server's pid is in server.pid (for
# perf record -p). BENCH_PG_URL sets the server's PostgreSQL URL, e.g.
# postgres://postgres@%2Fvar%2Frun%2Fpostgresql/plypost_bench for the Unix socket. BENCH_BIN
# runs another server binary (an older build, to compare in the same sitting).
set -euo pipefail
cd "$(dirname "$0")/.."

backend=${1:?usage: bench/games.sh sqlite|postgres [games]}
games=${2:-2048}
root=${BENCH_ROOT:-/tmp/plypost-bench}/$backend
url=http://127.0.0.1:18080
reuse=${BENCH_REUSE:-0}
only=${BENCH_ONLY:-all}

# BENCH_BIN is a build made elsewhere; a rerun on the snapshot needs no set-up test.
[ -n "${BENCH_BIN:-}" ] || cargo build --release --quiet
[ "$reuse" = 1 ] || cargo test --release --quiet --test bench --no-run

psql_admin() { psql -q -h 127.0.0.1 -U postgres -c "$1" postgres; }
case $backend in
sqlite) db=$root/plypost.db ;;
postgres) db=${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/plypost_bench} ;;
*) echo "unknown backend $backend" >&2; exit 2 ;;
esac

server=
start_server() {
    PLYPOST_BIND=127.0.0.1:18080 PLYPOST_DATABASE_URL=$db \
        PLYPOST_SECRET_KEY=0123456789abcdef0123456789abcdef PLYPOST_MAIL_DIR=$root/mail \
        RUST_LOG=warn "${BENCH_BIN:-target/release/plypost}" serve >>"$root/server.log" 2>&1 &
    server=$!
    echo "$server" >"$root/server.pid"
    for _ in $(seq 50); do curl -sf "$url/healthz" >/dev/null && return; sleep 0.2; done
    echo "the server did not start; see $root/server.log" >&2
    exit 1
}
stop_server() {
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
}
trap 'kill $server 2>/dev/null || true' EXIT

if [ "$reuse" = 1 ]; then
    [ -f "$root/out/page.env" ] || { echo "no snapshot in $root; run without BENCH_REUSE" >&2; exit 2; }
    rm -f "$root"/plypost.db*
    # Every run starts from the same state: the mails of earlier runs would otherwise pile
    # up (tens of thousands of files a run) in the directory this run writes to.
    rm -rf "$root/mail"
    case $backend in
    sqlite) cp "$root/snapshot.db" "$db" ;;
    postgres)
        psql_admin "DROP DATABASE IF EXISTS plypost_bench"
        psql_admin "CREATE DATABASE plypost_bench TEMPLATE plypost_bench_snapshot"
        ;;
    esac
    start_server
else
    rm -rf "$root"
    mkdir -p "$root"
    if [ "$backend" = postgres ]; then
        psql_admin "DROP DATABASE IF EXISTS plypost_bench"
        psql_admin "CREATE DATABASE plypost_bench"
    fi
    start_server
    PLYPOST_BENCH_URL=$url PLYPOST_BENCH_OUT=$root/out PLYPOST_BENCH_GAMES=$games \
        cargo test --release --quiet --test bench -- --ignored --exact games::prepare_game_benchmarks \
        >"$root/setup.log" 2>&1

    # Measure a steady state: the set-up queued thousands of mails; let the worker send them.
    pending() {
        if [ "$backend" = sqlite ]; then
            python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT count(*) FROM outbox WHERE status='pending'\").fetchone()[0])" "$db"
        else
            psql -tA -h 127.0.0.1 -U postgres plypost_bench -c "SELECT count(*) FROM outbox WHERE status='pending'"
        fi
    }
    for _ in $(seq 200); do [ "$(pending)" = 0 ] && break; sleep 2; done
    # The snapshot, taken with the server stopped.
    stop_server
    case $backend in
    sqlite)
        python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('PRAGMA wal_checkpoint(TRUNCATE)'); c.close()" "$db"
        cp "$db" "$root/snapshot.db"
        ;;
    postgres)
        psql -q -h 127.0.0.1 -U postgres plypost_bench -c "VACUUM ANALYZE"
        psql_admin "DROP DATABASE IF EXISTS plypost_bench_snapshot"
        psql_admin "CREATE DATABASE plypost_bench_snapshot TEMPLATE plypost_bench"
        ;;
    esac
    start_server
fi
# Measure the requests, not the set-up's deferred writes (hundreds of MB of mail files and
# database pages that the kernel and PostgreSQL would otherwise write out during the runs).
sync
if [ "$backend" = postgres ]; then psql -q -h 127.0.0.1 -U postgres plypost_bench -c CHECKPOINT; fi
sleep 3

cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }
. "$root/out/page.env"
if [ "$only" = all ] || [ "$only" = page ]; then
    curl -s -o /dev/null -w "one page alone: %{time_total} s, %{size_download} bytes\n" \
        -H "Cookie: $PAGE_COOKIE" "$PAGE_URL"
    echo "== game page, $backend"
    before=$(cpu)
    PAGE_COOKIE="$PAGE_COOKIE" wrk -t2 -c32 -d20s --latency -s bench/games_page.lua "$PAGE_URL"
    echo "server CPU: $(( ($(cpu) - before) * 10 )) ms"
fi
if [ "$only" = all ] || [ "$only" = moves ]; then
    if [ "${BENCH_WARM:-1}" = 1 ]; then
        # Steady state: a server that has been running holds the move lists of the games in
        # play (and PostgreSQL their pages). BENCH_WARM=0 measures right after a restart.
        BENCH_DIR=$root/out WRK_THREADS=2 wrk -t2 -c8 -d5s -s bench/games_warm.lua "$url" |
            grep "requests in"
    fi
    echo "== move submission, $backend"
    before=$(cpu)
    # 12 s: the prepared moves (40 per game) must not run out before wrk stops.
    BENCH_DIR=$root/out WRK_THREADS=2 wrk -t2 -c32 -d12s --latency -s bench/games_move.lua "$url" |
        tee "$root/moves.out"
    echo "server CPU: $(( ($(cpu) - before) * 10 )) ms"
    # A thread that used up its moves stops (its last few requests in flight are not
    # counted); wrk still divides by the whole duration.
    sent=$(awk '/requests in/ {print $1}' "$root/moves.out")
    if [ "$((sent * 100))" -ge "$(($(wc -l <"$root/out/moves.tsv") * 99))" ]; then
        echo "WARNING: the prepared moves ran out; requests/s and latencies are not valid" >&2
    fi
fi
