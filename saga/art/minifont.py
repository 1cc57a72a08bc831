"""A 3x5 pixel font of capitals and figures, for the words on counters.

The 8x8 screen font is too big for a 24-pixel counter: with it a name could
have three letters.  Each glyph is five rows; its width is its rows' length,
and letters stand one pixel apart.
"""

from __future__ import annotations

import numpy as np

HEIGHT = 5
SPACING = 1

GLYPHS: dict[str, tuple[str, ...]] = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#", "##", ".#", ".#", ".#"),
    "2": ("##.", "..#", ".#.", "#..", "###"),
    "3": ("##.", "..#", ".#.", "..#", "##."),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "##.", "..#", "##."),
    "6": (".##", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "##."),
    "A": (".#.", "#.#", "###", "#.#", "#.#"),
    "B": ("##.", "#.#", "##.", "#.#", "##."),
    "C": (".##", "#..", "#..", "#..", ".##"),
    "D": ("##.", "#.#", "#.#", "#.#", "##."),
    "E": ("###", "#..", "##.", "#..", "###"),
    "F": ("###", "#..", "##.", "#..", "#.."),
    "G": (".##", "#..", "#.#", "#.#", ".##"),
    "H": ("#.#", "#.#", "###", "#.#", "#.#"),
    "I": ("#", "#", "#", "#", "#"),
    "J": ("..#", "..#", "..#", "#.#", ".#."),
    "K": ("#.#", "#.#", "##.", "#.#", "#.#"),
    "L": ("#..", "#..", "#..", "#..", "###"),
    "M": ("#...#", "##.##", "#.#.#", "#...#", "#...#"),
    "N": ("#..#", "##.#", "#.##", "#..#", "#..#"),
    "O": (".#.", "#.#", "#.#", "#.#", ".#."),
    "P": ("##.", "#.#", "##.", "#..", "#.."),
    "Q": (".#.", "#.#", "#.#", "##.", ".##"),
    "R": ("##.", "#.#", "##.", "#.#", "#.#"),
    "S": (".##", "#..", ".#.", "..#", "##."),
    "T": ("###", ".#.", ".#.", ".#.", ".#."),
    "U": ("#.#", "#.#", "#.#", "#.#", "###"),
    "V": ("#.#", "#.#", "#.#", "#.#", ".#."),
    "W": ("#...#", "#...#", "#.#.#", "##.##", "#...#"),
    "X": ("#.#", "#.#", ".#.", "#.#", "#.#"),
    "Y": ("#.#", "#.#", ".#.", ".#.", ".#."),
    "Z": ("###", "..#", ".#.", "#..", "###"),
    ".": (".", ".", ".", ".", "#"),
    "+": ("...", ".#.", "###", ".#.", "..."),
    " ": ("..", "..", "..", "..", ".."),
}


def text_width(text: str) -> int:
    """Width in pixels of ``text`` set in this font."""
    if not text:
        return 0
    return sum(len(GLYPHS[ch][0]) for ch in text) + SPACING * (len(text) - 1)


def render(text: str) -> np.ndarray:
    """The text as a (5, width) boolean array, ink True."""
    out = np.zeros((HEIGHT, text_width(text)), bool)
    x = 0
    for ch in text:
        rows = GLYPHS[ch]
        w = len(rows[0])
        out[:, x : x + w] = [[c == "#" for c in row] for row in rows]
        x += w + SPACING
    return out


def fit(name: str, width: int, *, stop: bool = True) -> str:
    """A name in capitals, shortened until it fits ``width``: with a full
    stop, or (``stop`` False) to as many of its first letters as fit."""
    text = name.upper()
    if text_width(text) <= width:
        return text
    for keep in range(len(text) - 1, 0, -1):
        short = text[:keep].rstrip() + ("." if stop else "")
        if text_width(short) <= width:
            return short
    return text[:1]
