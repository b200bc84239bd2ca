"""orbis-tui: the board game Orbis in a terminal."""

__version__ = "0.1.0"
