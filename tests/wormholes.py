"""A magic-wormhole mailbox server and transit relay of our own, on loopback, for the
tests and the benchmark: real ``twist`` processes, so that nothing ever reaches the
public servers.  Every Saga process they serve runs with ``SAGA_WORMHOLE_LOOPBACK``,
which makes it refuse any server off this machine and offer direct connections on
127.0.0.1 only."""

from __future__ import annotations

import contextlib
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from saga.net.tunnel import LOOPBACK

LOCAL = "127.0.0.1"


@dataclass
class Local:
    """The two servers' addresses, as Saga's options name them."""

    mailbox: str
    relay: str
    mailbox_process: subprocess.Popen[bytes]
    relay_process: subprocess.Popen[bytes]
    usage: Path  # the relay's record of the sessions it carried

    def options(self, *, relay_only: bool = False) -> list[str]:
        return ["--mailbox", self.mailbox, "--relay", self.relay] + (
            ["--relay-only"] if relay_only else []
        )

    def stop_mailbox(self) -> None:
        _stop(self.mailbox_process)

    def stop_relay(self) -> None:
        _stop(self.relay_process)

    def relayed(self) -> int:
        """The bytes of the sessions the relay has carried to their end."""
        if not self.usage.exists():
            return 0
        with contextlib.closing(sqlite3.connect(self.usage)) as db:
            (total,) = db.execute("SELECT SUM(total_bytes) FROM usage").fetchone()
        return int(total or 0)


def loopback_env() -> dict[str, str]:
    return {LOOPBACK: "1"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((LOCAL, 0))
        return int(s.getsockname()[1])


def _twist(folder: Path, *args: str) -> subprocess.Popen[bytes]:
    twist = Path(sys.executable).with_name("twist")
    command = [str(twist)] if twist.exists() else [sys.executable, "-m", "twisted"]
    log = open(folder / f"{args[0]}.log", "wb")  # noqa: SIM115 - the process keeps it
    return subprocess.Popen([*command, *args], cwd=folder, stdout=log, stderr=log)


def _wait_listening(port: int, process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert process.poll() is None, f"a wormhole server stopped: {process.args}"
        with socket.socket() as s:
            if s.connect_ex((LOCAL, port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on {LOCAL}:{port}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def local_servers(folder: Path) -> Iterator[Local]:
    """A mailbox server and a transit relay listening on 127.0.0.1 only."""
    folder.mkdir(parents=True, exist_ok=True)
    mailbox_port, relay_port = _free_port(), _free_port()
    mailbox = _twist(
        folder,
        "wormhole-mailbox",
        f"--port=tcp:{mailbox_port}:interface={LOCAL}",
        f"--channel-db={folder / 'mailbox.sqlite'}",
    )
    usage = folder / "relay-usage.sqlite"
    relay = _twist(
        folder,
        "transitrelay",
        f"--port=tcp:{relay_port}:interface={LOCAL}",
        f"--usage-db={usage}",
    )
    try:
        _wait_listening(mailbox_port, mailbox)
        _wait_listening(relay_port, relay)
        mailbox_url, relay_hint = f"ws://{LOCAL}:{mailbox_port}/v1", f"tcp:{LOCAL}:{relay_port}"
        yield Local(mailbox_url, relay_hint, mailbox, relay, usage)
    finally:
        _stop(mailbox)
        _stop(relay)


def wrong_try(mailbox: str, code: str, timeout: float = 60.0) -> str:
    """Try ``code`` as a stranger would, from this process, and hang up: the name
    of what magic-wormhole raised (``WrongPasswordError`` for a wrong guess)."""
    from saga.net import tunnel

    async def guess() -> str:
        wormhole = tunnel._wormhole(mailbox, tunnel._Watch())
        wormhole.set_code(code)
        try:
            await wormhole.get_verifier()
            outcome = "agreed"
        except Exception as e:
            outcome = type(e).__name__
        await tunnel._close(wormhole)
        return outcome

    return tunnel._on_reactor(guess).result(timeout)
