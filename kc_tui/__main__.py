"""``python -m kc_tui`` is ``kings-corner``."""

import sys

from .cli import main

sys.exit(main())
