"""Entry point for ``python -m amiga.iff``."""

import sys

from .cli import main

sys.exit(main())
