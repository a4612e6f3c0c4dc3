#!/usr/bin/env bash
# Throughput of `hirp` against the byte-scan floor.
#
# Builds in release, generates a corpus of about 100 MB (kept in
# target/bench/, made again only when missing), and times in one run:
#
#   grep -c G                      the byte-scan floor
#   hirp json > /dev/null          reading, and writing JSON (with the MB
#                                  of JSON written a second)
#   hirp validate --quiet          reading and replaying, one core and all
#   hirp fix > /dev/null           correcting (the corpus is valid: copying
#                                  it), one core and all
#   hirp validate --syntax-only    reading alone, one core and all
#   hirp validate on 1,000 files   with -j 1 and -j 2
#
# and, for the tafl games, the moves a second `hirp validate -j 1` checks in
# the two archives and in 2,000 generated Copenhagen games, and how much
# faster two threads check the Copenhagen archive 50 times over (-j 2
# against -j 1); how much longer `hirp position --all` takes to print every
# position of the Copenhagen archive, once and 50 times over, than
# `hirp validate` takes to check it (the target: at most twice); and how
# much longer `fix` takes than `validate` on 2,000 faulty Hnefatafl games,
# where each game's repair is searched.
#
# Each time is the best of three runs. Prints each throughput, its ratio to
# grep's, and the peak memory (maximum resident set size, from
# /usr/bin/time -v where it exists).
#
# Usage: scripts/bench.sh [MB]      (MB: corpus size, 100 by default)
set -euo pipefail
cd "$(dirname "$0")/.."

size_mb=${1:-100}
dir=target/bench
corpus=$dir/corpus-${size_mb}mb.hirp
files=$dir/files-${size_mb}mb

cargo build --release --quiet
hirp=${CARGO_TARGET_DIR:-target}/release/hirp
mkdir -p "$dir"

if [[ ! -s $corpus ]]; then
    # About 1,630 bytes a game at the default turn cap.
    games=$((size_mb * 1000 * 1000 / 1630))
    echo "generating $corpus ($games games)..." >&2
    "$hirp" gen --seed 1 --games "$games" -o "$corpus.tmp"
    mv "$corpus.tmp" "$corpus"
fi
if [[ ! -d $files ]]; then
    # The same games cut into 1,000 files, on game boundaries.
    echo "splitting into $files..." >&2
    mkdir -p "$files.tmp"
    awk -v dir="$files.tmp" -v total="$(grep -c '^\[Game ' "$corpus")" '
        /^\[Game / { n++; file = sprintf("%s/%04d.hirp", dir, int((n - 1) * 1000 / total)) }
        { print > file }
    ' "$corpus"
    mv "$files.tmp" "$files"
fi

bytes=$(wc -c < "$corpus")
# Arithmetic on decimals.
calc() { awk "BEGIN { print $1 }"; }
timer=()
if [[ -x /usr/bin/time ]] && /usr/bin/time -v true 2> /dev/null; then
    timer=(/usr/bin/time -v)
fi

# Runs a command three times, its output to $out (/dev/null unless set);
# prints the best wall time in seconds and the largest peak memory in kB (0
# when unknown).
measure() {
    local best="" peak=0
    for _ in 1 2 3; do
        local start end log
        log=$(mktemp)
        start=$(date +%s.%N)
        if ((${#timer[@]})); then
            "${timer[@]}" -o "$log" "$@" > "${out:-/dev/null}" 2>> "$log" || true
        else
            "$@" > "${out:-/dev/null}" 2> "$log" || true
        fi
        end=$(date +%s.%N)
        local took kb
        took=$(calc "$end - $start")
        kb=$(awk '/Maximum resident set size/ { print $NF }' "$log")
        rm -f "$log"
        if [[ -z $best ]] || (($(calc "$took < $best"))); then best=$took; fi
        if [[ -n $kb ]] && ((kb > peak)); then peak=$kb; fi
    done
    echo "$best $peak"
}

printf 'corpus: %s, %.1f MB, %s games, %s turn lines\n' "$corpus" \
    "$(calc "$bytes / 1000000")" "$(grep -c '^\[Game ' "$corpus")" \
    "$(grep -c '^[GS][0-9]' "$corpus")"
printf 'machine: %s, %s cores; %s\n\n' \
    "$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo 2> /dev/null || uname -m)" \
    "$(nproc)" "$(grep --version | head -1)"

printf '%-34s %9s %10s %8s %10s\n' command seconds MB/s 'x grep' 'peak MB'
# GNU grep stops at the first match when its output is /dev/null: its
# count goes to a file.
count=$(mktemp)
read -r grep_s grep_kb < <(out=$count measure grep -c G "$corpus")
rm -f "$count"
row() {
    local name=$1 s=$2 kb=$3
    local rate ratio
    rate=$(calc "$bytes / $s / 1000000")
    ratio=$(calc "$grep_s / $s")
    printf '%-34s %9.3f %10.1f %8.3f %10.1f\n' "$name" "$s" "$rate" "$ratio" \
        "$(calc "$kb / 1024")"
}
row "grep -c G" "$grep_s" "$grep_kb"
read -r json_s kb < <(measure "$hirp" json "$corpus")
row "hirp json > /dev/null" "$json_s" "$kb"
read -r s kb < <(measure "$hirp" validate --quiet -j 1 "$corpus")
row "hirp validate --quiet -j 1" "$s" "$kb"
read -r s kb < <(measure "$hirp" validate --quiet "$corpus")
row "hirp validate --quiet" "$s" "$kb"
read -r s kb < <(measure "$hirp" fix -j 1 "$corpus")
row "hirp fix -j 1 > /dev/null" "$s" "$kb"
read -r s kb < <(measure "$hirp" fix "$corpus")
row "hirp fix > /dev/null" "$s" "$kb"
read -r s kb < <(measure "$hirp" validate --quiet --syntax-only -j 1 "$corpus")
row "hirp validate --syntax-only -j 1" "$s" "$kb"
read -r s kb < <(measure "$hirp" validate --quiet --syntax-only "$corpus")
row "hirp validate --syntax-only" "$s" "$kb"
read -r one kb < <(measure "$hirp" validate --quiet -j 1 "$files")
row "hirp validate -j 1 (1,000 files)" "$one" "$kb"
read -r two kb < <(measure "$hirp" validate --quiet -j 2 "$files")
row "hirp validate -j 2 (1,000 files)" "$two" "$kb"
printf '\n-j 2 against -j 1 on 1,000 files: %.2f times as fast\n' "$(calc "$one / $two")"
# JSON is bounded by the writing: its rate in bytes of JSON written.
json_bytes=$("$hirp" json "$corpus" | wc -c)
printf 'hirp json writes %.1f MB of JSON a second (%.1f MB for the corpus)\n' \
    "$(calc "$json_bytes / $json_s / 1000000")" "$(calc "$json_bytes / 1000000")"

# Tafl: moves a second, validating the two archives under their presets and
# 2,000 generated Copenhagen games (made again only when missing).
tafl=$dir/tafl-copenhagen-2000.otg
if [[ ! -s $tafl ]]; then
    "$hirp" gen --rules copenhagen --seed 1 --games 2000 -o "$tafl.tmp"
    mv "$tafl.tmp" "$tafl"
fi
printf '\n%-44s %9s %9s %10s %10s\n' 'tafl, one core' seconds moves moves/s 'peak MB'
tafl_row() {
    local name=$1 moves s kb
    shift
    # Moves, not turns (`validate` counts turns, a move of each side).
    moves=$("$hirp" json --lines "$@" 2> /dev/null | grep -o '"kind":"move"' | wc -l)
    read -r s kb < <(measure "$hirp" validate --quiet -j 1 "$@")
    printf '%-44s %9.3f %9d %10.0f %10.1f\n' "$name" "$s" "$moves" \
        "$(calc "$moves / $s")" "$(calc "$kb / 1024")"
}
tafl_row "brandubh.csv (--rules brandubh-online)" --rules brandubh-online \
    fixtures/tafl/archives/brandubh.csv
tafl_row "copenhagen.csv (--rules copenhagen)" --rules copenhagen \
    fixtures/tafl/archives/copenhagen.csv
tafl_row "2,000 generated Copenhagen games" "$tafl"

# Tafl on two threads: the Copenhagen archive 50 times over (70,000 games).
archive=$dir/tafl-copenhagen-x50.csv
if [[ ! -s $archive ]]; then
    for _ in $(seq 50); do cat fixtures/tafl/archives/copenhagen.csv; done > "$archive.tmp"
    mv "$archive.tmp" "$archive"
fi
printf '\n%-44s %9s %10s\n' 'tafl, the Copenhagen archive 50 times' seconds 'peak MB'
read -r one kb < <(measure "$hirp" validate --quiet --rules copenhagen -j 1 "$archive")
printf '%-44s %9.3f %10.1f\n' "hirp validate -j 1" "$one" "$(calc "$kb / 1024")"
read -r two kb < <(measure "$hirp" validate --quiet --rules copenhagen -j 2 "$archive")
printf '%-44s %9.3f %10.1f\n' "hirp validate -j 2" "$two" "$(calc "$kb / 1024")"
printf '\n-j 2 against -j 1 on the archive: %.2f times as fast\n' "$(calc "$one / $two")"

# Every position of the Copenhagen archive (`position --all`, a line a
# position) against checking it, both on every core: the archive, and 50
# times over.
printf '\n%-44s %9s %10s\n' 'tafl, every position (Copenhagen archive)' seconds 'peak MB'
for copies in 1 50; do
    file=fixtures/tafl/archives/copenhagen.csv
    ((copies == 1)) || file=$archive
    read -r checked kb < <(measure "$hirp" validate --quiet --rules copenhagen "$file")
    printf '%-44s %9.3f %10.1f\n' "hirp validate (x$copies)" "$checked" "$(calc "$kb / 1024")"
    read -r printed kb < <(measure "$hirp" position --all --rules copenhagen "$file")
    printf '%-44s %9.3f %10.1f\n' "hirp position --all (x$copies)" "$printed" "$(calc "$kb / 1024")"
    printf 'position --all against validate (x%s): %.2f times as long\n' "$copies" \
        "$(calc "$printed / $checked")"
done

# Fixing faulty tafl games: 2,000 copies of a Hnefatafl game whose 40th
# move is written 12 more times, a mistake no single edit repairs. Each
# game's first error is searched (docs/rules.md, "Tafl: repair as a
# search") and the game left as written: the worst case of the search.
faulty=$dir/tafl-hnefatafl-faulty.csv
if [[ ! -s $faulty ]]; then
    game=$(awk '{ m = $40; for (n = 0; n < 12; n++) $40 = $40 " " m; print }' \
        fixtures/tafl/valid/hnefatafl-13/ongoing.csv)
    for _ in $(seq 2000); do printf '%s\n' "$game"; done > "$faulty.tmp"
    mv "$faulty.tmp" "$faulty"
fi
printf '\n%-44s %9s %10s\n' 'tafl, 2,000 faulty Hnefatafl games' seconds 'peak MB'
read -r checked kb < <(measure "$hirp" validate --quiet --rules hnefatafl-13 -j 1 "$faulty")
printf '%-44s %9.3f %10.1f\n' "hirp validate -j 1" "$checked" "$(calc "$kb / 1024")"
read -r fixed kb < <(measure "$hirp" fix --rules hnefatafl-13 -j 1 "$faulty")
printf '%-44s %9.3f %10.1f\n' "hirp fix -j 1" "$fixed" "$(calc "$kb / 1024")"
printf '\nfix against validate on faulty games: %.1f times as long\n' \
    "$(calc "$fixed / $checked")"
