"""The table's core: everything the app knows about a game that is not drawing it.

No module here imports Textual or Rich (a contract in pyproject.toml says so), so the
plain-text seat (:mod:`orbis_tui.plain`), the tests and the benchmarks use it without
loading a user interface. The screens and widgets of :mod:`orbis_tui.tui` draw what
these modules decide:

- :mod:`.session`: a game being played at this table (its match, autosave, history);
- :mod:`.remote_session`: the same for a table played apart, following the host;
- :mod:`.controller`: the choices being made on the decision shown (cursor, picks);
- :mod:`.choices`: the picks of worshipers a choice starts from;
- :mod:`.key_policy`: what a key does now, or why it does nothing;
- :mod:`.sheet`: the decision as lines and choices (the panel and the plain seat);
- :mod:`.sheet_lines`: what every sheet is made of (lines, their parts, tone and rank);
- :mod:`.recap`: the turns played as lines (since a player's last turn; the turn ending);
- :mod:`.history`, :mod:`.logbook`, :mod:`.replay_book`: what happened, turn by turn;
- :mod:`.handover`: who takes the keyboard next;
- :mod:`.seats`, :mod:`.settings`: who sits where, and the player's settings;
- :mod:`.describe`: engine values in the app's words (templates in ``tui/texts*.py``).
"""
