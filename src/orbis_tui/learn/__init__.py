"""Learning to play: the guided walkthrough (``orbis learn``) and the coach.

Pure Python, no user interface: the app shows what these objects say.

- :func:`load_script` reads ``data/walkthrough.toml`` (the steps, the texts and the
  prepared game) and checks it;
- :class:`Walkthrough` runs the guided game step by step, judging the learner's moves;
- :class:`Coach` explains any decision and why an option is unavailable, with the same
  texts;
- :class:`ProgressStore` keeps a walkthrough in progress so it can be resumed.
"""

from .coach import Advice, Advised, Coach, Reason
from .progress import ProgressModel, ProgressStore
from .runner import Feedback, Outcome, Walkthrough
from .script import Focus, FocusKind, Script, ScriptError, Step, load_script

__all__ = [
    "Advice",
    "Advised",
    "Coach",
    "Feedback",
    "Focus",
    "FocusKind",
    "Outcome",
    "ProgressModel",
    "ProgressStore",
    "Reason",
    "Script",
    "ScriptError",
    "Step",
    "Walkthrough",
    "load_script",
]
