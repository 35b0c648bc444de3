"""``python -m pysolver``: the command line."""

from .cli import main

raise SystemExit(main())
