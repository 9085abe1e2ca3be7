"""Fixtures of the vision tests: the real photographs in ../shared/photos, when present."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

PHOTOS = Path(__file__).resolve().parents[2].parent / "shared" / "photos"


@pytest.fixture(scope="session")
def photo_labels() -> dict[str, Any]:
    """labels.json of the real photographs; skips when ../shared/photos is absent."""
    labels = PHOTOS / "labels.json"
    if not labels.is_file():
        pytest.skip(f"real photographs not found at {PHOTOS} (they are never copied into the repo)")
    images: dict[str, Any] = json.loads(labels.read_text())["images"]
    return images
