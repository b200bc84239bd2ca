"""Game records: the setup plus every action, saved as JSON and replayed to load."""

from .match import Match
from .model import GameRecord, GameSetup, RecordError, load_record, replay
from .storage import read_record_file, write_atomic, write_record_file

__all__ = [
    "GameRecord",
    "GameSetup",
    "Match",
    "RecordError",
    "load_record",
    "read_record_file",
    "replay",
    "write_atomic",
    "write_record_file",
]
