"""``python -m amiga.locale``: compile and dump, and one-line errors with status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from amiga.iff import read_ctlg
from amiga.locale.cli import main

CD = "MSG_HELLO (//)\nHello\nMSG_CTRL (5//)\nTab\\there\\e[1m\nMSG_MISSING (//)\nx\n"
CT = (
    "## version $VER: game.catalog 1.0 (1.1.2002)\n## language deutsch\n## codeset 0\n"
    'MSG_HELLO\nGrüß dich "Welt"\nMSG_CTRL\nTab\\tda\\e[1m\n'
)


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    (tmp_path / "game.cd").write_bytes(CD.encode("latin-1"))
    (tmp_path / "deutsch.ct").write_bytes(CT.encode("latin-1"))
    return tmp_path


def exit_status(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exit_:  # argparse's way out
        return exit_.code  # type: ignore[return-value]


def test_compile_writes_the_catalog_and_reports_warnings(sources: Path, capsys) -> None:
    out = sources / "game.catalog"
    argv = ["compile", str(sources / "game.cd"), str(sources / "deutsch.ct"), "-o", str(out)]
    assert exit_status(argv) == 0
    assert read_ctlg(out.read_bytes()).strings == {0: 'Grüß dich "Welt"', 5: "Tab\tda\x1b[1m"}
    err = capsys.readouterr().err
    assert err == (
        f"warning: {sources / 'deutsch.ct'}: 1 of 3 strings are not translated and keep "
        "their built-in text: MSG_MISSING\n"
    )


def test_dump_lists_every_string_with_escapes(sources: Path, capsys) -> None:
    out = sources / "game.catalog"
    exit_status(["compile", str(sources / "game.cd"), str(sources / "deutsch.ct"), "-o", str(out)])
    capsys.readouterr()
    assert exit_status(["dump", str(out)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "language: deutsch",
        "version:  $VER: game.catalog 1.0 (1.1.2002)",
        "codeset:  0",
        '     0  "Grüß dich \\"Welt\\""',
        '     5  "Tab\\tda\\e[1m"',
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["compile", "{d}/game.cd", "{d}/nope.ct", "-o", "{d}/x.catalog"], "nope.ct: does not"),
        (["compile", "{d}/game.cd", "{d}/bad.ct", "-o", "{d}/x.catalog"], "bad.ct:2: "),
        (["compile", "{d}/game.cd", "{d}/deutsch.ct"], "-o/--output"),
        (["dump", "{d}/game.cd"], "game.cd: not an IFF file"),
        (["dump"], "required"),
        (["explode"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(
    sources: Path, capsys, argv: list[str], message: str
) -> None:
    (sources / "bad.ct").write_text("## language deutsch\n MSG_HELLO\nx\n")
    assert exit_status([arg.format(d=sources) for arg in argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert message in err
    assert not (sources / "x.catalog").exists()


def test_the_real_entry_point(sources: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "amiga.locale", "dump", str(sources / "deutsch.ct")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.strip().endswith("deutsch.ct: not an IFF file (starts with '## v')")
