"""The Saga catalogs: every message in English and German, chosen the Amiga way."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from conftest import REPO

from amiga.iff import Ctlg, write_ctlg
from amiga.locale import compile_catalog, parse_cd, parse_ct
from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.placement import start_game
from saga.engine.rng import Lcg64
from saga.engine.state import GameState
from saga.headless import watch
from saga.hosts import TerminalHost
from saga.text import builtin_messages, catalogs_dir, english, load_text

CATALOGS = catalogs_dir()
CD = CATALOGS / "saga.cd"
CT = CATALOGS / "deutsch.ct"
COMPILED = CATALOGS / "deutsch" / "saga.catalog"


def _german() -> dict[str, str]:
    translation = parse_ct(CT.read_bytes().decode("latin-1"), str(CT))
    return {name: t.text for name, t in translation.strings.items()}


def test_every_message_has_a_german_translation() -> None:
    german = _german()
    missing = [name for name in builtin_messages() if not german.get(name)]
    assert missing == []
    assert len(builtin_messages()) == 387


def test_ids_are_the_originals_numbering() -> None:
    ids = sorted(msg_id for msg_id, _ in builtin_messages().values())
    assert ids == list(range(387))
    messages = builtin_messages()
    # A few fixed points of the original's catalog, by role.
    assert messages["MSG_KEY_YES"][0] == 48 and messages["MSG_KEY_GLORY"][0] == 39
    assert messages["MSG_ATTACKERS_KILLED"][0] == 13 and messages["MSG_KEY_ABOUT"][0] == 383


def test_german_uses_its_own_answer_keys() -> None:
    german = _german()
    assert (german["MSG_KEY_YES"], german["MSG_KEY_NO"]) == ("J", "N")
    sets = [
        ("MSG_KEY_YES", "MSG_KEY_NO"),
        ("MSG_KEY_GLORY", "MSG_KEY_LUCK"),
        ("MSG_KEY_WITHDRAW", "MSG_KEY_RESTART", "MSG_KEY_TRANSFER"),
    ]
    for names in sets:
        keys = [german[n] for n in names]
        assert len(set(keys)) == len(keys) and all(len(k) == 1 for k in keys)


def test_the_header_names_the_language() -> None:
    translation = parse_ct(CT.read_bytes().decode("latin-1"), str(CT))
    assert translation.language == "deutsch"
    assert translation.version and translation.version.startswith("$VER: saga.catalog")


def test_compiled_catalog_is_rebuilt_byte_for_byte() -> None:
    description = parse_cd(CD.read_text(encoding="latin-1"), str(CD))
    translation = parse_ct(CT.read_bytes().decode("latin-1"), str(CT))
    assert compile_catalog(description, translation) == COMPILED.read_bytes()


def test_dump_lists_every_string() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "amiga.locale", "dump", str(COMPILED)],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    listed = {int(m.group(1)) for m in re.finditer(r"^\s*(\d+)\s", out, re.M)}
    assert listed == set(range(387))
    assert "Glück" in out


def _play(text, seed: int = 11, turns: int = 6) -> list[str]:
    out = io.StringIO()
    host = TerminalHost(out, text, None, colour=False)
    g = Game(GameState(), Lcg64(seed), host, text)
    start_game(g, [T.AMIGA] * 6, turns, True)
    watch(g)
    return out.getvalue().splitlines()


def test_a_german_game_shows_no_english() -> None:
    german_text, warned = load_text("deutsch", None, {}, Path("/nonexistent"))
    assert warned == []
    english_lines, german_lines = _play(english()), _play(german_text)
    assert len(english_lines) == len(german_lines)  # the very same game
    german = _german()
    # Every English string whose German differs must not show up as words.
    # (Skipping those that are German words too, like "Die".)
    german_words = {w for text in german.values() for w in re.findall(r"\w+", text)}
    tells = sorted(
        {
            text
            for name, (_, text) in builtin_messages().items()
            if len(text) >= 3
            and german[name] != text
            and not text.startswith("%")
            and text not in german_words
        },
        key=len,
        reverse=True,
    )
    pattern = re.compile(r"\b(" + "|".join(re.escape(t) for t in tells) + r")\b")
    proper = [
        *T.HERO_NAMES,
        *(j.name for j in T.JARL_TABLE),
        *(m.name for m in T.MONSTER_TABLE),
        *(a.name for a in T.AREA_TABLE),
        *T.SWORD_NAMES,
        *T.GOD_NAMES,
        *T.RUNE_NAMES,
        *T.SPELL_NAMES.values(),
        "Frey Faxi",
        "Valhalla",
    ]
    names = {w for name in proper for w in re.findall(r"[^\W\d]+", name)}
    for en, de in zip(english_lines, german_lines, strict=True):
        leaked = [w for w in pattern.findall(de) if w not in names]
        assert not leaked, f"English in German output: {leaked} in {de!r}"
        if not set(re.findall(r"[^\W\d]+", en)) <= names:
            assert en != de, f"untranslated line {en!r}"
    assert any("ä" in line or "ü" in line or "ö" in line for line in german_lines)


def test_umlauts_reach_the_terminal_intact(tmp_path: Path) -> None:
    env = {
        "LANG": "C",
        "PATH": "/usr/bin:/bin",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONPATH": str(REPO),  # the code under test, installed or not
        **{k: v for k, v in os.environ.items() if k.startswith("XDG_")},
    }  # saves out of ~
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "saga",
            "--headless",
            "--language",
            "deutsch",
            "--seed",
            "3",
            "--turns",
            "2",
            "--config",
            str(tmp_path / "none.config"),
            "BEOWULF=AMIGA",
            "RAGNAR=AMIGA",
            "EGIL=AMIGA",
        ],
        capture_output=True,
        cwd=tmp_path,
        env=env,
        check=True,
    )
    out = result.stdout.decode("utf-8")
    assert "Held Ragnar bekämpft" in out and "führt das Schwert" in out


@pytest.mark.parametrize("spelling", ["deutsch", "german", "de", "Deutsch", "de_DE.UTF-8"])
def test_language_option_spellings(spelling: str) -> None:
    text, _ = load_text(spelling, None, {}, Path("/nonexistent"))
    assert text("MSG_KEY_YES") == "J"


def test_language_precedence() -> None:
    de_env = {"LANG": "de_DE.UTF-8"}
    assert load_text(None, None, de_env, Path("/x"))[0]("MSG_YES") == "Ja"
    assert load_text(None, "english", de_env, Path("/x"))[0]("MSG_YES") == "Yes"
    assert load_text(None, "deutsch", {"LANG": "C"}, Path("/x"))[0]("MSG_YES") == "Ja"
    assert load_text("english", "deutsch", de_env, Path("/x"))[0]("MSG_YES") == "Yes"
    assert load_text(None, None, {"LANG": "C"}, Path("/x"))[0]("MSG_YES") == "Yes"


def _progdir_with(tmp_path: Path, data: bytes) -> Path:
    folder = tmp_path / "Catalogs" / "deutsch"
    folder.mkdir(parents=True)
    (folder / "saga.catalog").write_bytes(data)
    return tmp_path


def test_a_catalog_beside_the_program_comes_first(tmp_path: Path) -> None:
    progdir = _progdir_with(tmp_path, write_ctlg(Ctlg({48: "J!"}, language="deutsch")))
    text, warned = load_text("deutsch", None, {}, progdir)
    assert text("MSG_KEY_YES") == "J!"
    assert text("MSG_YES") == "Yes"  # missing from that catalog: English
    assert any("no string" in w for w in warned)


@pytest.mark.parametrize(
    "data, warning",
    [
        (b"FORM\0\0\0\x04CTLG", ""),
        (b"garbage" * 10, ""),
        (COMPILED.read_bytes()[:200], ""),
        (b"FORM\xff\xff\xff\xf0CTLG" + bytes(64), ""),
    ],
)
def test_broken_catalogs_fall_back_to_english(tmp_path: Path, data: bytes, warning: str) -> None:
    progdir = _progdir_with(tmp_path, data)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing may escape as an exception either
        text, warned = load_text("deutsch", None, {}, progdir)
    assert warned and text("MSG_YES") == "Yes"


def test_a_catalog_for_another_language_is_refused(tmp_path: Path) -> None:
    progdir = _progdir_with(tmp_path, write_ctlg(Ctlg({320: "Oui"}, language="français")))
    text, warned = load_text("deutsch", None, {}, progdir)
    assert text("MSG_YES") == "Yes" and any("not deutsch" in w for w in warned)


def test_umlauts_reach_the_emulated_screen() -> None:
    from amiga.display import Screen
    from amiga.display.font import default_font

    text, _ = load_text("deutsch", None, {}, Path("/nonexistent"))
    message = f"{text('MSG_DEAD_HERO')} Egil {text('MSG_WITHDRAWS')}. {text('MSG_LUCK')}, Größe"
    screen = Screen()
    rp = screen.rastport
    rp.apen = 1
    rp.move(0, 6)
    rp.text(message)
    font = default_font()
    drawn = screen.pixels[0:8, : 8 * len(message)] == 1
    for i, ch in enumerate(message):
        glyph = drawn[:, 8 * i : 8 * i + 8]
        assert (glyph == font.glyphs[ord(ch)]).all(), f"glyph {ch!r} at {i}"
    for plain, accented in (("a", "ä"), ("u", "ü"), ("o", "ö"), ("s", "ß")):
        assert (font.glyphs[ord(plain)] != font.glyphs[ord(accented)]).any()
    assert "ü" in message and "ö" in message and "ß" in message
