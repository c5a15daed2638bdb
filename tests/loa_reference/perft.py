#!/usr/bin/env python3
"""Lines of Action perft, written independently of ludex: an 8x8 board of (file, rank) pairs, the
two sides as sets of squares. A piece moves along one of the 8 directions exactly as many squares
as there are pieces (both sides, itself included) on the whole line of the move (the rank, file or
diagonal through it); it may pass over its own pieces, never over the opponent's, and lands on an
empty square or captures an opponent's piece. A game ends when a side's pieces are all in one
group, joined orthogonally or diagonally (the mover's checked first: the mover wins when a move
unites both sides); an ended game has no moves. A side without a move passes (never from the start
position within these depths). Black moves first, from b1-g1 and b8-g8; white holds a2-a7, h2-h7.

Usage: python3 tests/loa_reference/perft.py DEPTH [DEPTH ...]"""

import sys
from functools import lru_cache

DIRECTIONS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def on_board(square):
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def line_count(square, direction, pieces):
    """The pieces on the whole line through the square along the direction and its opposite."""
    dx, dy = direction
    count = 1 if square in pieces else 0
    for sign in (1, -1):
        x, y = square[0] + sign * dx, square[1] + sign * dy
        while on_board((x, y)):
            count += (x, y) in pieces
            x, y = x + sign * dx, y + sign * dy
    return count


def moves(mover, enemy):
    """The positions (mover's pieces, enemy's pieces) after each legal move of the mover."""
    everyone = mover | enemy
    for square in sorted(mover):
        for dx, dy in DIRECTIONS:
            distance = line_count(square, (dx, dy), everyone)
            path = [(square[0] + k * dx, square[1] + k * dy) for k in range(1, distance + 1)]
            if not on_board(path[-1]) or any(cell in enemy for cell in path[:-1]):
                continue
            landing = path[-1]
            if landing in mover:
                continue
            yield (mover - {square}) | {landing}, enemy - {landing}


def united(pieces):
    if not pieces:
        return True
    start = next(iter(pieces))
    seen, frontier = {start}, [start]
    while frontier:
        x, y = frontier.pop()
        for dx, dy in DIRECTIONS:
            near = (x + dx, y + dy)
            if near in pieces and near not in seen:
                seen.add(near)
                frontier.append(near)
    return len(seen) == len(pieces)


@lru_cache(maxsize=None)
def perft(mover, enemy, depth):
    if depth == 0:
        return 1
    total, any_move = 0, False
    for after_mover, after_enemy in moves(mover, enemy):
        any_move = True
        if united(after_mover) or united(after_enemy):
            total += depth == 1
        else:
            total += perft(after_enemy, after_mover, depth - 1)
    if not any_move:
        # A pass: the same position with the other side to move.
        return perft(enemy, mover, depth - 1)
    return total


def start():
    black = frozenset((x, y) for x in range(1, 7) for y in (0, 7))
    white = frozenset((x, y) for x in (0, 7) for y in range(1, 7))
    return black, white


if __name__ == "__main__":
    black, white = start()
    for depth in map(int, sys.argv[1:]):
        print(f"depth {depth}: {perft(black, white, depth)}")
