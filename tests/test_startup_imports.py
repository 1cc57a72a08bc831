"""Start-up stays quick: slow modules wait until something needs them."""

from __future__ import annotations

import subprocess
import sys

import saga
from saga.look.text import english
from saga.screen.about import about_lines


def test_the_english_text_loads_without_the_version_lookup_or_the_iff_reader() -> None:
    code = (
        "import sys, saga, saga.look.text; saga.look.text.english(); "
        "print(sorted(m for m in ('importlib.metadata', 'amiga.iff', 'construct') "
        "if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"


def test_the_about_window_names_the_version() -> None:
    assert about_lines(english())[0][2] == f"Saga {saga.__version__}"


def test_the_title_screen_waits_for_neither_the_map_nor_the_save_layout() -> None:
    # The IFF reader, construct and the save declaration come with the first game;
    # the readers of the player's copy of the original only with a copy named.
    code = (
        "import sys\n"
        "from amiga.input import ScriptedEventSource\n"
        "import saga.cli\n"
        "from saga.files.config import Config\n"
        "from saga.engine.rng import Lcg64\n"
        "from saga.window.app import App\n"
        "from saga.screen.title import TitleScreen\n"
        "from saga.screen.ui import Ui\n"
        "from saga.look.text import english\n"
        "ui = Ui(ScriptedEventSource())\n"
        "app = App(ui, Config(), english(), Lcg64(1))\n"
        "TitleScreen(ui, app.config, english(), app.menu).draw()\n"
        "print(sorted(m for m in sys.modules if m in ('amiga.iff', 'construct', "
        "'saga.files.savelayout', 'amiga.lha', 'saga.net', 'twisted', 'wormhole') "
        "or m.startswith('saga.original')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"


def test_a_headless_joiner_loads_no_window_and_no_hosting() -> None:
    """A terminal that joins a game needs neither pygame and the screens, nor the
    server, the LAN announcements and the code maker that only a host uses, nor
    Twisted and magic-wormhole, which only an online game uses."""
    code = (
        "import sys\n"
        "from saga import cli\n"
        "status = cli.main(['--headless', '--join', '127.0.0.1:1', '--code', 'ABCDEF'])\n"
        "wanted = ('pygame', 'saga.screen', 'saga.window', 'saga.net.server', "
        "'saga.net.discovery', 'secrets', 'zeroconf', 'twisted', 'wormhole', "
        "'saga.net.tunnel')\n"
        "print(status, sorted(m for m in wanted if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "2 []", done.stderr
