"""``python -m orbis_tui``: the ``orbis`` command."""

from .cli import main

if __name__ == "__main__":  # not when a review's worker process imports it
    raise SystemExit(main())
