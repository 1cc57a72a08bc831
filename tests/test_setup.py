"""The front door checks what comes in: a Setup refuses what no game can be, naming it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from engine_helpers import TEXT, new_game

from saga.engine import tables as T
from saga.engine.session import SEEDS, TURNS, Session, Setup
from saga.engine.state import GameState
from saga.files import savefile
from saga.files.config import SettingsFile, amiga_layout
from saga.play.hosts import QuietHost

SIX_AMIGA = (T.AMIGA,) * len(T.HERO_NAMES)


@pytest.mark.parametrize(
    "given, named",
    [
        ({"turns": 0}, "a game lasts 1 to 99 turns, not 0"),
        ({"turns": 150}, "a game lasts 1 to 99 turns, not 150"),
        ({"turns": 20.5}, "turns, not 20.5"),
        ({"seed": -1}, "the seed must be 0 to 18446744073709551615, not -1"),
        ({"seed": 2**64}, f"not {2**64}"),
        ({"controls": SIX_AMIGA[:5]}, "6 controls, one for each hero, not 5"),
        ({"controls": (*SIX_AMIGA, T.NONE)}, "6 controls, one for each hero, not 7"),
        ({"controls": (T.AMIGA, 3, 0, 0, 0, 0)}, "Brunhild's control must be"),
        ({"controls": ("HUMAN",) * 6}, "Beowulf's control must be NONE (0), HUMAN (1)"),
        ({"advanced": 2}, "advanced must be on or off, not 2"),
        ({"fixes": "yes"}, "fixes must be on or off"),
    ],
)
def test_what_no_game_can_be_is_refused_by_name(given: dict[str, Any], named: str) -> None:
    with pytest.raises(ValueError) as refused:
        Setup(**{"seed": 1, "controls": SIX_AMIGA, **given})
    assert named in str(refused.value)


def test_a_refused_length_never_reaches_the_engine() -> None:
    """A game past the score table's end used to stop in the engine with an
    IndexError; every length the door lets in plays to its end."""
    with pytest.raises(ValueError, match="turns"):
        Session(Setup(1, SIX_AMIGA, T.MAX_TURNS + 1), TEXT, QuietHost())
    longest = Session(Setup(1, SIX_AMIGA, TURNS[-1]), TEXT, QuietHost())
    longest.play()
    assert longest.over and longest.state.turn == TURNS[-1] + 1


def test_numbers_are_taken_as_the_controls_and_rules_they_stand_for() -> None:
    numbers: dict[str, Any] = {"controls": (1, 2, 0, 0, 2, 1), "advanced": 1}
    setup = Setup(SEEDS[-1], turns=12, **numbers)
    assert setup.controls == (T.HUMAN, T.AMIGA, T.NONE, T.NONE, T.AMIGA, T.HUMAN)
    assert all(type(c) is T.Control for c in setup.controls) and setup.advanced is True


def _saved(turns: int = 7, advanced: bool = True) -> GameState:
    g = new_game(3, [T.AMIGA, T.NONE, T.HUMAN, T.NONE, T.NONE, T.AMIGA], turns, advanced)
    return savefile.decode(savefile.encode(g.state))


def test_a_saved_game_brings_its_own_controls_length_and_rules() -> None:
    state = _saved()
    setup = Setup.continuing(5, state, fixes=True)
    assert (setup.controls, setup.turns, setup.advanced, setup.fixes) == (
        (T.AMIGA, T.NONE, T.HUMAN, T.NONE, T.NONE, T.AMIGA),
        7,
        True,
        True,
    )
    assert setup.loaded and setup.state is state


@pytest.mark.parametrize(
    "given, named",
    [
        ({"turns": 20}, "its own turns (7), not 20"),
        ({"advanced": False}, "its own advanced (True), not False"),
        ({"controls": SIX_AMIGA}, "its own controls (AMIGA NONE HUMAN NONE NONE AMIGA)"),
    ],
)
def test_a_saved_game_with_other_settings_beside_it_is_refused(
    given: dict[str, Any], named: str
) -> None:
    state = _saved()
    own = Setup.continuing(5, state)
    settings = {"controls": own.controls, "turns": own.turns, "advanced": own.advanced, **given}
    with pytest.raises(ValueError) as refused:
        Setup(5, state=state, **settings)
    assert named in str(refused.value)


def test_a_state_no_game_can_be_is_refused_too() -> None:
    state = _saved()
    state.turns = 150  # made in a program, not read from a file (the save format refuses it)
    with pytest.raises(ValueError, match="1 to 99 turns, not 150"):
        Setup.continuing(5, state)


# -- the front ends turn the door's word into their own -----------------------------


@pytest.mark.parametrize("value", ["0", "100", "150", "x", ""])
def test_a_length_no_game_can_be_in_the_settings_is_a_warning(tmp_path: Path, value: str) -> None:
    path = tmp_path / "Saga.config"
    path.write_text(f"TURNS={value}\nADVANCED=YES\n")
    config, problems = SettingsFile(path).read()
    assert config.turns == 20 and config.advanced  # the default, and the next line read
    assert problems == [f"{path}, line 1: 'TURNS={value}' ignored: it must be 1 to 99"]


def test_a_length_no_game_can_be_in_the_originals_settings_is_a_warning(tmp_path: Path) -> None:
    layout = amiga_layout()
    fields = {
        "controls": [1, 0, 0, 2, 0, 0],
        "display_id": 0,
        "display_width": 640,
        "display_height": 512,
        "display_depth": 7,
        "delay_step": 2,
        "titlebar": 0,
        "advanced": 0,
        "turns": 150,
        "version": 5,
        "watch_amiga": 0,
        "about_x": 0,
        "about_y": 0,
        "custom_screen": 0,
    }
    path = tmp_path / "Saga.config"
    path.write_bytes(layout.build(fields))
    config, problems = SettingsFile(path).read()
    assert config.turns == 20
    assert problems == [f"{path}: number of turns 150 ignored"]
