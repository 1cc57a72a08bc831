"""Network games in real windows: two processes, each the whole program in its
window (SDL's dummy driver), driven by a robot player through the window's
own menus, forms and board (tests/netwindow.py), on loopback.

Every wait is bounded: a process that does not end in time is killed and
the test fails.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from saga.files.config import DELAY_TICKS
from tests.drawn import record_text
from tests.guards import HANG
from tests.netgames import (
    ORACLE,
    Machine,
    answers_for,
    environment,
    game_args,
    replays_the_original,
)

pytest.importorskip("pygame")

DRIVER = Path(__file__).with_name("netwindow.py")
TRACE = ORACLE / "load" / "12_s4-t8of20-adv-r110200.trace"  # Beowulf and Brunhild
SAVE = ORACLE / "load" / "s4-t8of20-adv-r110200.saga"
LIMIT = 2 * HANG  # seconds a window may take
LONGEST_DELAY = 3  # the message delay slider's longest timed step: 21 IntuiTicks, 2.1 s
CODE = "TEAM77"  # typed into the forms, which take only what a join code may hold


class Window:
    """One window's process, its robot's log and its replay."""

    def __init__(
        self,
        folder: Path,
        role: str,
        port: int,
        seat: int | str,  # the robot's heroes: 1, or 0,1
        args: list[str],
        *,
        delay: int = 0,
        trace: Path = TRACE,
        env: dict[str, str] | None = None,
    ) -> None:
        folder.mkdir()
        # Portable: everything stays here.  DELAY is the message delay slider's step.
        (folder / "Saga.config").write_text(f"DELAY={delay}\n")
        self.folder, self.log, self.record = folder, folder / "robot.log", folder / "game.replay"
        command = [sys.executable, str(DRIVER), role, str(port), CODE, str(self.log)]
        command += [str(trace), str(seat), "--", "--record", str(self.record), *args]
        lan = str(folder.parent / "lan")
        extra = env or {}
        with open(folder / "stderr.txt", "w") as err:
            self.process = subprocess.Popen(
                command,
                cwd=folder,
                env=environment(SAGA_NET_REGISTRY=lan, SDL_VIDEODRIVER="dummy", **extra),
                stdin=subprocess.DEVNULL,
                stdout=err,
                stderr=err,
            )

    def said(self) -> str:
        return self.log.read_text() if self.log.exists() else ""

    def wait_for(self, pattern: str, timeout: float = LIMIT) -> None:
        end = time.monotonic() + timeout
        while not re.search(pattern, self.said()):
            if time.monotonic() > end or self.process.poll() is not None:
                self.kill()
                raise AssertionError(f"no {pattern!r} from {self.folder.name}: {self._err()}")
            time.sleep(0.02)

    def finish(self, timeout: float = LIMIT) -> int:
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"{self.folder.name} did not finish: {self._err()}") from None

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()

    def _err(self) -> str:
        return self.said() + (self.folder / "stderr.txt").read_text(errors="replace")[-2000:]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _windows(tmp_path: Path, joiner: str) -> tuple[Window, Window]:
    (tmp_path / "lan").mkdir()
    port = _free_port()
    # The host's player opens a saved game, then hosts it from the Project menu.
    host = Window(tmp_path / "host", "host", port, 0, ["--seed", "12", str(SAVE)])
    join = Window(tmp_path / "join", joiner, port, 1, [])  # from the title screen's menu
    return host, join


def test_two_windows_host_a_saved_game_and_join_it_from_the_lan_list(tmp_path: Path) -> None:
    host, join = _windows(tmp_path, "join")
    try:
        assert [host.finish(), join.finish()] == [0, 0], host._err() + join._err()
    finally:
        host.kill()
        join.kill()
    assert "hosting the opened game" in host.said() and "joining from the list" in join.said()
    assert host.record.read_bytes() == join.record.read_bytes()
    assert host.record.read_text().splitlines()[0] == "SAGA-REPLAY 1 LOAD 12"
    checked = replays_the_original(host.record, TRACE)
    assert checked.returncode == 0, checked.stderr


def test_a_window_waiting_at_its_own_question_sees_the_host_go(tmp_path: Path) -> None:
    host, join = _windows(tmp_path, "join-hold")
    try:
        join.wait_for("holding at")
        time.sleep(0.3)
        host.kill()  # how soon the window sees it go: benchmarks/network.py
        join.wait_for("stopped: The connection to the host was lost.")
        assert join.finish() == 0  # its player dismissed the message and quit
    finally:
        host.kill()
        join.kill()
    assert os.path.getsize(join.record) > 0


# The original's games with two human heroes: a saved game, and (a long soak) a whole one.
WHOLE = ORACLE / "4_20_1_110200.trace"  # the original's game of Beowulf and Brunhild
# The original's games with two human heroes, a saved game and (a long soak)
# a whole one; in the default suite, that game's first two turns as a game of
# two turns (the port's trace of it: the original's has twenty).
HUMAN_GAMES = [
    pytest.param("two-turns", ["--seed", "4", "--turns", "2", "--advanced"], id="two-turns"),
    pytest.param(TRACE, ["--seed", "12", str(SAVE)], id="saved-turn-8", marks=pytest.mark.soak),
    pytest.param(WHOLE, game_args(WHOLE), id="whole-game", marks=pytest.mark.soak),
]


def _two_turns(folder: Path) -> Path:
    """The port's trace of the original's two-human game cut to two turns,
    its humans answered as the original's were (those turns are the same)."""
    heroes = ["1", "1", "0", "2", "0", "0"]  # Beowulf and Brunhild human, Ragnar the Amiga's
    made = subprocess.run(
        [sys.executable, "-m", "saga.trace", "4", "2", "1", *heroes, "--answers", str(WHOLE)],
        env=environment(),
        capture_output=True,
        text=True,
        timeout=HANG,
        check=True,
    )
    trace = folder / "4_2_1_110200.trace"
    trace.write_text(made.stdout)
    return trace


@pytest.mark.parametrize("trace, game", HUMAN_GAMES)
def test_windows_of_the_command_line_play_through_long_message_delays_with_no_input(
    tmp_path: Path, trace: Path | str, game: list[str]
) -> None:
    # saga --host and saga --join without --headless open their windows,
    # hosting and joined.  Each window's desktop has looked elsewhere since
    # it opened, its message delay is 2.1 s, and nothing is typed or clicked
    # on it but its own hero's answers, when they are asked: every message
    # delay runs out by itself, on both machines, whatever arrives meanwhile.
    if trace == "two-turns":
        trace = _two_turns(tmp_path)
        game = [*game, "BEOWULF=HUMAN", "BRUNHILD=HUMAN", "RAGNAR=AMIGA"]
    assert isinstance(trace, Path)
    assert DELAY_TICKS[LONGEST_DELAY] == 21
    (tmp_path / "lan").mkdir()
    port = _free_port()
    address = f"127.0.0.1:{port}"
    host_args = ["--host", address, "--code", CODE, "--seat", "beowulf", *game]
    host = Window(tmp_path / "host", "cli", port, 0, host_args, delay=LONGEST_DELAY, trace=trace)
    join = None
    try:
        host.wait_for("waiting: ")
        join_args = ["--join", address, "--code", CODE, "--seat", "brunhild"]
        join = Window(
            tmp_path / "join", "cli", port, 1, join_args, delay=LONGEST_DELAY, trace=trace
        )
        limit = 600.0 + 10 * len(answers_for(trace, {0, 1}))  # 2.1 s a message, and more
        assert [host.finish(limit), join.finish(limit)] == [0, 0], host._err() + join._err()
    finally:
        host.kill()
        if join is not None:
            join.kill()
    assert host.record.read_bytes() == join.record.read_bytes()
    checked = replays_the_original(host.record, trace)
    assert checked.returncode == 0, checked.stderr
    for window, hero in ((host, 0), (join, 1)):
        said = window.said().splitlines()
        given = [line for line in said if line.startswith("input: ")]
        during = [line for line in given if "(asked " in line]
        # In the game, only its hero's answers, one each; then the scores and the title screen.
        assert len(during) == len(answers_for(trace, {hero})), given
        assert all(line.endswith(("(over)", "(quit)")) for line in given if line not in during)
        assert sum(line.startswith("pause: ") for line in said) > 5  # delays that ran out


def test_a_window_host_is_warned_of_a_silent_seat_and_plays_it_here(tmp_path: Path) -> None:
    # Brunhild's machine holds her seat and answers the host's pings, but
    # never her questions (a headless joiner whose player types nothing).
    # With --take-over-after 3 the host's window warns that her answer is
    # late, its player chooses to play her seat here, her machine is let go,
    # and the game ends as the original's.
    (tmp_path / "lan").mkdir()
    port = _free_port()
    address = f"127.0.0.1:{port}"
    host_args = ["--host", address, "--code", CODE, "--seat", "beowulf", "--take-over-after", "3"]
    host = Window(tmp_path / "host", "cli", port, "0,1", [*host_args, "--seed", "12", str(SAVE)])
    silent = None
    try:
        host.wait_for("waiting: ")
        join_args = ["--join", address, "--code", CODE, "--seat", "brunhild"]
        silent = Machine(tmp_path / "silent", join_args, typed=True)
        host.wait_for("late: Brunhild has not answered for [3-9] s")
        assert silent.finish() != 0
        assert host.finish() == 0, host._err()
    finally:
        host.kill()
        if silent is not None:
            silent.kill()
    assert "The host plays Brunhild from now on, and let this machine go." in silent.stderr
    said = host.said()
    assert said.count("late: played here") == 1 and "late: waited" not in said
    # What the network told, in the title bar: who came, and the seat taken over.
    assert "note: the machine of Brunhild (127.0.0.1) joined" in said
    assert re.search(r"note: playing Brunhild here from now on: no answer came within \d+ s", said)
    checked = replays_the_original(host.record, TRACE)
    assert checked.returncode == 0, checked.stderr


def test_a_german_window_host_tells_in_german_who_comes_and_goes(tmp_path: Path) -> None:
    # The host's player reads German: Brunhild's machine (a headless joiner,
    # in English, whose player types nothing) joins, and the host's window
    # says so in its title bar while it waits for her answer; her machine
    # is killed, and the window says she left.  (The game is not played
    # out: the trace's yes is Y, a German player's is J.)
    (tmp_path / "lan").mkdir()
    port = _free_port()
    address = f"127.0.0.1:{port}"
    host_args = ["--host", address, "--code", CODE, "--seat", "beowulf", "--language", "deutsch"]
    host = Window(tmp_path / "host", "cli", port, "0", [*host_args, "--seed", "12", str(SAVE)])
    silent = None
    try:
        host.wait_for("waiting: ")
        join_args = ["--join", address, "--code", CODE, "--seat", "brunhild"]
        silent = Machine(tmp_path / "silent", join_args, typed=True)
        host.wait_for(
            re.escape("note: Der Rechner von Brunhild (127.0.0.1) ist dem Spiel beigetreten")
        )
        silent.kill()
        host.wait_for(
            re.escape("note: Der Rechner von Brunhild (127.0.0.1) hat das Spiel verlassen")
        )
    finally:
        host.kill()
        if silent is not None:
            silent.kill()
    assert "the machine of" not in host.said()


def test_windows_of_the_command_line_play_by_code(tmp_path: Path) -> None:
    # saga --host online and saga --join CODE without --headless: the host's
    # window shows Brunhild's code, her player's window joins with it, through
    # a mailbox server and relay of our own on loopback, and the saved game
    # ends as the original's.
    from tests.wormholes import local_servers, loopback_env

    (tmp_path / "lan").mkdir()
    with local_servers(tmp_path / "wormhole") as local:
        online = ["--seat", "beowulf", *local.options(), "--seed", "12", str(SAVE)]
        host = Window(
            tmp_path / "host", "cli", 0, 0, ["--host", "online", *online], env=loopback_env()
        )
        join = None
        try:
            host.wait_for("code: Brunhild ")
            code = _logged_code(host.said(), "Brunhild")
            join_args = ["--join", code, "--seat", "brunhild", *local.options()]
            join = Window(tmp_path / "join", "cli", 0, 1, join_args, env=loopback_env())
            assert [host.finish(), join.finish()] == [0, 0], host._err() + join._err()
        finally:
            host.kill()
            if join is not None:
                join.kill()
    assert host.record.read_bytes() == join.record.read_bytes()
    checked = replays_the_original(host.record, TRACE)
    assert checked.returncode == 0, checked.stderr


def test_a_window_host_shows_a_dropped_seat_s_fresh_code_which_lets_it_back(
    tmp_path: Path,
) -> None:
    # saga --host online in the window; Brunhild's window joins by her code,
    # plays a while and is killed.  Once her machine is out of reach her seat
    # has a new code: the host's window says so in its news, its player opens
    # Project > Network codes..., which shows it, and a new window joins with
    # it, catches up and plays the game out as the original's.  The item is
    # ghosted on the title screen and on the joiners.
    from tests.wormholes import local_servers, loopback_env

    (tmp_path / "lan").mkdir()
    with local_servers(tmp_path / "wormhole") as local:
        online = ["--seat", "beowulf", *local.options(), "--take-over-after", "3600"]
        host_args = ["--host", "online", *online, "--seed", "12", str(SAVE)]
        host = Window(tmp_path / "host", "cli", 0, 0, host_args, env=loopback_env())
        machines = [host]
        try:
            host.wait_for("code: Brunhild ")
            first = _logged_code(host.said(), "Brunhild")
            join_args = ["--seat", "brunhild", *local.options()]
            held = ["--join", first, *join_args]
            join = Window(tmp_path / "join", "cli-hold", 0, 1, held, env=loopback_env())
            machines.append(join)
            join.wait_for("holding at ")  # after its first answers
            join.kill()
            host.wait_for(r"note: New code for Brunhild: \S+")
            host.wait_for(r"codes: open\n(.*\n)*code: Brunhild ")
            said = host.said()
            fresh = _logged_code(said[said.index("codes: open") :], "Brunhild")
            noted = re.search(r"note: New code for Brunhild: (\S+)", said)
            assert noted is not None and noted[1] == fresh != first
            again = Window(
                tmp_path / "again", "cli", 0, 1, ["--join", fresh, *join_args], env=loopback_env()
            )
            machines.append(again)
            host.wait_for("codes: Brunhild taken")  # the window saw the seat taken again
            assert [host.finish(), again.finish()] == [0, 0], host._err() + again._err()
        finally:
            for machine in machines:
                machine.kill()
    said = host.said()
    assert "codes: closed" in said
    assert "menu: net_codes off on the title screen" in said
    assert "menu: net_codes on in play" in said
    assert "menu: net_codes off in play" in again.said()
    assert host.record.read_bytes() == again.record.read_bytes()
    checked = replays_the_original(host.record, TRACE)
    assert checked.returncode == 0, checked.stderr


def _logged_code(said: str, who: str) -> str:
    """The first code the robot logged for ``who`` in ``said``."""
    found = re.search(rf"code: {who} (\S+)", said)
    assert found is not None, said
    return found[1]


def test_the_command_line_answers_the_windows_forms(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # saga --host and --join without --headless: the window hosts or joins at
    # once with what the command line says, checked as the terminal's is.
    import saga.window.app as app
    from saga import cli
    from saga.net.online import Servers
    from saga.screen.network import HostForm, JoinForm
    from saga.window.game import LATE_AFTER

    seen: dict[str, object] = {}

    def window(*args: object, network: object = None, **kwargs: object) -> int:
        seen["network"] = network
        seen["servers"] = kwargs.get("servers")
        seen["late_after"] = kwargs.get("late_after")
        return 0

    monkeypatch.chdir(tmp_path)
    (tmp_path / "Saga.config").write_text("")  # portable: everything stays here
    monkeypatch.setattr(app, "run_window", window)
    heroes = ["BEOWULF=HUMAN", "BRUNHILD=HUMAN", "RAGNAR=AMIGA"]
    assert (
        cli.main(["--host", "127.0.0.1:4000", "--code", "k7qx-pm", "--seat", "beowulf", *heroes])
        == 0
    )
    assert seen["network"] == HostForm("127.0.0.1:4000", "K7QXPM", frozenset({0}))
    assert cli.main(["--join", "[::1]:4000", "--code", CODE, "--seat", "brunhild"]) == 0
    assert seen["network"] == JoinForm("[::1]:4000", CODE, "brunhild")
    assert seen["servers"] is None  # not online: Saga.config's, should one be hosted later
    assert seen["late_after"] == LATE_AFTER
    assert cli.main(["--host", "4000", "--take-over-after", "5", *heroes]) == 0
    assert seen["late_after"] == 5  # the window warns of an answer that late
    # Online, by code: the codes window or the code's host; the servers given.
    assert cli.main(["--host", "online", "--seat", "beowulf", *heroes]) == 0
    assert seen["network"] == HostForm("", "", frozenset({0}), online=True)
    mailbox = ["--mailbox", "ws://127.0.0.1:4000/v1", "--relay", "tcp:127.0.0.1:4001"]
    assert cli.main(["--join", "7 Crossover clockwork", "--seat", "brunhild", *mailbox]) == 0
    assert seen["network"] == JoinForm("7-crossover-clockwork", "", "brunhild")
    assert seen["servers"] == Servers("ws://127.0.0.1:4000/v1", "tcp:127.0.0.1:4001")
    capsys.readouterr()
    refused = {
        "--code: a join code": ["--host", "4000", "--code", "ABC12", *heroes],
        "needs the host's --code": ["--join", "127.0.0.1:4000"],
        "needs the host's code (e.g. 7-crossover-clockwork) or address": [
            "--join",
            "4000",
            "--code",
            CODE,
        ],
        "EGIL is not a human hero": ["--host", "4000", "--seat", "egil", *heroes],
        "--codes goes with --headless": ["--host", "online", "--codes", "codes.txt", *heroes],
        "takes no --code": ["--join", "7-crossover-clockwork", "--code", CODE],
    }
    for said, argv in refused.items():
        assert cli.main(argv) == 2, argv
        assert said.lower() in capsys.readouterr().err.lower(), argv


def test_the_host_s_window_says_when_codes_are_being_guessed() -> None:
    # While the players are awaited, wrong codes come from this machine's
    # address, as a guesser's would: the wait window says so under the port.
    from amiga.input import IntuiMessage, ScriptedEventSource
    from saga.engine import tables as T
    from saga.engine.session import Setup
    from saga.look.text import english
    from saga.screen.network import HostForm
    from saga.screen.ui import Ui
    from saga.window.network import Network
    from tests.netgames import Peer

    shown: list[str] = []
    guessing: list[int] = []

    def guess(port: int) -> None:
        for _ in range(8):  # past the door's alarm (5 in a minute)
            try:
                peer = Peer(port, code="TEAM99")
            except OSError:
                return  # the host has stopped
            peer.read()  # the host's refusal, or its hanging up
            peer.close()

    end = time.monotonic() + HANG

    class Source(ScriptedEventSource):
        def next_event(self, timeout: float | None = 0.0) -> IntuiMessage | None:
            port = next((int(line.split()[-1]) for line in shown if line.startswith("Port")), 0)
            if port and not guessing:
                guessing.append(port)
                threading.Thread(target=guess, args=(port,), daemon=True).start()
            seen = any("guessing the join code" in line for line in shown)
            if (seen or time.monotonic() > end) and not len(self):
                self.key("\x1b")  # the host gives up
            time.sleep(0.01)
            return super().next_event(timeout)

    ui = Ui(Source())
    shown = record_text(ui)  # what Source reads, from the first frame on

    def no_lan() -> object:
        raise OSError("no local network here")

    setup = Setup(1, (T.HUMAN, T.HUMAN, T.AMIGA, T.NONE, T.NONE, T.NONE))
    asked = HostForm("127.0.0.1:0", CODE, frozenset({0}))
    network = Network(registry=no_lan)  # type: ignore[arg-type]
    assert network.host(ui, english(), setup, asked) is None  # cancelled
    assert any(line.startswith("someone may be guessing the join code") for line in shown)


def test_the_network_codes_of_a_game_hosted_by_address_are_its_join_code_and_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Project > Network codes... of a game hosted on 127.0.0.1: the join code and
    # the address a joiner types, each with Copy, until the host's player closes it.
    from amiga.input import ScriptedEventSource
    from saga.engine import tables as T
    from saga.engine.session import Setup
    from saga.look.text import english
    from saga.net.play import Hosting
    from saga.screen import network as screens
    from saga.screen.ui import Ui
    from saga.window.network import News, show_codes

    ui = Ui(ScriptedEventSource().ticks(3).key("\x1b"))
    shown = record_text(ui)
    large: list[str] = []
    big = screens.big_text

    def big_text(ui: Ui, x: int, top: int, said: str, pen: int) -> None:
        large.append(said)
        big(ui, x, top, said, pen)

    monkeypatch.setattr(screens, "big_text", big_text)
    setup = Setup(1, (T.HUMAN, T.HUMAN, T.AMIGA, T.NONE, T.NONE, T.NONE))
    news = News()
    hosting = Hosting.start(setup, english(), frozenset({1}), CODE, ("127.0.0.1", 0), None, news)
    try:
        news("the machine of Brunhild (127.0.0.1) left")
        assert show_codes(ui, english(), hosting, news, waiting=False) == "cancel"
    finally:
        hosting.stop()
    assert hosting.addresses() == [f"127.0.0.1:{hosting.port}"]
    assert set(large) == {CODE, f"127.0.0.1:{hosting.port}"}  # large, to read out
    for line in ("Join with the join code and one of these addresses:", "Join code:", "Address:"):
        assert line in shown
    assert "the machine of Brunhild (127.0.0.1) left" in shown  # the newest news, under them
