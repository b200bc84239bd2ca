"""Computer players. Each one chooses among the engine's legal actions only."""

from .random_bot import RandomBot

__all__ = ["RandomBot"]
