"""Golden traces: whole games the port plays exactly as the native original did.

Each hash is of the full ``python -m saga.trace`` output for one game; every
one was checked line for line against the original engine, compiled
natively, before it was pinned.  A change that alters any draw, decision or
saved byte in these games shows here.
"""

from __future__ import annotations

import hashlib
import io
import json
import random
from pathlib import Path

import pytest

from saga.engine import tables as T
from saga.engine.rng import Lcg64
from saga.engine.session import Session, Setup
from saga.engine.state import GameState
from saga.files import savefile
from saga.look.text import english
from saga.play.hosts import QuietHost
from saga.trace import run

GOLDEN = json.loads((Path(__file__).parent / "data" / "golden_traces.json").read_text())


@pytest.mark.parametrize("args", sorted(GOLDEN), ids=lambda a: a.replace(" ", "_"))
def test_golden_trace(args: str) -> None:
    seed, turns, advanced, *controls = (int(a) for a in args.split())
    out = io.StringIO()
    run(Setup(seed, tuple(controls), turns, bool(advanced)), [], out)
    assert hashlib.sha256(out.getvalue().encode()).hexdigest() == GOLDEN[args]


class _Saving(QuietHost):
    def autosave(self, state: GameState) -> None:
        data = savefile.encode(state)
        assert len(data) == savefile.SAVE_SIZE
        savefile.decode(data)


@pytest.mark.soak
def test_soak_random_amiga_games() -> None:
    """Thousands of random all-Amiga games: none may fail, every save must load."""
    rnd = random.Random(7)
    for _ in range(3000):
        controls = [rnd.choice((T.NONE, T.AMIGA)) for _ in T.HERO_NAMES]
        if not any(controls):
            continue
        setup = Setup(rnd.randrange(2**64), tuple(controls), rnd.randint(1, 99), rnd.random() < 0.5)
        session = Session(setup, english(), _Saving())
        session.play()
        assert len(session.scores()) == 6


class _Listening(_Saving):
    listening = True

    def __init__(self) -> None:
        self.saves: list[bytes] = []
        self.said = 0

    def say(self, text: str, pen: int) -> None:
        self.said += 1

    def autosave(self, state: GameState) -> None:
        self.saves.append(savefile.encode(state))


class _NotListening(_Listening):
    listening = False  # it counts messages, but says nobody reads them


@pytest.mark.parametrize("seed", range(1, 21))
def test_a_game_nobody_watches_is_the_same_game(seed: int) -> None:
    # Leaving the busiest messages unsaid changes no draw and no saved byte.
    games = []
    for host in (_Listening(), _NotListening()):
        rng = Lcg64(seed)
        session = Session(Setup(seed, (T.AMIGA,) * 6, 20, seed % 2 == 0), english(), host, rng)
        session.play()
        games.append((host.saves, rng.calls, session.scores(), host.said))
    (saves, calls, scores, said), (quiet_saves, quiet_calls, quiet_scores, quiet_said) = games
    assert (saves, calls, scores) == (quiet_saves, quiet_calls, quiet_scores)
    assert quiet_said < said / 2


def test_every_host_that_shows_messages_says_it_listens() -> None:
    # A QuietHost subclass that forgets would show only some of the messages.
    import engine_helpers

    import saga.play.hosts
    import saga.simulate
    import saga.trace

    def subclasses(cls: type) -> list[type]:
        return [c for sub in cls.__subclasses__() for c in (sub, *subclasses(sub))]

    hosts = subclasses(QuietHost)
    assert {saga.play.hosts.TerminalHost, engine_helpers.RecordingHost} <= set(hosts)
    for host in hosts:
        if host.say is not QuietHost.say and host not in (saga.trace.TraceHost, _NotListening):
            assert host.listening, host
    assert saga.trace.TraceHost([], io.StringIO(), messages=True).listening
    assert not saga.trace.TraceHost([], io.StringIO()).listening
    assert not QuietHost.listening
