"""Game records: the setup plus every action, saved as JSON and replayed to load."""

from .match import Match
from .model import (
    DealEntry,
    GameRecord,
    GameSetup,
    RecordError,
    custom_set_facts,
    load_record,
    replay,
    setup_for_game,
    start_state,
)
from .storage import (
    read_record_file,
    read_record_text,
    text_digest,
    write_atomic,
    write_new_record_file,
    write_record_file,
)

__all__ = [
    "DealEntry",
    "GameRecord",
    "GameSetup",
    "Match",
    "RecordError",
    "custom_set_facts",
    "load_record",
    "read_record_file",
    "read_record_text",
    "replay",
    "setup_for_game",
    "start_state",
    "text_digest",
    "write_atomic",
    "write_new_record_file",
    "write_record_file",
]
