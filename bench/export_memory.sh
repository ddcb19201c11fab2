#!/usr/bin/env bash
# Memory of concurrent bulk PGN exports (BENCHMARKS.md, "Bulk export memory"): an archive of
# random Terachess II games imported into a fresh SQLite database, the release server, then
# CLIENTS exports at once, each from its own address (through PLYPOST_TRUSTED_PROXIES and
# X-Forwarded-For, so the per-address limit does not hide them). The server's resident memory
# is sampled every 20 ms.
#
#   bench/export_memory.sh [games] [clients]     # defaults: 1000 12
#
# Work files go to $BENCH_ROOT/export (default /tmp/plypost-bench/export). Port 18090 must be
# free.
set -euo pipefail
cd "$(dirname "$0")/.."

games=${1:-1000}
clients=${2:-12}
root=${BENCH_ROOT:-/tmp/plypost-bench}/export
url=http://127.0.0.1:18090
rm -rf "$root"
mkdir -p "$root"

cargo build --release --quiet
bin="${CARGO_TARGET_DIR:-target}/release/plypost"
cargo run --release --quiet -p plypost-rules --example random_pgn -- terachess2 "$games" 160 \
    > "$root/games.pgn"

export PLYPOST_DATABASE_URL="$root/plypost.db" PLYPOST_MAIL_DIR="$root/mail"
export PLYPOST_BIND=127.0.0.1:18090 PLYPOST_TRUSTED_PROXIES=127.0.0.1 RUST_LOG=warn
"$bin" import "$root/games.pgn" | tail -n 1
"$bin" serve 2> "$root/server.log" &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
    curl -sf "$url/healthz" > /dev/null && break
    sleep 0.1
done

rss_kb() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status"; }
# One export first, so that what is measured is what more exports add.
curl -s -o /dev/null -H "X-Forwarded-For: 10.0.0.250" "$url/logs/export.pgn"
before=$(rss_kb)

peak_file="$root/peak"
echo "$before" > "$peak_file"
(
    peak=$before
    while kill -0 "$pid" 2> /dev/null; do
        now=$(rss_kb)
        [ "$now" -gt "$peak" ] && peak=$now && echo "$peak" > "$peak_file"
        sleep 0.02
    done
) &
sampler=$!

start=$(date +%s.%N)
exports=()
for i in $(seq 1 "$clients"); do
    curl -s -o "$root/export-$i.pgn" -w "%{http_code} %{size_download}\n" \
        -H "X-Forwarded-For: 10.0.1.$i" "$url/logs/export.pgn" > "$root/status-$i" &
    exports+=($!)
done
wait "${exports[@]}"
end=$(date +%s.%N)
sleep 0.2
kill "$sampler" 2> /dev/null || true
peak=$(cat "$peak_file")
after=$(rss_kb)

echo "games in the archive: $games (Terachess II, up to 160 plies each)"
echo "answers: $(cat "$root"/status-* | awk '{print $1}' | sort | uniq -c | tr '\n' ' ')"
echo "bytes of a full export: $(cat "$root"/status-* | awk '$1 == 200 {print $2}' | sort -n | tail -n 1)"
printf 'wall time: %.1f s\n' "$(echo "$end - $start" | bc)"
echo "resident memory (MB): before $((before / 1024)), peak $((peak / 1024)), after $((after / 1024)); added at peak $(((peak - before) / 1024))"
