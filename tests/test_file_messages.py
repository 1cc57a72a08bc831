"""Saving and opening games tell the player what the original tells, in the screen itself."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from languages import LANGUAGES

from amiga.input import Qualifier, ScriptedEventSource
from saga.engine import tables as T
from saga.engine.game import Game
from saga.engine.placement import start_game
from saga.engine.rng import Lcg64
from saga.engine.session import Session, Setup
from saga.files import savefile
from saga.files.config import Config
from saga.look.text import english
from saga.play.hosts import QuietHost
from saga.screen import files
from saga.screen import pens as P
from saga.screen.ui import Ui
from saga.screen.windows import wrap
from saga.window import app as app_module
from saga.window import filemessages
from saga.window.app import App, run_window
from saga.window.game import WindowGame
from saga.window.host import ScreenHost

TEXT = english()


class Shown:
    """Keeps what the real message line and requesters were given, and lets them show it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.said: list[str] = []
        self.requesters: list[tuple[str, list[str]]] = []
        say, requester = ScreenHost.say, filemessages.requester

        def keep_said(host: ScreenHost, text: str, pen: int) -> None:
            self.said.append(text)
            say(host, text, pen)

        def keep_requester(ui: Ui, title: str, lines: list[tuple[str, int]], **kw: object) -> None:
            self.requesters.append((title, [text for text, _ in lines]))
            requester(ui, title, lines, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(ScreenHost, "say", keep_said)
        monkeypatch.setattr(filemessages, "requester", keep_requester)


def _game_app(source: ScriptedEventSource, shown: Shown) -> tuple[WindowGame, ScreenHost, Game]:
    """A game in play, in a window; paths are short, relative to the current folder."""
    ui = Ui(source)
    app = App(ui, Config(delay=0), TEXT, Lcg64(1))
    game = WindowGame(ui, app.board, app.config, Setup(1, (T.AMIGA,) * 6), TEXT, app.menu)
    game.session.start()
    shown.said.clear()  # the swords handed out
    return game, game.screen, game.session.game


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_saving_says_saving_then_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = Shown(monkeypatch)
    game, host, _ = _game_app(ScriptedEventSource(), shown)
    game.path = Path("mine")
    game.save(ask=False)
    path = Path("mine.saga")
    assert shown.said == [f"Saving {path}...", f"Saved {path}."]
    assert host.bar.lower == (f"Saved {path}.", 1)
    assert savefile.load(path).turn == 1
    assert game.path == path
    assert shown.requesters == []


def test_a_save_that_cannot_be_opened(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = Shown(monkeypatch)
    source = ScriptedEventSource().key("\r")  # OK: closes the requester
    game, _, _ = _game_app(source, shown)
    path = Path("no such folder", "game.saga")
    game.path = path
    game.save(ask=False)
    message = f"Cannot open {path} to write it!"
    assert shown.said == [f"Saving {path}...", message]
    reason = "Its drawer does not exist."
    assert shown.requesters == [("Saga: Recoverable error", [message, reason])]  # flush left
    assert game.path == path and not path.exists()
    assert len(source) == 0  # the requester waited for its OK


def test_the_autosave_complains_on_the_message_line_and_in_a_requester(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown = Shown(monkeypatch)
    source = ScriptedEventSource().key("\r")  # OK
    _, host, g = _game_app(source, shown)
    host.autosave_path = Path("gone", "Autosave.saga")
    host.autosave(g.state)
    message = f"Cannot open {host.autosave_path} to write it!"
    assert shown.said == [message]  # no "Saving..." for the autosave, as in the original
    assert [title for title, _ in shown.requesters] == ["Saga: Recoverable error"]
    host.autosave_path = Path("Autosave.saga")
    host.autosave(g.state)
    assert shown.said == [message] and host.autosave_path.stat().st_size == savefile.SAVE_SIZE


def test_a_full_disk_cannot_be_written() -> None:
    error = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    message, reason = filemessages.save_failed(TEXT, Path("/x/game.saga"), error)
    assert message == "Cannot write to /x/game.saga!"
    assert reason == "The disk is full."


def _open(app: App, path: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    monkeypatch.setattr(files, "choose_file", lambda *args, **kw: path)
    return app._open()


@pytest.mark.parametrize(
    "content, first_line",
    [
        (None, "Cannot open {path} to read it!"),
        (b"SAGA 1.80\0" + bytes(100), "Cannot read from {path}!"),
        (b"SAGA 1.95\0" + bytes(1770), "{path} is not a saved game!"),
        # Beowulf in area 99, a file the original would crash on
        (
            b"SAGA 1.80\0\1\3" + bytes([0, 1, 0, 0, 0, 0, 99]) + bytes(1761),
            "{path} is not a saved game!",
        ),
    ],
    ids=["missing", "short", "foreign", "unsafe"],
)
def test_each_file_that_cannot_be_opened_has_its_own_requester(
    monkeypatch: pytest.MonkeyPatch, content: bytes | None, first_line: str
) -> None:
    shown = Shown(monkeypatch)
    source = ScriptedEventSource().key("\r")  # OK
    app = App(Ui(source), Config(), TEXT, Lcg64(1))
    path = Path("game.saga")
    if content is not None:
        path.write_bytes(content)
    assert _open(app, path, monkeypatch) is None
    [(title, lines)] = shown.requesters
    assert title == "Saga: Recoverable error"
    assert lines[0] == first_line.format(path=path)
    assert len(lines) >= 2 and all(len(line) <= filemessages.COLUMNS for line in lines)
    assert len(source) == 0


@pytest.mark.parametrize(
    "failure, first_line",
    [
        (savefile.Failure.CANT_OPEN, "Cannot open /x/game.saga to read it!"),
        (savefile.Failure.CANT_READ, "Cannot read from /x/game.saga!"),
        (savefile.Failure.NOT_A_SAVE, "/x/game.saga is not a saved game!"),
    ],
)
def test_the_complaint_is_the_errors_failure_not_its_wording(
    failure: savefile.Failure, first_line: str
) -> None:
    # The same words, and no such file to look at: only the failure tells them apart.
    error = savefile.SaveFileError("99, outside 0..65", "heroes.Egil.where", failure=failure)
    message, _ = filemessages.open_failed(TEXT, Path("/x/game.saga"), error)
    assert message == first_line


def test_a_long_reason_is_wrapped_between_words() -> None:
    message = f"/home/player/{'long_folder_name/' * 5}game.saga is not a saved game!"
    reason = "the area of hero Siegfried's jarl Thorolf is 99, outside 0..65 " * 3
    lines = filemessages.lines(message, reason)
    assert {pen for _, pen in lines} == {P.WHITE}  # readable on the requester's grey
    message_lines = [text for text, _ in lines[:-3]]
    reason_lines = [text for text, _ in lines[-3:]]
    assert all(len(text) <= filemessages.COLUMNS for text, _ in lines)
    assert not any(text.startswith(" ") for text, _ in lines)  # flush left, as EasyRequest
    assert " ".join(reason_lines).split() == reason.split()  # no word cut or lost
    # The path, too long for a line, breaks after a slash; every real word stays whole.
    assert message_lines[0].endswith("/") and "".join(message_lines).replace(
        " ", ""
    ) == message.replace(" ", "")
    assert all(any(word in text.split() for text in message_lines) for word in message.split()[1:])


def test_a_long_path_fills_the_line_it_starts_on() -> None:
    lines = wrap("There is no such drawer: /home/player/" + "long_drawer_name/" * 4, 52)
    assert lines == [
        "There is no such drawer: /home/player/",  # not the words alone, the path below
        "long_drawer_name/" * 3,
        "long_drawer_name/",
    ]


@given(
    st.lists(
        st.text(alphabet="ab/", min_size=1, max_size=90) | st.sampled_from(["a", "bb", "/"]),
        max_size=12,
    ),
    st.integers(min_value=1, max_value=80),
)
def test_wrap_keeps_every_character_and_fits_the_width(words: list[str], width: int) -> None:
    lines = wrap(" ".join(words), width)
    assert all(0 < len(line) <= width and line == line.strip() for line in lines)
    assert "".join(lines).replace(" ", "") == "".join(words)


def test_a_game_opened_says_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = Shown(monkeypatch)
    g = Session(Setup(5), TEXT, QuietHost()).game
    start_game(g, [T.AMIGA, T.NONE, T.NONE, T.NONE, T.NONE, T.AMIGA], 1, False)
    path = tmp_path / "last turn.saga"
    savefile.save(path, g.state)
    source = ScriptedEventSource()
    source.ticks(1).click(300, 300)  # the turn prompt
    source.ticks(1).click(300, 300)  # the game over screen
    source.key("\x1b")  # the title screen: quit
    config = Config(delay=0, home=tmp_path)
    assert run_window(config, TEXT, 2, path, source) == 0
    assert shown.said[:2] == [f"Opened {path}.", "Turn 1 of 1..."]


def test_start_up_with_a_broken_saved_game_and_a_bad_hero_word_reaches_the_title_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from saga import cli
    from saga.screen.title import TitleScreen

    shown = Shown(monkeypatch)
    (tmp_path / "Saga.config").write_text("BEOWULF=AMIGA\n")  # portable: everything here
    Path("broken.saga").write_bytes(b"SAGA 1.80\0" + bytes(100))
    titles: list[list[int]] = []
    run = TitleScreen.run

    def title_screen(screen: TitleScreen) -> object:
        titles.append(list(screen.config.controls))
        return run(screen)

    monkeypatch.setattr(TitleScreen, "run", title_screen)
    source = ScriptedEventSource().key("\r").pause(0.1).key("\r")  # OK: closes each requester
    source.pause(0.1).key("\x1b")  # the title screen: quit
    real = app_module.run_window
    monkeypatch.setattr(
        app_module, "run_window", lambda *a, **k: real(*a, **{**k, "source": source})
    )
    assert cli.main(["BEOWULF=WIZARD", "EGIL=AMIGA", "broken"]) == 0
    err = capsys.readouterr().err
    assert "BEOWULF must be HUMAN, AMIGA or NONE, not 'WIZARD'; it stays AMIGA" in err
    # The broken save on stderr too, as the other start-up warnings are (and as --headless says it).
    assert "saga: broken.saga is not a saved game Saga can load: it is 110 bytes long" in err
    [(_, warned), (_, lines)] = shown.requesters  # the word first, over the title screen
    assert warned == ["BEOWULF=WIZARD", "The choices are HUMAN, AMIGA or NONE; it stays AMIGA."]
    assert lines[0] == "Cannot read from broken.saga!"
    assert titles == [[T.AMIGA, T.NONE, T.AMIGA, T.AMIGA, T.NONE, T.NONE]]
    assert len(source) == 1  # only the release of Escape, which quit the title screen


def test_every_reason_a_file_fails_has_its_sentence_in_every_language(tmp_path: Path) -> None:
    from amiga.dos import Problem
    from saga.look.text import load_text

    assert set(Problem.__members__) <= set(filemessages.PROBLEM_MESSAGES)
    german, _ = load_text("deutsch", None, {}, tmp_path)
    italian, _ = load_text("italiano", None, {}, tmp_path)
    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    assert filemessages.save_failed(german, tmp_path / "x.saga", full)[1] == (
        "Der Datenträger ist voll."
    )
    assert filemessages.save_failed(italian, tmp_path / "x.saga", full)[1] == "Il disco è pieno."
    assert filemessages.title(german) == "Saga: Behebbarer Fehler"
    gone = OSError(errno.ENOENT, os.strerror(errno.ENOENT))
    assert filemessages.save_failed(TEXT, tmp_path / "no" / "x.saga", gone)[1] == (
        "Its drawer does not exist."
    )
    # The drawer is there, but the system would not make the file: its own words.
    assert filemessages.save_failed(TEXT, tmp_path / "x.saga", gone)[1] == os.strerror(errno.ENOENT)
    missing = tmp_path / "missing.saga"
    with pytest.raises(savefile.SaveFileError) as caught:
        savefile.load(missing)
    assert filemessages.open_failed(german, missing, caught.value) == (
        f"{german('MSG_CANT_OPEN')} {missing} {german('MSG_TO_READ_IT')}!",
        "Sie existiert nicht.",
    )


@pytest.mark.parametrize(
    "language, reason",
    [
        ("english", "The line is ignored: the value must be a whole number in the range 1-99."),
        (
            "deutsch",
            "Die Zeile wird übergangen: Der Wert muss eine ganze Zahl sein, im Bereich 1-99.",
        ),
        (
            "italiano",
            "La riga è ignorata: il valore deve essere un numero intero nell'intervallo 1-99.",
        ),
    ],
)
def test_start_up_warnings_reach_the_window_in_the_players_language(
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    language: str,
    reason: str,
) -> None:
    """A player started from the desktop sees no stderr: 1.95 shows these in a requester."""
    from saga import cli

    shown = Shown(monkeypatch)
    (home / "Saga.config").write_text("TURNS=banana\nFOO=1\n")
    (home / "folder").mkdir()
    source = ScriptedEventSource().key("\r").pause(0.1).key("\x1b")  # OK, then quit the title
    real = app_module.run_window
    monkeypatch.setattr(
        app_module, "run_window", lambda *a, **k: real(*a, **{**k, "source": source})
    )
    assert cli.main(["--language", language, "EGIL=WIZARD"]) == 0
    [(title, lines)] = shown.requesters
    t = LANGUAGES[language]
    assert title == filemessages.title(t)
    assert all(len(line) <= filemessages.COLUMNS for line in lines)
    config = home / "Saga.config"
    told = [
        (f"{config}:1: TURNS=banana", reason),
        (f"{config}:2: FOO=1", t("MSG_SETTING_UNKNOWN")),
        ("EGIL=WIZARD", f"{t('MSG_CONTROL_WORDS')} NONE."),
    ]
    assert _told(lines, [where for where, _ in told]) == told
    err = capsys.readouterr().err  # stderr keeps its English, for a terminal and a log
    assert "'TURNS=banana' ignored: it must be 1 to 99" in err and "stays NONE" in err

    # --config naming a folder: said, the defaults played, no change kept there.
    shown.requesters.clear()
    source.key("\r").pause(0.1).key("\x1b")
    assert cli.main(["--language", language, "--config", "folder"]) == 0
    [(_, lines)] = shown.requesters
    why = f"{t('MSG_FILE_IS_DRAWER')} {t('MSG_SETTINGS_DEFAULTS')}"
    assert _told(lines, ["--config folder"]) == [("--config folder", why)]
    assert "folder: is a folder; using the defaults" in capsys.readouterr().err
    assert list((home / "folder").iterdir()) == []


def _told(lines: list[str], wheres: list[str]) -> list[tuple[str, str]]:
    """A requester's notices as (where, reason): blocks a blank line apart, each
    the lines of its where (given: it is not told apart by an indent) and then
    of its reason, joined again."""
    blocks = [block.split("\n") for block in "\n".join(lines).split("\n\n")]
    told: list[tuple[str, str]] = []
    for rows, where in zip(blocks, wheres, strict=True):
        head = wrap(where, filemessages.COLUMNS)
        assert rows[: len(head)] == head
        told.append((where, " ".join(rows[len(head) :])))
    return told


def _one_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, open_bad: bool
) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """A one-turn game of two Amiga heroes in the window, started from the title
    screen.  With ``open_bad`` the player picks Open at the turn prompt, agrees
    to leave the game, names a file that is no saved game and reads why it
    will not load.  What the message line and the requesters were given."""
    monkeypatch.undo()  # no other run's Shown underneath
    shown = Shown(monkeypatch)
    (tmp_path / "bad.saga").write_bytes(savefile.MAGIC + bytes(100))  # a save cut short
    controls = [T.AMIGA, T.NONE, T.NONE, T.AMIGA, T.NONE, T.NONE]
    config = Config(controls=list(controls), turns=1, delay=0, home=tmp_path)
    source = ScriptedEventSource().key(" ")  # the title screen: start
    if open_bad:
        source.ticks(1).key("o", Qualifier.RCOMMAND)  # at the turn prompt: Open
        source.pause(0.1).key("\r")  # yes, leave this game for another
        source.pause(0.1).text("bad.saga").key("\r")  # the file requester
        source.pause(0.1).key("\r")  # OK: the requester that says why not
    source.ticks(1).click(300, 300)  # the turn prompt
    source.ticks(1).click(300, 300)  # the game over screen
    source.key("\x1b")  # the title screen: quit
    assert run_window(config, TEXT, 7, None, source) == 0  # its game is the settings
    assert len(source) <= 1  # at most the release of Escape: every answer was wanted
    return list(shown.said), list(shown.requesters)


def test_a_failed_open_leaves_the_game_in_play_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player opens a file that will not load in the middle of a game: a
    requester says why, and the game in play goes on as if nothing happened,
    to the same end as the same game left alone."""
    alone, none = _one_turn(tmp_path, monkeypatch, open_bad=False)
    tried, [(title, lines)] = _one_turn(tmp_path, monkeypatch, open_bad=True)
    assert title == "Saga: Recoverable error" and lines[0] == "Cannot read from"
    assert lines[1:] == [str(tmp_path / "bad.saga!"), "It is shorter than a saved game."]
    assert none == [] and alone.index("Turn 1 of 1...") < len(alone) - 3  # a turn played
    assert tried == alone  # the same game, move for move, to the same end
