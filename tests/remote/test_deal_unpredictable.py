"""The deal at a table played apart: nobody can choose it or predict it.

A client's ``seed`` is refused unless the host allows seeded tables (then the seats
are told); without one the piles come from 256 random bits of the operating system,
kept nowhere (the record keeps the deal itself). Rule R-SETUP-1: each level's pile is
shuffled apart.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from pathlib import Path
from typing import Any

import aiohttp

from orbis_tui.engine import deal
from orbis_tui.records import GameRecord
from orbis_tui.remote.seatbot import _watch_once
from orbis_tui.tiles import load_catalog

from .server_helpers import new_table, running_server, url

# Seeds a client might send: small, the old 31-bit range, huge, negative, not numbers.
CLIENT_SEEDS: list[Any] = [0, 1, 42, 2**31 - 1, 2**63 - 1, 10**38, -1, 1.5, "42", True]


async def _post(server_url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{server_url}/tables", json=body) as answer,
    ):
        return answer.status, await answer.json()


def test_a_client_cannot_choose_the_deal(tmp_path: Path) -> None:
    rng = random.Random(38)
    seeds = [*CLIENT_SEEDS, *(rng.getrandbits(rng.randrange(1, 200)) for _ in range(10))]

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            for seed in seeds:
                status, answer = await _post(url(server), {"players": 2, "seed": seed})
                assert status == 400, (seed, answer)
                assert "takes no 'seed'" in answer["error"]
            assert await server.store.live_tables() == []

    asyncio.run(main())


def test_every_deal_comes_from_256_fresh_random_bits_kept_nowhere(
    tmp_path: Path, monkeypatch: Any
) -> None:
    drawn: list[tuple[int, int]] = []
    real = secrets.randbits

    def spy(bits: int) -> int:
        value = real(bits)
        drawn.append((bits, value))
        return value

    monkeypatch.setattr(secrets, "randbits", spy)
    catalog = load_catalog()

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            for n in range(8):
                players = 2 + n % 3
                _links, watch, answer = await new_table(server, players)
                stored = await server.store.load(answer["table"])
                assert stored is not None
                setup = GameRecord.from_own_json(stored.setup).setup
                assert setup.seed is None  # no seed to find: the deal is written out
                bits, value = drawn[-1]
                assert bits >= 128
                dealt = deal(catalog, players, value)
                assert setup.deal is not None and setup.deal.piles == dealt.piles
                shown = await _watch_once(watch)
                assert "seed" not in shown["record"]["setup"]
                assert "seeded" not in shown
        values = [value for _bits, value in drawn]
        assert len(set(values)) == len(values) == 8
        assert all(value >= 2**64 for value in values)  # of 256 bits: never a small one

    asyncio.run(main())


def test_a_seeded_table_where_the_host_allows_it_is_bounded_and_said(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db", allow_seeded_tables=True) as server:
            status, answer = await _post(url(server), {"players": 2, "seed": 10**38})
            assert status == 400 and "from 0 to" in answer["error"]
            biggest = 2**63 - 1
            body = {"players": 2, "seed": biggest, "seats": {"2": "easy"}}
            status, answer = await _post(url(server), body)
            assert status == 200, answer
            room = server.rooms[answer["table"]]
            assert room.record.setup.seed == biggest
            expected = deal(load_catalog(), 2, biggest)
            assert room.record.setup.deal is not None
            assert room.record.setup.deal.piles == expected.piles
            shown = json.loads(room.table_message(0))
            assert shown["seeded"] is True and "seed" not in shown["record"]["setup"]
            room._bot(1, "easy")  # the computer seat's seed fits: it can play

    asyncio.run(main())
