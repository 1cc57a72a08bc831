"""``Saga.config``: this run's settings, and the file that keeps the player's choices.

Two things that used to be one are kept apart here.  :class:`Config` is what
this run uses: the file's settings with the command line laid over them.
:class:`SettingsFile` owns the file, and writes to it only the settings the
player changes in the program (:meth:`SettingsFile.remember`), so a
``--turns`` or ``--fix-bugs`` given for one run never outlives that run.

The file comes in two forms, and is written back in the form it was found in:

* ``KEY=VALUE`` lines, with ``;`` or ``#`` comments.  A change rewrites only
  its own line, so comments, unknown keys and their order survive.
* The Amiga original's binary file (1.91 and later): 31 bytes, version 5 at
  offset 24.  Bytes this port does not use (the screen mode, the About
  window's place) are kept as they are, so one file serves both programs.
  Settings the original has no byte for follow the 31 bytes as ``KEY=VALUE``
  lines; the original reads only its 31 bytes and never sees them.

The manual says that without the file Beowulf is human, Ragnar is the Amiga
and the others sit out.  A line that makes no sense is reported and skipped,
so a damaged file never stops the game from starting; the defaults fill the
gaps.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from amiga.dos import FileProblem, Problem, read_limited, reason, write_atomic
from saga.engine import tables as T
from saga.engine.session import TURNS, Setup
from saga.look.text import PROBLEM_MESSAGES, Notice, warn

CONTROL_NAMES = {control.name: control for control in T.Control}
CONTROL_WORDS = {v: k for k, v in CONTROL_NAMES.items()}  # a control as the file writes it
_CONTROL_VALUES = frozenset(T.Control)
DEFAULT_CONTROLS = (T.HUMAN, T.NONE, T.NONE, T.AMIGA, T.NONE, T.NONE)

# The manual's message delay slider: none, about 0.7 s, 1.4 s and 2.1 s,
# or wait for a key or button.  Values are in IntuiTicks (tenths).
DELAY_TICKS = (0, 7, 14, 21, None)
# The 1.95 slider's eight steps, as its binary file numbers them.
AMIGA_DELAY_TICKS = (0, 2, 4, 8, 12, 16, 20, None)

MAX_SIZE = 64 * 1024  # far more than any settings file needs
MAX_PROBLEMS = 5  # lines reported one by one; the rest are counted
_SHOWN = 60  # characters of a bad line quoted in its warning

_YES = {"YES", "Y", "ON", "TRUE", "1"}
_NO = {"NO", "N", "OFF", "FALSE", "0"}


@dataclass
class Config:
    """The settings of this run; nothing here is written anywhere by itself."""

    controls: list[T.Control] = field(default_factory=lambda: list(DEFAULT_CONTROLS))
    turns: int = T.DEFAULT_TURNS
    advanced: bool = False
    delay: int = 1  # a position of the message delay slider, 0..4
    watch_amiga: bool = False
    titlebar: bool = True
    language: str = ""
    scale: int = 0  # 0: the largest that fits
    fullscreen: bool = False
    stretch: bool = False  # fill the window keeping the aspect, not whole multiples only
    scanlines: bool = False  # darken every other line, as a CRT shows it
    fixes: bool = False  # mend the paralysed-hero trap (off: faithful)
    mailbox: str = ""  # a magic-wormhole mailbox server's URL for online games ("": the public one)
    relay: str = ""  # a transit relay's hint, tcp:HOST:PORT ("": the public one)
    original: str = ""  # the player's copy of the original, for its pictures ("": none)
    home: Path = Path(".")  # the folder for saves and the autosave


class SettingsStore(Protocol):
    """Keeps what the player changes in the program, and nothing else.

    The keywords are :class:`Config` field names; ``controls`` may be a
    mapping of just the heroes that changed.  A run's command-line
    choices live only in its ``Config``; they reach the file only if the
    player then changes that very setting on the title screen or in a menu.
    """

    def remember(self, **changes: object) -> None: ...


class ForgetSettings:
    """The store of a run that keeps no settings (tests, demonstrations)."""

    def remember(self, **changes: object) -> None:
        """Nothing is kept."""


# -- values as the text form spells them ----------------------------------------


class _Refused(ValueError):
    """Why a value is refused: in English, and as catalog words for the window."""

    def __init__(self, english: str, *words: str) -> None:
        super().__init__(english)
        self.words = words


def _number(low: int, high: int) -> Callable[[str], int]:
    def read(value: str) -> int:
        try:
            number = int(value)
        except ValueError:
            number = low - 1
        if not low <= number <= high:
            raise _Refused(f"it must be {low} to {high}", "MSG_SETTING_NUMBER", f"{low}-{high}.")
        return number

    return read


def _turns(value: str) -> int:
    """A game's length: as long as the door lets a game last (see :class:`Setup`)."""
    try:
        return Setup(0, turns=int(value)).turns
    except ValueError:
        low, high = TURNS[0], TURNS[-1]
        raise _Refused(
            f"it must be {low} to {high}", "MSG_SETTING_NUMBER", f"{low}-{high}."
        ) from None


def _flag(value: str) -> bool:
    if value.upper() in _YES:
        return True
    if value.upper() in _NO:
        return False
    raise _Refused("it must be YES or NO", "MSG_SETTING_YES_NO")


def _control(value: str) -> T.Control:
    if value.upper() not in CONTROL_NAMES:
        raise _Refused("it must be HUMAN, AMIGA or NONE", "MSG_SETTING_CONTROL")
    return CONTROL_NAMES[value.upper()]


def _path(value: str) -> str:
    if not value.isprintable():
        raise _Refused("it is not a file name", "MSG_SETTING_PATH")
    return value


def _language(value: str) -> str:
    # The file is ISO-8859-1, as the Amiga's; a name typed in UTF-8 on a
    # modern system (LANGUAGE=ελληνικά) reads as that name.
    with contextlib.suppress(UnicodeError):
        value = value.encode("latin-1").decode("utf-8")
    if not value.isprintable() or any(c in value for c in "/\\:"):
        raise _Refused("it is not a language name", "MSG_SETTING_LANGUAGE")
    return value


_MAILBOX = re.compile(r"wss?://[^\s/?#]+(?:/[^\s]*)?")
_RELAY = re.compile(r"tcp:(?:\[[0-9A-Fa-f:.]+\]|[^\s:\[\]]+):[0-9]{1,5}")


def mailbox_url(value: str) -> str:
    """A mailbox server's WebSocket URL, ``ws://HOST:PORT/v1`` or ``wss://...``."""
    if not _MAILBOX.fullmatch(value):
        raise _Refused("it must be a ws:// or wss:// URL", "MSG_SETTING_MAILBOX")
    return value


def relay_hint(value: str) -> str:
    """A transit relay as magic-wormhole names one, ``tcp:HOST:PORT`` (the ``tcp:``
    may be left out)."""
    hint = value if value.startswith("tcp:") else f"tcp:{value}"
    if not _RELAY.fullmatch(hint) or int(hint.rpartition(":")[2]) > 65535:
        raise _Refused("it must be tcp:HOST:PORT", "MSG_SETTING_RELAY")
    return hint


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "YES" if value else "NO"
    return str(value)


@dataclass(frozen=True)
class _Key:
    """One ``KEY=VALUE`` line: the Config field it sets, and how it reads its value."""

    name: str
    field: str
    read: Callable[[str], object]
    hero: int | None = None  # the six control keys each hold one hero's control


_KEYS = [
    *(_Key(n.upper(), "controls", _control, hero) for hero, n in enumerate(T.HERO_NAMES)),
    _Key("TURNS", "turns", _turns),
    _Key("ADVANCED", "advanced", _flag),
    _Key("DELAY", "delay", _number(0, len(DELAY_TICKS) - 1)),
    _Key("WATCHAMIGA", "watch_amiga", _flag),
    _Key("TITLEBAR", "titlebar", _flag),
    _Key("LANGUAGE", "language", _language),
    _Key("SCALE", "scale", _number(0, 8)),
    _Key("FULLSCREEN", "fullscreen", _flag),
    _Key("STRETCH", "stretch", _flag),
    _Key("SCANLINES", "scanlines", _flag),
    _Key("FIXBUGS", "fixes", _flag),
    _Key("MAILBOX", "mailbox", mailbox_url),
    _Key("RELAY", "relay", relay_hint),
    _Key("ORIGINAL", "original", _path),
]
_BY_NAME = {k.name: k for k in _KEYS}
_STORED = {k.field for k in _KEYS}


def _hero_controls(value: object) -> dict[int, T.Control]:
    """Controls to keep, by hero: all six from a list, or just some from a mapping.

    The title screen hands over only the heroes the player changed, so a
    control given on the command line for another hero stays out of the file.
    """
    if isinstance(value, Mapping):
        return {int(hero): T.Control(control) for hero, control in value.items()}
    assert isinstance(value, list | tuple)
    return dict(enumerate(T.Control(control) for control in value))


def _text_lines(field_name: str, value: object) -> list[tuple[str, str]]:
    """The (KEY, VALUE) lines that keep one Config field."""
    if field_name == "controls":
        kept = _hero_controls(value)
        return [(k.name, CONTROL_WORDS[kept[k.hero]]) for k in _KEYS if k.hero in kept]
    return [(k.name, _show(value)) for k in _KEYS if k.field == field_name]


def _parse_text(
    text: str, config: Config, name: str, elsewhere: frozenset[str] = frozenset()
) -> list[str]:
    """Apply ``KEY=VALUE`` lines to ``config``; a message for each line skipped.

    Settings in ``elsewhere`` are kept in the binary part of the file and not here.
    """
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in ";#":
            continue
        key_text, sep, value = line.partition("=")
        key = _BY_NAME.get(key_text.strip().upper())
        try:
            if not sep:
                raise _Refused("it needs the form KEY=VALUE", "MSG_SETTING_FORM")
            if key is None:
                raise _Refused("there is no such setting", "MSG_SETTING_UNKNOWN")
            if key.field in elsewhere:
                raise _Refused(f"it is kept in the first {AMIGA_SIZE} bytes", "MSG_SETTING_BINARY")
            setting = key.read(value.strip())
        except _Refused as e:
            shown = line if len(line) <= _SHOWN else line[: _SHOWN - 3] + "..."
            english = f"{name}, line {number}: {shown!r} ignored: {e}"
            problems.append(Notice(english, f"{name}:{number}: {shown}", *e.words))
            continue
        if key.hero is not None:
            assert isinstance(setting, T.Control)  # what a control key reads
            config.controls[key.hero] = setting
        else:
            setattr(config, key.field, setting)
    return problems


# -- the original's binary file --------------------------------------------------

AMIGA_SIZE = 31
AMIGA_VERSION = 5


@functools.cache
def amiga_layout() -> Any:
    """The original's binary file, field by field.

    Names are the meaning; the bytes we do not use are kept as read.  Built
    on first use: construct costs start-up time that a text file never needs.
    """
    from construct import Array, Int8sb, Int8ub, Int16ub, Int32ub, Struct

    layout = Struct(
        "controls" / Array(6, Int8sb),
        "display_id" / Int32ub,
        "display_width" / Int32ub,
        "display_height" / Int32ub,
        "display_depth" / Int16ub,
        "delay_step" / Int8ub,  # an index into AMIGA_DELAY_TICKS
        "titlebar" / Int8ub,
        "advanced" / Int8ub,
        "turns" / Int8ub,
        "version" / Int8ub,
        "watch_amiga" / Int8ub,
        "about_x" / Int16ub,
        "about_y" / Int16ub,
        "custom_screen" / Int8ub,
    )
    assert layout.sizeof() == AMIGA_SIZE
    return layout


_AMIGA_FLAGS = ("titlebar", "advanced", "watch_amiga")
_AMIGA_FIELDS = frozenset({"controls", "delay", "turns", *_AMIGA_FLAGS})  # Config fields it keeps
_VERSION_AT = 24


def _looks_binary(data: bytes) -> bool:
    """Six controls (0, 1 or 2) where a text file has letters: the original's layout."""
    return len(data) >= AMIGA_SIZE and all(c in _CONTROL_VALUES for c in data[:6])


def _is_amiga_file(data: bytes) -> bool:
    """The original's file of the version this port reads."""
    return _looks_binary(data) and data[_VERSION_AT] == AMIGA_VERSION


def _nearest(ticks: int | None, table: tuple[int | None, ...]) -> int:
    """The position in ``table`` closest to ``ticks``; waiting matches only waiting."""
    if ticks is None:
        return table.index(None)
    timed = [(abs(t - ticks), i) for i, t in enumerate(table) if t is not None]
    return min(timed)[1]


def delay_from_amiga(step: int) -> int:
    """The manual's slider position nearest a 1.95 delay step."""
    return _nearest(AMIGA_DELAY_TICKS[step], DELAY_TICKS)


def delay_to_amiga(position: int, old_step: int = -1) -> int:
    """The 1.95 delay step for a slider position, keeping ``old_step`` if it still fits."""
    if 0 <= old_step < len(AMIGA_DELAY_TICKS) and delay_from_amiga(old_step) == position:
        return old_step
    return _nearest(DELAY_TICKS[position], AMIGA_DELAY_TICKS)


def _parse_amiga(head: bytes, config: Config, name: str) -> list[str]:
    fields_ = amiga_layout().parse(head)
    problems: list[str] = []

    def bad(what: str, label: str, value: int) -> None:
        english = f"{name}: {what} {value} ignored"
        problems.append(Notice(english, name, label, str(value), "MSG_SETTING_OUT_OF_RANGE"))

    for hero, control in enumerate(fields_.controls):
        config.controls[hero] = T.Control(control)  # _is_amiga_file checked them
    if fields_.delay_step < len(AMIGA_DELAY_TICKS):
        config.delay = delay_from_amiga(fields_.delay_step)
    else:
        bad("message delay", "MSG_MESSAGE_DELAY", fields_.delay_step)
    try:
        config.turns = _turns(str(fields_.turns))
    except _Refused:
        bad("number of turns", "MSG_TURNS", fields_.turns)
    for flag in _AMIGA_FLAGS:
        setattr(config, flag, bool(fields_[flag]))
    return problems


# -- the file ---------------------------------------------------------------------


def _summarise(problems: list[str], name: str) -> list[str]:
    if len(problems) <= MAX_PROBLEMS:
        return problems
    more = len(problems) - MAX_PROBLEMS
    english = f"... and {more} more lines ignored"
    return [*problems[:MAX_PROBLEMS], Notice(english, name, "MSG_SETTINGS_MORE", f"{more}.")]


_HEADER = b"; Saga settings, kept when you change them in the game.\n"


class SettingsFile:
    """One ``Saga.config`` on disk: read once, then changed key by key.

    A file that exists but could not be read (a folder, a device, too large)
    is never written, so a mistaken ``--config`` cannot replace anything.
    ``own`` says the program chose the name (not ``--config``): see
    :func:`amiga.dos.write_atomic` for what that changes.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        complain: Callable[[str], None] = warn,
        *,
        own: bool = True,
    ) -> None:
        self.path = Path(path)
        self.complain = complain
        self.own = own
        self._data = _HEADER  # what a new file starts with
        self._usable = True
        self._refusal = ""

    def read(self, config: Config | None = None) -> tuple[Config, list[str]]:
        """The file's settings laid over ``config`` (or the defaults), and what was skipped."""
        config = config or Config()
        self._data, self._usable = _HEADER, True
        try:
            data = read_limited(self.path, MAX_SIZE)
        except FileProblem as e:
            if e.problem == Problem.MISSING:
                return config, []
            self._usable = False
            self._refusal = str(e)
            english, why = f"{e}; using the defaults", PROBLEM_MESSAGES[e.problem.name]
            where = str(self.path) if self.own else f"--config {self.path}"  # the name given
            return config, [Notice(english, where, why, "MSG_SETTINGS_DEFAULTS")]
        self._data = data
        name = str(self.path)
        if _is_amiga_file(data):
            problems = _parse_amiga(data[:AMIGA_SIZE], config, name)
            tail = data[AMIGA_SIZE:].decode("latin-1")
            where = f"{name} (after its {AMIGA_SIZE} bytes)"
            problems += _parse_text(tail, config, where, _AMIGA_FIELDS)
        elif len(data) == AMIGA_SIZE and _looks_binary(data):
            # The original's file of another version: it would not read it either.
            self._usable = False
            self._refusal = f"{name}: binary, but not a version {AMIGA_VERSION} Amiga settings file"
            english, why = f"{self._refusal}; using the defaults", "MSG_SETTINGS_NOT_AMIGA"
            return config, [Notice(english, name, why, "MSG_SETTINGS_DEFAULTS")]
        else:
            problems = _parse_text(data.decode("latin-1"), config, name)
        return config, _summarise(problems, name)

    @property
    def is_amiga_file(self) -> bool:
        return _is_amiga_file(self._data)

    def remember(self, **changes: object) -> None:
        """Write just these settings to the file, atomically; a failure is reported, not raised.

        The change is made to the file as it is now, not as it was read at
        start-up, so what another game in the same folder kept meanwhile stays.
        """
        unknown = set(changes) - _STORED
        if unknown:
            raise TypeError(f"not settings kept in the file: {', '.join(sorted(unknown))}")
        if not changes:
            return
        self.read()  # never write over a file unseen, nor over a change made since
        if not self._usable:
            self.complain(f"settings not kept: {self._refusal}")
            return
        data = self._data
        if _is_amiga_file(data):
            head, tail = _change_amiga(data[:AMIGA_SIZE], changes), data[AMIGA_SIZE:]
            rest = {k: v for k, v in changes.items() if k not in _AMIGA_FIELDS}
            if rest:
                tail = _change_text(tail or b"\n", rest)
            data = head + tail
        else:
            data = _change_text(data, changes)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, data, own=self.own)
        except (OSError, ValueError) as e:  # ValueError: a name no system accepts
            self.complain(f"settings not kept in {self.path}: {reason(e)}")
            return
        self._data = data


def _change_amiga(head: bytes, changes: dict[str, object]) -> bytes:
    fields_ = amiga_layout().parse(head)
    for name, value in changes.items():
        if name == "controls":
            for hero, control in _hero_controls(value).items():
                fields_.controls[hero] = control
        elif name == "delay":
            fields_.delay_step = delay_to_amiga(int(value), fields_.delay_step)  # type: ignore[call-overload]
        elif name in _AMIGA_FIELDS:
            fields_[name] = int(value)  # type: ignore[call-overload]
    return bytes(amiga_layout().build(fields_))


def _ending(line: str) -> str:
    """What ends a line as str.splitlines() sees it: "\\n", "\\r\\n", "\\x0b"... or nothing."""
    return line[len(line.splitlines()[0]) :] if line else ""


def _change_text(data: bytes, changes: dict[str, object]) -> bytes:
    """Rewrite the lines of the changed keys in place; add the ones the file lacks."""
    lines = data.decode("latin-1").splitlines(keepends=True)
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    for field_name, value in changes.items():
        for key, shown in _text_lines(field_name, value):
            for i in reversed(range(len(lines))):  # the last line of a key is the one read
                text = lines[i].strip()
                if text and text[0] not in ";#" and text.partition("=")[0].strip().upper() == key:
                    lines[i] = f"{key}={shown}{_ending(lines[i])}"
                    break
            else:
                if lines and not _ending(lines[-1]):
                    lines[-1] += newline
                lines.append(f"{key}={shown}{newline}")
    return "".join(lines).encode("latin-1", errors="replace")
