"""The stores the table tests run on: SQLite everywhere, PostgreSQL where CI started one."""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import AsyncIterator, Iterator
from urllib.parse import urlencode, urlsplit

import pytest

POSTGRES_SERVER = os.environ.get("ORBIS_TEST_POSTGRES")  # the cluster, as given


def schema_url(server: str, schema: str) -> str:
    """``server``'s URL with ``schema`` as the place of every table it makes and reads."""
    parts = urlsplit(server)
    option = urlencode({"options": f"-csearch_path={schema}"})
    return parts._replace(query=f"{parts.query}&{option}" if parts.query else option).geturl()


# Each test process keeps its tables in a schema of its own (made by ``worker_schema``
# below): a server that another test starts loads every live table of its store and
# plays their computer seats, and must not reach the tables of a test running beside it.
WORKER_SCHEMA = f"orbis_test_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}_{secrets.token_hex(4)}"
POSTGRES_URL = None if POSTGRES_SERVER is None else schema_url(POSTGRES_SERVER, WORKER_SCHEMA)
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


@pytest.fixture(scope="session", autouse=True)
def worker_schema() -> Iterator[None]:
    """The schema of this test process's tables, made at its first test here and dropped
    with everything in it at the end."""
    if POSTGRES_SERVER is None:
        yield
        return
    import psycopg

    with psycopg.connect(POSTGRES_SERVER, autocommit=True) as pg:
        pg.execute(f"CREATE SCHEMA {WORKER_SCHEMA}")
    try:
        yield
    finally:
        with psycopg.connect(POSTGRES_SERVER, autocommit=True) as pg:
            pg.execute(f"DROP SCHEMA {WORKER_SCHEMA} CASCADE")


@contextlib.asynccontextmanager
async def own_schema() -> AsyncIterator[str]:
    """A URL of ``ORBIS_TEST_POSTGRES`` whose tables are a schema of their own (made
    here, dropped at the end): the servers a test starts there load no table of the
    tests beside it (every server loads every live table of its store, and would play
    their computer seats)."""
    import psycopg

    assert POSTGRES_SERVER is not None
    schema = f"orbis_test_{secrets.token_hex(6)}"
    async with await psycopg.AsyncConnection.connect(POSTGRES_SERVER, autocommit=True) as pg:
        await pg.execute(f"CREATE SCHEMA {schema}")
    try:
        yield schema_url(POSTGRES_SERVER, schema)
    finally:
        async with await psycopg.AsyncConnection.connect(POSTGRES_SERVER, autocommit=True) as pg:
            await pg.execute(f"DROP SCHEMA {schema} CASCADE")
