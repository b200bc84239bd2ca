"""The app's help screen: its guide to the rules, key by key and topic by topic.

English message ids, marked for the catalog and translated where they are shown, as in
:mod:`orbis_tui.tui.texts` (which says how).
"""

from __future__ import annotations

from ..i18n import N_

# ---------------------------------------------------------------- help
HELP_TITLE = N_("Help")
HELP_COLOR_KEY = N_("{color} (key {key})")  # a color and the key that chooses it
# ... in a language whose own color letters differ from the Latin keys: both keys work
HELP_COLOR_KEYS = N_("{color} (keys {own} and {key})")
HELP_CLOSE = N_("Escape or ? closes · arrows and PgUp/PgDn scroll")

# The player's guide: (heading, text, the rules it sums up).
HELP_GUIDE: tuple[tuple[str, str, str], ...] = (
    (
        N_("The goal"),
        N_(
            "Build a pyramid of 14 region tiles (5, 4, 3 and 2 in its rows) and end the game "
            "with the most creation points (CP). The game lasts 15 rounds: in each, every "
            "player takes one region tile, or one god. Everyone takes exactly one god."
        ),
        "R-TURN-1, R-END-5",
    ),
    (
        N_("A turn"),
        N_(
            "Take a tile from the 3×3 market. The tiles beside it (not diagonally) each get a "
            "worshiper of its color; you collect the worshipers lying on it; you pay its cost "
            "from your realm (or leave it unpaid, and it becomes a wilderness); you place it "
            "in your pyramid, and its effect applies. Then your realm keeps at most 10 "
            "worshipers and the empty cell is refilled. At any moment of your turn you may "
            "exchange 3 worshipers of one color for 1 of another (e)."
        ),
        "R-TAKE-1..7, R-TURN-2, R-TURN-3",
    ),
    (
        N_("The pyramid"),
        N_(
            "The bottom row grows from its left or right end, up to 5 tiles. A tile higher up "
            "rests on two tiles of the row below, and at least one of them must share its "
            "color. A wilderness matches every color and fits anywhere a tile could go, so a "
            "turn never gets stuck; it scores -1 CP at the end."
        ),
        "R-PLACE-1..6, R-END-2",
    ),
    (
        N_("Effects"),
        N_(
            "Proselytism gains worshipers; a sacred stone adds 1 CP; a farm gives the "
            "reduction token of the color printed on it (that color's symbols cost you "
            "nothing from then on); a village asks you to give back worshipers; a volcano "
            "removes worshipers from the market; an irrigation needs the color shown beneath "
            "it (never in the bottom row); a forest scores only with enough neighbors of the "
            "colors shown; a temple earns a temple token at the end. A village, volcano or "
            "irrigation that fails is canceled and scores nothing: the table warns you "
            "before you choose (lines marked !)."
        ),
        "R-EFF-*",
    ),
    (
        N_("Gods"),
        N_(
            "Taking a god is a whole turn. Each god scores its CP at the end when its "
            "condition is met; the ones in this game are listed below the market "
            "(⇧ + letter selects one and shows what it does)."
        ),
        "R-GOD-1, R-GOD-2",
    ),
    (
        N_("Scoring"),
        N_(
            "Each tile scores its printed CP unless it is a wilderness, canceled, or a forest "
            "not validated; add the temple tokens (more temple tiles choose first) and your "
            "god. 'CP now' counts as if the game ended now: v shows what it is made of."
        ),
        "R-END-1..5",
    ),
)
HELP_RULE_REFS = N_("rules {rules}")
HELP_CELL_TITLE = N_("A market cell")
HELP_CELL: tuple[tuple[str, str], ...] = (
    ("┌5───────────!┐", N_("its number; ! in the corner: taking it loses something")),
    (N_("│ R ★★    2cp │"), N_("color letter, level in stars, creation points")),
    (N_("│ volc 2B     │"), N_("its effect: this volcano removes 2B from the market")),
    (N_("│ RR?  1B+1W  │"), N_("cost (? = any color) · worshipers lying on it: 1B,")),
    ("└─────────────┘", N_("  and +1W: what taking the selected tile would add")),
)
HELP_CELL_CROWDED = N_(
    "● marks the worshipers lying on a tile. A crowded cell gives only their number, "
    "5●: select it (arrows) and the panel lists them by color (collect …)."
)
HELP_NOTATION = N_(
    "Worshipers are always written count then color: 2R 3W is two red and three white. "
    "White tiles also carry a mystic value, used only to break temple ties."
)
# the marks of the list of players beside the market (and of the players view, p)
HELP_PLAYER_MARKS = N_(
    "In the list of players, 3/14 counts the tiles placed, 5w the worshipers held; ⚙ marks "
    "a seat the computer plays, and × after a god's name a canceled god, which scores "
    "nothing."
)
HELP_GODS_TITLE = N_("The gods")
HELP_KEYS_TITLE = N_("Keys")
HELP_KEYS: tuple[tuple[str, str], ...] = (
    (
        N_("arrows / h j k l"),
        N_("move the market cursor, or between pyramid spots (nearest that way)"),
    ),
    (
        "1 … 9",
        N_(
            "take the tile in that market cell at once (one that nothing pays, not even "
            "exchanges, warns first: press again to take it)"
        ),
    ),
    (N_("Enter"), N_("do what the panel proposes: take, pay, place, confirm; end the turn")),
    (N_("⇧ + letter"), N_("select a god (its letter is shown beside it); Enter takes it")),
    (N_("x"), N_("refuse: leave the tile unpaid (wilderness), cancel an effect or the god")),
    (N_("r b o g w"), N_("add a worshiper of that color to the choice being made")),
    (N_("⇧R ⇧B ⇧O ⇧G ⇧W"), N_("take one of that color out of the choice")),
    (N_("e"), N_("exchange 3 worshipers of one color for 1 of another, any time in your turn")),
    (N_("u"), N_("undo the last step of this turn, until the turn is ended")),
    (N_("f"), N_("while the computer plays: skip ahead to the next person's turn")),
    (N_("p"), N_("every player's pyramid and realm")),
    (N_("t"), N_("the history: every turn of the game, by player")),
    (N_("v"), N_("what your CP now is made of, and what is still projected")),
    (N_("c"), N_("the coach: what the decision asks and why an option is not open")),
    (N_("a"), N_("a hint: the three best options, chances of winning and margins; 1-3 plays one")),
    (N_("r"), N_("on the end screen: review the game move by move, mistakes and all")),
    (
        N_("← → PgUp PgDn"),
        N_("in the review: the move before or after, the turn before or after"),
    ),
    (
        N_("m / n"),
        N_("in the review: the biggest mistakes one by one / the next mistake in order"),
    ),
    (N_("PgUp / PgDn"), N_("scroll the game log (or the coach); the mouse wheel too")),
    (
        N_("+ / - or ] / ["),
        N_("the panel's next page / the page before (also the turn summary, the review)"),
    ),
    (
        N_(". / , or } / {"),
        N_("in the review: the list of mistakes' next page / the page before"),
    ),
    (N_("d"), N_("every turn played since your last one, whole")),
    (
        "/",
        N_(
            "at a table played apart: the table's messages; type one and Enter sends it "
            "(/mute NAME, /unmute NAME in it)"
        ),
    ),
    (
        N_("s"),
        N_(
            "settings: the look, confirming each turn, the recap of computer moves, the "
            "computers' pace, preparing the review while playing, the language"
        ),
    ),
    (N_("n / ctrl+n"), N_("set up a new game (the one in progress stays saved)")),
    (N_("F2"), N_("on the new-game screen: the walkthrough that teaches the rules by playing")),
    (N_("up / down"), N_("on the new-game screen: the same field of the row above or below")),
    (N_("Enter / Space"), N_("on the hand-over curtain: the next player is ready")),
    (N_("? / F1"), N_("this help")),
    (N_("ctrl+t"), N_("switch between the dark and the light look")),
    (N_("q"), N_("quit; the game is saved after every step and opens again where it stopped")),
    (
        N_("q in a browser"),
        N_(
            "asks first; q again or Enter on Quit ends the session, Restart opens it again. "
            "Use q: some browsers take ctrl+q for themselves (Firefox quits at once)"
        ),
    ),
    (
        N_("mouse"),
        N_("click a market cell, a god or a pyramid spot to select it; click again to act"),
    ),
)
HELP_COLORS_TITLE = N_("Colors")
HELP_COLORS = N_(
    "Each color always shows its letter: R red, B blue, O orange, G green, W white. "
    "'?' in a cost is a symbol any color can pay. Stars give a tile's level."
)
HELP_RULES_TITLE = N_("Rule references")

# One entry per rule id, written for this app.
RULES: tuple[tuple[str, str], ...] = (
    (
        "R-COMP-1",
        N_(
            "There are 65 region tiles over three levels (20, 20 and 25). A tile has a color, "
            "a level in stars, a cost, maybe an effect and creation points (CP). White tiles "
            "also have a mystic number, used only to break temple ties."
        ),
    ),
    (
        "R-COMP-2",
        N_(
            "Two marked sets of 14 tiles (white star, purple star) are added for 3 or 4 players; "
            "the 37 unmarked tiles are always in play."
        ),
    ),
    (
        "R-COMP-3",
        N_(
            "Beside the regions: 10 gods, 5 temple tokens (2, 4, 7, 9, 11 CP), one reduction "
            "token per color, and cancellation markers."
        ),
    ),
    ("R-COMP-4", N_("Worshipers come in the five colors and never run out.")),
    ("R-COMP-5", N_("Turned over, every region tile is a wilderness.")),
    (
        "R-SETUP-1",
        N_("Each level is shuffled into its own pile; nine level-1 tiles form the 3×3 market."),
    ),
    (
        "R-SETUP-2",
        N_(
            "Some gods are drawn for the game (3, 4 or 5 for 2, 3 or 4 players); the rest "
            "are not used."
        ),
    ),
    (
        "R-SETUP-3",
        N_(
            "Everyone starts with no tiles and no worshipers. The table picks who starts (or "
            "lets the app draw); turns then go round in seat order."
        ),
    ),
    (
        "R-SETUP-4",
        N_("The piles run out exactly with the last turn, and the market always shows nine tiles."),
    ),
    (
        "R-TURN-1",
        N_(
            "15 rounds. On a turn you take one market tile or one god. Everyone takes exactly "
            "one god per game; whoever reaches the last turn without one must take one then."
        ),
    ),
    (
        "R-TURN-2",
        N_(
            "During your own turn, as often as you like, you may give back 3 worshipers of one "
            "color to get 1 worshiper of another (key e)."
        ),
    ),
    (
        "R-TURN-3",
        N_(
            "When a turn ends the realm may hold at most 10 worshipers; you pick which extra "
            "ones go back."
        ),
    ),
    (
        "R-TAKE-1",
        N_(
            "Generate: each market tile beside the chosen one (not diagonally) gets one "
            "worshiper of the chosen tile's color."
        ),
    ),
    ("R-TAKE-2", N_("Collect: the worshipers lying on the chosen tile join your realm.")),
    (
        "R-TAKE-3",
        N_(
            "Pay the cost from your realm, freshly collected worshipers included; '?' takes "
            "any color you like. A farm waives the symbols of the color printed on it, never '?'. "
            "Unpaid, the tile becomes a wilderness."
        ),
    ),
    (
        "R-TAKE-4",
        N_(
            "Place the tile in your pyramid. If it fits nowhere as itself, or you prefer, it "
            "goes in as a wilderness and any payment is lost."
        ),
    ),
    ("R-TAKE-5", N_("A placed tile that is not a wilderness applies its effect right away.")),
    ("R-TAKE-6", N_("Then the realm limit of 10 applies.")),
    (
        "R-TAKE-7",
        N_(
            "The empty market cell is refilled from the level-1 pile, then level 2, then "
            "level 3; the new tile arrives bare. Undo stops here."
        ),
    ),
    (
        "R-PLACE-1",
        N_(
            "The bottom row holds up to 5 tiles in an unbroken line. The first tile goes "
            "anywhere; each later one extends the line at its left or right end."
        ),
    ),
    (
        "R-PLACE-2",
        N_(
            "Rows 2, 3 and 4 hold 4, 3 and 2 tiles. A tile above the bottom row sits on two "
            "side-by-side tiles of the row below."
        ),
    ),
    (
        "R-PLACE-3",
        N_(
            "Above the bottom row, at least one of the two tiles underneath must share the "
            "new tile's color. A wilderness matches every color, above and below."
        ),
    ),
    (
        "R-PLACE-4",
        N_("You may start an upper row before a lower one is full, and upper rows may have gaps."),
    ),
    ("R-PLACE-5", N_("A wilderness always has somewhere to go, so a turn never gets stuck.")),
    (
        "R-PLACE-6",
        N_(
            "Neighbors share an edge: left and right in the row, the two below and the two "
            "above. Up to six."
        ),
    ),
    (
        "R-EFF-FARM",
        N_(
            "Farm (orange): take the reduction token of the color shown; from then on that "
            "color's symbols in costs are free for you."
        ),
    ),
    (
        "R-EFF-VILLAGE",
        N_(
            "Village (orange): give back the number of worshipers shown, colors of your "
            "choice, or the village is canceled."
        ),
    ),
    (
        "R-EFF-FOREST",
        N_(
            "Forest (green): at the end it scores only if enough of its neighbors show one of "
            "the colors named on it (a wilderness counts)."
        ),
    ),
    (
        "R-EFF-VOLCANO",
        N_(
            "Volcano (red): remove the worshipers shown from the other market tiles, choosing "
            "where from. All of them or none; none means the volcano is canceled."
        ),
    ),
    (
        "R-EFF-IRRIGATION",
        N_(
            "Irrigation (blue): one of the two tiles underneath must have the color shown "
            "(a wilderness counts); otherwise, and always in the bottom row, it is canceled."
        ),
    ),
    ("R-EFF-TEMPLE", N_("Temple (white): earns a temple token at the end.")),
    (
        "R-EFF-GAIN",
        N_("Proselytism: gain 1 or 2 worshipers of the color shown, or 1 of any color you pick."),
    ),
    ("R-EFF-STONE", N_("Sacred stone: 1 extra CP at the end.")),
    (
        "R-GOD-1",
        N_(
            "Gods that reward the most of something compare all players and share ties; you "
            "need at least one. Fewest wilderness tiles counts zero as fewest."
        ),
    ),
    (
        "R-GOD-2",
        N_(
            "A god turn follows the usual end-of-turn rules: exchanges are allowed and the "
            "realm limit applies (the Goddess of Love can push you over it)."
        ),
    ),
    (
        "R-END-1",
        N_(
            "Each tile scores its printed CP unless it is a wilderness, canceled, or a forest "
            "that is not validated."
        ),
    ),
    ("R-END-2", N_("Each wilderness costs 1 CP, or nothing with the Goddess of Idleness.")),
    (
        "R-END-3",
        N_(
            "Temple tokens: players with more temple tiles choose first (ties go to the higher "
            "mystic number) and each takes the best token left. No temple, no token."
        ),
    ),
    ("R-END-4", N_("Add your god's CP, when its condition is met.")),
    (
        "R-END-5",
        N_(
            "Most CP wins; a tie goes to whoever has more worshipers left; still tied, the "
            "victory is shared."
        ),
    ),
)

# The gods' own keys and short names for narrow screens.
GOD_SHORT = {
    "love": N_("Love"),
    "apprentice": N_("Appr."),
    "oceans": N_("Oceans"),
    "idleness": N_("Idle"),
    "fire": N_("Fire"),
    "technology": N_("Tech"),
    "nature": N_("Nature"),
    "equilibrium": N_("Equil."),
    "harvests": N_("Harvest"),
    "death": N_("Death"),
}
