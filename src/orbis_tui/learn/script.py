"""The walkthrough script: steps, texts and the prepared game, loaded from a data file.

Everything the walkthrough says lives in ``data/walkthrough.toml``; this module only
reads and checks it (pydantic), so steps can be added or reworded without touching the
app. The file holds:

- ``[meta]``: a version string, written into saved progress;
- ``[phases]``: what each kind of decision asks, shown by the walkthrough and the coach;
- ``[rules]``: one plain explanation per rule id, shown with every refused move;
- ``[scenario]``: the players, the deal and the opponent's scripted turns;
- ``[[steps]]``: the lessons, in order.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ..engine import Action, DecisionKind, GodId, NotationError, parse_action
from ..i18n import gettext
from ..records import DealEntry, GameSetup
from ..tiles import DataFileError, data_dir
from ..tiles.models import load_tile_file

RULE_ID = re.compile(r"^R-[A-Z]+-[A-Z0-9]+$")
SCRIPT_NAME = "walkthrough.toml"

CONTINUE = "continue"
ANY = "any"


class FocusKind(StrEnum):
    """What a step points at on the table."""

    MARKET = "market"  # a market cell, 1-9
    SPOT = "spot"  # a spot of the learner's pyramid, row and column
    PYRAMID = "pyramid"  # the learner's whole pyramid
    REALM = "realm"  # the learner's worshipers
    GODS = "gods"  # the gods on offer
    PILES = "piles"  # the face-down piles
    STATUS = "status"  # the status line: round, whose turn, decision
    OPPONENT = "opponent"  # the other player's pyramid and realm
    SCORES = "scores"  # the score breakdown
    LOG = "log"  # the game log


@dataclass(frozen=True, slots=True)
class Focus:
    kind: FocusKind
    cell: int | None = None  # MARKET: 1-9 as the player sees them
    row: int | None = None  # SPOT
    col: int | None = None  # SPOT

    @classmethod
    def parse(cls, text: str) -> Focus:
        """``"market 5"``, ``"spot 2,-1"``, ``"realm"``, ``"gods"``..."""
        words = text.split()
        if not words:
            raise ValueError("empty focus")
        try:
            kind = FocusKind(words[0].lower())
        except ValueError:
            kinds = ", ".join(k.value for k in FocusKind)
            raise ValueError(f"unknown focus {words[0]!r} (one of {kinds})") from None
        args = words[1:]
        if kind is FocusKind.MARKET:
            if len(args) != 1 or not args[0].isdigit() or not 1 <= int(args[0]) <= 9:
                raise ValueError(f"write a market focus as 'market 1'..'market 9', not {text!r}")
            return cls(kind, cell=int(args[0]))
        if kind is FocusKind.SPOT:
            match = re.fullmatch(r"(-?\d+),(-?\d+)", args[0]) if len(args) == 1 else None
            if match is None:
                raise ValueError(f"write a spot focus as 'spot ROW,COL', not {text!r}")
            return cls(kind, row=int(match.group(1)), col=int(match.group(2)))
        if args:
            raise ValueError(f"focus {kind.value!r} takes no argument, not {text!r}")
        return cls(kind)

    def __str__(self) -> str:
        if self.kind is FocusKind.MARKET:
            return f"market {self.cell}"
        if self.kind is FocusKind.SPOT:
            return f"spot {self.row},{self.col}"
        return self.kind.value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class StepModel(_Strict):
    """One lesson step. ``expect`` is what the learner must do to go on:

    - ``"continue"``: read, then go on (a key);
    - ``"any"``: any legal action; with ``until = "decision"`` one answer to the pending
      decision ends the step (exchanges are allowed and do not), with ``until = "turn"``
      the step lasts until the learner's turn is over;
    - an action in notation (``"take 2"``, ``"place 1,0"``): exactly that action.
    """

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    rules: list[str] = []
    focus: list[str] = []
    expect: str = CONTINUE
    until: Literal["decision", "turn"] = "decision"
    hint: str | None = None
    why: str | None = None  # why the expected move is the one for this lesson
    suggest: list[str] = []  # for "any" steps: a good line of play, in notation
    praise: str | None = None  # said once the step is done
    # the text as the plain walkthrough says it, where ``text`` speaks of the app's
    # screen or keys (a mark, a panel, "press x")
    said: str | None = None

    @field_validator("rules")
    @classmethod
    def _rule_ids(cls, rules: list[str]) -> list[str]:
        bad = [r for r in rules if not RULE_ID.match(r)]
        if bad:
            raise ValueError(f"not rule ids: {', '.join(bad)}")
        return rules

    @field_validator("focus")
    @classmethod
    def _focus(cls, focus: list[str]) -> list[str]:
        for text in focus:
            Focus.parse(text)
        return focus

    @field_validator("expect")
    @classmethod
    def _expect(cls, expect: str) -> str:
        if expect not in (CONTINUE, ANY):
            try:
                parse_action(expect)
            except NotationError as exc:
                raise ValueError(f"expect {expect!r} is not an action: {exc}") from None
        return expect

    @field_validator("suggest")
    @classmethod
    def _suggest(cls, suggest: list[str]) -> list[str]:
        for text in suggest:
            try:
                parse_action(text)
            except NotationError as exc:
                raise ValueError(f"suggest {text!r} is not an action: {exc}") from None
        return suggest

    @model_validator(mode="after")
    def _consistent(self) -> StepModel:
        if self.suggest and self.expect != ANY:
            raise ValueError("'suggest' is for steps that expect 'any'")
        if self.until == "turn" and self.expect != ANY:
            raise ValueError("until = 'turn' is for steps that expect 'any'")
        return self


class ScenarioModel(_Strict):
    """The prepared game: a fixed deal, the learner's seat and the opponent's turns."""

    players: list[str] = Field(min_length=2, max_length=2)
    learner: int = Field(0, ge=0, le=1)
    first_player: int = Field(0, ge=0, le=1)
    tiles: str = "walkthrough-tiles.toml"  # a tile file beside the script
    market: list[str] = Field(min_length=9, max_length=9)
    piles: tuple[list[str], list[str], list[str]]
    gods: list[GodId]
    temple_tokens: list[int]
    opponent: list[str] = []  # one entry per opponent turn: actions separated by ";"
    fallback: Literal["easy", "medium", "first"] = "easy"
    seed: int = 0  # for the fallback opponent

    @field_validator("opponent")
    @classmethod
    def _turns(cls, turns: list[str]) -> list[str]:
        for number, turn in enumerate(turns, start=1):
            for text in split_turn(turn):
                try:
                    parse_action(text)
                except NotationError as exc:
                    raise ValueError(f"opponent turn {number}: {text!r}: {exc}") from None
        return turns

    def opponent_turns(self) -> list[list[Action]]:
        return [[parse_action(t) for t in split_turn(turn)] for turn in self.opponent]


class MessagesModel(_Strict):
    """What the walkthrough says around the steps; ``{expected}`` is a move in words."""

    off_lesson: str
    # before a place step's reason, what the spot the learner chose is: {spot} {losses}
    spot_fine: str
    spot_loses: str
    continue_first: str
    wait_for_move: str
    finished: str
    praise: str
    resumed: str
    any_move: str


class WordsModel(_Strict):
    """Moves in words. Fields: {cell} {name} {give} {get} {colors} {spot} {row} {left}
    {right} {color}."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    take: str
    god: str
    exchange: str
    exchange_from: str
    pay: str
    pay_any: str
    wild: str
    place: str
    place_wild: str
    spot_first: str
    spot_left: str
    spot_right: str
    spot_row: str
    spot_on: str
    wilderness: str
    nothing: str
    gain: str
    return_: str = Field(alias="return")
    erupt: str
    erupt_part: str
    decline: str
    love: str
    discard: str
    unpaid: str
    unpaid_exchange: str


class MetaModel(_Strict):
    version: str = Field(min_length=1)
    title: str = "Learn to play"


class ScriptModel(_Strict):
    meta: MetaModel
    phases: dict[DecisionKind, str]
    rules: dict[str, str]
    messages: MessagesModel
    words: WordsModel
    scenario: ScenarioModel
    steps: list[StepModel] = Field(min_length=1)

    @field_validator("rules")
    @classmethod
    def _rule_keys(cls, rules: dict[str, str]) -> dict[str, str]:
        bad = [r for r in rules if not RULE_ID.match(r)]
        if bad:
            raise ValueError(f"not rule ids: {', '.join(bad)}")
        return rules

    @field_validator("phases")
    @classmethod
    def _every_phase(cls, phases: dict[DecisionKind, str]) -> dict[DecisionKind, str]:
        missing = [k.value for k in DecisionKind if k not in phases]
        if missing:
            raise ValueError(f"phases missing: {', '.join(missing)}")
        return phases

    @model_validator(mode="after")
    def _cross_checks(self) -> ScriptModel:
        ids = [s.id for s in self.steps]
        doubled = sorted({i for i in ids if ids.count(i) > 1})
        if doubled:
            raise ValueError(f"step ids used twice: {', '.join(doubled)}")
        unexplained = sorted({r for s in self.steps for r in s.rules} - set(self.rules))
        if unexplained:
            raise ValueError(f"rules taught but not explained in [rules]: {unexplained}")
        return self


def split_turn(turn: str) -> list[str]:
    return [part.strip() for part in turn.split(";") if part.strip()]


@dataclass(frozen=True)
class Step:
    """A step as the runner and the app use it (focus parsed, action parsed)."""

    index: int
    model: StepModel
    focus: tuple[Focus, ...]
    action: Action | None  # the exact expected action, when there is one

    @property
    def id(self) -> str:
        return self.model.id

    @property
    def title(self) -> str:
        return gettext(self.model.title)

    @property
    def text(self) -> str:
        return gettext(self.model.text)

    @property
    def rules(self) -> list[str]:
        return self.model.rules

    @property
    def expect(self) -> str:
        return self.model.expect

    @property
    def is_continue(self) -> bool:
        return self.model.expect == CONTINUE

    @property
    def is_free(self) -> bool:
        return self.model.expect == ANY

    @property
    def hint(self) -> str | None:
        return _translated(self.model.hint)

    @property
    def said(self) -> str:
        """The text as the plain walkthrough says it: ``said`` when the step has one."""
        return _translated(self.model.said) or self.text

    @property
    def why(self) -> str | None:
        return _translated(self.model.why)

    @property
    def praise(self) -> str | None:
        return _translated(self.model.praise)

    @cached_property
    def suggest(self) -> tuple[Action, ...]:
        """The suggested line of play of a free step, parsed (checked at load)."""
        return tuple(parse_action(t) for t in self.model.suggest)


class ScriptError(Exception):
    """The walkthrough file cannot be used: which file and what is wrong."""

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        self.path = str(path)
        self.problems = problems
        super().__init__(f"{path}: " + "; ".join(problems))


@dataclass(frozen=True)
class Script:
    """The loaded walkthrough: validated model, parsed steps and the game setup."""

    model: ScriptModel
    steps: tuple[Step, ...]
    setup: GameSetup
    path: Path

    @cached_property  # the script does not change once loaded
    def version(self) -> str:
        """The file's version plus a fingerprint of the game and of what each step asks.

        Saved progress is resumed only by the same version: rewording a step keeps it,
        adding, removing or changing a step's move, or the deal, starts over.
        """
        plan = {
            "steps": [(s.id, s.expect, s.model.until) for s in self.steps],
            "scenario": self.model.scenario.model_dump(mode="json"),
        }
        digest = hashlib.sha256(json.dumps(plan, sort_keys=True).encode()).hexdigest()
        return f"{self.model.meta.version}-{digest[:12]}"

    @property
    def learner(self) -> int:
        return self.model.scenario.learner

    @property
    def opponent(self) -> int:
        return 1 - self.model.scenario.learner

    def rule_text(self, rule: str) -> str | None:
        return _translated(self.model.rules.get(rule))

    def phase_text(self, kind: DecisionKind) -> str:
        return gettext(self.model.phases[kind])

    @property
    def messages(self) -> MessagesModel:
        return _localized(self.model.messages)

    @property
    def words(self) -> WordsModel:
        return _localized(self.model.words)


def _translated(text: str | None) -> str | None:
    return None if text is None else gettext(text)


_Texts = TypeVar("_Texts", bound=BaseModel)


def _localized(model: _Texts) -> _Texts:
    """A copy of a model of texts with each text field in the language in use."""
    texts: dict[str, str] = {}
    for name in type(model).model_fields:
        value = getattr(model, name)
        if isinstance(value, str):
            texts[name] = gettext(value)
    return model.model_copy(update=texts)


def default_script_path() -> Path:
    return data_dir() / SCRIPT_NAME


def _problems(error: ValidationError) -> list[str]:
    problems = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"]) or "(top level)"
        problems.append(f"{where}: {item['msg']}")
    return problems


def load_script(path: Path | str | None = None) -> Script:
    """Read and check the walkthrough file (the shipped one by default)."""
    path = Path(path) if path is not None else default_script_path()
    try:
        with path.open("rb") as handle:
            raw = tomllib.load(handle)
    except FileNotFoundError:
        raise ScriptError(path, ["file not found"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ScriptError(path, [f"not valid TOML: {exc}"]) from None
    try:
        model = ScriptModel.model_validate(raw)
    except ValidationError as exc:
        raise ScriptError(path, _problems(exc)) from None
    scenario = model.scenario
    tiles_path = path.parent / scenario.tiles
    try:
        tiles = load_tile_file(tiles_path)
    except DataFileError as exc:
        raise ScriptError(path, [f"scenario tiles: {exc}"]) from None
    setup = GameSetup(
        players=[gettext(name) for name in scenario.players],  # "You" in the learner's words
        first_player=scenario.first_player,
        deal=DealEntry(
            market=tuple(scenario.market),
            piles=(tuple(scenario.piles[0]), tuple(scenario.piles[1]), tuple(scenario.piles[2])),
            gods=tuple(scenario.gods),
            temple_tokens=tuple(scenario.temple_tokens),
        ),
        tiles=[t.model_dump(mode="json", exclude_none=True) for t in tiles.tiles],
    )
    steps = tuple(
        Step(
            index=i,
            model=m,
            focus=tuple(Focus.parse(f) for f in m.focus),
            action=None if m.expect in (CONTINUE, ANY) else parse_action(m.expect),
        )
        for i, m in enumerate(model.steps)
    )
    return Script(model=model, steps=steps, setup=setup, path=path)
