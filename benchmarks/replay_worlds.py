"""What a review's rules of worlds would have found and cost, played back from the
worlds recorded by ``profile_review.py --worlds-file``.

    .venv/bin/python benchmarks/profile_review.py --no-profile --worlds-file worlds.json
    .venv/bin/python benchmarks/replay_worlds.py worlds.json [more.json ...]
        [--most 320 240 160 40] [--error 0.75 1.0] [--sigma 0 2 5] [--shape sqrt|flat]

(Several files, e.g. those of ``profile_review.py --part 1/2`` and ``--part 2/2``, are
read as one review.)

For each most worlds a decision gets (``--most``, a multiple of ``MAX_WORLDS``; the
review's is ``MANY_WORLDS_FACTOR * MAX_WORLDS``) and each standard error the fresh worlds of a
mistake aim at (``--error``; the review's is ``CONFIRMED_ERROR``), every decision that
was played to the end is judged again by the review's own rules (``is_fine``,
``is_mistake``, ``worlds_worth_adding``, ``fresh_worlds``) on the paired differences
recorded, and the script prints the CPU seconds its worlds would cost (each decision's
seconds per world as measured, the search's seconds as they were), the mistakes found
and the mistakes of the recording that would be lost.

Exact where a decision's first worlds end where they did: the worlds are the same, and
fewer fresh worlds are the first ones of those recorded. A rule that needs worlds beyond
those recorded is counted apart ("beyond the recording"); where the first worlds end
earlier than recorded, the fresh worlds read are the recorded ones, not those the review
would draw (the same in distribution, not the same worlds).

With ``--sigma``, each finished future's victory is valued as ``win_chance(margin, s)``
(a smoothed chance) instead of the exact share of victory the review counts, ``s``
being ``sigma`` scaled by the square root of the share of the game still to play after
the decision's turn (``--shape sqrt``) or ``sigma`` itself while any turn is (``flat``);
``s`` is 0 at the last turn, where the tie-break decides. Each line then adds the
spread of the paired differences per world and the mistakes lost or added against the
same rules with the victory valued exactly (sigma 0).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

from orbis_tui.analysis import review
from orbis_tui.analysis.paired import standard_error
from orbis_tui.bots.victory import WIN_VALUE, win_chance


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def judged_again(
    note: dict[str, Any], most: int, error: float, sigma: float = 0.0, shape: str = "sqrt"
) -> tuple[str, int, int, float, float] | None:
    """The verdict, first and fresh worlds, loss and error of a recorded decision under
    these rules (its futures' victory valued with ``sigma``: :func:`differences`); None
    when they need worlds beyond the recording."""
    first = differences(note, "first", sigma, shape)
    count = review.FIRST_WORLDS
    while count < most:
        if count > len(first):
            return None
        difference, stderr = _mean(first[:count]), standard_error(first[:count])
        if review.is_fine(difference, stderr) or review.is_mistake(max(0.0, difference), stderr):
            break
        if count >= review.MAX_WORLDS and not review.worlds_worth_adding(
            difference, stderr, count, most
        ):
            break
        count += review.MORE_WORLDS
    if count > len(first):
        return None
    difference, stderr = _mean(first[:count]), standard_error(first[:count])
    if not review.is_mistake(max(0.0, difference), stderr):
        verdict = review.FINE if review.is_fine(difference, stderr) else review.UNCLEAR
        return verdict, count, 0, max(0.0, difference), stderr
    fresh_count = _fresh_worlds(count, difference, stderr, most, error)
    fresh = differences(note, "fresh", sigma, shape)
    if fresh_count > len(fresh):
        return None
    difference, stderr = _mean(fresh[:fresh_count]), standard_error(fresh[:fresh_count])
    loss = max(0.0, difference)
    if review.is_mistake(loss, stderr):
        verdict = review.MISTAKE
    elif review.is_fine(difference, stderr):
        verdict = review.FINE
    else:
        verdict = review.UNCLEAR
    return verdict, count, fresh_count, loss, stderr


def decision_sigma(note: dict[str, Any], sigma: float, shape: str) -> float:
    """The spread (CP) that smooths the victory of a decision's finished futures:
    ``sigma`` times the square root of the share of the game still to play after the
    decision's turn (``sqrt``, as :func:`orbis_tui.bots.victory.spread` shrinks), or
    ``sigma`` itself while any turn is left (``flat``); 0 when none is (at the last
    turn the tie-break decides, exactly)."""
    after, total = note["turns_after"], note["total_turns"]
    if after <= 0 or sigma <= 0:
        return 0.0
    return sigma * math.sqrt(after / total) if shape == "sqrt" else sigma


def differences(note: dict[str, Any], part: str, sigma: float, shape: str) -> list[float]:
    """Best minus played, world by world, on a decision's ``part`` ("first" or "fresh")
    worlds, each future's victory valued as ``win_chance(margin, s)`` with ``s`` of
    :func:`decision_sigma`; with ``s`` 0 as recorded: the exact share, the tie-break
    included."""
    s = decision_sigma(note, sigma, shape)
    if s <= 0:
        return list(note[f"{part}_differences"])
    played, best = note[f"{part}_played"], note[f"{part}_best"]

    def value(margin: float) -> float:
        return margin + WIN_VALUE * win_chance(margin, s)

    return [value(b) - value(p) for b, p in zip(best["margins"], played["margins"], strict=True)]


def _fresh_worlds(first: int, difference: float, stderr: float, most: int, error: float) -> int:
    """:func:`review.fresh_worlds` with these most worlds and aim."""
    saved = review.MANY_WORLDS_FACTOR, review.CONFIRMED_ERROR
    review.MANY_WORLDS_FACTOR = most // review.MAX_WORLDS
    review.CONFIRMED_ERROR = error
    try:
        return int(review.fresh_worlds(first, difference, stderr))
    finally:
        review.MANY_WORLDS_FACTOR, review.CONFIRMED_ERROR = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "worlds", type=Path, nargs="+", help="written by profile_review.py --worlds-file"
    )
    most_now = review.MANY_WORLDS_FACTOR * review.MAX_WORLDS
    parser.add_argument("--most", type=int, nargs="+", default=[most_now, 240, 160, 40])
    parser.add_argument("--error", type=float, nargs="+", default=[review.CONFIRMED_ERROR, 1.0])
    parser.add_argument(
        "--sigma",
        type=float,
        nargs="+",
        default=[0.0],
        help="CP: value a finished future's victory as win_chance(margin, sigma), 0: exactly",
    )
    parser.add_argument(
        "--shape",
        choices=("sqrt", "flat"),
        default="sqrt",
        help="sigma times the square root of the share of the game left after the "
        "decision's turn (sqrt), or sigma while any turn is left (flat)",
    )
    args = parser.parse_args()
    for most in args.most:
        if most < review.MAX_WORLDS or most % review.MAX_WORLDS:
            parser.error(f"--most {most}: a multiple of {review.MAX_WORLDS} is needed")
    notes: list[dict[str, Any]] = [n for path in args.worlds for n in json.loads(path.read_text())]
    notes.sort(key=lambda n: n["index"])
    recorded = sum(note["seconds"] for note in notes)
    print(f"{len(notes)} decisions recorded, {recorded:.1f} s of CPU")
    smoothing = any(sigma > 0 for sigma in args.sigma)
    if smoothing and any(n["first"] and "first_played" not in n for n in notes):
        parser.error("--sigma needs each world's margins: record them again with profile_review")
    for most in args.most:
        for error in args.error:
            exact = _replayed(notes, most, error, 0.0, args.shape)
            for sigma in args.sigma:
                replayed = exact if sigma <= 0 else _replayed(notes, most, error, sigma, args.shape)
                _print(replayed, exact, most, error, sigma, args.shape, smoothing)


def _replayed(
    notes: list[dict[str, Any]], most: int, error: float, sigma: float, shape: str
) -> dict[str, Any]:
    """The CPU seconds, the verdicts and the spread per world of every decision."""
    seconds, beyond, spreads, lost = 0.0, 0, [], []
    verdicts: dict[int, tuple[str, float, float]] = {}
    for note in notes:
        if not note["first"]:  # the search's best was the move played
            seconds += note["seconds"]
            continue
        again = judged_again(note, most, error, sigma, shape)
        recorded = differences(note, "first", sigma, shape)
        recorded += differences(note, "fresh", sigma, shape) if note["fresh"] else []
        spreads.append(standard_error(recorded) * math.sqrt(len(recorded)))
        if again is None:
            beyond += 1
            seconds += note["seconds"]
            if note["verdict"] == review.MISTAKE:
                lost.append(f"#{note['index']} (beyond the recording)")
            continue
        verdict, first, fresh, loss, stderr = again
        search = note["seconds"] - note["first_seconds"] - note["fresh_seconds"]
        per_first = note["first_seconds"] / note["first"]
        per_fresh = note["fresh_seconds"] / note["fresh"] if note["fresh"] else per_first
        seconds += search + first * per_first + fresh * per_fresh
        verdicts[note["index"]] = (verdict, loss, stderr)
        if verdict != review.MISTAKE and note["verdict"] == review.MISTAKE:
            lost.append(f"#{note['index']} ({verdict}: {loss:.2f} ± {stderr:.2f})")
    return {
        "seconds": seconds,
        "beyond": beyond,
        "spreads": spreads,
        "verdicts": verdicts,
        "lost": lost,
    }


def _print(
    replayed: dict[str, Any],
    exact: dict[str, Any],
    most: int,
    error: float,
    sigma: float,
    shape: str,
    smoothing: bool,
) -> None:
    """One line: the CPU, the mistakes found and lost against the review recorded; with
    smoothing, the spread per world, and the mistakes lost and added against ``exact``
    (these rules with the victory valued exactly)."""
    verdicts = replayed["verdicts"]
    found = sorted(i for i, (verdict, _, _) in verdicts.items() if verdict == review.MISTAKE)
    line = (
        f"most {most} worlds, fresh worlds for an error of {error} CP: "
        f"{replayed['seconds']:.1f} s of CPU, {len(found)} mistakes; lost from the "
        f"recording: {', '.join(replayed['lost']) or 'none'}"
    )
    if smoothing:
        spreads = sorted(replayed["spreads"])
        line = (
            f"sigma {sigma:g} ({shape}): {line}; spread per world of the {len(spreads)} "
            f"decisions played to the end: median {spreads[len(spreads) // 2]:.1f}, "
            f"largest {spreads[-1]:.1f} CP"
        )
    if sigma > 0:
        was = {i for i, (verdict, _, _) in exact["verdicts"].items() if verdict == review.MISTAKE}
        lost = [
            f"#{i} ({verdicts[i][0]}: {verdicts[i][1]:.2f} ± {verdicts[i][2]:.2f})"
            if i in verdicts
            else f"#{i} (beyond the recording)"
            for i in sorted(was - set(found))
        ]
        added = [
            f"#{i} ({verdicts[i][1]:.2f} ± {verdicts[i][2]:.2f})" for i in found if i not in was
        ]
        line += (
            f"; against sigma 0: lost {', '.join(lost) or 'none'}, "
            f"added {', '.join(added) or 'none'}"
        )
    if replayed["beyond"]:
        line += f"; {replayed['beyond']} decisions need worlds beyond the recording"
    print(line)


if __name__ == "__main__":
    main()
