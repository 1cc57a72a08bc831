"""The Saga catalogs: every message in English, German, Greek and Italian, chosen the Amiga way."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import unicodedata
import warnings
from pathlib import Path

import pytest
from conftest import REPO

from amiga.iff import Ctlg, write_ctlg
from amiga.locale import compile_catalog, parse_cd, read_ct
from saga.engine import tables as T
from saga.engine.host import CHOICE_KEYS, Ask
from saga.engine.session import Session, Setup
from saga.headless import watch
from saga.look.text import builtin_messages, catalogs_dir, english, fill, load_text
from saga.play.hosts import TerminalHost

CATALOGS = catalogs_dir()
CD = CATALOGS / "saga.cd"
CT = CATALOGS / "deutsch.ct"
COMPILED = CATALOGS / "deutsch" / "saga.catalog"
# Every translation the game ships, by its Amiga language name.
SHIPPED = sorted(path.stem for path in CATALOGS.glob("*.ct"))
MESSAGES = 559

# The one-letter answers asked for together (a dead hero's choice adds
# Transfer when there is a jarl to carry on): each set must be told apart.
ANSWER_SETS = [
    CHOICE_KEYS[Ask.YNKEYBOARD],
    CHOICE_KEYS[Ask.GLKEYBOARD],
    (*CHOICE_KEYS[Ask.WRKEYBOARD], "MSG_KEY_TRANSFER"),
]
# The menus' shortcuts (with the right Amiga key); the help pages keep 1 to 4.
MENU_KEYS = (
    "MSG_KEY_NEW",
    "MSG_KEY_OPEN",
    "MSG_KEY_SAVE",
    "MSG_KEY_SAVE_AS",
    "MSG_KEY_QUIT",
    "MSG_KEY_TITLEBAR",
    "MSG_KEY_WATCH",
    "MSG_KEY_SUMMARY",
    "MSG_KEY_MANUAL",
    "MSG_KEY_ABOUT",
)
# The summary's one-letter states of a hero, shown in one column.
STATE_LETTERS = ("MSG_KEY_DEAD", "MSG_KEY_WOUNDED", "MSG_KEY_HEALTHY")
# A C format directive, as locale.library's users pass them to printf.
PLACEHOLDER = re.compile(r"%[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l)?[diouxXcsfeEgGp%]")


def _translation(language: str) -> dict[str, str]:
    translation = read_ct(CATALOGS / f"{language}.ct")
    return {name: t.text for name, t in translation.strings.items()}


def _words(language: str) -> dict[str, str]:
    if language == "english":
        return {name: text for name, (_, text) in builtin_messages().items()}
    return _translation(language)


def test_the_game_ships_german_greek_and_italian() -> None:
    assert SHIPPED == ["deutsch", "greek", "italiano"]
    for language in SHIPPED:
        assert (CATALOGS / language / "saga.catalog").is_file()


@pytest.mark.parametrize("language", SHIPPED)
def test_every_message_has_a_translation(language: str) -> None:
    words = _translation(language)
    missing = [name for name in builtin_messages() if not words.get(name)]
    assert missing == []
    assert sorted(words) == sorted(builtin_messages())  # and nothing the game lacks
    assert len(builtin_messages()) == MESSAGES


@pytest.mark.parametrize("language", SHIPPED)
def test_placeholders_match_the_english(language: str) -> None:
    words = _translation(language)
    for name, (_, english_text) in builtin_messages().items():
        assert PLACEHOLDER.findall(words[name]) == PLACEHOLDER.findall(english_text), name


def test_the_placeholder_pattern_finds_what_it_must() -> None:
    assert PLACEHOLDER.findall("%d.%d s, %ld of %s, 100%%") == ["%d", "%d", "%ld", "%s", "%%"]


def test_a_message_is_filled_as_printf_fills_it() -> None:
    assert fill("%d.%d s", 0, 7) == "0.7 s"
    assert fill("%ld of %s, 100%%", 3, "seven") == "3 of seven, 100%"
    assert fill(english()("MSG_ORIGINAL_MAP_CUT"), 3, 7, 1409, 1647).startswith(
        "It ends in plane 3 of 7 of the map, which begins at line 1409"
    )


def test_ids_are_the_originals_numbering() -> None:
    ids = sorted(msg_id for msg_id, _ in builtin_messages().values())
    assert ids == list(range(MESSAGES))
    messages = builtin_messages()
    # A few fixed points of the original's catalog, by role.
    assert messages["MSG_KEY_YES"][0] == 48 and messages["MSG_KEY_GLORY"][0] == 39
    assert messages["MSG_ATTACKERS_KILLED"][0] == 13 and messages["MSG_KEY_ABOUT"][0] == 383


@pytest.mark.parametrize("language", ["english", *SHIPPED])
def test_keys_asked_together_differ(language: str) -> None:
    words = _words(language)
    for names in [*ANSWER_SETS, MENU_KEYS, STATE_LETTERS]:
        keys = [words[n] for n in names]
        assert all(len(k) == 1 for k in keys), names
        assert len({k.upper() for k in keys}) == len(keys), (language, keys)
    assert not {words[n] for n in MENU_KEYS} & set("1234")


def _unaccented(letter: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", letter) if not unicodedata.combining(c))


def test_an_answer_shows_its_key_first() -> None:
    # "(G)lory": the key and the rest of the word make the word shown; the
    # key is the first letter as a keyboard types it, without its accent
    # ("(Ο)χι" for "Όχι").
    for language in ["english", *SHIPPED]:
        words = _words(language)
        for key, rest, word in (
            ("MSG_KEY_YES", "MSG_YES_REST", "MSG_YES"),
            ("MSG_KEY_NO", "MSG_NO_REST", "MSG_NO"),
            ("MSG_KEY_GLORY", "MSG_GLORY_REST", "MSG_GLORY"),
            ("MSG_KEY_LUCK", "MSG_LUCK_REST", "MSG_LUCK"),
            ("MSG_KEY_WITHDRAW", "MSG_WITHDRAW_REST", "MSG_WITHDRAW"),
            ("MSG_KEY_RESTART", "MSG_RESTART_REST", "MSG_RESTART"),
        ):
            shown = words[word]
            assert words[key] + words[rest] == _unaccented(shown[0]) + shown[1:], (language, word)


# The keys a player of the original 1.95 presses with its own catalog in that
# language (its deutsch.ct and italiano.ct).  Its Italian catalog gives R to
# both Withdraw and Restart, where R withdraws; ours keeps R for Withdraw and
# gives Restart the N of "Nuovo inizio" (README, "Languages").
ORIGINALS_KEYS = {
    "deutsch": {
        "answers": [("J", "N"), ("R", "G"), ("R", "N", "T")],
        "menus": ("N", "O", "S", "A", "Q", "B", "W", "G", "M", "?"),
    },
    "italiano": {
        "answers": [("S", "N"), ("G", "F"), ("R", "N", "T")],
        "menus": ("N", "O", "S", "A", "Q", "B", "W", "G", "M", "?"),
    },
}


@pytest.mark.parametrize("language", sorted(ORIGINALS_KEYS))
def test_keys_are_the_ones_a_player_of_the_original_presses(language: str) -> None:
    words = _translation(language)
    expected = ORIGINALS_KEYS[language]
    assert [tuple(words[n] for n in names) for names in ANSWER_SETS] == expected["answers"]
    assert tuple(words[n] for n in MENU_KEYS) == expected["menus"]


def test_greek_keys_are_greek_letters_a_latin_keyboard_reaches_too() -> None:
    """Ν/Ο, Δ/Τ, Α/Ν/Δ: each on a key whose Latin letter a Greek keymap puts it on."""
    from amiga.input.keymap import GREEK_KEYMAP

    words = _translation("greek")
    assert [tuple(words[n] for n in names) for names in ANSWER_SETS] == [
        ("Ν", "Ο"),
        ("Δ", "Τ"),
        ("Α", "Ν", "Δ"),
    ]
    capitals = {shifted for _, shifted in GREEK_KEYMAP.values()}
    assert {words[n] for names in ANSWER_SETS for n in names} <= capitals
    # The menus keep the English shortcuts: Ctrl (or Amiga) with a letter key
    # gives its Latin letter on any layout.
    assert tuple(words[n] for n in MENU_KEYS) == ORIGINALS_KEYS["deutsch"]["menus"]


@pytest.mark.parametrize("language", SHIPPED)
def test_the_header_names_the_language(language: str) -> None:
    translation = read_ct(CATALOGS / f"{language}.ct")
    assert translation.language == language
    assert translation.version and translation.version.startswith("$VER: saga.catalog")


@pytest.mark.parametrize("language", SHIPPED)
def test_compiled_catalog_is_rebuilt_byte_for_byte(language: str) -> None:
    description = parse_cd(CD.read_text(encoding="latin-1"), str(CD))
    translation = read_ct(CATALOGS / f"{language}.ct")
    compiled = CATALOGS / language / "saga.catalog"
    assert compile_catalog(description, translation) == compiled.read_bytes()


@pytest.mark.parametrize(
    "language, word", [("deutsch", "Glück"), ("greek", "Δόξα"), ("italiano", "Sì")]
)
def test_dump_lists_every_string(language: str, word: str) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "amiga.locale", "dump", str(CATALOGS / language / "saga.catalog")],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    listed = {int(m.group(1)) for m in re.finditer(r"^\s*(\d+)\s", out, re.M)}
    assert listed == set(range(MESSAGES))
    assert word in out


def _play(text, seed: int = 11, turns: int = 6) -> list[str]:
    out = io.StringIO()
    host = TerminalHost(out, None, colour=False)
    watch(Session(Setup(seed, (T.AMIGA,) * 6, turns, True), text, host), out)
    return out.getvalue().splitlines()


# Names every language shows as they are: heroes, jarls, monsters, lands, swords...
PROPER_NAMES = [
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

# Letters every game in the language shows somewhere.
ACCENTS = {"deutsch": "äöüß", "greek": "άέήίόύώς", "italiano": "àèéìòù"}


@pytest.mark.parametrize("language", SHIPPED)
def test_a_translated_game_shows_no_english(language: str) -> None:
    translated_text, warned = load_text(language, None, {}, Path("/nonexistent"))
    assert warned == []
    english_lines, translated_lines = _play(english()), _play(translated_text)
    assert len(english_lines) == len(translated_lines)  # the very same game
    translated = _translation(language)
    # Every English string whose translation differs must not show up as
    # words.  (Skipping those that are words of the language too, like "Die".)
    own_words = {w for text in translated.values() for w in re.findall(r"\w+", text)}
    tells = sorted(
        {
            text
            for name, (_, text) in builtin_messages().items()
            if len(text) >= 3
            and translated[name] != text
            and not text.startswith("%")
            and text not in own_words
        },
        key=len,
        reverse=True,
    )
    pattern = re.compile(r"\b(" + "|".join(re.escape(t) for t in tells) + r")\b")
    names = {w for name in PROPER_NAMES for w in re.findall(r"[^\W\d]+", name)}
    for en, line in zip(english_lines, translated_lines, strict=True):
        leaked = [w for w in pattern.findall(line) if w not in names]
        assert not leaked, f"English in {language} output: {leaked} in {line!r}"
        if not set(re.findall(r"[^\W\d]+", en)) <= names:
            assert en != line, f"untranslated line {en!r}"
    assert any(set(line) & set(ACCENTS[language]) for line in translated_lines)


@pytest.mark.parametrize("language", SHIPPED)
def test_a_message_that_fits_one_line_in_english_fits_in_translation(language: str) -> None:
    # The message bar's lower line wraps after WRAP characters, onto the line
    # the buttons' hint shares: a translation may not push a message there.
    from saga.screen.messages import WRAP

    translated_text, _ = load_text(language, None, {}, Path("/nonexistent"))
    for seed in (1, 5, 12):
        pairs = zip(_play(english(), seed, 30), _play(translated_text, seed, 30), strict=True)
        too_long = {line for en, line in pairs if len(line) > WRAP >= len(en)}
        assert not too_long, too_long


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


@pytest.mark.parametrize("spelling", ["italiano", "italian", "it", "Italiano", "it_IT.UTF-8"])
def test_italian_spellings(spelling: str) -> None:
    text, _ = load_text(spelling, None, {}, Path("/nonexistent"))
    assert text.language == "italiano" and text("MSG_KEY_YES") == "S"
    assert load_text(None, None, {"LANG": spelling}, Path("/x"))[0]("MSG_YES") == "Sì"
    assert load_text(None, spelling, {"LANG": "C"}, Path("/x"))[0]("MSG_YES") == "Sì"


@pytest.mark.parametrize(
    "spelling", ["greek", "Greek", "el", "ελληνικά", "Ελληνικά", "ελληνικα", "el_GR.UTF-8", "el_CY"]
)
def test_greek_spellings(spelling: str) -> None:
    text, warned = load_text(spelling, None, {}, Path("/nonexistent"))
    assert warned == [] and text.language == "greek" and text("MSG_KEY_YES") == "Ν"
    assert load_text(None, None, {"LANG": spelling}, Path("/x"))[0]("MSG_YES") == "Ναι"
    assert load_text(None, spelling, {"LANG": "C"}, Path("/x"))[0]("MSG_YES") == "Ναι"


def _script_words(line: str) -> list[str]:
    return re.findall(r"[^\W\d_]+", line)


def test_a_headless_game_in_greek_reads_greek() -> None:
    """The same game in English and Greek: under a tenth of the lines alike,
    and every word that is not a name (a hero's, a land's, a sword's) Greek."""
    greek, warned = load_text("greek", None, {}, Path("/nonexistent"))
    assert warned == []
    english_lines, greek_lines = _play(english(), 5, 20), _play(greek, 5, 20)
    assert len(english_lines) == len(greek_lines) > 500  # the very same game
    alike = sum(en == gr for en, gr in zip(english_lines, greek_lines, strict=True))
    assert alike < len(greek_lines) / 10, alike
    names = {w for name in PROPER_NAMES for w in _script_words(name)}
    words = [w for line in greek_lines for w in _script_words(line) if w not in names]
    latin = sorted({w for w in words if any(c.isascii() for c in w)})
    assert not latin, latin
    assert all(unicodedata.name(c).startswith("GREEK") for w in words for c in w)
    assert len(words) > 2000


def test_a_greek_answer_is_typed_as_a_greek_letter_at_the_terminal() -> None:
    from saga.engine.host import Ask, answer_key
    from saga.play.hosts import read_answer

    greek, _ = load_text("greek", None, {}, Path("/nonexistent"))
    for typed, name in (("ν", "MSG_KEY_YES"), ("Ο", "MSG_KEY_NO"), ("δ", "MSG_KEY_GLORY")):
        answer = read_answer(typed, Ask.YNKEYBOARD)
        assert answer is not None and answer.result == answer_key(greek, name)


def _originals_greek_catalog() -> bytes:
    """A catalog in the form of Saga 1.95's greek one: ISO-8859-7 text, LANG
    "greek" and, as FlexCat wrote it then, codeset 0 (the language's own set)."""
    translation = read_ct(CATALOGS / "greek.ct")
    translation.codeset = 0
    return compile_catalog(parse_cd(CD.read_text(encoding="latin-1"), str(CD)), translation)


def test_an_originals_greek_catalog_beside_the_program_is_read_in_iso_8859_7(
    tmp_path: Path,
) -> None:
    data = _originals_greek_catalog()
    assert "Ναι".encode("iso8859_7") + b"\0" in data and "Ναι".encode() not in data
    folder = tmp_path / "Catalogs" / "greek"
    folder.mkdir(parents=True)
    (folder / "Saga.catalog").write_bytes(data)  # as the original's archive names it
    for option, config, environ in (
        ("greek", None, {}),
        (None, "greek", {}),
        (None, None, {"LANG": "el_GR.UTF-8"}),
    ):
        text, warned = load_text(option, config, environ, tmp_path)
        assert warned == [] and text("MSG_GLORY") == "Δόξα" and text("MSG_KEY_NO") == "Ο"


def test_an_originals_greek_catalog_gives_greek_messages_in_a_trace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from saga.trace import main

    path = tmp_path / "saga.catalog"
    path.write_bytes(_originals_greek_catalog())
    game = ["92", "8", "0", "2", "0", "0", "0", "0", "0"]
    assert main([*game, "--messages", "--catalog", str(path)]) == 0
    out = capsys.readouterr().out
    assert "M 1 Γύρος 6 από 8...\n" in out and "M 6 Ήρωας Beowulf σκοτώνεται!\n" in out


@pytest.mark.parametrize("language", ["english", *SHIPPED])
def test_every_character_of_every_language_has_a_glyph(language: str) -> None:
    """Each character of a catalog and of its rulebook is drawn by the font:
    none of them shows the replacement box."""
    from amiga.display.font import default_font

    font = default_font()
    rulebook = REPO / "saga" / "manual" / f"{language}.txt"
    text = "".join(_words(language).values()) + rulebook.read_text(encoding="utf-8")
    shown = text.replace("\n", " ").replace("\t", " ")
    missing = sorted({ch for ch in shown if not font.covers(ch)})
    assert not missing, missing
    strip = font.render(shown)
    box = font.glyph("\x7f")
    assert not any((strip[:, i : i + 8] == box).all() for i in range(0, strip.shape[1], 8))


def test_a_headless_game_in_italian(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from saga.cli import main

    argv = ["--headless", "--language", "italiano", "--seed", "3", "--turns", "2"]
    assert main([*argv, "BEOWULF=AMIGA", "RAGNAR=AMIGA"]) == 0
    out = capsys.readouterr().out
    assert "Turno 1 di 2" in out and "La partita è finita!" in out
    assert "Eroe Ragnar valuta chi attaccare..." in out


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
    assert sum("strings missing" in w for w in warned) == 1  # counted, not one per string


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
        assert (glyph == font.glyph(ch)).all(), f"glyph {ch!r} at {i}"
    for plain, accented in (("a", "ä"), ("u", "ü"), ("o", "ö"), ("s", "ß")):
        assert (font.glyph(plain) != font.glyph(accented)).any()
    assert "ü" in message and "ö" in message and "ß" in message
