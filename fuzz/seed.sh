#!/bin/sh
# Writes the fuzz targets' seed corpora to fuzz/seeds/: every fixture, and
# small generated games (`hirp gen`), as notation for `parse` and `validate`
# and as `hirp json` documents and lines for `json_import` (tafl records and
# a document of both families among them); the tafl fixtures, three of
# hnefatafl.org's PGN exports, the shortest lines of its JSON and the first
# lines of each tafl archive for `tafl_parse`; the RON fixtures and the
# shortest lines of hnefatafl.org's archive, in each of its files, for `ron`.
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet
hirp=target/release/hirp
rm -rf fuzz/seeds
mkdir -p fuzz/seeds/parse fuzz/seeds/validate fuzz/seeds/json_import fuzz/seeds/tafl_parse \
    fuzz/seeds/ron
n=0
for f in $(find fixtures -name '*.hirp' | sort); do
    n=$((n + 1))
    cp "$f" "fuzz/seeds/parse/fixture-$n.hirp"
done
for seed in $(seq 1 40); do
    "$hirp" gen --seed "$seed" --games 1 --max-turns 40 -o "fuzz/seeds/parse/gen-$seed.hirp"
done
cp fuzz/seeds/parse/* fuzz/seeds/validate/
for f in fixtures/rulebook/*.hirp fixtures/valid/*.hirp; do
    name=$(basename "$f" .hirp)
    "$hirp" json "$f" > "fuzz/seeds/json_import/$name.json" 2>/dev/null || true
    "$hirp" json --lines "$f" > "fuzz/seeds/json_import/$name.jsonl" 2>/dev/null || true
done
for seed in $(seq 1 10); do
    "$hirp" json "fuzz/seeds/parse/gen-$seed.hirp" > "fuzz/seeds/json_import/gen-$seed.json"
done
for f in fixtures/tafl/syntax/berserk.otg fixtures/tafl/syntax/brandub.otg \
    fixtures/tafl/syntax/archive.csv fixtures/tafl/syntax/err_expected_square.otg; do
    name=tafl-$(basename "$f" | tr . -)
    "$hirp" json "$f" > "fuzz/seeds/json_import/$name.json" 2>/dev/null || true
    "$hirp" json --lines "$f" > "fuzz/seeds/json_import/$name.jsonl" 2>/dev/null || true
done
"$hirp" json fixtures/valid/05-refused-double.hirp fixtures/tafl/valid/brandub/resigned.csv \
    > fuzz/seeds/json_import/tafl-and-hirp.json
cp fixtures/tafl/syntax/* fuzz/seeds/tafl_parse/
for id in 3013 3065 3006; do
    cp "fixtures/tafl/hnefatafl-org/pgn/$id.pgn" "fuzz/seeds/tafl_parse/hnefatafl-org-$id.pgn"
done
for a in brandubh copenhagen; do
    head -n 20 "fixtures/tafl/archives/$a.csv" > "fuzz/seeds/tafl_parse/$a-head.csv"
done
json=fixtures/tafl/hnefatafl-org/opentafl/games.jsonl
awk '{ print length($0), NR }' "$json" | sort -n | head -n 3 | while read -r _ n; do
    sed -n "${n}p" "$json" > "fuzz/seeds/tafl_parse/hnefatafl-org-$n.json"
done
cp fixtures/tafl/syntax/*.ron fuzz/seeds/ron/
for f in archived-games legacy/archived-games-texts mutations/archived-games-mutated; do
    archive="fixtures/tafl/hnefatafl-org/$f.ron"
    awk '{ print length($0), NR }' "$archive" | sort -n | head -n 4 | while read -r _ n; do
        sed -n "${n}p" "$archive" > "fuzz/seeds/ron/$(basename "$f")-$n.ron"
    done
done
