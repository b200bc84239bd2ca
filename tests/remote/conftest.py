"""The stores the table tests run on: SQLite everywhere, PostgreSQL where CI started one."""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import AsyncIterator

import pytest

POSTGRES_URL = os.environ.get("ORBIS_TEST_POSTGRES")
NO_POSTGRES = (
    "no PostgreSQL server: set ORBIS_TEST_POSTGRES to a postgresql:// URL "
    "(.ci/run starts a throwaway cluster with tools/throwaway_postgres.sh)"
)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_kind(request: pytest.FixtureRequest) -> str:
    if request.param == "postgresql":
        if POSTGRES_URL is None:
            pytest.skip(NO_POSTGRES)
        try:
            import psycopg  # noqa: F401
        except ImportError:
            pytest.skip("the psycopg package is not installed")
    return str(request.param)


@contextlib.asynccontextmanager
async def own_schema() -> AsyncIterator[str]:
    """A URL of ``ORBIS_TEST_POSTGRES`` whose tables are a schema of their own (made
    here, dropped at the end): the servers a test starts there load no table of the
    tests beside it (every server loads every live table of its store, and would play
    their computer seats)."""
    import psycopg

    assert POSTGRES_URL is not None
    schema = f"orbis_test_{secrets.token_hex(6)}"
    async with await psycopg.AsyncConnection.connect(POSTGRES_URL, autocommit=True) as pg:
        await pg.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{POSTGRES_URL}?options=-csearch_path%3D{schema}"
    finally:
        async with await psycopg.AsyncConnection.connect(POSTGRES_URL, autocommit=True) as pg:
            await pg.execute(f"DROP SCHEMA {schema} CASCADE")
