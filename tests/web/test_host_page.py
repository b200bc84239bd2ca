"""The host's page, ``/host``, in Chromium: with the host's key it lists the tables
(no seat's link) and gives a seat a new link after asking; without it, it says why."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from browser_page import CHROMIUM, CHROMIUM_ARGS
from test_browser import WAIT_MS, sync_api
from test_browser_seats import host  # noqa: F401  (the fixture: a table server)

from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import parse_link

pytestmark = pytest.mark.slow  # a table server and a browser: run by --all


def test_the_host_page_lists_the_tables_and_reissues_a_link_with_the_key(
    host: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    answer = asyncio.run(create_table_request(host, 2, {}))
    old = parse_link(answer["seats"][1]["link"])
    key = (tmp_path / "data" / "host-key").read_text().strip()
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.set_default_timeout(WAIT_MS)
            page.goto(f"{host}/host")
            page.get_by_label("The host's key:").fill("D" * 43)
            page.get_by_role("button", name="Show the tables").click()
            sync_api.expect(page.get_by_role("status")).to_contain_text("host's key")
            page.get_by_label("The host's key:").fill(key)
            page.get_by_role("button", name="Show the tables").click()
            listed = page.get_by_role("table")
            sync_api.expect(listed).to_contain_text(answer["table"])
            assert old.token not in page.content()  # no seat's secret on the page
            page.on("dialog", lambda dialog: dialog.accept())
            name = answer["seats"][1]["name"]
            page.get_by_role("button", name=f"New link for {name}").click()
            sync_api.expect(page.get_by_role("status")).to_contain_text("has a new link")
            shown = parse_link(page.locator("code").inner_text())
            assert shown.table == old.table and shown.token != old.token
        finally:
            browser.close()
