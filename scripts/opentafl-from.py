#!/usr/bin/env python3
"""Games hirp writes from positions OpenTafl reached, for OpenTafl to judge.

For each of OpenTafl's ten built-in variants, takes three games OpenTafl
played (a corpus of `../shared/opentafl/make.sh`), and in each a position
mid-game as OpenTafl's engine printed it (`Positions.java`: its position
record, the side to move, the move number of the move to play), at a third,
a half and two thirds of the game (moved on to the next ply while a Berserk
turn waits for its piece to move again: no position record says which piece
that is). From each, `hirp gen --from POSITION --rules RULES` writes one game
under the game's own rules string, into OUT as VARIANT-GAME-PLY.otg, and
`positions.jsonl` there says where each came from. OpenTafl then judges
each file: `java Gen --judge-dir OUT > OUT/opentafl.jsonl`.

Usage: opentafl-from.py CORPUS POSITIONS_CLASSPATH HIRP OUT
  CORPUS               the folder make.sh wrote (games/VARIANT/*.otg)
  POSITIONS_CLASSPATH  OpenTafl's classpath with Positions.class on it
  HIRP                 the hirp binary
  OUT                  the folder to write (emptied of *.otg first)
"""

import json
import pathlib
import subprocess
import sys

VARIANTS = [
    "brandub_7", "copenhagen_11", "copenhagen_relaxed_11", "tablut_9",
    "berserk_11", "fetlar_11", "sea_battle_9", "tawlbwrdd_11",
    "foteviken_tablut_9", "magpie_7",
]
FRACTIONS = [(1, 3), (1, 2), (2, 3)]
MIN_PLIES = 30
MAX_MOVES = 200


def positions(classpath, folder):
    """OpenTafl's positions after every ply of each game of `folder`."""
    out = subprocess.run(
        ["java", "-cp", classpath, "Positions", str(folder)],
        check=True, capture_output=True, text=True,
    ).stdout
    games = {}
    for line in out.splitlines():
        ply = json.loads(line)
        games.setdefault(ply["file"], []).append(ply)
    return games


def rules_of(path):
    for line in path.read_text().splitlines():
        if line.startswith("[rules:"):
            return line[len("[rules:"):-1]
    raise SystemExit(f"{path}: no rules tag")


def main(corpus, classpath, hirp, out):
    corpus, out = pathlib.Path(corpus), pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.otg"):
        old.unlink()
    made = []
    for variant in VARIANTS:
        games = positions(classpath, corpus / "games" / variant)
        chosen = [f for f in sorted(games) if len(games[f]) > MIN_PLIES][:len(FRACTIONS)]
        for file, (num, den) in zip(chosen, FRACTIONS):
            plies = games[file]
            n = len(plies) * num // den
            while plies[n]["berserker"] is not None:
                n += 1
            at = plies[n]
            number = int(plies[n + 1]["turn"].rstrip("abcdefghijklmnopqrstuvwxyz"))
            line = f'{at["position"]} {at["side_to_move"]} {number}'
            name = f'{file.removesuffix(".otg")}-ply{n:03}.otg'
            rules = rules_of(corpus / "games" / variant / file)
            seed = len(made) + 1
            subprocess.run(
                [hirp, "gen", "--rules", rules, "--from", line, "--seed", str(seed),
                 "--max-turns", str(MAX_MOVES), "-o", str(out / name)],
                check=True,
            )
            made.append({"file": name, "variant": variant, "from_game": file, "ply": n,
                         "position": line, "rules": rules, "seed": seed,
                         "max_turns": MAX_MOVES})
    with open(out / "positions.jsonl", "w") as f:
        for entry in made:
            f.write(json.dumps(entry) + "\n")
    print(f"{len(made)} games written to {out}")


if __name__ == "__main__":
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
