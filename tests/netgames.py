"""Real network games on loopback for the tests and the benchmark: each machine is a
``python -m saga --headless`` process in a folder of its own (a portable one)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

from saga.engine import tables as T
from saga.net import protocol as P
from tests.guards import HANG

ROOT = Path(__file__).resolve().parents[1]
ORACLE = ROOT / "tests" / "data" / "oracle"
CODE = "K7QXPM"
CONTROL_WORDS = {"0": "NONE", "1": "HUMAN", "2": "AMIGA"}
# The line a host says it listens with, in any language: its port, then the code.
HOSTING = re.compile(rf"(\d+)[^\d\n]*{CODE}")


def game_args(trace: Path) -> list[str]:
    """The saga options of the new game an oracle trace's name describes."""
    seed, turns, advanced, controls = trace.stem.split("_")
    args = ["--seed", seed, "--turns", turns] + (["--advanced"] if advanced == "1" else [])
    for name, control in zip(T.HERO_NAMES, controls, strict=True):
        args.append(f"{name.upper()}={CONTROL_WORDS[control]}")
    return args


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SAGA_")}
    env.update(PYTHONPATH=str(ROOT), LANG="C", LC_ALL="C", NO_COLOR="1", **extra)
    env.pop("LANGUAGE", None)
    return env


class Machine:
    """One machine of a network game, run as its own process."""

    def __init__(
        self,
        folder: Path,
        args: list[str],
        *,
        typed: bool = False,
        env: dict[str, str] | None = None,
        program: tuple[str, ...] = ("-m", "saga"),
    ) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "Saga.config").touch()
        self.folder = folder
        self.record = folder / "game.replay"
        self.stderr_path = folder / "stderr.txt"
        self.args = args
        command = [sys.executable, *program, "--headless", *args, "--record", str(self.record)]
        with open(folder / "stdout.txt", "w") as out, open(self.stderr_path, "w") as err:
            self.process = subprocess.Popen(
                command,
                cwd=folder,
                env=env or environment(),
                stdin=subprocess.PIPE if typed else subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                text=True,
            )

    @property
    def stdin(self) -> IO[str]:
        assert self.process.stdin is not None
        return self.process.stdin

    def type(self, lines: list[str]) -> None:
        """Answer on the machine's terminal."""
        self.stdin.write("".join(line + "\n" for line in lines))
        self.stdin.flush()

    @property
    def stderr(self) -> str:
        return self.stderr_path.read_text(errors="replace")

    def wait_for(self, pattern: re.Pattern[str], timeout: float = HANG) -> re.Match[str]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            found = pattern.search(self.stderr)
            if found:
                return found
            if self.process.poll() is not None:
                break
            time.sleep(0.02)
        raise AssertionError(f"no {pattern.pattern!r} from {self.folder.name}: {self.stderr}")

    def finish(self, timeout: float = 2 * HANG) -> int:
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"{self.folder.name} did not finish: {self.stderr}") from None

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()

    def answered(self) -> int:
        """The answers in its replay so far."""
        if not self.record.exists():
            return 0
        return sum(line.startswith("Q ") for line in self.record.read_text().splitlines())


def host(
    folder: Path, trace: Path, seats: str, *, typed: bool = False, env: dict[str, str] | None = None
) -> tuple[Machine, int]:
    """Host the trace's game on loopback, playing ``seats`` (its answers from the trace)."""
    args = ["--host", "127.0.0.1:0", "--code", CODE, *game_args(trace)]
    if seats:
        args += ["--seat", seats]
    if not typed:
        args += ["--answers", str(trace)]
    machine = Machine(folder, args, typed=typed, env=env)
    port = int(machine.wait_for(HOSTING)[1])
    return machine, port


def join(
    folder: Path,
    port: int,
    trace: Path | None,
    seats: str = "",
    *,
    code: str = CODE,
    typed: bool = False,
    env: dict[str, str] | None = None,
    address: str = "127.0.0.1",
) -> Machine:
    host_part = f"[{address}]" if ":" in address else address
    args = ["--join", f"{host_part}:{port}", "--code", code]
    if seats:
        args += ["--seat", seats]
    if trace is not None and not typed:
        args += ["--answers", str(trace)]
    return Machine(folder, args, typed=typed, env=env)


def replays_the_original(record: Path, trace: Path) -> subprocess.CompletedProcess[str]:
    """``python -m saga.trace --replay`` of a machine's replay, compared with the original."""
    return subprocess.run(
        [sys.executable, "-m", "saga.trace", "--replay", str(record), "--expect", str(trace)],
        env=environment(),
        capture_output=True,
        text=True,
        timeout=120,
    )


def same_game(machines: list[Machine], trace: Path, timeout: float = 120.0) -> None:
    """Every machine ends well with the same replay, which replays as the original's trace."""
    statuses = [m.finish(timeout) for m in machines]
    assert statuses == [0] * len(machines), [m.stderr for m in machines]
    assert len({m.record.read_bytes() for m in machines}) == 1, "the machines' replays differ"
    checked = replays_the_original(machines[0].record, trace)
    assert checked.returncode == 0, checked.stderr


def until(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    """Wait for ``condition`` (AssertionError after ``timeout`` seconds)."""
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def answers_for(trace: Path, seats: set[int]) -> list[str]:
    """The trace's Q lines of those heroes, in order."""
    lines = trace.read_text().splitlines()
    return [q for q in lines if q.startswith("Q ") and int(q.split()[2]) - 6 in seats]


def trace_answers(trace: Path) -> list[str]:
    """The trace's answers as the host sends them: ``Q SEQ MODE PEN RESULT KIND``."""
    lines = [q for q in trace.read_text().splitlines() if q.startswith("Q ")]
    return [f"Q {seq} {q[2:]}" for seq, q in enumerate(lines)]


class Peer:
    """A hand-made machine on a socket, from ``source`` (any 127.x.y.z): it says
    what a test wants, and reads what the host sends."""

    def __init__(
        self, port: int, seats: str = "-", *, code: str = CODE, source: str = "127.0.0.1"
    ) -> None:
        self.socket = socket.create_connection(
            ("127.0.0.1", port), timeout=30, source_address=(source, 0)
        )
        self.received = self.socket.makefile("rb")
        self.send(f"HELLO SAGA {P.PROTOCOL} {P.version()} {code} {seats}")

    def send(self, *lines: str) -> None:
        self.socket.sendall("".join(line + "\n" for line in lines).encode())

    def read(self) -> str:
        """The host's next line ("" once it hung up)."""
        try:
            return self.received.readline().decode().rstrip("\n")
        except OSError:
            return ""

    def until(self, prefix: str) -> list[str]:
        """The host's lines up to the first that starts with ``prefix`` (AssertionError if none)."""
        lines = [self.read()]
        while not lines[-1].startswith(prefix):
            assert lines[-1], f"the host hung up before {prefix}: {lines}"
            lines.append(self.read())
        return lines

    def close(self) -> None:
        self.received.close()
        self.socket.close()
