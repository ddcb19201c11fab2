#!/usr/bin/env bash
# The scale benchmarks of BENCHMARKS.md ("Archive scale"): archives of N games written by
# `plypost seed` (players, every built-in variant, rated and casual, short and long games,
# those of the last days still in progress), then every page and list that grows with the
# archive timed by bench/scale_pages.py, and the moves of fresh games.
#
#   bench/scale.sh sqlite|postgres N [N2 N3 ...]
#
# Sizes increase; the archive grows from one to the next and a copy is kept at each size
# (SQLite: $root/plypost-N.db; PostgreSQL: database plypost_scale_N), so that the curve is
# measured on the same data. Size 0 is an empty archive (the players only).
# BENCH_PHASE=seed only builds the copies, BENCH_PHASE=measure only measures them (on a
# quiet machine), anything else does both. Results are appended to $BENCH_ROOT/scale.tsv
# (label, page, median ms, p99 ms); the database's size per game goes to standard output.
# BENCH_BIN: the binary to measure (default: built here). BENCH_MOVES (default 420) moves
# are timed at each size; BENCH_REQUESTS (default 100)
# requests a page. PostgreSQL: a server on 127.0.0.1:5432 (user postgres, trust auth);
# plypost_scale* databases are dropped and created. Port 18081 must be free.
set -euo pipefail
cd "$(dirname "$0")/.."

backend=${1:?usage: bench/scale.sh sqlite|postgres N [N2 ...]}
shift
[ $# -gt 0 ] || { echo "usage: bench/scale.sh sqlite|postgres N [N2 ...]" >&2; exit 2; }
top=${BENCH_ROOT:-/tmp/plypost-scale}
root=$top/$backend
url=http://127.0.0.1:18081
phase=${BENCH_PHASE:-all}
mkdir -p "$root"
# A copy of the binary: a rebuild during a long run must not change what is measured.
# BENCH_BIN names a binary built beforehand (no build then).
if [ -z "${BENCH_BIN:-}" ]; then
    cargo build --release --quiet
fi
bin=$root/plypost-$phase
cp "${BENCH_BIN:-target/release/plypost}" "$bin"
export PLYPOST_SECRET_KEY=0123456789abcdef0123456789abcdef PLYPOST_MAIL_DIR=$root/mail \
    RUST_LOG=warn PLYPOST_TRUSTED_PROXIES=127.0.0.1 PLYPOST_API_RATE_LIMIT=100000
psql_admin() { psql -q -h 127.0.0.1 -U postgres -c "$1" postgres; }
database() { # the database of size $1 (the working one without $1)
    case $backend in
    sqlite) echo "$root/plypost${1:+-$1}.db" ;;
    postgres) echo "postgres://postgres@127.0.0.1:5432/plypost_scale${1:+_$1}" ;;
    *) echo "unknown backend $backend" >&2; exit 2 ;;
    esac
}
size_of() {
    case $backend in
    sqlite) du -b "$(database "$1")" | cut -f1 ;;
    postgres) psql -At -h 127.0.0.1 -U postgres -c "SELECT pg_database_size('plypost_scale_$1')" postgres ;;
    esac
}

seed_all() {
    local seeded=0 n add start
    case $backend in
    sqlite) rm -f "$root"/plypost*.db* ;;
    postgres)
        for d in $(psql -At -h 127.0.0.1 -U postgres -c "SELECT datname FROM pg_database WHERE datname LIKE 'plypost_scale%'" postgres); do
            psql_admin "DROP DATABASE $d"
        done
        psql_admin "CREATE DATABASE plypost_scale" ;;
    esac
    for n in "$@"; do
        add=$((n - seeded))
        [ "$add" -ge 0 ] || { echo "sizes must increase" >&2; exit 2; }
        start=$(date +%s)
        PLYPOST_DATABASE_URL=$(database) "$bin" seed --games "$add" --seed "$n" \
            --players "${BENCH_PLAYERS:-$(( n / 200 < 500 ? 500 : (n / 200 > 3000 ? 3000 : n / 200) ))}"
        seeded=$n
        case $backend in
        sqlite)
            sqlite3 "$(database)" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
            cp "$(database)" "$(database "$n")" ;;
        postgres) psql_admin "CREATE DATABASE plypost_scale_$n TEMPLATE plypost_scale" ;;
        esac
        local bytes
        bytes=$(size_of "$n")
        echo "$backend $n games: seeded in $(( $(date +%s) - start )) s; database $((bytes / 1048576)) MiB$([ "$n" -gt 0 ] && echo ", $((bytes / n)) bytes a game")"
    done
}

server=
trap 'kill $server 2>/dev/null || true' EXIT
measure_all() {
    local n label
    for n in "$@"; do
        PLYPOST_DATABASE_URL=$(database "$n") PLYPOST_BIND=127.0.0.1:18081 "$bin" serve >>"$root/server.log" 2>&1 &
        server=$!
        for _ in $(seq 100); do curl -sf "$url/healthz" >/dev/null && break; sleep 0.2; done
        label="$backend $n"
        if [ "$n" -gt 0 ]; then
            python3 bench/scale_pages.py "$url" "$label" "$top/scale.tsv" --requests "${BENCH_REQUESTS:-100}"
        fi
        python3 bench/scale_pages.py "$url" "$label" "$top/scale.tsv" --moves "${BENCH_MOVES:-420}"
        echo "$label: server RSS $(ps -o rss= -p "$server") KiB"
        kill "$server"; wait "$server" 2>/dev/null || true
    done
}

[ "$phase" = measure ] || seed_all "$@"
[ "$phase" = seed ] || measure_all "$@"
