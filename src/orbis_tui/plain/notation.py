"""The game's notation (docs/notation.md) in the language in use, for the plain seats:
the entry that plays a move, as the seat tells the player to write it ("nimm 3",
"взять 3"), and an entry typed in the language read back into the engine's own
("take 3"). Both ways read one table of words, :data:`.texts.MOVE_WORDS` (the verbs)
and :data:`.texts.GOD_WORDS` (the gods), translated in the catalogs like the commands;
the English words are understood in every language, and the color letters are the
language's own (``i18n.color_letters``). Records, the server and the engine keep the
English entries."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .. import i18n
from ..engine import (
    Action,
    ChooseGain,
    ChooseWorshipers,
    Color,
    Decline,
    Discard,
    Erupt,
    Exchange,
    GodId,
    GoWild,
    Pay,
    Place,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
    format_action,
    parse_action,
    parse_letters,
)
from . import texts


def folded(word: str) -> str:
    """``word`` in lower case, with Russian ё as е: most Russian typists write е for
    both, and a keyboard may have no ё at all (German ß folds to ss)."""
    return word.casefold().replace("ё", "е")


def move_word(verb: str) -> str:
    """The word of the notation's ``verb`` (its English word: ``"take"``) in the
    language in use."""
    return i18n.pgettext("notation", texts.MOVE_WORDS[verb])


def god_word(god: str) -> str:
    """The word that names ``god`` (its id: ``"fire"``) after the verb ``god``, in the
    language in use."""
    return i18n.pgettext("notation god", texts.GOD_WORDS[god])


def _english(word: str, table: Iterable[str], say: Callable[[str], str]) -> str | None:
    """The English word of ``table`` that ``word`` is, in English or in the language in
    use (``say`` gives the latter); None when it is none of them."""
    wanted = folded(word)
    names = list(table)
    if wanted in names:
        return wanted
    for name in names:
        if wanted == folded(say(name)):
            return name
    return None


def verb_of(word: str) -> str | None:
    """The notation's verb (English) that ``word`` writes, in English or in the language
    in use; None when it writes none."""
    return _english(word, texts.MOVE_WORDS, move_word)


def entry_words(action: Action) -> str:
    """The entry that plays ``action``, as the player writes it in the language in use:
    ``nimm 3``, ``взять 3``, ``gott feuer``, ``zahle GW``, ``положить 1,0 пустошь``."""
    verb, *args = format_action(action).split()
    if verb == "god":
        args = [god_word(args[0])]
    elif verb == "place":
        args = [args[0], *(move_word("wild") for _wild in args[1:])]
    else:
        args = [i18n.shown_letters(arg) for arg in args]
    return " ".join([move_word(verb), *args])


def entries_words(actions: Sequence[Action]) -> str:
    """The entries of several actions (an exchange, then the answer), in one line."""
    return "; ".join(entry_words(action) for action in actions)


def said_entry(entry: str) -> str:
    """An entry of the engine's notation (a record's, an undo's) as the player writes it
    in the language in use."""
    return entry_words(parse_action(entry))


def english_entry(entry: str) -> str:
    """An entry typed in the language in use (or in English) in the engine's notation:
    its verb, the god it names and a spot's wild in English, its color letters R B O G W.
    What it cannot read is left as it is, for the engine to say what is wrong."""
    words = entry.split()
    if not words:
        return entry
    verb = verb_of(words[0]) or words[0]
    args = words[1:]
    if verb == "god":
        return " ".join([verb, *(_english(a, texts.GOD_WORDS, god_word) or a for a in args)])
    if verb == "place" and len(args) == 2 and verb_of(args[1]) == "wild":
        args[1] = "wild"
    shown = i18n.color_letters()
    if shown != i18n.LATIN_LETTERS:
        table = str.maketrans(shown + shown.lower(), i18n.LATIN_LETTERS * 2)
        args = [arg.translate(table) for arg in args]
    return " ".join([verb, *args])


# An example of each verb's entries, for the help and for an entry written wrong: the
# verbs in the help's order.
EXAMPLES: dict[str, tuple[Action, ...]] = {
    "take": (TakeTile(2),),
    "god": tuple(TakeGod(god) for god in GodId),
    "pay": (Pay(parse_letters("")), Pay(parse_letters("GW"))),
    "wild": (GoWild(),),
    "place": (Place(1, 0, False), Place(1, 0, True)),
    "gain": (ChooseGain(Color.RED),),
    "return": (ReturnWorshipers(parse_letters("RRB")),),
    "erupt": (Erupt(((3, parse_letters("R")),)),),
    "decline": (Decline(),),
    "love": (ChooseWorshipers(parse_letters("RRBGW")),),
    "discard": (Discard(parse_letters("RB")),),
    "exchange": (Exchange(Color.RED, Color.BLUE),),
}


def examples(verb: str | None = None, gods: Iterable[GodId] = ()) -> str:
    """How ``verb``'s entries are written (for ``god``, each of ``gods``: the game's,
    or every god when none is given), or an entry of each verb (``None``; two of pay
    and place), in the language in use."""
    if verb is not None:
        written = EXAMPLES[verb]
        if verb == "god" and (only := set(gods)):
            written = tuple(a for a in written if isinstance(a, TakeGod) and a.god in only)
        return ", ".join(entry_words(action) for action in written)
    shown = [a for v, acts in EXAMPLES.items() for a in (acts[:1] if v == "god" else acts)]
    return ", ".join(entry_words(action) for action in shown)


def example_move() -> str:
    """One move, as the plain seats' welcome gives it: ``take 3`` in the language."""
    return entry_words(EXAMPLES["take"][0])
