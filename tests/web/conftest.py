"""The scoreboard's tests' table: a service on a fresh ledger and an app client for it."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from hub.adapters.ledger import Ledger
from hub.table.service import TableService
from hub.web.app import create_app


@pytest.fixture
def service(tmp_path: Path) -> TableService:
    return TableService(Ledger(tmp_path / "t.db"), "t1")


@pytest.fixture
def client(service: TableService) -> TestClient:
    return TestClient(create_app(service, "tok"))
