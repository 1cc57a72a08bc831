"""Saga on the desktop: --version, the desktop entry, its metadata and icons."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import saga
from amiga.iff.png import decode_png
from saga import desktop
from saga.art.icon import icon_pens
from saga.cli import main


def test_version_names_this_program_and_the_original_it_follows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for flag in ("--version", "-V"):
        with pytest.raises(SystemExit) as done:
            main([flag])
        assert done.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith(f"Saga {saga.__version__} ")
        assert f"Saga {saga.ORIGINAL_VERSION} for the Amiga" in out


def _installed(data: Path) -> list[str]:
    return sorted(p.relative_to(data).as_posix() for p in data.rglob("*") if p.is_file())


def test_install_and_uninstall_under_the_users_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    assert main(["--install-desktop"]) == 0
    assert _installed(data) == [
        "applications/saga-amiga.desktop",
        "icons/hicolor/256x256/apps/saga-amiga.png",
        "icons/hicolor/32x32/apps/saga-amiga.png",
        "metainfo/saga-amiga.metainfo.xml",
    ]
    assert capsys.readouterr().out.count("installed ") == 4
    entry = (data / "applications" / "saga-amiga.desktop").read_text()
    assert f"\nExec={desktop.exec_line(desktop.launcher())}\n" in entry
    assert "\nIcon=saga-amiga\n" in entry
    (data / "applications" / "mine.desktop").write_text("[Desktop Entry]\n")
    assert main(["--uninstall-desktop"]) == 0
    assert capsys.readouterr().out.count("removed ") == 4
    assert _installed(data) == ["applications/mine.desktop"]  # only Saga's files go
    assert main(["--uninstall-desktop"]) == 0
    assert "no desktop entry" in capsys.readouterr().out


def test_without_xdg_data_home_the_entry_goes_to_local_share(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/is/ignored")
    assert desktop.data_home() == tmp_path / ".local" / "share"


def test_a_folder_that_cannot_be_written_is_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "data").write_text("a file, not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert main(["--install-desktop"]) == 2
    assert capsys.readouterr().err.startswith("saga: can't write ")


def test_the_exec_line_quotes_what_the_spec_asks() -> None:
    assert desktop.exec_line(["/usr/bin/python3", "-m", "saga"]) == "/usr/bin/python3 -m saga %f"
    assert desktop.exec_line(["/home/me/my games/python"]) == '"/home/me/my games/python" %f'
    # Inside quotes ", `, $ and \ are escaped, then the value's own \ and %.
    assert desktop.exec_line(['/a$b"c\\d%e']) == '"/a\\\\$b\\\\"c\\\\\\\\d%%e" %f'


def test_the_icons_are_one_picture_at_two_sizes() -> None:
    pens, clear = icon_pens()
    files = desktop.files(Path("/x"), ["saga"])
    small, big = (
        decode_png(files[Path(f"/x/icons/hicolor/{n}x{n}/apps/saga-amiga.png")]) for n in (32, 256)
    )
    assert (small.pixels == pens).all() and small.transparent == clear
    assert big.pixels.shape == (256, 256) and (big.pixels[::8, ::8] == pens).all()


@pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None,
    reason="needs desktop-file-validate (Debian/Ubuntu package desktop-file-utils)",
)
def test_the_desktop_entry_is_valid(tmp_path: Path) -> None:
    entry = desktop.files(tmp_path, desktop.launcher())[tmp_path / "applications" / desktop.ENTRY]
    path = tmp_path / desktop.ENTRY
    path.write_bytes(entry)
    done = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, "")


@pytest.mark.skipif(
    shutil.which("appstreamcli") is None,
    reason="needs appstreamcli (Debian/Ubuntu package appstream)",
)
def test_the_appstream_metadata_is_valid(tmp_path: Path) -> None:
    metainfo = desktop.files(tmp_path, ["saga"])[tmp_path / "metainfo" / desktop.METAINFO]
    path = tmp_path / desktop.METAINFO
    path.write_bytes(metainfo)
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", "--no-color", str(path)],
        capture_output=True,
        text=True,
    )
    # The one complaint: the ID is not a reverse domain name, as the project
    # has no domain of its own; anything else (errors above all) fails.
    complaints = [line for line in done.stdout.splitlines() if line[:2] in ("E:", "W:")]
    assert complaints == ["W: saga-amiga:3: cid-desktopapp-is-not-rdns saga-amiga"]
    assert f'<release version="{saga.__version__}"' in metainfo.decode()


def test_every_shipped_translation_reaches_the_menu_entry_and_the_package() -> None:
    """A language the game speaks is named in the desktop entry and in pyproject's classifiers."""
    import tomllib

    import catalogs
    from amiga.locale.languages import LANGUAGES

    shipped = sorted(p.parent.name for p in Path(catalogs.__file__).parent.glob("*/saga.catalog"))
    assert {"deutsch", "greek", "italiano"} <= set(shipped)
    entry = (Path(desktop.__file__).parent / desktop.ENTRY).read_text(encoding="utf-8")
    keys = {line.split("=", 1)[0] for line in entry.splitlines() if "=" in line}
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    classifiers = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["classifiers"]
    for language in shipped:
        names = [alias for alias, amiga in LANGUAGES.items() if amiga == language]
        code = next(name for name in names if len(name) == 2)
        # The English name: an alias ("german"), or the Amiga name itself ("greek").
        english = next(
            (name for name in names if name.isascii() and len(name) > 2 and name != language),
            language,
        )
        for key in ("GenericName", "Comment", "Keywords"):
            assert f"{key}[{code}]" in keys, (language, key)
        assert f"Natural Language :: {english.capitalize()}" in classifiers, language
