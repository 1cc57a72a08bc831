"""Finding games on the local network: DNS-SD over multicast DNS, with ``zeroconf``.

A hosted game is announced as a ``_saga._tcp`` service whose TXT record
tells what a player wants to know before joining: the host's name, the
heroes and which seats are open, the game's length, its rules and the
program's version.  Where announcements go is a :class:`Registry`: the
real one speaks multicast DNS on the local network; :class:`LocalRegistry`
keeps them in the process, for tests (which must send nothing beyond
loopback) and for anything else that wants no network.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

from amiga.dos import read_limited, write_atomic
from saga.engine import tables as T
from saga.look.text import printable
from saga.net import protocol as P

SERVICE = "_saga._tcp.local."
MAX_TXT = 200  # characters of one TXT value that are read
MAX_NAME = 40  # characters of a host's name (or address) that are shown
MAX_GAMES = 64  # games on offer that are kept: anyone on the LAN may announce thousands


@dataclass(frozen=True)
class Announced:
    """A game announced on the network for others to join: where it is, and what it is."""

    host_name: str
    address: str
    port: int
    controls: tuple[int, ...]  # each hero's, as in a Setup
    open_seats: frozenset[int]
    turns: int
    advanced: bool
    version: str
    proto: int = P.PROTOCOL
    key: str = field(default="", compare=False)  # the registry's name for it

    def heroes(self) -> str:
        """The heroes in play, those with an open seat marked: ``Beowulf*, Ragnar (Amiga)``."""
        words = []
        for hero, control in enumerate(self.controls):
            name = T.HERO_NAMES[hero]
            if control == T.AMIGA:
                words.append(f"{name} (Amiga)")
            elif control == T.HUMAN:
                words.append(name + ("*" if hero in self.open_seats else ""))
        return ", ".join(words)

    def txt(self) -> dict[str, str]:
        """The TXT record's keys and values."""
        return {
            "host": self.host_name[:MAX_TXT],
            "controls": "".join(str(c) for c in self.controls),
            "open": P.seat_names(self.open_seats),
            "turns": str(self.turns),
            "advanced": "1" if self.advanced else "0",
            "version": self.version,
            "proto": str(self.proto),
        }

    @classmethod
    def from_txt(cls, txt: dict[str, str], address: str, port: int, key: str) -> Announced | None:
        """A game from an announcement, or None if it is not one this program can read.

        Anyone on the LAN may announce anything: every value is checked, and
        the text kept is :func:`~saga.look.text.printable`."""
        controls_text, turns = txt.get("controls", ""), txt.get("turns", "")
        one_each = f"[0-{T.AMIGA}]{{{len(T.HERO_NAMES)}}}"
        if not re.fullmatch(one_each, controls_text) or not re.fullmatch(r"\d{1,2}", turns):
            return None
        version, proto = txt.get("version", ""), txt.get("proto", "")
        try:
            open_seats = P.parse_seats(txt.get("open", "-")[:MAX_TXT])
        except ValueError:
            return None
        if not 1 <= int(turns) <= T.MAX_TURNS or not 0 < port < 65536:
            return None
        return cls(
            host_name=printable(txt.get("host", "?")[:MAX_TXT])[:MAX_NAME],
            address=printable(address[:MAX_NAME]),
            port=port,
            controls=tuple(int(c) for c in controls_text),
            open_seats=open_seats,
            turns=int(turns),
            advanced=txt.get("advanced") == "1",
            version=version if re.fullmatch(r"[0-9A-Za-z.+_-]{1,40}", version) else "?",
            proto=int(proto) if re.fullmatch(r"\d{1,6}", proto) else 0,
            key=key,
        )


class Registry(Protocol):
    """Where games are announced and found."""

    def announce(self, game: Announced) -> None:
        """Offer a game, or update its offer (open seats change as players come and go)."""

    def withdraw(self, game: Announced) -> None:
        """Take a game's offer back."""

    def games(self) -> list[Announced]:
        """The games on offer now."""

    def close(self) -> None: ...


class LocalRegistry:
    """Announcements kept in this process: what the tests use."""

    def __init__(self) -> None:
        self._games: dict[str, Announced] = {}
        self._lock = threading.Lock()

    def announce(self, game: Announced) -> None:
        with self._lock:
            self._games[_key(game)] = game

    def withdraw(self, game: Announced) -> None:
        with self._lock:
            self._games.pop(_key(game), None)

    def games(self) -> list[Announced]:
        with self._lock:
            return [replace(g, key=k) for k, g in self._games.items()]

    def close(self) -> None:
        pass


def _key(game: Announced) -> str:
    return f"{game.host_name} {game.port}"


class FolderRegistry:
    """Announcements as small files in one folder, shared by the processes of one
    machine: for trying several windows on one computer without any multicast
    (``SAGA_NET_REGISTRY=FOLDER``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def _path(self, game: Announced) -> Path:
        return self.folder / f"{game.host_name}-{game.port}.game"

    def announce(self, game: Announced) -> None:
        lines = [f"{k}={v}" for k, v in game.txt().items()]
        write_atomic(self._path(game), ("\n".join(lines) + "\n").encode())

    def withdraw(self, game: Announced) -> None:
        self._path(game).unlink(missing_ok=True)

    def games(self) -> list[Announced]:
        found = []
        for path in sorted(self.folder.glob("*.game"))[:MAX_GAMES]:
            try:
                text = read_limited(path, 4096).decode()
                port = int(path.stem.rsplit("-", 1)[1])
            except (OSError, ValueError, IndexError):  # FileProblem and UnicodeError among them
                continue
            txt = dict(line.partition("=")[::2] for line in text.splitlines())
            game = Announced.from_txt(txt, "127.0.0.1", port, path.stem)
            if game is not None:
                found.append(game)
        return found

    def close(self) -> None:
        pass


class Announcer:
    """Keeps one game's offer in a registry up to date, from a thread of its own.

    Announcing may block (zeroconf takes a good part of a second), and what
    tells of a change (the server's loop) must not: :meth:`update` only
    notes the newest open seats, which the announcer's thread then offers.
    The offer is the announcer's thread's alone."""

    def __init__(self, registry: Registry, offer: Announced) -> None:
        self._registry = registry
        self._offer = offer
        self._wanted: frozenset[int] | None = None
        self._stopping = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="saga-announce", daemon=True)
        self._thread.start()

    def update(self, open_seats: frozenset[int]) -> None:
        """The open seats are now these.  Any thread; never blocks."""
        with self._changed:
            self._wanted = open_seats
            self._changed.notify()

    def stop(self) -> None:
        """Take the offer back (waits for the announcer's thread)."""
        with self._changed:
            self._stopping = True
            self._changed.notify()
        self._thread.join(10)

    def _run(self) -> None:
        self._offer_now()
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._stopping or self._wanted is not None)
                wanted, self._wanted = self._wanted, None
                if self._stopping:
                    break
            if wanted is not None and wanted != self._offer.open_seats:
                self._offer = replace(self._offer, open_seats=wanted)
                self._offer_now()
        with contextlib.suppress(Exception):  # the LAN's trouble ends no game
            self._registry.withdraw(self._offer)

    def _offer_now(self) -> None:
        with contextlib.suppress(Exception):  # the LAN's trouble ends no game: it is only not seen
            self._registry.announce(self._offer)


def default_registry() -> Registry:
    """The local network's registry, or the folder ``SAGA_NET_REGISTRY`` names."""
    folder = os.environ.get("SAGA_NET_REGISTRY")
    if folder:
        return FolderRegistry(Path(folder))
    return ZeroconfRegistry()


class ZeroconfRegistry:
    """Announcements on the local network by multicast DNS (never used by the tests)."""

    def __init__(self) -> None:
        from zeroconf import ServiceBrowser, Zeroconf

        self._zc = Zeroconf()
        self._lock = threading.Lock()  # zeroconf's threads, the announcer's and the window's
        self._found: dict[str, Announced] = {}
        self._mine: dict[str, object] = {}
        self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])

    def _changed(
        self, zeroconf: object, service_type: str, name: str, state_change: object
    ) -> None:
        from zeroconf import ServiceStateChange

        with self._lock:
            if state_change is ServiceStateChange.Removed:
                self._found.pop(name, None)
                return
            if name not in self._found and len(self._found) >= MAX_GAMES:
                return  # full: not even asked about (asking takes up to 1.5 s)
        info = self._zc.get_service_info(service_type, name, timeout=1500)
        if info is None or not info.parsed_addresses() or info.port is None:
            return
        txt = {
            k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
            for k, v in info.properties.items()
        }
        game = Announced.from_txt(txt, info.parsed_addresses()[0], info.port, name)
        if game is not None:
            with self._lock:
                if name in self._found or len(self._found) < MAX_GAMES:
                    self._found[name] = game

    def announce(self, game: Announced) -> None:
        from zeroconf import ServiceInfo

        name = f"Saga on {game.host_name} {game.port}"[:60] + "." + SERVICE
        addresses = [socket.inet_aton(a) for a in local_addresses()]
        info = ServiceInfo(
            SERVICE,
            name,
            port=game.port,
            properties=game.txt(),
            addresses=addresses,
            server=f"{socket.gethostname()}.local.",
        )
        with self._lock:
            known = name in self._mine
            self._mine[name] = info
        if known:
            self._zc.update_service(info)
        else:
            self._zc.register_service(info)

    def withdraw(self, game: Announced) -> None:
        prefix = f"Saga on {game.host_name} {game.port}"[:60]
        with self._lock:
            mine = [(n, i) for n, i in self._mine.items() if n.startswith(prefix)]
            for name, _ in mine:
                del self._mine[name]
        for _, info in mine:
            self._zc.unregister_service(info)  # type: ignore[arg-type]

    def games(self) -> list[Announced]:
        with self._lock:
            return list(self._found.values())

    def close(self) -> None:
        with self._lock:
            mine = list(self._mine.values())
            self._mine.clear()
        for info in mine:
            self._zc.unregister_service(info)  # type: ignore[arg-type]
        self._browser.cancel()
        self._zc.close()


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback): where a
    joiner reaches a game hosted on every address, as the announcement and
    the host's Network codes window give them."""
    found: set[str] = set()
    try:
        for family, _, _, _, sockaddr in socket.getaddrinfo(socket.gethostname(), None):
            if family == socket.AF_INET and not str(sockaddr[0]).startswith("127."):
                found.add(str(sockaddr[0]))
    except OSError:
        pass
    if not found:  # the address a packet to the LAN would leave from (nothing is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect(("192.0.2.1", 9))
                found.add(str(probe.getsockname()[0]))
            except OSError:
                pass
    return sorted(found, key=socket.inet_aton)


def host_name() -> str:
    return socket.gethostname().split(".")[0][:40] or "Saga"


def describe(game: Announced) -> str:
    """One line about a game on offer, as the game lists show it."""
    rules = "advanced" if game.advanced else "basic"
    where = f"[{game.address}]" if ":" in game.address else game.address
    line = f"{where}:{game.port}  {game.host_name}: {game.heroes()}; {game.turns} turns, {rules}"
    if game.version != P.version() or game.proto != P.PROTOCOL:
        line += f"  (Saga {game.version}: cannot be joined from {P.version()})"
    return printable(line)
