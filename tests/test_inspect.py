"""python -m saga.inspect: every field of a save by name, or the fields two saves differ in."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO_ORACLE

from saga.files import savelayout
from saga.inspect import main

SAVE = REPO_ORACLE / "load" / "s3-t10of20-basic-r222222.saga"


def test_every_field_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(SAVE)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == list(savelayout.FIELDS)
    assert lines[0] == "turn 10"
    assert "heroes.Beowulf.control Amiga" in lines
    assert "heroes.Beowulf.homewhere East Anglia" in lines
    assert "heroes.Beowulf.where North Sea (61)" in lines  # seas share names
    assert any(line.startswith("jarls.Amleth.where ") for line in lines)
    assert any(line.startswith("lands.Vester_Gotland.king ") for line in lines)
    assert any(line.startswith("scores.Starkad.99 ") for line in lines)


def test_two_files_show_only_their_differences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original = savelayout.parse(SAVE.read_bytes())
    values = dict(original)
    values["heroes.Egil.luck"] += 1
    values["jarls.Amleth.where"] = 10
    other = tmp_path / "other.saga"
    other.write_bytes(savelayout.build(values))
    assert main([str(SAVE), str(SAVE)]) == 0
    assert capsys.readouterr().out == ""
    assert main([str(SAVE), str(other)]) == 1
    luck = values["heroes.Egil.luck"]
    old_where = savelayout.show("jarls.Amleth.where", original["jarls.Amleth.where"])
    assert capsys.readouterr().out.splitlines() == [
        f"heroes.Egil.luck {luck - 1} ≠ {luck}",
        f"jarls.Amleth.where {old_where} ≠ Juteland",
    ]


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "does not exist"),
        (b"SAGA 1.80\0" + bytes(100), "110 bytes long"),
        (b"x" * 1780, "SAGA 1.80 header"),
    ],
)
def test_unreadable_files_exit_2_with_a_message(
    content: bytes | None, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.saga"
    if content is not None:
        bad.write_bytes(content)
    assert main([str(bad)]) == 2
    assert main([str(SAVE), str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count(f"saga.inspect: {bad}") == 2 and message in err


def test_a_damaged_save_is_shown_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    values = savelayout.parse(SAVE.read_bytes())
    values["heroes.Egil.where"] = 99  # the game refuses this file; inspect shows why
    bad = tmp_path / "bad.saga"
    bad.write_bytes(savelayout.build(values))
    assert main([str(bad)]) == 0
    assert "heroes.Egil.where area 99" in capsys.readouterr().out.splitlines()


def test_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "saga.inspect", str(SAVE), str(SAVE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
