"""``saga.trace --messages``: the lower message line, in order, as the screen shows it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

from amiga.iff import Ctlg, write_ctlg
from saga.engine.wounds import _take_jarl_gold
from saga.look.text import builtin_messages
from saga.trace import main
from tests.engine_helpers import RecordingHost, blank_game, put_hero, put_jarl

# Beowulf alone for 8 turns: slain in turn 4, he withdraws in turn 5, and
# the original still shows the prompt of turn 6 before the game ends.
GAME = ["92", "8", "0", "2", "0", "0", "0", "0", "0"]
GOLDEN = """\
M 6 Beowulf wields the sword Tyrfing (+2).
M 1 Turn 1 of 8...
T 1
M 6 Hero Beowulf is on the move...
M 6 Hero Beowulf weighs up whom to attack...
M 6 Hero Beowulf attacks kingdom Upland (2).
M 6 Attack: 7. Defence: 2. Die: 4. The defenders are slain.
M 6 Hero Beowulf conquers kingdom Upland (2).
M 1 Turn 2 of 8...
T 2
M 6 Hero Beowulf is on the move...
M 6 Hero Beowulf weighs up whom to attack...
M 6 Hero Beowulf's kingdom Upland (2) is overrun by bandits.
M 1 Turn 3 of 8...
T 3
M 6 Hero Beowulf is on the move...
M 6 Hero Beowulf weighs up whom to attack...
M 6 Hero Beowulf attacks Witch Gerdrak.
M 1 Witch Gerdrak casts Jara (next turn lost).
M 1 Witch Gerdrak casts Yr (wounds).
M 6 Hero Beowulf is wounded!
M 1 Turn 4 of 8...
T 4
M 6 Hero Beowulf weighs up whom to attack...
M 6 Hero Beowulf attacks Witch Gerdrak.
M 1 Witch Gerdrak casts Nied (no decision, next turn lost), but nothing happens!
M 1 Witch Gerdrak casts Yr (wounds).
M 6 Hero Beowulf is slain!
M 1 Turn 5 of 8...
T 5
M 6 Fallen hero Beowulf leaves the game.
M 1 Turn 6 of 8...
T 6
FINAL 6
M 1 The game is over!
END 5 87
"""


def _trace(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(list(argv)) == 0
    return capsys.readouterr().out.splitlines()


def test_messages_of_a_whole_game_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _trace(capsys, *GAME, "--messages")
    # The saved bytes are pinned elsewhere; here only where they come.
    shown = [" ".join(line.split()[:2]) if line[0] in "TF" else line for line in lines]
    assert "\n".join(shown[:-6]) + "\n" == GOLDEN


def test_without_messages_the_trace_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    with_messages = _trace(capsys, *GAME, "--messages")
    assert _trace(capsys, *GAME) == [line for line in with_messages if not line.startswith("M ")]


def test_the_gold_of_a_slain_jarl_is_taken_with_the_originals_double_spaces() -> None:
    host = RecordingHost()
    g = blank_game(host)
    put_hero(g, 0, 5)
    put_jarl(g, 3, 5, hero=1, wealth=6)
    _take_jarl_gold(g, 0, 3)  # Beowulf is there himself
    put_jarl(g, 4, 7, hero=0)
    put_jarl(g, 5, 7, hero=1, wealth=2)
    _take_jarl_gold(g, 0, 5)  # only his jarl is
    jarl3, jarl4, jarl5 = (g.jarls[j].name for j in (3, 4, 5))
    assert host.said == [
        (f"Hero Beowulf takes 6 golden marks from  hero Brunhild's jarl {jarl3}.", 6),
        # Here the original even leaves the sum out, keeping the spaces round it.
        (f"Hero Beowulf's jarl {jarl4} takes  golden marks from  hero Brunhild's jarl {jarl5}.", 6),
    ]


def test_messages_come_in_the_catalogs_language(tmp_path: Path, capsys) -> None:
    ids = {name: msg_id for name, (msg_id, _) in builtin_messages().items()}
    catalog = Ctlg(language="deutsch", strings={ids["MSG_TURN"]: "Runde", ids["MSG_OF"]: "von"})
    path = tmp_path / "saga.catalog"
    path.write_bytes(write_ctlg(catalog))
    assert main([*GAME, "--messages", "--catalog", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "M 1 Runde 6 von 8...\n" in out
    assert "M 6 Hero Beowulf is slain!\n" in out  # what the catalog lacks stays English
    assert f"{len(builtin_messages()) - 2} strings missing (ID 0, 1, 2" in err
    assert err.count("missing") == 1  # counted, not one line per string


def test_installed_languages_and_bad_catalogs(tmp_path: Path, capsys) -> None:
    lines = _trace(capsys, *GAME, "--messages", "--language", "deutsch")
    assert "M 1 Runde 6 von 8..." in lines
    bad = tmp_path / "bad.catalog"
    bad.write_bytes(b"FORM\0\0\0\4ILBM")
    assert main([*GAME, "--messages", "--catalog", str(bad)]) == 2
    assert main([*GAME, "--messages", "--catalog", str(tmp_path / "none")]) == 2
    assert main([*GAME, "--messages", "--language", "klingon"]) == 2
    err = capsys.readouterr().err
    assert "can't use the catalog" in err and "klingon" in err


def test_messages_are_utf8_whatever_the_terminal() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "saga.trace", *GAME, "--messages", "--language", "deutsch"],
        capture_output=True,
        env={"PYTHONIOENCODING": "ascii", "PATH": "", "PYTHONPATH": str(REPO)},
        check=True,
    )
    assert b"Runde 1 von 8..." in result.stdout
    assert any(b > 0x7F for b in result.stdout)  # the umlauts, encoded as UTF-8
