"""``python -m orbis_tui``: the ``orbis`` command."""

from .cli import main

raise SystemExit(main())
