"""The game's analysis: how good each option of a decision is, hints for the pending
decision, and the review of a whole game.

- :mod:`.search`: the expert's search run over every option of a decision
  (:func:`analyse`), the expected final CP margin of each with its uncertainty;
- :mod:`.hints`: the best few options of the pending decision, in words;
- :mod:`.review`: a record reviewed decision by decision (:func:`review_record`);
- :mod:`.ahead`: a game's turns judged while it is played, for its review
  (:class:`JudgedAhead`), and :mod:`.kept_turns`: judged turns kept on disk
  (:class:`KeptTurns`, found as ``ReviewCache.turns``);
- :mod:`.report`: the review as ``orbis review`` prints it, and :mod:`.texts` its words.

The words for actions and reasons are :mod:`orbis_tui.words`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..bots.victory import WIN_VALUE
from ..lazy import lazy_attributes
from .search import HINT_BUDGET, REVIEW_PER_OPTION, Analysis, OptionEstimate, analyse

# The hints, the review and its printed report: loaded when first asked for, as the
# app and the command line did before they were asked through this package.
_LAZY = {
    "JudgedAhead": "ahead",
    "KeptTurns": "kept_turns",
    "allow_judging_ahead": "ahead",
    "judging_ahead_allowed": "ahead",
    "HintOption": "hints",
    "best_options": "hints",
    "GameReview": "review",
    "MoveReview": "review",
    "TurnJudgements": "review",
    "TurnsKept": "review",
    "PlayerSummary": "review",
    "ReviewFailed": "review",
    "InTurnOrder": "review_order",
    "judged_turns": "review_order",
    "loss_parts": "review",
    "review_record": "review",
    "forced_answers": "review_decisions",
    "print_review": "report",
    "ReviewCache": "review_cache",
    "review_key": "review_cache",
}

if TYPE_CHECKING:
    from .ahead import JudgedAhead, allow_judging_ahead, judging_ahead_allowed
    from .hints import HintOption, best_options
    from .kept_turns import KeptTurns
    from .report import print_review
    from .review import (
        GameReview,
        MoveReview,
        PlayerSummary,
        ReviewFailed,
        TurnJudgements,
        TurnsKept,
        loss_parts,
        review_record,
    )
    from .review_cache import ReviewCache, review_key
    from .review_decisions import forced_answers
    from .review_order import InTurnOrder, judged_turns


__getattr__ = lazy_attributes(__name__, _LAZY)


__all__ = [
    "HINT_BUDGET",
    "REVIEW_PER_OPTION",
    "WIN_VALUE",
    "Analysis",
    "GameReview",
    "HintOption",
    "InTurnOrder",
    "JudgedAhead",
    "KeptTurns",
    "MoveReview",
    "OptionEstimate",
    "PlayerSummary",
    "ReviewCache",
    "ReviewFailed",
    "TurnJudgements",
    "TurnsKept",
    "allow_judging_ahead",
    "analyse",
    "best_options",
    "forced_answers",
    "judged_turns",
    "judging_ahead_allowed",
    "loss_parts",
    "print_review",
    "review_key",
    "review_record",
]
