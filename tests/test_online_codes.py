"""Online games by code, without any network: what a code is, the codes file, the
settings of the servers, the command line, and the seat a code admits."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest
from guards import returns

from saga import cli
from saga.files.config import SettingsFile, mailbox_url, relay_hint
from saga.net import protocol as P
from saga.net.online import is_code, normal_code, write_codes
from saga.net.server import Server
from saga.net.tunnel import LOOPBACK


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("7-crossover-clockwork", "7-crossover-clockwork"),
        ("  7 Crossover  clockwork ", "7-crossover-clockwork"),
        ("12-a-b-c", "12-a-b-c"),
    ],
)
def test_a_code_as_typed_or_heard(typed: str, code: str) -> None:
    assert normal_code(typed) == code and is_code(typed)


@pytest.mark.parametrize(
    "text", ["192.168.1.20:4000", "[::1]:4000", "4000", "crossover-clockwork", "7", "7-x1-y"]
)
def test_an_address_is_no_code(text: str) -> None:
    assert not is_code(text)


def test_the_codes_file_lists_the_seats_then_the_spectators(tmp_path: Path) -> None:
    path = tmp_path / "codes.txt"
    write_codes(path, {None: "5-tiger-hat", 3: "2-dog-cat", 1: "4-owl-elk"})
    assert path.read_text() == "Brunhild 4-owl-elk\nRagnar 2-dog-cat\nwatch 5-tiger-hat\n"
    write_codes(path, {})
    assert path.read_text() == ""


def test_the_servers_settings_are_checked(tmp_path: Path) -> None:
    assert mailbox_url("ws://127.0.0.1:4000/v1") == "ws://127.0.0.1:4000/v1"
    assert mailbox_url("wss://mailbox.example.org/v1") == "wss://mailbox.example.org/v1"
    assert relay_hint("tcp:[::1]:4001") == "tcp:[::1]:4001"
    assert relay_hint("relay.example.org:4001") == "tcp:relay.example.org:4001"
    for bad in ("http://x/v1", "ws://", "ws://a b/v1"):
        with pytest.raises(ValueError, match="ws:// or wss://"):
            mailbox_url(bad)
    for bad in ("tcp:host", "tcp:host:99999", "udp:host:1", "tcp:a b:1"):
        with pytest.raises(ValueError, match="tcp:HOST:PORT"):
            relay_hint(bad)
    config_file = tmp_path / "Saga.config"
    config_file.write_text("MAILBOX=ws://127.0.0.1:9/v1\nRELAY=127.0.0.1:10\nMAILBOX=ftp://x\n")
    config, problems = SettingsFile(config_file, complain=pytest.fail).read()
    assert (config.mailbox, config.relay) == ("ws://127.0.0.1:9/v1", "tcp:127.0.0.1:10")
    assert len(problems) == 1 and "line 3" in str(problems[0])


@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        (["--host", "4000", "--codes", "c.txt"], "--codes goes with --host online"),
        (["--host", "4000", "--mailbox", "ws://127.0.0.1:1/v1"], "--mailbox, --relay"),
        (["--join", "1.2.3.4:5", "--code", "X", "--relay-only"], "--mailbox, --relay"),
        (["--host", "online", "--code", "ABCDEF"], "takes no --code"),
        (["--host", "online", "--announce"], "not announced"),
        (["--join", "7-a-b", "--mailbox", "http://x"], "--mailbox: it must be a ws://"),
        (["--join", "7-a-b", "--relay", "x"], "--relay: it must be tcp:HOST:PORT"),
    ],
)
def test_the_online_options_are_checked_before_anything_happens(
    args: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["--headless", *args]) == 2
    assert complaint in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="makes a named pipe")
@pytest.mark.parametrize(
    ("kind", "complaint"),
    [
        ("link", "is a symbolic link"),
        ("pipe", "is not a plain file"),
        ("folder", "is a folder"),
        ("nowhere", "folder that does not exist"),
        ("settings", "--codes must not overwrite the settings"),
        ("answers", "--codes must not overwrite the --answers file"),
    ],
)
def test_the_codes_file_is_a_plain_file_of_its_own(
    kind: str,
    complaint: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--codes is rewritten all game long: a link, a pipe, a folder or a file the
    game reads is refused before anything is hosted, and left as it was
    (before, a link or a pipe was replaced by a file, and a folder only said
    so at each new code)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(LOOPBACK, "1")
    settings = tmp_path / "Saga.config"
    settings.write_text("")
    precious = tmp_path / "answers.trace"
    precious.write_text("Q COUNTRY 6 3 5\n")
    path = {"settings": settings, "answers": precious}.get(kind, tmp_path / "codes.txt")
    if kind == "link":
        path.symlink_to(precious)
    elif kind == "pipe":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "nowhere":
        path = tmp_path / "nowhere" / "codes.txt"
    args = ["--headless", "--host", "online", "--codes", str(path), "--answers", str(precious)]
    args += ["--mailbox", "ws://127.0.0.1:9/v1", "BEOWULF=HUMAN", "BRUNHILD=HUMAN"]
    assert returns(lambda: cli.main([*args, "--seat", "beowulf"])) == 2
    assert complaint in capsys.readouterr().err
    assert precious.read_text() == "Q COUNTRY 6 3 5\n" and settings.read_text() == ""
    assert path.is_symlink() == (kind == "link") and path.is_fifo() == (kind == "pipe")


def test_a_code_admits_its_own_seat_only() -> None:
    """The server is told the seat a code was made for; a machine that came by it
    and asks for another seat is refused, and one that asks for it, or for no seat
    in particular (the code says whose it is), is let in to it."""
    server = Server(["SAGA-REPLAY 1 1 20 0 1 1 0 0 0 0"], (89,) * 7, frozenset({1}), None)
    server.start()
    try:
        replies = []
        for seats in ("BEOWULF", "BRUNHILD", "-"):
            ours, theirs = socket.socketpair()
            with ours:
                server.accept(theirs, "code 7-a-b", frozenset({1}))
                hello = f"HELLO SAGA {P.PROTOCOL} {P.version()} - {seats}\n"
                ours.sendall(hello.encode())
                ours.settimeout(10)
                replies.append(ours.makefile("rb").readline().decode())
        assert replies[0].startswith(
            "REFUSE TICKET BRUNHILD BEOWULF: this code is for Brunhild, not for Beowulf"
        )
        assert replies[1].startswith("WELCOME BRUNHILD")
        assert replies[2].startswith("WELCOME BRUNHILD")  # the one before has gone
    finally:
        server.close()


def test_an_online_host_lets_no_machine_in_without_its_code() -> None:
    """An online game has no join code: a connection that did not come by one of
    its codes (a stranger reaching the server some other way) is refused."""
    server = Server(["SAGA-REPLAY 1 1 20 0 1 1 0 0 0 0"], (89,) * 7, frozenset({1}), None)
    port = server.listen("127.0.0.1", 0)
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as peer:
            peer.sendall(f"HELLO SAGA {P.PROTOCOL} {P.version()} - BRUNHILD\n".encode())
            reply = peer.makefile("rb").readline().decode()
        assert reply.startswith(
            "REFUSE CODES: this game lets machines in only by their own online codes"
        )
        assert server.open_seats() == frozenset({1})
    finally:
        server.close()
