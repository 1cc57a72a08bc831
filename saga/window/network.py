"""Network games in the window: hosting and joining from the title screen or the Project menu.

The windows of :mod:`saga.screen.network` ask what the player wants; this
module does it: it hosts (a :class:`~saga.net.server.Server`, announced on
the local network) or joins (a :class:`~saga.net.client.Client`), waits for
the players while the window stays alive, and hands the app a
:class:`NetGame` to play with its screen host inside a lockstep host.
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from amiga.clipboard import put_text
from saga.engine import tables as T
from saga.engine.session import Setup
from saga.files.replayfile import ReplayError
from saga.files.replayfile import parse as parse_replay
from saga.look.text import Lookup, Unfit, worded
from saga.net import protocol as P
from saga.net.client import Client
from saga.net.discovery import Announced, Registry, default_registry, describe
from saga.net.lockstep import NetStop
from saga.net.online import Servers, is_code, normal_code
from saga.net.play import Hosting, humans, keyed
from saga.net.server import Server
from saga.screen import pens as PENS
from saga.screen.network import (
    CodeRule,
    HostForm,
    JoinForm,
    Offer,
    codes_window,
    host_form,
    join_form,
    wait_window,
)
from saga.screen.ui import Ui
from saga.screen.windows import requester, wrap
from saga.window import filemessages as fm

if TYPE_CHECKING:
    from saga.net.tunnel import Tunnel

DEFAULT_PORT = 4000
Made = TypeVar("Made")
NEWS_KEPT = 50  # lines of the network's news kept for the window
NEWS_SHOWN = 3  # of them, under the port's and code's lines while the players come
NEWS_COLUMNS = 56  # characters of a line in a 480-pixel window


def _code_character(char: str) -> str | None:
    """A character typed into a code field as the code has it (None: no code has it)."""
    typed = P.normal_code(char)
    return typed if typed and typed in P.CODE_ALPHABET else None


def code_rule(t: Lookup) -> CodeRule:
    """How the forms take a join code: the network's rules, checked as the
    player types, its problem said in the player's language."""

    def problem(text: str) -> str | None:
        unfit = P.code_problem(text)
        return None if unfit is None else unfit.worded(t)

    return CodeRule(_code_character, P.MAX_CODE, problem)


class News:
    """What the hosting machine's network tells (who comes and goes, codes being
    guessed, a seat taken over), heard on the network's thread, for the window
    to show on its own: the latest lines, and those the game has yet to show."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._latest: deque[str] = deque(maxlen=NEWS_KEPT)
        self._unshown: deque[str] = deque(maxlen=NEWS_KEPT)

    def __call__(self, line: str) -> None:
        with self._lock:
            self._latest.append(line)
            self._unshown.append(line)

    def latest(self, count: int) -> list[str]:
        """The last ``count`` lines told, the newest last."""
        with self._lock:
            return list(self._latest)[-count:]

    def next(self) -> str | None:
        """The oldest line the game has not shown yet (None: none)."""
        with self._lock:
            return self._unshown.popleft() if self._unshown else None


@dataclass
class NetGame:
    """A network game ready to play in the window."""

    setup: Setup
    link: Server | Client
    seats: frozenset[int]  # the heroes played in this window
    text: Lookup  # the game's words, with the host's answer keys
    header: list[str]  # the game's start, as a replay's header
    hosting: Hosting | None = None  # the hosting machine's server and offer
    tunnel: Tunnel | None = None  # a joiner's wormhole to its host, in a game by code
    news: News | None = None  # what the hosting machine's network tells

    def end(self, stop: P.Stop | None = None) -> None:
        """Leave the network game (the host ends it for everyone, saying ``stop``)."""
        if self.hosting is not None:
            self.hosting.stop(stop)
        elif isinstance(self.link, Client):
            self.link.close()
            if self.tunnel is not None:
                self.tunnel.close()


@dataclass
class Network:
    """The window's network play: where games are announced, and the last choices made.

    ``registry`` makes the registry on first use (the tests give an
    in-process one: nothing is multicast).
    """

    registry: Callable[[], Registry] = default_registry
    servers: Servers = field(default_factory=Servers)  # an online game's (Saga.config's)
    online: bool = False  # the last game was hosted online
    listen: str = str(DEFAULT_PORT)  # where the last game was hosted: [ADDR:]PORT
    address: str = ""
    code: str = ""
    seats: str = ""
    _registry: Registry | None = field(default=None, repr=False)

    def _found(self) -> Registry | None:
        if self._registry is None:
            try:
                self._registry = self.registry()
            except (OSError, RuntimeError):  # no network to announce on: addresses still work
                return None
        return self._registry

    def close(self) -> None:
        if self._registry is not None:
            self._registry.close()
            self._registry = None

    def host(
        self, ui: Ui, t: Lookup, setup: Setup, asked: HostForm | None = None
    ) -> NetGame | None:
        """Ask how to host ``setup``'s game (unless ``asked`` says it already),
        listen (or make its codes, over the internet), and wait for the
        players.  A form the host cannot use is asked again, as the player
        left it, once a requester has said why."""
        while True:
            form = asked or host_form(
                ui,
                t,
                sorted(humans(setup)),
                self.listen,
                self.code or P.new_code(),
                code_rule(t),
                self.online,
            )
            if form is None:
                return None
            self.online = form.online
            if not form.online:
                self.listen, self.code = form.address, form.code
            news = News()
            try:
                hosting = self._start(ui, t, setup, form, news)
                break
            except (ValueError, NetStop) as e:
                _problem(ui, t, worded(e, t))
                if asked is not None:
                    return None
        server = hosting.server
        game = NetGame(setup, server, form.here, t, hosting.header, hosting, news=news)
        if hosting.invitations is not None:
            return self._started(game, show_codes(ui, t, hosting, news, waiting=True))
        port = hosting.port

        def lines() -> list[str]:
            open_seats = server.open_seats()
            names = ", ".join(T.HERO_NAMES[h] for h in sorted(open_seats)) or "-"
            told = [part for line in news.latest(NEWS_SHOWN) for part in wrap(line, NEWS_COLUMNS)]
            return [
                f"{t('MSG_NET_CODE')} {server.code}",
                f"{t('MSG_NET_PORT')} {port}",
                f"{t('MSG_NET_OPEN')}: {names}",
                "",
                *told[-NEWS_SHOWN:],
            ]

        choice = wait_window(
            ui,
            t,
            t("MSG_NET_PLAYERS"),
            lines,
            lambda: not server.open_seats(),
            take_over=True,
        )
        return self._started(game, choice)

    def _start(self, ui: Ui, t: Lookup, setup: Setup, form: HostForm, news: News) -> Hosting:
        """Start hosting as the form says: listen, or make an online game's codes
        (ValueError or NetStop: why not); what the network tells goes to ``news``."""
        if not form.here <= humans(setup):
            names = ", ".join(T.HERO_NAMES[h] for h in sorted(form.here - humans(setup)))
            raise Unfit("MSG_NET_NOT_HUMAN", names)
        open_seats = humans(setup) - form.here
        if form.online:
            servers = self.servers
            return _waiting(
                ui,
                t,
                lambda: Hosting.start(setup, t, open_seats, None, servers, tell=news),
                t("MSG_NET_CONNECTING"),
            )
        address = P.parse_address(form.address)
        code = P.check_code(form.code)
        return Hosting.start(setup, t, open_seats, code, address, self._found(), news)

    def _started(self, game: NetGame, choice: str) -> NetGame | None:
        """The hosted game once its wait window is done with."""
        hosting = game.hosting
        assert hosting is not None
        if choice == "cancel":
            game.end(P.HOST_ENDED)
            return None
        if choice == "take_over":
            taken = hosting.take_over(hosting.server.open_seats(), game.text("MSG_NET_NOBODY_CAME"))
            game.seats = game.seats | taken
        hosting.server.wait_for_players(5)
        return game

    def join(self, ui: Ui, t: Lookup, asked: JoinForm | None = None) -> NetGame | None:
        """Ask which game to join (unless ``asked`` says it already): by its
        host's address and join code, or by the code of an online game;
        connect, and wait for it to start.  A form that names no game is
        asked again, as the player left it, once a requester has said why."""
        while True:
            form = asked or self._join_form(ui, t)
            if form is None:
                return None
            self.address, self.code, self.seats = form.address, form.code, form.seats
            try:
                seats = P.parse_seats(form.seats.strip())
                if is_code(form.address):
                    return self._join_online(ui, t, normal_code(form.address), seats)
                host, port = _host_address(form.address)
                P.check_code(form.code)
                break
            except ValueError as e:
                _problem(ui, t, worded(e, t))
                if asked is not None:
                    return None
        client = Client(host, port, form.code, seats, text=t)
        return self._joined(ui, t, client, f"{host}:{port}")

    def _join_form(self, ui: Ui, t: Lookup) -> JoinForm | None:
        """The join window, listing the games announced on the local network."""
        registry = self._found()

        def offers() -> list[Offer]:
            games = registry.games() if registry is not None else []
            return [
                Offer(describe(g), f"{_bracketed(g.address)}:{g.port}", _open(g)) for g in games
            ]

        return join_form(ui, t, offers, self.address, self.code, self.seats, code_rule(t), is_code)

    def _join_online(self, ui: Ui, t: Lookup, code: str, seats: frozenset[int]) -> NetGame | None:
        """Join the game whose host gave ``code``, and wait for it to start."""
        from saga.net.tunnel import dial

        try:
            tunnel = _waiting(
                ui, t, lambda: dial(code, self.servers, t, tell=lambda line: None), code
            )
        except NetStop as e:
            _problem(ui, t, str(e))
            return None
        client = Client("", 0, "", seats, sock=tunnel.sock, text=t)
        game = self._joined(ui, t, client, code)
        if game is None:
            tunnel.close()
            return None
        game.tunnel = tunnel
        return game

    def _joined(self, ui: Ui, t: Lookup, client: Client, where: str) -> NetGame | None:
        """Wait for ``client``'s game to start; the game, or None (told why)."""
        joining = threading.Thread(target=_try_join, args=(client,), daemon=True)
        joining.start()
        choice = wait_window(
            ui,
            t,
            t("MSG_NET_CONNECTING"),
            lambda: [where],
            lambda: client.started.is_set() or not joining.is_alive(),
        )
        joining.join(0.5)
        if choice == "cancel":
            client.close()
            return None
        if client.failure is not None:
            _problem(ui, t, str(client.failure))
            return None
        try:
            lines = [line + "\n" for line in client.header]
            setup = parse_replay(lines, "the host's game").setup()
        except ReplayError as e:
            client.close()
            _problem(ui, t, str(e))
            return None
        return NetGame(setup, client, client.seats, keyed(t, client.keys), client.header)


def show_codes(ui: Ui, t: Lookup, hosting: Hosting, news: News, *, waiting: bool) -> str:
    """What lets a machine in now, large, read from the hosting itself: an online
    game's codes (each seat's and the spectators', with Copy and New code), or
    a game's join code and addresses (with Copy); under them, the newest line
    ``news`` heard.  ``waiting`` for the players: until every seat is taken,
    "ready", "cancel" or "take_over"; in play (the Network codes window), until
    closed."""
    server, invitations = hosting.server, hosting.invitations
    rows: list[tuple[str, str]] = []
    seats: list[int | None] = []

    def codes() -> list[tuple[str, str]]:
        if invitations is None:
            code = server.code or ""
            rows[:] = [(t("MSG_NET_CODE"), code)]
            rows.extend((t("MSG_NET_AT"), where) for where in hosting.addresses())
        else:
            now = invitations.current()
            seats[:] = sorted(now, key=lambda seat: (seat is None, seat or 0))
            rows[:] = [(_who(t, seat) + ":", now[seat]) for seat in seats]
        return rows

    def act(kind: str, row: int) -> str:
        if row >= len(rows):
            return ""
        if kind == "renew" and invitations is not None and row < len(seats):
            invitations.renew(seats[row])
            return ""
        return t("MSG_NET_COPIED") if put_text(rows[row][1]) else ""

    def newest() -> str:
        return next(iter(news.latest(1)), "")

    def ready() -> bool:
        return waiting and not server.open_seats()

    heading = "" if invitations is not None else t("MSG_NET_JOIN_WITH")
    title = t("MSG_NET_PLAYERS") if waiting else t("MSG_NET_CODES")
    ok = "" if waiting else t("MSG_OK")
    renew = invitations is not None
    done = codes_window(
        ui, t, title, codes, ready, act, newest, heading=heading, ok=ok, renew=renew
    )
    return "take_over" if done == "ok" and waiting else done


def _host_address(text: str) -> tuple[str, int]:
    """The host's address as the join form has it (:class:`~saga.net.protocol.Unfit`:
    why it is none)."""
    if " " in text.strip():
        raise Unfit("MSG_NET_NEITHER", repr(text.strip()))
    host, port = P.parse_address(text.strip())
    if not host:
        raise Unfit("MSG_NET_GIVE_HOST")
    return host, port


def _waiting(ui: Ui, t: Lookup, work: Callable[[], Made], where: str) -> Made:
    """Do ``work`` (which may take seconds: it reaches a server) in a thread, while
    the window shows that it connects; its result, or what it raised."""
    done: list[Made] = []
    failed: list[Exception] = []

    def run() -> None:
        try:
            done.append(work())
        except Exception as e:
            failed.append(e)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    wait_window(ui, t, t("MSG_NET_CONNECTING"), lambda: [where], lambda: not worker.is_alive())
    worker.join()  # a cancel waits too: the work ends by itself within its timeouts
    if failed:
        raise failed[0]
    return done[0]


def _who(t: Lookup, seat: int | None) -> str:
    return t("MSG_NET_WATCHERS") if seat is None else T.HERO_NAMES[seat]


def _try_join(client: Client) -> None:
    with contextlib.suppress(NetStop):  # client.failure holds it
        client.join()


def _bracketed(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def _open(game: Announced) -> str:
    first = sorted(game.open_seats)[:1]
    return T.HERO_NAMES[first[0]].upper() if first else ""


def _problem(ui: Ui, t: Lookup, text: str) -> None:
    lines = [(line, PENS.WHITE) for line in wrap(text, fm.COLUMNS) or [""]]
    requester(ui, t("MSG_NET_GAME"), lines, ok=t("MSG_OK"))


def stopped(ui: Ui, t: Lookup, lines: list[str]) -> None:
    """Tell the player why the network game stopped here."""
    shown = [w for line in lines for w in wrap(line, fm.COLUMNS)]
    said = [(line, PENS.WHITE) for line in shown[:20]]
    requester(ui, t("MSG_NET_GAME"), said, ok=t("MSG_OK"))
