"""``Saga.config``: the start-up settings, as ``KEY=VALUE`` lines.

The manual says the file keeps the heroes' controls and the screen setup,
and that without it Beowulf is human, Ragnar is the Amiga and the others
sit out.  A line that makes no sense is reported and skipped, so a damaged
file never stops the game from starting; the defaults fill the gaps.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from saga.engine import tables as T
from saga.savefile import write_atomic

CONTROL_NAMES = {"NONE": T.NONE, "HUMAN": T.HUMAN, "AMIGA": T.AMIGA}
DEFAULT_CONTROLS = (T.HUMAN, T.NONE, T.NONE, T.AMIGA, T.NONE, T.NONE)

# The manual's message delay slider: none, about 0.7 s, 1.4 s and 2.1 s,
# or wait for a key or button.  Values are in IntuiTicks (tenths).
DELAY_TICKS = (0, 7, 14, 21, None)

_YES = {"YES", "Y", "ON", "TRUE", "1"}
_NO = {"NO", "N", "OFF", "FALSE", "0"}


@dataclass
class Config:
    controls: list[int] = field(default_factory=lambda: list(DEFAULT_CONTROLS))
    turns: int = 20
    advanced: bool = False
    delay: int = 1  # a position of the message delay slider, 0..4
    watch_amiga: bool = False
    titlebar: bool = True
    language: str = ""
    scale: int = 0  # 0: the largest that fits
    fullscreen: bool = False
    stretch: bool = False  # fill the window keeping the screen's shape, not by whole numbers
    scanlines: bool = False  # darken every other window row, as a CRT
    fix_bugs: bool = False  # mend the original's traps (off: faithful)
    path: Path | None = None  # where it was read from, or will be written

    @property
    def home(self) -> Path:
        """PROGDIR: the folder beside the configuration, for saves and catalogs."""
        return self.path.parent if self.path else Path.cwd()


class SettingsStore(Protocol):
    """Keeps what the player changes in the program, and nothing else.

    The keywords are :class:`Config` field names.  A run's command-line
    choices live only in its ``Config``; they reach the file only if the
    player then changes that very setting on the title screen or in a menu.
    """

    def remember(self, **changes: object) -> None: ...


def _number(value: str, low: int, high: int) -> int:
    number = int(value)
    if not low <= number <= high:
        raise ValueError(f"it must be {low} to {high}")
    return number


def _flag(value: str) -> bool:
    if value.upper() in _YES:
        return True
    if value.upper() in _NO:
        return False
    raise ValueError("it must be YES or NO")


def parse(text: str, name: str = "Saga.config") -> tuple[Config, list[str]]:
    """Read settings, returning them and a message for each line skipped."""
    config = Config()
    problems = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in ";#":
            continue
        key, sep, value = line.partition("=")
        key, value = key.strip().upper(), value.strip()
        try:
            if not sep:
                raise ValueError("it needs the form KEY=VALUE")
            if key in (n.upper() for n in T.HERO_NAMES):
                if value.upper() not in CONTROL_NAMES:
                    raise ValueError("it must be HUMAN, AMIGA or NONE")
                index = [n.upper() for n in T.HERO_NAMES].index(key)
                config.controls[index] = CONTROL_NAMES[value.upper()]
            elif key == "TURNS":
                config.turns = _number(value, 1, 99)
            elif key == "ADVANCED":
                config.advanced = _flag(value)
            elif key == "DELAY":
                config.delay = _number(value, 0, len(DELAY_TICKS) - 1)
            elif key == "WATCHAMIGA":
                config.watch_amiga = _flag(value)
            elif key == "TITLEBAR":
                config.titlebar = _flag(value)
            elif key == "LANGUAGE":
                config.language = value
            elif key == "SCALE":
                config.scale = _number(value, 0, 8)
            elif key == "FULLSCREEN":
                config.fullscreen = _flag(value)
            elif key == "STRETCH":
                config.stretch = _flag(value)
            elif key == "SCANLINES":
                config.scanlines = _flag(value)
            elif key == "FIXBUGS":
                config.fix_bugs = _flag(value)
            else:
                raise ValueError("there is no such setting")
        except ValueError as e:
            problems.append(f"{name}, line {number}: {raw.strip()!r} ignored: {e}")
    return config, problems


def load(path: str | os.PathLike[str]) -> tuple[Config, list[str]]:
    """The settings in a file; a missing file gives the defaults."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        config = Config()
        config.path = p
        return config, []
    except OSError as e:
        config = Config()
        config.path = p
        return config, [f"{p}: can't read it ({e.strerror or e}); using the defaults"]
    config, problems = parse(data.decode("latin-1"), str(p))
    config.path = p
    return config, problems


def dump(config: Config) -> str:
    names = {v: k for k, v in CONTROL_NAMES.items()}
    lines = ["; Saga settings. Controls: HUMAN, AMIGA or NONE. DELAY: 0 (none) to 4 (wait)."]
    lines += [f"{n.upper()}={names[c]}" for n, c in zip(T.HERO_NAMES, config.controls, strict=True)]
    lines += [
        f"TURNS={config.turns}",
        f"ADVANCED={'YES' if config.advanced else 'NO'}",
        f"DELAY={config.delay}",
        f"WATCHAMIGA={'YES' if config.watch_amiga else 'NO'}",
        f"TITLEBAR={'YES' if config.titlebar else 'NO'}",
        f"SCALE={config.scale}",
        f"FULLSCREEN={'YES' if config.fullscreen else 'NO'}",
        f"STRETCH={'YES' if config.stretch else 'NO'}",
        f"SCANLINES={'YES' if config.scanlines else 'NO'}",
        f"FIXBUGS={'YES' if config.fix_bugs else 'NO'}",
    ]
    if config.language:
        lines.append(f"LANGUAGE={config.language}")
    return "\n".join(lines) + "\n"


def save(config: Config, path: str | os.PathLike[str] | None = None) -> None:
    target = Path(path) if path else config.path
    if target is None:
        raise ValueError("no file to save the settings to")
    write_atomic(target, dump(config).encode("latin-1"))

