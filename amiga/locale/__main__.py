"""Entry point for ``python -m amiga.locale``."""

import sys

from .cli import main

sys.exit(main())
