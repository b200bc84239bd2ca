"""Where the app keeps its files: the data folder and the cache folder.

Small on purpose, since it is on the app's start path: ``platformdirs`` is imported only
when a default folder is actually asked for.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV_DATA_DIR = "ORBIS_DATA_DIR"  # overrides the data folder (games, walkthrough progress)
APP_NAME = "orbis-tui"


def default_data_dir() -> Path:
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def default_cache_dir() -> Path:
    import platformdirs

    return platformdirs.user_cache_path(APP_NAME, appauthor=False)
