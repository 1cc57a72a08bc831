"""The host's door: who may wait at it, and how often a join code is checked (no I/O).

Without the code, a stranger can do two things to a hosted game: hold the
door (open connections and never say HELLO), and guess the code.

- **Places at the door.**  A connection is *at the door* from its opening
  until its HELLO is answered.  There are :data:`AT_DOOR` places, at most
  :data:`PER_ADDRESS` for one address (whose oldest connection leaves for
  its newest), and a new connection always gets one: when they are full,
  one leaves from the address that failed most (wrong codes, checks that
  waited too long, connections turned away), among those from the address
  holding the most places, drawn at random.  So connections that never
  finish their HELLO, or that guess, cost their own addresses their
  places, not a player's, who has failed nowhere; and no connection
  is sure to be the next to leave.  The server also closes a connection
  whose HELLO has not come within its handshake time.
- **Checking codes.**  Every check of a code takes a token from its
  address's bucket (:data:`ADDRESS_BURST`, then one every
  60/:data:`ADDRESS_PER_MINUTE` seconds) and from one bucket shared by every
  address (:data:`ALL_BURST`, then :data:`ALL_PER_MINUTE` a minute): a
  million addresses guess no faster than one.  A right code gives its
  tokens back.  A HELLO that finds no token waits for one instead of being
  refused (so the right code still gets in, after a while); when tokens
  come, addresses that gave the right code before go first (a player
  rejoining), then those that failed least, and among equals a
  HELLO drawn at random (a guesser with many fresh addresses has no fixed
  place ahead of the player).  A HELLO that waits :data:`CHECK_WAIT`
  seconds is refused: the host is busy, try again.

- **Codes burned online.**  An online game's codes (saga.net.tunnel) need
  no checking here: each admits one try.  But anyone may list a mailbox
  server's codes by their numbers and burn them with wrong tries, and each
  burned code is made again: :class:`Renewals` says how soon, so that a
  guesser makes the host neither churn codes nor talk without end.

At 30 checks a minute, guessing one of the 25**6 codes of
:func:`~saga.net.protocol.new_code` takes about 7 years on average, and
a day of guessing finds it with a chance of 1 in 5,600.

An *address* is an IPv4 address, or an IPv6 address's /64 network (one
machine on the internet usually holds a whole /64).
"""

from __future__ import annotations

import ipaddress
import random
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

AT_DOOR = 64  # connections at the door at once
PER_ADDRESS = 4  # of those, from one address
ALL_BURST = 60.0  # code checks at once, from all addresses together ...
ALL_PER_MINUTE = 30.0  # ... and then a minute
ADDRESS_BURST = 5.0  # code checks at once from one address ...
ADDRESS_PER_MINUTE = 6.0  # ... and then a minute
CHECK_WAIT = 30.0  # seconds a HELLO may wait for its check
ALARM = 5  # wrong codes in a minute that make the host say codes are being guessed
MAX_ADDRESSES = 4096  # addresses whose tokens and wrong codes are remembered
WINDOW = 60.0
RENEW_BURST = 3.0  # a seat's online codes burned by wrong tries that are made again at once ...
RENEW_EVERY = 10.0  # ... and then one every this many seconds


def address_group(address: str) -> str:
    """The address as the door counts it: IPv4 as it is, IPv6 by its /64."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass
class Bucket:
    """A token bucket: ``burst`` tokens at most, refilled at ``rate`` a second."""

    burst: float
    rate: float
    tokens: float
    when: float

    def fill(self, now: float) -> float:
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        return self.tokens

    def ready_at(self, now: float) -> float:
        """When the next whole token is here."""
        return now + max(0.0, 1.0 - self.fill(now)) / self.rate


@dataclass
class _Address:
    bucket: Bucket
    failed: int = 0  # its wrong codes, checks that waited too long, connections turned away
    right: bool = False  # it gave the right code before

    def rank(self) -> int:
        """Its place in the queue for checks (lower goes first) and at the door
        (higher leaves first)."""
        return -1 if self.right else self.failed


@dataclass
class _Waiting:
    key: Hashable
    group: str
    since: float


@dataclass
class Door:
    """The door's rules for one hosted game; the server asks it and does what it says.

    Connections are known by a ``key`` of the server's choosing."""

    clock: Callable[[], float] = time.monotonic
    rng: random.Random = field(default_factory=random.Random)  # never the game's dice
    _at_door: OrderedDict[Hashable, str] = field(default_factory=OrderedDict)
    _waiting: list[_Waiting] = field(default_factory=list)
    _addresses: OrderedDict[str, _Address] = field(default_factory=OrderedDict)
    _all: Bucket | None = None
    _wrong: deque[tuple[float, str]] = field(default_factory=deque)  # the last minute's
    _alarmed: float = -WINDOW

    # -- places at the door -------------------------------------------------

    def enter(self, key: Hashable, address: str) -> list[Hashable]:
        """A connection opened: it takes a place; returns those that must leave for it."""
        now = self.clock()
        group = address_group(address)
        leaving: list[Hashable] = []
        mine = [k for k, g in self._at_door.items() if g == group]
        if len(mine) >= PER_ADDRESS:
            leaving.append(mine[0])
        elif len(self._at_door) >= AT_DOOR:
            counts: dict[str, int] = {}
            for g in self._at_door.values():
                counts[g] = counts.get(g, 0) + 1
            ranks = {g: self._address(g, now).rank() for g in counts}
            leaving.append(
                max(
                    self._at_door,
                    key=lambda k: (
                        ranks[self._at_door[k]],
                        counts[self._at_door[k]],
                        self.rng.random(),
                    ),
                )
            )
        for key_leaving in leaving:
            self._address(self._at_door[key_leaving], now).failed += 1
            self.leave(key_leaving)
        self._at_door[key] = group
        return leaving

    def leave(self, key: Hashable) -> None:
        """A connection's HELLO was answered, or it closed: its place is free."""
        self._at_door.pop(key, None)
        self._waiting = [w for w in self._waiting if w.key != key]

    def at_door(self) -> int:
        return len(self._at_door)

    # -- checking codes -----------------------------------------------------

    def wait(self, key: Hashable, address: str) -> None:
        """A HELLO came: its code waits for a check (see :meth:`checks`)."""
        self._waiting.append(_Waiting(key, address_group(address), self.clock()))

    def checks(self) -> list[Hashable]:
        """The HELLOs whose codes may be checked now, each holding its tokens
        until :meth:`checked` says whether its code was right."""
        now = self.clock()
        chosen: list[Hashable] = []
        while self._waiting and self._global(now).fill(now) >= 1:
            ready = [w for w in self._waiting if self._address(w.group, now).bucket.fill(now) >= 1]
            if not ready:
                break
            first = min(ready, key=lambda w: (self._addresses[w.group].rank(), self.rng.random()))
            self._waiting.remove(first)
            self._global(now).tokens -= 1
            self._addresses[first.group].bucket.tokens -= 1
            chosen.append(first.key)
        return chosen

    def checked(self, address: str, right: bool) -> None:
        """A code was checked: a right one gives its tokens back, a wrong one is remembered."""
        now = self.clock()
        group = address_group(address)
        record = self._address(group, now)
        if right:
            record.right = True
            record.bucket.tokens = min(record.bucket.burst, record.bucket.tokens + 1)
            shared = self._global(now)
            shared.tokens = min(shared.burst, shared.tokens + 1)
            return
        record.failed += 1
        self._wrong.append((now, group))

    def overdue(self) -> list[Hashable]:
        """HELLOs that have waited too long for their check: they are refused."""
        now = self.clock()
        late = [w for w in self._waiting if now - w.since >= CHECK_WAIT]
        for waited in late:
            self._address(waited.group, now).failed += 1
        self._waiting = [w for w in self._waiting if w not in late]
        return [w.key for w in late]

    def next_event(self) -> float | None:
        """Seconds until a waiting HELLO may be checked or runs out of time (None: none waits)."""
        if not self._waiting:
            return None
        now = self.clock()
        shared = self._global(now).ready_at(now)
        ready = min(
            min(max(shared, self._address(w.group, now).bucket.ready_at(now)), w.since + CHECK_WAIT)
            for w in self._waiting
        )
        return max(0.0, ready - now)

    def alarm(self) -> tuple[int, int] | None:
        """Once a minute at most, while codes are being guessed: the last
        minute's wrong codes and the addresses they came from, for the host to
        say (it checks at most :data:`ALL_PER_MINUTE` a minute)."""
        now = self.clock()
        while self._wrong and self._wrong[0][0] <= now - WINDOW:
            self._wrong.popleft()
        if len(self._wrong) < ALARM or now - self._alarmed < WINDOW:
            return None
        self._alarmed = now
        return len(self._wrong), len({g for _, g in self._wrong})

    def _global(self, now: float) -> Bucket:
        if self._all is None:
            self._all = Bucket(ALL_BURST, ALL_PER_MINUTE / 60, ALL_BURST, now)
        return self._all

    def _address(self, group: str, now: float) -> _Address:
        record = self._addresses.pop(group, None)
        if record is None:
            bucket = Bucket(ADDRESS_BURST, ADDRESS_PER_MINUTE / 60, ADDRESS_BURST, now)
            record = _Address(bucket)
        self._addresses[group] = record
        while len(self._addresses) > MAX_ADDRESSES:
            self._addresses.popitem(last=False)
        return record


@dataclass
class Renewals:
    """How soon an online game's code burned by a wrong try is made again, by seat:
    the first :data:`RENEW_BURST` at once, then one every :data:`RENEW_EVERY` seconds."""

    clock: Callable[[], float] = time.monotonic
    _buckets: dict[Hashable, Bucket] = field(default_factory=dict)

    def wait(self, seat: Hashable) -> float:
        """A wrong try burned ``seat``'s code: the seconds until its next may be made."""
        now = self.clock()
        bucket = self._buckets.get(seat)
        if bucket is None:
            bucket = self._buckets[seat] = Bucket(RENEW_BURST, 1 / RENEW_EVERY, RENEW_BURST, now)
        bucket.fill(now)
        bucket.tokens -= 1  # below nothing, it is a debt: the time to wait
        return max(0.0, -bucket.tokens / bucket.rate)
