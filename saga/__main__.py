"""Run the game: ``python -m saga`` is the ``saga`` command."""

import sys

from saga.cli import main

sys.exit(main())
