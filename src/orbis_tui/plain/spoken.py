"""The game said in words, for the plain-text seat: what a screen reader or a Braille
display reads out. A sheet's lines (:mod:`orbis_tui.tui.core.sheet_lines`) with their
worshipers and colors named and the app's signs spelled out or dropped; each option
with its warnings; the turns played; and what each command asks about (the market, the
board, a pyramid, a realm, the players, the standings). Functions of the game's state
returning lines of text: the seats (:mod:`.seat`, :mod:`.join`, :mod:`.learn`) print
them."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine import Exchange, GameState, TakeTile
from ..i18n import color_letters, fill
from ..i18n import gettext as _
from ..tui import texts as app_texts
from ..tui.core.describe import color_word, effect_long, god_line
from ..tui.core.history import TurnSummary
from ..tui.core.recap import recap_sheet
from ..tui.core.sheet import Choice
from ..tui.core.sheet_lines import Chips, Line, Part, Seg, Stars, Topic
from ..words import color_count_words, cost_words, god_name, name_of, worshiper_words
from . import texts

# What the full-screen app writes as signs, said in words (a screen reader reads "✗" as
# "ballot x", if at all).
_LEADING = (("! ", texts.WARNING), ("· ", texts.NOTE), ("✗ ", texts.NOT_POSSIBLE))


def _spelled_letters(text: str) -> str:
    """Worshipers and tiles still written with color letters ('1R', '(W★★)') in words."""
    letters = color_letters()

    def count(found: re.Match[str]) -> str:
        return color_count_words(letters.index(found.group(2)), int(found.group(1)))

    def tile(found: re.Match[str]) -> str:
        color = color_word(letters.index(found.group(1)))
        level = _(texts.LEVEL).format(level=len(found.group(2)))
        return f"({color}, {level})"

    def counts(found: re.Match[str]) -> str:  # "1R 2W": "1 red, 2 white"
        return ", ".join(re.sub(one, count, part) for part in found.group(0).split(" "))

    one = rf"\b([0-9]+)([{letters}])\b"
    text = re.sub(rf"\(([{letters}])(★{{1,3}})\)", tile, text)
    return re.sub(rf"{one}(?: {one})*", counts, text)


def plain(text: str) -> str:
    """A line of the app in words: its signs spelled out or dropped, colors named."""
    text = _spelled_letters(text)
    for sign, word in _LEADING:
        if text.startswith(sign):
            text = _(word) + text[len(sign) :]
    if text.startswith("▸ "):
        text = _(texts.CHOSEN) + text[2:]
    if text.startswith("✓ "):
        text = text[2:]
    # the review's and the hint's "± 0.8" in words, their minus sign as the one typed
    text = re.sub(r"\s*±\s*", _(texts.PLUS_MINUS), text).replace("\u2212", "-")
    # how many of them are chosen: "(1/2)" as "(1 of 2)"
    of = _(texts.OUT_OF)
    text = re.sub(r"\((\d+)/(\d+)\)", lambda m: f"({of.format(count=m[1], total=m[2])})", text)
    return text.replace(" · ", "; ").replace(" → ", _(texts.TO)).replace("✗ ", "")


def part_words(part: Part) -> str:
    """One part of a line in words."""
    if isinstance(part, str):
        return part
    if isinstance(part, Seg):
        return part.text
    if isinstance(part, Stars):
        return _(texts.LEVEL).format(level=part.level)
    if part.form == "color":
        return color_word(part.count.index(1))
    if part.form == "realm":  # the zeros too are a lot to listen to: only what is there
        return worshiper_words(part.count)
    if part.form == "cost":
        if not any(part.count) and not part.any_count:
            return part.empty
        return cost_words(part.count, part.any_count)
    return worshiper_words(part.count)


def line_words(line: Line) -> list[str]:
    """A sheet's line in words, with the lines of its block after it."""
    text = "".join(part_words(p) for p in line.parts).strip()
    if line.topic is Topic.PAYMENT:  # "✓ you can pay it", "✗ not yet: ...": the words say it
        text = text.removeprefix("✓ ").removeprefix("✗ ")
    if line.topic is Topic.LESSON:  # a point of the list its heading names, not a note
        text = text.removeprefix("· ")
    if len(line.parts) == 1 and isinstance(line.parts[0], Chips) and line.parts[0].form == "realm":
        text = _(texts.REALM_NOW).format(realm=text)
    text = plain(text)
    out = [text] if text else []
    for below in line.block:
        out.extend(line_words(below))
    return out


# Where a sentence ends and another begins, inside a paragraph of the review (a decimal
# point has no space after it; a sentence of the game's texts begins with a capital).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÄÖÜА-ЯЁ])")


def sentence_words(line: Line) -> list[str]:
    """A line of the review's in words, a fact to a line (a Braille line is 40 cells):
    what the app writes with a dot between, and each sentence of a paragraph, on lines
    of their own; every word kept."""
    out: list[str] = []
    for fact in _facts(line, stop=False):
        out.extend(_SENTENCE_END.split(fact))
    return out


# Lines that stand on their own under an option; the others are its facts, a line each.
_ALONE = (Topic.LOSS, Topic.NOTE, Topic.REFUSAL, Topic.MISTAKE)
# Warnings that may be true of every option of a decision (a refusal is an option's own).
_SHAREABLE = (Topic.LOSS, Topic.NOTE)


def _warnings(choice: Choice | None, shared: Sequence[Line] = ()) -> list[Line]:
    """The warnings and refusals of ``choice`` but those said before the options."""
    if choice is None:
        return []
    return [line for line in choice.lines if line.topic in _ALONE and line not in shared]


def shared_warnings(choices: Sequence[Choice]) -> list[Line]:
    """The warnings true of every open option (two at least), said once before them."""
    open_ = [choice for choice in choices if choice.legal]
    if len(open_) < 2:
        return []
    first = [line for line in open_[0].lines if line.topic in _SHAREABLE]
    return [line for line in first if all(line in choice.lines for choice in open_[1:])]


def shared_words(choices: Sequence[Choice]) -> list[str]:
    """The warnings true of every open option in words, under a line saying so; nothing
    when there are none."""
    shared = shared_warnings(choices)
    if not shared:
        return []
    return [_(texts.EVERY_OPTION)] + ["   " + t for line in shared for t in line_words(line)]


def _facts(line: Line, stop: bool = True) -> list[str]:
    """An option's line in words, a fact to a line (a Braille line is 40 cells): what
    the app writes with a dot between (an effect and its mystic value, what is
    collected and the cost) on lines of their own, each ending with a full stop
    (``stop``); the spots for a tile and for a wilderness are one fact, where it can
    go."""
    text = "".join(part_words(p) for p in line.parts).strip()
    if line.topic is Topic.PAYMENT:
        text = text.removeprefix("✓ ").removeprefix("✗ ")
    if line.topic is Topic.LESSON:
        text = text.removeprefix("· ")
    facts = [text] if line.topic is Topic.SPOTS else text.split(" · ")  # one fact: where
    # a sign inside the line ("· ✗ mistake") is no refusal of its own: the words say it
    facts[1:] = [fact.removeprefix("✗ ").removeprefix("✓ ") for fact in facts[1:]]
    out = [plain(fact).strip() for fact in facts if fact.strip()]
    if stop:
        out = [f"{fact.rstrip('.')}." for fact in out]
    for below in line.block:
        out.extend(line_words(below))
    return out


def _facts_saying_nothing(choice: Choice) -> set[str]:
    """The facts of an option's that tell a listener nothing, as :func:`_facts` words
    them: that there is nothing to collect, and that a tile costing nothing can be paid
    (the app's panel shows every field; read out, a dozen options say them a dozen
    times)."""
    quiet = [_(app_texts.PANEL_COLLECT_NONE)]
    free = any(
        isinstance(part, Chips) and part.form == "cost" and not any(part.count)
        and not part.any_count
        for line in choice.lines
        for part in line.parts
    )  # fmt: skip
    if free:
        quiet.append(_(app_texts.PANEL_AFFORDABLE).removeprefix("✓ "))
    return {f"{plain(text).strip().rstrip('.')}." for text in quiet}


def choice_words(
    choice: Choice, before: Choice | None = None, shared: Sequence[Line] = ()
) -> list[str]:
    """An option: its number and what it does, then what is worth knowing about it a
    fact to a line (what it gives, then what it costs, then where it goes; not what
    says nothing), then each warning and refusal on a line of its own (or, when they
    are those of the option ``before``, a word saying so); the warnings ``shared`` by
    every option, said before them, are left out."""
    template = texts.OPTION if choice.legal else texts.OPTION_REFUSED
    label, why = choice.label, ""
    if isinstance(choice.action, TakeTile) and ": " in label:
        # a take that can only end as a wilderness, and why: the why on a line of its own
        label, why = label.split(": ", 1)
    out = [_(template).format(number=choice.number, label=label)]
    if why:
        out.append(f"   {why.rstrip('.')}.")
    alone: list[str] = []
    quiet = _facts_saying_nothing(choice)
    for line in choice.lines:
        if line.topic is Topic.KEYS or line in shared:
            continue
        if line.topic in _ALONE:
            alone.extend(line_words(line))
        else:
            out.extend("   " + fact for fact in _facts(line) if fact not in quiet)
    own = _warnings(choice, shared)
    same = before is not None and len(alone) > 1 and own == _warnings(before, shared)
    if same:
        assert before is not None
        out.append("   " + _(texts.SAME_WARNINGS).format(number=before.number))
    else:
        out.extend("   " + t for t in alone)
    return out


# Refused options in a row, for one and the same reason, said as one from this many on:
# the last turn's nine market tiles when a god must be taken, listened to one by one,
# come before the gods that can be.
REFUSED_RUN = 3


def said_with_an_option(line: Line, choices: Sequence[Choice]) -> bool:
    """Whether ``line``, a refusal of the decision ("Not possible: Pay: the tile costs
    ..."), is the reason a refused option says under it anyway: said once, there."""
    if line.topic is not Topic.REFUSAL:
        return False
    said = " ".join(line_words(line))
    lead = _(texts.NOT_POSSIBLE)
    for choice in choices:
        if choice.legal:
            continue
        for refusal in _warnings(choice):
            reason = " ".join(line_words(refusal)).removeprefix(lead).strip()
            if refusal.topic is Topic.REFUSAL and reason and said.endswith(reason):
                return True
    return False


def options_words(choices: Sequence[Choice]) -> list[str]:
    """Every option in words (:func:`choice_words`), with refused options in a row that
    share their reason (at least :data:`REFUSED_RUN`) said once, with their numbers; an
    option whose warnings are those of the options before it names the first of them,
    where they were said. The warnings true of every open option are not said here but
    once before the options (:func:`shared_words`)."""
    shared = shared_warnings(choices)
    out: list[str] = []
    before: Choice | None = None
    index = 0
    while index < len(choices):
        choice = choices[index]
        run = 1
        while index + run < len(choices) and _refused_alike(choice, choices[index + run]):
            run += 1
        if run >= REFUSED_RUN:
            last = choices[index + run - 1]
            out.append(_(texts.OPTIONS_REFUSED).format(first=choice.number, last=last.number))
            out.extend("   " + t for line in _warnings(choice) for t in line_words(line))
        else:
            out.extend(choice_words(choice, before, shared))
            run = 1
        last = choices[index + run - 1]
        # options in a row with the same warnings all name the first that said them
        if before is None or _warnings(last, shared) != _warnings(before, shared):
            before = last
        index += run
    return out


def _refused_alike(first: Choice, other: Choice) -> bool:
    """Both refused, with the same refusal and warnings."""
    if first.legal or other.legal:
        return False
    said = [line_words(line) for line in _warnings(first)]
    return said == [line_words(line) for line in _warnings(other)]


def turn_words(turn: TurnSummary) -> list[str]:
    """A turn of the history, with its round."""
    head = _(texts.HISTORY_TURN).format(
        round=turn.round,
        name=turn.name,
        took=turn.took,
        before=turn.cp_before,
        after=turn.cp_after,
    )
    return [plain(head), *("   " + plain(line) for line in turn.effects)]


def exchange_words(state: GameState, action: Exchange) -> str:
    """An exchange just made by the player to move (``action``), and their worshipers
    after it."""
    return _(texts.EXCHANGED).format(
        give=color_count_words(action.give, 3),
        get=color_count_words(action.get, 1),
        realm=worshiper_words(state.player.realm_count),
    )


def market_words(state: GameState) -> list[str]:
    """Each cell of the market: its tile in full, and the worshipers lying on it."""
    out = []
    for cell, tile in enumerate(state.market):
        if tile is None:
            out.append(_(texts.MARKET_EMPTY).format(cell=cell + 1))
            continue
        lying = state.market_worshipers[cell]
        out.append(
            _(texts.MARKET_CELL).format(
                cell=cell + 1,
                tile=name_of(tile),
                color=color_word(tile.color),
                level=tile.level,
                cp=tile.cp,
                effect=plain(effect_long(tile.effect)),
                cost=cost_words(tile.cost, tile.cost_any),
                lying=_(texts.LYING).format(worshipers=worshiper_words(lying))
                if any(lying)
                else "",
            )
        )
    return out


def board_words(state: GameState) -> list[str]:
    """The market, the gods offered, and the tiles left in the piles."""
    out = market_words(state)
    gods = [state.catalog.god_by_id[g] for g in state.gods_available]
    if gods:
        items = "; ".join(
            _(texts.GOD_ITEM).format(name=name_of(g), cp=g.cp, what=god_line(g).rstrip("."))
            for g in gods
        )
        out.append(_(texts.GODS).format(gods=items))
    else:
        out.append(_(texts.GODS_NONE))
    left = [len(pile) - pos for pile, pos in zip(state.piles, state.pile_pos, strict=True)]
    out.append(_(texts.PILES).format(one=left[0], two=left[1], three=left[2]))
    return out


def pyramid_words(state: GameState, seat: int) -> list[str]:
    """The pyramid of ``seat``, row by row."""
    player = state.players[seat]
    pyramid = player.pyramid
    if not pyramid:
        return [_(texts.PYRAMID_EMPTY).format(name=player.name)]
    out = [fill(texts.PYRAMID_TITLE, name=player.name, count=len(pyramid))]
    for row in sorted({r for r, _c in pyramid}):
        tiles = []
        for (r, col), placed in sorted(pyramid.items()):
            if r != row:
                continue
            tile = placed.tile
            words = _(texts.TILE_WORDS).format(
                name=name_of(tile), color=color_word(tile.color), cp=tile.cp
            )
            if placed.wild:
                words = _(texts.WILDERNESS)
            if placed.cancelled:
                words = _(texts.CANCELLED).format(tile=words)
            tiles.append(_(texts.PYRAMID_TILE).format(col=col, tile=words))
        out.append(_(texts.PYRAMID_ROW).format(row=row, tiles="; ".join(tiles)))
    return out


def realm_words(state: GameState, seat: int) -> list[str]:
    """The worshipers of ``seat``, its farms, its god and its CP now."""
    from ..engine import final_scores

    player = state.players[seat]
    out = [_(texts.REALM).format(name=player.name, realm=worshiper_words(player.realm_count))]
    farms = [color_word(c) for c, on in enumerate(player.reductions) if on]
    if farms:
        out.append(_(texts.FARMS).format(colors=", ".join(farms)))
    if player.god is not None:
        out.append(_(texts.GOD_HELD).format(god=god_name(state, player.god)))
    else:
        out.append(_(texts.GOD_NONE))
    out.append(_(texts.CP_NOW).format(cp=final_scores(state)[seat].total))
    return out


def player_words(state: GameState, seat: int, kind: str) -> str:
    """One player in a line: who plays it (``kind``), tiles, worshipers, god and CP."""
    from ..engine import final_scores

    player = state.players[seat]
    god = god_name(state, player.god) if player.god is not None else _(texts.GOD_NONE_IN_LINE)
    return _(texts.PLAYER_LINE).format(
        name=player.name,
        kind=kind,
        tiles=len(player.pyramid),
        realm=worshiper_words(player.realm_count),
        god=god,
        cp=final_scores(state)[seat].total,
    )


def recap_words(recent: Sequence[TurnSummary], to_you: Sequence[str]) -> list[str]:
    """What happened since a player's last turn (:func:`recap_sheet`), in words: each
    line, the lines of its block indented under it."""
    out = []
    for line in recap_sheet(recent, to_you):
        for index, text in enumerate(line_words(line)):
            out.append(("   " if index else "") + text)
    return out


def _columns(text: str) -> str:
    """A row of a table laid out with spaces, its cells parted by commas (a screen reader
    reads a run of spaces as nothing)."""
    return re.sub(r"\s{2,}", ", ", text.strip())


def standings_words(state: GameState) -> list[str]:
    """The standings (as ``orbis`` prints them), a row to a line, cell by cell."""
    from ..standings import standings_text

    return [plain(_columns(text)) for text in standings_text(state).splitlines()]
