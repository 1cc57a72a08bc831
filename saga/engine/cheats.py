"""The original's hidden cheat, reached from a key prompt.

At a question answered with a key (a number, or "press any key" when the
message delay waits), the Amiga's F1, F2, F3, F4 and F5 pressed in order
give Beowulf 5000 luck, whoever is playing him.  It changes the state and
nothing else: no random number is drawn, so the game's dice are those of a
game without it.
"""

from __future__ import annotations

from saga.engine.game import Game

LUCKY_HERO = 0  # Beowulf, as in the original, whoever presses the keys
CHEAT_LUCK = 5000
SEQUENCE_LENGTH = 5  # F1 to F5


def luck_cheat(g: Game) -> None:
    """The cheat's reward, once the keys have been pressed in order."""
    g.heroes[LUCKY_HERO].luck = CHEAT_LUCK
