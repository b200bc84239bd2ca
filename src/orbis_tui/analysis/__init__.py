"""The game's analysis: how good each option of a decision is, hints for the pending
decision, and the review of a whole game.

- :mod:`.search`: the expert's search run over every option of a decision
  (:func:`analyse`), the expected final CP margin of each with its uncertainty;
- :mod:`.hints`: the best few options of the pending decision, in words;
- :mod:`.review`: a record reviewed decision by decision (:func:`review_record`);
- :mod:`.report`: the review as ``orbis review`` prints it, and :mod:`.texts` its words.

The words for actions and reasons are :mod:`orbis_tui.words`'s.
"""

from __future__ import annotations

from .search import HINT_BUDGET, REVIEW_PER_OPTION, Analysis, OptionEstimate, analyse

__all__ = ["HINT_BUDGET", "REVIEW_PER_OPTION", "Analysis", "OptionEstimate", "analyse"]
