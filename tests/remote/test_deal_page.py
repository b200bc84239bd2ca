"""The table server's page that deals a table: a template of the web package, in the
server's language, its texts and levels handed to the script as data (never markup)."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from orbis_tui import i18n
from orbis_tui.levels import HUMAN, LEVELS

from .server_helpers import running_server, url


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    try:
        yield
    finally:
        i18n.set_language("en")


def _page(tmp_path: Path) -> str:
    async def main() -> str:
        async with (
            running_server(tmp_path / "t.db") as server,
            aiohttp.ClientSession() as http,
            http.get(f"{url(server)}/") as answer,
        ):
            assert answer.status == 200
            assert answer.content_type == "text/html"
            return await answer.text()

    return asyncio.run(main())


def _data(page: str) -> dict[str, object]:
    found = re.search(r'<script id="orbis-deal" type="application/json">(.*?)</script>', page)
    assert found is not None
    data: dict[str, object] = json.loads(found.group(1))
    return data


def test_the_deal_page_offers_every_level_and_a_person(tmp_path: Path) -> None:
    page = _page(tmp_path)
    assert '<html lang="en">' in page and "<title>Orbis: a new table</title>" in page
    data = _data(page)
    assert data["person"] == HUMAN
    kinds = data["kinds"]
    assert isinstance(kinds, list)
    assert [value for value, _shown in kinds] == [HUMAN, *LEVELS]
    assert data["seat"] == "Seat {n}:" and data["player"] == "Player {n}"


@pytest.mark.usefixtures("german")
def test_the_deal_page_speaks_the_servers_language(tmp_path: Path) -> None:
    page = _page(tmp_path)
    assert '<html lang="de">' in page
    assert "<title>Orbis: ein neuer Tisch</title>" in page
    assert "Tisch austeilen" in page and "a new table" not in page
    data = _data(page)
    assert data["seat"] == "Platz {n}:" and data["watch"] == "zuschauen"
    assert dict(data["kinds"])["easy"] == "leicht"  # type: ignore[call-overload]
