"""The composition root: builds the real adapters for `tiengow hub` and wires them together.

Tests wire the same pieces (service, app) with a temporary ledger instead.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass

from starlette.applications import Starlette

from hub.adapters.ledger import Ledger
from hub.config import HubConfig
from hub.table.service import TableService
from hub.web.app import create_app

log = logging.getLogger("tiengow.hub")


@dataclass
class Hub:
    config: HubConfig
    ledger: Ledger
    service: TableService
    app: Starlette
    admin_token: str

    def close(self) -> None:
        self.ledger.close()


def build(config: HubConfig) -> Hub:
    ledger = Ledger(config.db)
    service = TableService(ledger, config.table)
    token = config.admin_token or secrets.token_urlsafe(12)
    app = create_app(service, token)
    return Hub(config, ledger, service, app, token)
