#!/usr/bin/env bash
# hirp's collection commands side by side with pgn-extract, chess's tool
# for the same work, and with `grep -c`, the byte-scan floor, on files of
# the same size.
#
# Builds in release and makes, in target/bench/ (made again only when
# missing), a tafl game file of about MB megabytes (3,000 Copenhagen games
# from `hirp gen --seed 1`, written over and over with players drawn from
# a pool of 14 names), a HIRP record of the same size (3,000 games of
# `hirp gen --seed 1`, written the same way), hnefatafl.org's archive of
# the same size (the fixture's 36 games over and over), and a chess PGN
# file of the same size (scripts/chess-games.py: 3,000 random legal games
# written over and over the same way). Then times, each the best of three
# runs, with the peak memory from /usr/bin/time:
#
#   grep -c NAME                     on each file
#   hirp select --count --player     one core (taskset), and all; and on
#                                    the HIRP record and the archive, one
#                                    core
#   hirp select --count --tag        one core, on the game file and the
#                                    archive
#   pgn-extract -Tp                  one core
#   hirp dedupe                      one core, and all
#   pgn-extract -D                   one core
#
# Usage: scripts/collections.sh [MB]    (75 by default)
# Needs pgn-extract (Debian: pgn-extract, in /usr/games) and python-chess
# (pip install chess).
set -euo pipefail

mb=${1:-75}
cd "$(dirname "$0")/.."
cargo build --release --quiet
hirp=$PWD/target/release/hirp
dir=target/bench
mkdir -p "$dir"
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pgn_extract" ] || { echo "pgn-extract is not installed" >&2; exit 2; }
one=""
command -v taskset > /dev/null && one="taskset -c 0"
name=bjorn-ironside

tafl=$dir/collection-${mb}mb.otg
chess=$dir/collection-${mb}mb.pgn
if [ ! -f "$tafl" ]; then
    "$hirp" gen --rules copenhagen --games 3000 --seed 1 -o "$dir/distinct.otg"
    python3 - "$dir/distinct.otg" "$mb" > "$tafl" <<'PY'
import random, sys
text = open(sys.argv[1]).read()
games = ["[rules:" + g.strip() for g in text.split("[rules:") if g.strip()]
players = ["ragnar", "Lagertha_7", "olaf", "Freydis", "bjorn-ironside",
           "ai-defender", "Li-Bai", "hnef-bot", "Aegir", "ivar-2", "kong-0",
           "Thorolfur", "ai-attacker", "Sigrun"]
rng, size, written, n = random.Random(1), float(sys.argv[2]) * 1e6, 0, 0
while written < size:
    tags, moves = games[n % len(games)].split("\n", 1)
    attackers, defenders = rng.sample(players, 2)
    game = (f"{tags}\n[attackers:{attackers}]\n[defenders:{defenders}]\n"
            f"[event:Club evening {n // len(games) + 1}]\n{moves.strip()}\n\n")
    sys.stdout.write(game)
    written += len(game.encode())
    n += 1
PY
fi
hirp_record=$dir/collection-${mb}mb.hirp
if [ ! -f "$hirp_record" ]; then
    "$hirp" gen --games 3000 --seed 1 -o "$dir/distinct.hirp"
    python3 - "$dir/distinct.hirp" "$mb" > "$hirp_record" <<'PY'
import random, sys
text = open(sys.argv[1]).read()
games = ["[Game " + g.strip() for g in text.split("[Game ") if g.strip()]
players = ["ragnar", "Lagertha_7", "olaf", "Freydis", "bjorn-ironside",
           "ai-defender", "Li-Bai", "hnef-bot", "Aegir", "ivar-2", "kong-0",
           "Thorolfur", "ai-attacker", "Sigrun"]
rng, size, written, n = random.Random(1), float(sys.argv[2]) * 1e6, 0, 0
while written < size:
    label, rest = games[n % len(games)].split("\n", 1)
    gull, silfr = rng.sample(players, 2)
    game = f'{label}\n[Gull "{gull}"]\n[Silfr "{silfr}"]\n{rest.strip()}\n\n'
    sys.stdout.write(game)
    written += len(game.encode())
    n += 1
PY
fi
[ -f "$chess" ] || python3 scripts/chess-games.py "$mb" > "$chess"
archive=$dir/collection-${mb}mb.ron
if [ ! -f "$archive" ]; then
    fixture=fixtures/tafl/hnefatafl-org/archived-games.ron
    copies=$(( mb * 1000000 / $(wc -c < "$fixture") + 1 ))
    for _ in $(seq "$copies"); do cat "$fixture"; done > "$archive"
fi

# The best wall time of three runs and the largest peak memory in kB, as
# /usr/bin/time writes them to a file of their own (its last line: a
# command that exits with a status other than 0 adds one before). The
# output goes to a file: GNU grep stops at its first match when it writes
# to /dev/null.
measure() {
    local best="" peak=0 t m log out
    log=$(mktemp)
    out=$(mktemp)
    for _ in 1 2 3; do
        /usr/bin/time -o "$log" -f '%e %M' "$@" > "$out" 2>&1 || true
        read -r t m < <(tail -1 "$log")
        best=$(awk -v a="$t" -v b="${best:-$t}" 'BEGIN { print (a < b) ? a : b }')
        peak=$(( m > peak ? m : peak ))
    done
    rm -f "$log" "$out"
    echo "$best $peak"
}

printf 'tafl:  %s, %.1f MB, %s games\n' "$tafl" "$(awk -v b="$(wc -c < "$tafl")" 'BEGIN { print b / 1e6 }')" \
    "$(grep -c '^\[rules:' "$tafl")"
printf 'archive: %s, %.1f MB, %s games\n' "$archive" "$(awk -v b="$(wc -c < "$archive")" 'BEGIN { print b / 1e6 }')" \
    "$(wc -l < "$archive")"
printf 'HIRP:  %s, %.1f MB, %s games\n' "$hirp_record" "$(awk -v b="$(wc -c < "$hirp_record")" 'BEGIN { print b / 1e6 }')" \
    "$(grep -c '^\[Game ' "$hirp_record")"
printf 'chess: %s, %.1f MB, %s games\n' "$chess" "$(awk -v b="$(wc -c < "$chess")" 'BEGIN { print b / 1e6 }')" \
    "$(grep -c '^\[Event ' "$chess")"
printf 'games of %s: %s tafl, %s HIRP, %s in the archive, %s chess\n' "$name" \
    "$("$hirp" select --count --player "$name" "$tafl")" \
    "$("$hirp" select --count --player "$name" "$hirp_record")" \
    "$("$hirp" select --count --player "$name" "$archive")" \
    "$(grep -c "^\[\(White\|Black\) \"$name\"\]" "$chess")"
event="Club evening 3"
printf 'games of the tafl event "%s": %s; won by the defenders in the archive: %s\n\n' \
    "$event" "$("$hirp" select --count --tag "event=$event" "$tafl")" \
    "$("$hirp" select --count --tag status=DefenderWins "$archive")"

printf '%-48s %9s %8s %10s\n' command seconds 'x grep' 'peak MB'
row() {
    local label=$1 floor=$2
    shift 2
    read -r s kb < <(measure "$@")
    printf '%-48s %9.3f %8.3f %10.1f\n' "$label" "$s" \
        "$(awk -v f="$floor" -v s="$s" 'BEGIN { print (s > 0) ? f / s : 0 }')" \
        "$(awk -v k="$kb" 'BEGIN { print k / 1024 }')"
}
read -r grep_tafl _ < <(measure grep -c "$name" "$tafl")
read -r grep_chess _ < <(measure grep -c "$name" "$chess")
read -r grep_archive _ < <(measure grep -c "$name" "$archive")
read -r grep_hirp _ < <(measure grep -c "$name" "$hirp_record")
read -r grep_event _ < <(measure grep -c "$event" "$tafl")
read -r grep_status _ < <(measure grep -c DefenderWins "$archive")
row "grep -c $name (tafl)" "$grep_tafl" grep -c "$name" "$tafl"
row "grep -c $name (chess)" "$grep_chess" grep -c "$name" "$chess"
row "hirp select --count --player, one core" "$grep_tafl" \
    $one "$hirp" select --count --player "$name" "$tafl"
row "hirp select --count --player" "$grep_tafl" \
    "$hirp" select --count --player "$name" "$tafl"
row "grep -c \"$event\" (tafl)" "$grep_event" grep -c "$event" "$tafl"
row "hirp select --count --tag, one core" "$grep_event" \
    $one "$hirp" select --count --tag "event=$event" "$tafl"
row "grep -c $name (HIRP)" "$grep_hirp" grep -c "$name" "$hirp_record"
row "hirp select --count --player, HIRP, one core" "$grep_hirp" \
    $one "$hirp" select --count --player "$name" "$hirp_record"
row "grep -c DefenderWins (archive)" "$grep_status" grep -c DefenderWins "$archive"
row "hirp select --count --tag, archive, one core" "$grep_status" \
    $one "$hirp" select --count --tag status=DefenderWins "$archive"
row "grep -c $name (archive)" "$grep_archive" grep -c "$name" "$archive"
row "hirp select --count --player, archive, one core" "$grep_archive" \
    $one "$hirp" select --count --player "$name" "$archive"
row "pgn-extract -Tp, one core" "$grep_chess" \
    $one "$pgn_extract" -s --quiet "-Tp$name" -o /dev/null "$chess"
row "hirp dedupe, one core" "$grep_tafl" $one "$hirp" dedupe -o /dev/null "$tafl"
row "hirp dedupe" "$grep_tafl" "$hirp" dedupe -o /dev/null "$tafl"
row "pgn-extract -D, one core" "$grep_chess" \
    $one "$pgn_extract" -s --quiet -D -o /dev/null "$chess"
