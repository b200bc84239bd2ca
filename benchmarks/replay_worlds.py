"""What a review's rules of worlds would have found and cost, played back from the
worlds recorded by ``profile_review.py --worlds-file``.

    .venv/bin/python benchmarks/profile_review.py --no-profile --worlds-file worlds.json
    .venv/bin/python benchmarks/replay_worlds.py worlds.json [--most 320 240 160 40]
        [--error 0.75 1.0]

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
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from orbis_tui.analysis import review
from orbis_tui.analysis.paired import standard_error


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def judged_again(
    note: dict[str, Any], most: int, error: float
) -> tuple[str, int, int, float, float] | None:
    """The verdict, first and fresh worlds, loss and error of a recorded decision under
    these rules; None when they need worlds beyond the recording."""
    first: list[float] = note["first_differences"]
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
    fresh: list[float] = note["fresh_differences"]
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
    parser.add_argument("worlds", type=Path, help="written by profile_review.py --worlds-file")
    most_now = review.MANY_WORLDS_FACTOR * review.MAX_WORLDS
    parser.add_argument("--most", type=int, nargs="+", default=[most_now, 240, 160, 40])
    parser.add_argument("--error", type=float, nargs="+", default=[review.CONFIRMED_ERROR, 1.0])
    args = parser.parse_args()
    for most in args.most:
        if most < review.MAX_WORLDS or most % review.MAX_WORLDS:
            parser.error(f"--most {most}: a multiple of {review.MAX_WORLDS} is needed")
    notes: list[dict[str, Any]] = json.loads(args.worlds.read_text())
    recorded = sum(note["seconds"] for note in notes)
    print(f"{len(notes)} decisions recorded, {recorded:.1f} s of CPU")
    for most in args.most:
        for error in args.error:
            seconds, found, lost, beyond = 0.0, [], [], 0
            for note in notes:
                if not note["first"]:  # the search's best was the move played
                    seconds += note["seconds"]
                    continue
                again = judged_again(note, most, error)
                if again is None:
                    beyond += 1
                    seconds += note["seconds"]
                    continue
                verdict, first, fresh, loss, stderr = again
                search = note["seconds"] - note["first_seconds"] - note["fresh_seconds"]
                per_first = note["first_seconds"] / note["first"]
                per_fresh = note["fresh_seconds"] / note["fresh"] if note["fresh"] else per_first
                seconds += search + first * per_first + fresh * per_fresh
                if verdict == review.MISTAKE:
                    found.append(note["index"])
                elif note["verdict"] == review.MISTAKE:
                    lost.append(f"#{note['index']} ({verdict}: {loss:.2f} ± {stderr:.2f})")
            print(
                f"most {most} worlds, fresh worlds for an error of {error} CP: {seconds:.1f} s "
                f"of CPU, {len(found)} mistakes; lost: {', '.join(lost) or 'none'}"
                + (f"; {beyond} decisions need worlds beyond the recording" if beyond else "")
            )


if __name__ == "__main__":
    main()
