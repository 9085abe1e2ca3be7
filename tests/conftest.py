"""Shared test fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The project's shared contracts folder (../shared), skipping when absent."""
    if not SHARED.is_dir():
        pytest.skip(f"../shared is not beside this checkout (looked for {SHARED})")
    return SHARED
