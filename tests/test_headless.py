"""The saga command: headless games, settings, and clear messages for bad input."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from saga.cli import main
from saga.files import config as configuration
from saga.files import savefile

ALL_AMIGA = [
    "BEOWULF=AMIGA",
    "BRUNHILD=AMIGA",
    "EGIL=NONE",
    "RAGNAR=AMIGA",
    "SIEGFRIED=NONE",
    "STARKAD=NONE",
]


def test_headless_game_prints_messages_and_scores(home: Path, capsys) -> None:
    assert main(["--headless", "--seed", "3", "--turns", "2", *ALL_AMIGA]) == 0
    out = capsys.readouterr().out
    assert "Turn 1 of 2" in out and "Turn 2 of 2" in out
    assert "The game is over!" in out
    assert "Hero Ragnar weighs up whom to attack..." in out
    scores = out.split("The game is over!")[1]
    for name in ("Beowulf", "Brunhild", "Ragnar"):
        assert name in scores
    assert "Egil" not in scores
    # The autosave of the last turn's start, written beside the settings.
    assert savefile.load(home / "Autosave.saga").turn == 2


def test_the_same_seed_plays_the_same_game(home: Path, capsys) -> None:
    main(["--headless", "--seed", "9", "--turns", "3", *ALL_AMIGA])
    first = capsys.readouterr().out
    main(["--headless", "--seed", "9", "--turns", "3", *ALL_AMIGA])
    assert capsys.readouterr().out == first


def test_headless_continues_a_saved_game(home: Path, capsys) -> None:
    main(["--headless", "--seed", "4", "--turns", "3", *ALL_AMIGA])
    capsys.readouterr()
    saved = home / "game.saga"
    os.replace(home / "Autosave.saga", saved)
    assert main(["--headless", "--seed", "4", "game"]) == 0  # ".saga" is tried too
    assert "Turn 3 of 3" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--headless", "BEOWULF=HUMAN", "RAGNAR=AMIGA"], "Beowulf is human"),
        (["--headless", "BEOWULF=HUMNA"], "must be HUMAN, AMIGA or NONE"),
        (["--headless", "GANDALF=AMIGA"], "'GANDALF' is not a hero"),
        (["--headless", "--turns", "0", "RAGNAR=AMIGA", "BEOWULF=NONE"], "lasts 1 to 99 turns"),
        (["--headless", "--turns", "150", "RAGNAR=AMIGA"], "1 to 99 turns, not 150"),
        (["--headless", "--seed", "-1", "RAGNAR=AMIGA", "BEOWULF=NONE"], "seed must be 0 to"),
        # A replay's first line could not hold it, so no replay would play it back.
        (["--headless", "--seed", str(2**64), "RAGNAR=AMIGA"], f"not {2**64}"),
        (["--headless", *[f"{h}=NONE" for h in ("BEOWULF", "RAGNAR")]], "at least one hero"),
        (["--headless", "nosuchgame.saga"], "can't read it"),
    ],
)
def test_bad_arguments_get_a_clear_message(home: Path, capsys, argv, message) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("saga: ") and message in err


def test_a_bad_hero_word_is_warned_about_and_changes_nothing(home: Path, capsys) -> None:
    assert main(["--headless", "--seed", "1", "--turns", "1", *ALL_AMIGA, "RAGNAR=WIZARD"]) == 0
    captured = capsys.readouterr()
    assert "saga: RAGNAR must be HUMAN, AMIGA or NONE, not 'WIZARD'; it stays AMIGA" in captured.err
    assert "Ragnar" in captured.out.split("The game is over!")[1]


def test_a_corrupt_save_is_refused_and_left_alone(home: Path, capsys) -> None:
    bad = home / "bad.saga"
    bad.write_bytes(b"SAGA 1.80\0" + bytes(100))
    assert main(["--headless", str(bad)]) == 2
    assert "is not a saved game Saga can load" in capsys.readouterr().err
    assert bad.read_bytes() == b"SAGA 1.80\0" + bytes(100)


def test_question_mark_shows_the_template(home: Path, capsys) -> None:
    assert main(["?"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Usage: saga ") and "[BEOWULF=HUMAN|AMIGA|NONE]" in out


def test_settings_file(home: Path, capsys) -> None:
    (home / "Saga.config").write_text(
        "; comment\nBEOWULF=NONE\nRAGNAR=AMIGA\nTURNS=1\nDELAY=9\nnonsense\nCOLOUR=RED\n"
    )
    assert main(["--headless", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    assert "Turn 1 of 1" in captured.out and "Turn 2" not in captured.out
    assert "line 5: 'DELAY=9' ignored: it must be 0 to 4" in captured.err
    assert "line 6: 'nonsense' ignored" in captured.err
    assert "line 7: 'COLOUR=RED' ignored: there is no such setting" in captured.err


def test_missing_settings_mean_the_manuals_defaults(tmp_path: Path) -> None:
    config, problems = configuration.SettingsFile(tmp_path / "Saga.config").read()
    assert problems == [] and config.controls == [1, 0, 0, 2, 0, 0] and config.turns == 20


def test_no_display_gets_a_message(home: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "nosuchdriver")
    assert main(["RAGNAR=AMIGA"]) == 2
    assert "can't open a window" in capsys.readouterr().err
