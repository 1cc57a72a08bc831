"""Drawing and scripted input must work where pygame is absent or unwanted."""

from __future__ import annotations

import subprocess
import sys


def test_display_and_input_import_without_pygame() -> None:
    code = (
        "import sys, amiga.display, amiga.input, amiga.display.screenshot\n"
        "from amiga.display import testpattern\n"
        "testpattern.render()\n"
        "amiga.input.ScriptedEventSource().key('a').wait()\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
