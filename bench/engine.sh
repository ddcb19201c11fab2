#!/usr/bin/env bash
# The search engine's speed and its mate suite (BENCHMARKS.md, "Search engine").
#
#   bench/engine.sh [NODES]
#
# Nodes per second from the start of chess, Shako, Metamachy, Obento and Terachess II (each
# search limited by NODES nodes, default 300000, so every run does the same work), then
# the mate suite of engine/tests/mates.txt. Release build of the plypost-engine crate only.
set -euo pipefail
cd "$(dirname "$0")/.."
nodes="${1:-300000}"
cargo build --quiet --release -p plypost-engine --examples
echo "== nodes per second ($nodes nodes from each start, one thread)"
target/release/examples/nps "$nodes" chess shako metamachy obento terachess2
echo
echo "== mate suite (engine/tests/mates.txt)"
target/release/examples/mates
