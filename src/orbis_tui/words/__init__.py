"""The game's words: what an action does, where a spot is, what happened, why one option
was better than another. The app, the hints and the review all say these things with
the same functions and the same catalog entries.

- :mod:`.actions`: an action (or a list of them) in words, read in its state (and
  :func:`action_parts`, what it names, for the walkthrough's own templates);
- :mod:`.spots`: where a spot of a pyramid is (:func:`spot_place`, then in words);
- :mod:`.worshipers`: worshipers and costs ('2R 1B + 1 of any color');
- :mod:`.events`: the game log's lines for an action's events;
- :mod:`.messages`: the engine's errors, warnings and cancellations in sentences
  (:func:`message_of`);
- :mod:`.names`: tiles and gods by their names (:func:`name_of`);
- :mod:`.reasons`: what an option does and risks (hints), why the best was better
  (reviews);
- :mod:`.texts`: the templates, English message ids translated where a sentence is made.
"""

from __future__ import annotations

from .actions import ActionParts, Actions, action_parts, describe_actions
from .events import cell_list, event_lines, god_name, log_text, removal_words, tile_label
from .messages import color_in_sentence, message_of
from .names import name_of, summary_of
from .outlook import god_reason, god_reason_words, tile_reason
from .reasons import loss_reason, option_reason
from .spots import SpotPlace, placed_name, spot_place, spot_words
from .worshipers import color_count_words, cost_words, spell_colors, worshiper_words

__all__ = [
    "ActionParts",
    "Actions",
    "SpotPlace",
    "action_parts",
    "cell_list",
    "color_count_words",
    "color_in_sentence",
    "cost_words",
    "describe_actions",
    "event_lines",
    "god_name",
    "god_reason",
    "god_reason_words",
    "log_text",
    "loss_reason",
    "message_of",
    "name_of",
    "option_reason",
    "placed_name",
    "removal_words",
    "spell_colors",
    "spot_place",
    "spot_words",
    "summary_of",
    "tile_label",
    "tile_reason",
    "worshiper_words",
]
