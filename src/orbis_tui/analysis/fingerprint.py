"""What the program's judgement is: a change to it makes everything kept from it stale."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

# The parts of the program a review's judgement depends on: a change to any of their
# files (a new version, or a change while developing) makes every kept review stale.
_JUDGING = ("analysis", "bots", "engine", "words", "tiles", "records")


@functools.cache
def program_fingerprint() -> str:
    """The program's version and the size and time of each file the review depends on."""
    from .. import __version__

    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(__version__.encode())
    for part in _JUDGING:
        for path in sorted((root / part).rglob("*")):
            if path.suffix in (".py", ".toml", ".json") and path.is_file():
                info = path.stat()
                digest.update(
                    f"{path.relative_to(root)}:{info.st_size}:{info.st_mtime_ns}\n".encode()
                )
    return digest.hexdigest()
