#!/usr/bin/env bash
# Positions judged by hnefatafl.org's engine, whether the king cannot escape:
# builds scripts/hnefatafl-org-cannot-escape.rs against a clone of
# dcampbell24/hnefatafl and writes its lines to OUT
# (fixtures/tafl/hnefatafl-org/SOURCES.md says how the fixture was made).
#   usage: scripts/hnefatafl-org-cannot-escape.sh CLONE OUT [SEED CANDIDATES KEPT]
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 CLONE OUT [SEED CANDIDATES KEPT]" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
CLONE=$(cd "$1" && pwd)
OUT=$2
SEED=${3:-52}
CANDIDATES=${4:-200000}
KEPT=${5:-1}
test -f "$CLONE/src/board.rs" || { echo "$CLONE is not a clone of the engine" >&2; exit 2; }
# A crate of its own, in WORK or a new temporary folder.
WORK=${WORK:-$(mktemp -d)}
mkdir -p "$WORK/src"
cp "$HERE/hnefatafl-org-cannot-escape.rs" "$WORK/src/main.rs"
cat > "$WORK/Cargo.toml" <<TOML
[package]
name = "cannot-escape-positions"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
hnefatafl-copenhagen = { path = "$CLONE", default-features = false }

[workspace]
TOML
# The engine's own lock file: the versions it is built with.
cp "$CLONE/Cargo.lock" "$WORK/Cargo.lock"
(cd "$WORK" && cargo build --release)
"$WORK/target/release/cannot-escape-positions" "$SEED" "$CANDIDATES" "$KEPT" > "$OUT"
