"""Names used where vulture (pyproject.toml's [tool.vulture]) cannot see it: each
line is a use. Add a name here only when something outside the code reads it."""

from types import SimpleNamespace

used = SimpleNamespace()

# Textual and Rich read these attributes of their widgets, messages and texts.
used.control  # a message's control (Choice.Changed), read by Textual's @on selectors
used.disabled
used.no_wrap
used.overflow
used.grid_rows  # a Grid's styles: the players view sets its rows' height
used.re_word  # Rich's wrapping reads its word pattern (no_break.hold sets one)
# PEP 562: Python calls a package's __getattr__ for a name it does not hold.
used.__getattr__
# textual-serve's server calls its handlers (web/server.py overrides one).
used.handle_websocket
# The engine's consequences, illegal moves and events are worded by their fields
# (orbis_tui.words.messages reads them with dataclasses.fields).
used.anywhere
used.gift
used.already
# The expert's search statistics, kept for whoever reads them (benchmarks print asdict).
used.extras
# A decision's worlds, written by benchmarks/profile_review.py with asdict and read by
# name by benchmarks/replay_worlds.py.
used.first_seconds
used.first_differences
used.fresh_differences
used.first_played
used.first_best
used.fresh_played
used.fresh_best
used.turns_after
# Marked for translation and read by the catalogs' extraction, not by the code.
used.ARGPARSE_WORDS
# Argument parsers looked up by name (cli/arguments.py: _serve_value("parse_host")).
used.parse_host
used.parse_public_url
# The export dialog's third answer: the index of "Cancel" among its buttons.
used.CANCEL
# Babel's extractor signature (tools/toml_messages.py: extract).
used.comment_tags
# Run by a child process (tests/test_parallel.py: "t.run_with_screen_error_output()").
used.run_with_screen_error_output
# Fixtures the tests ask for by name.
used.marking
used.short_graces
# The logging module reads a record's fields (web/guard.py rewrites a bad request's).
used.msg
used.exc_text
used.stack_info
used.levelname
used.levelno
# Python reads it: no bytecode files written by the tests' processes.
used.dont_write_bytecode
# A worker process's job named in a program the test runs (test_parallel.py).
used.tell_and_wait
# sqlite3 reads a connection's text_factory (bytes kept as they are, to be checked).
used.text_factory
# multiprocessing sends each message through a Connection's _send_bytes (a test's job
# replaces it in its worker, to be killed halfway through sending its result).
used._send_bytes
