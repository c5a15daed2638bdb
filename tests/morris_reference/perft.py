#!/usr/bin/env python3
"""Nine Men's Morris perft in the placing phase, written independently of ludex: the 24 points and
16 mills listed by hand, positions as two sets of points, and a count memoised by position (the
order in which men were placed does not matter). A move places a man on an empty point; when the
placed man completes a mill, the move goes on with the removal of one enemy man that is in no mill
(any enemy man when all are), and each removal is a different move (one ply). White moves first;
nine men each, so every ply up to 18 places a man.

Usage: python3 tests/morris_reference/perft.py DEPTH [DEPTH ...]"""

import sys
from functools import lru_cache

MILLS = [
    ("a1", "d1", "g1"), ("g1", "g4", "g7"), ("g7", "d7", "a7"), ("a7", "a4", "a1"),
    ("b2", "d2", "f2"), ("f2", "f4", "f6"), ("f6", "d6", "b6"), ("b6", "b4", "b2"),
    ("c3", "d3", "e3"), ("e3", "e4", "e5"), ("e5", "d5", "c5"), ("c5", "c4", "c3"),
    ("a4", "b4", "c4"), ("e4", "f4", "g4"), ("d1", "d2", "d3"), ("d5", "d6", "d7"),
]
POINTS = sorted({p for mill in MILLS for p in mill})
assert len(POINTS) == 24 and all(sum(p in m for m in MILLS) == 2 for p in POINTS)


def in_mill(point, men):
    return any(point in mill and all(q in men for q in mill) for mill in MILLS)


def moves(mover, enemy):
    """The positions (mover's men, enemy's men) after each legal move of the mover."""
    for point in POINTS:
        if point in mover or point in enemy:
            continue
        placed = mover | {point}
        if not in_mill(point, placed):
            yield placed, enemy
            continue
        free = [man for man in enemy if not in_mill(man, enemy)]
        for man in sorted(free or enemy):
            yield placed, enemy - {man}


@lru_cache(maxsize=None)
def perft(mover, enemy, depth):
    if depth == 0:
        return 1
    return sum(perft(e, m, depth - 1) for m, e in moves(mover, enemy))


if __name__ == "__main__":
    for depth in map(int, sys.argv[1:] or ["5"]):
        assert depth <= 18, "the placing phase has 18 plies"
        print(f"depth {depth}: {perft(frozenset(), frozenset(), depth)}")
