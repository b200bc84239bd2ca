"""The stores the table tests run on: SQLite everywhere, PostgreSQL where CI started one."""

from __future__ import annotations

import os

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
