#!/usr/bin/env python3
"""Random legal chess games as PGN, for measuring hirp's collection
commands side by side with pgn-extract (scripts/collections.sh).

Usage: chess-games.py MB [SEED] > games.pgn

Plays DISTINCT random games (each move drawn among the legal ones, at most
160 plies), then writes them over and over, each time under other tags
(event, round, date, players drawn from a pool of 14 names), until the
file holds MB megabytes: a collection with copies in it, as an archive
gathered from several sources has. Needs python-chess (pip install chess).
"""

import random
import sys

import chess
import chess.pgn

DISTINCT = 3000
PLAYERS = [
    "ragnar", "Lagertha_7", "olaf", "Freydis", "bjorn-ironside", "ai-defender",
    "Li-Bai", "hnef-bot", "Aegir", "ivar-2", "kong-0", "Thorolfur",
    "ai-attacker", "Sigrun",
]


def play(rng):
    """One random game: its moves in SAN and its result."""
    board = chess.Board()
    sans = []
    while not board.is_game_over() and len(sans) < 160:
        move = rng.choice(list(board.legal_moves))
        sans.append(board.san(move))
        board.push(move)
    result = board.result() if board.is_game_over() else "*"
    return sans, result


def movetext(sans, result):
    """The moves numbered, in lines of at most 79 characters."""
    words = []
    for n, san in enumerate(sans):
        if n % 2 == 0:
            words.append(f"{n // 2 + 1}.")
        words.append(san)
    words.append(result)
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def main():
    size = int(float(sys.argv[1]) * 1_000_000)
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    games = [play(rng) for _ in range(DISTINCT)]
    written, n = 0, 0
    out = sys.stdout
    while written < size:
        sans, result = games[n % DISTINCT]
        white, black = rng.sample(PLAYERS, 2)
        text = (
            f'[Event "Club evening {n // DISTINCT + 1}"]\n[Site "?"]\n'
            f'[Date "2026.{n % 12 + 1:02}.{n % 28 + 1:02}"]\n[Round "{n + 1}"]\n'
            f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n'
            f"{movetext(sans, result)}\n\n"
        )
        out.write(text)
        written += len(text.encode())
        n += 1


if __name__ == "__main__":
    main()
