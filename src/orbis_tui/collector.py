"""The cyclic garbage collector, paused while a search plays its futures.

A search makes and drops hundreds of thousands of small objects a second: copies of
the game, lists of answers, plans. Reference counting frees them all (the engine and
the planners make no reference cycles; ``tests/test_collector.py`` checks it), yet the
collector, counting allocations, would stop the search every few hundred of them to
look for cycles there are none of: some tenth of a search's time. Paused, it looks
again once the last search running in the process has finished.

Searches may run in several threads at once (a hint while a computer seat thinks), so
the pauses are counted: the collector is resumed by the last one to end, and only if
it was running when the first began.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_pauses = 0
_was_enabled = False


@contextmanager
def collection_paused() -> Iterator[None]:
    """Run the block with the cyclic garbage collector paused (see the module)."""
    global _pauses, _was_enabled
    with _lock:
        if _pauses == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _lock:
            _pauses -= 1
            if _pauses == 0 and _was_enabled:
                gc.enable()
