"""The public examples (../shared/examples) and our golden transcripts (tests/golden)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hub.referee.transcript import RefereeError, referee_json

from .golden import mismatches

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
SHARED_EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples"


def _files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def check(example: dict[str, Any]) -> None:
    expect = example["expect"]
    if "error" in expect:
        with pytest.raises(RefereeError) as info:
            referee_json(example["transcript"])
        where = (info.value.hand, info.value.event)
        assert where == (expect["error"]["hand"], expect["error"]["event"]), info.value.message
        assert info.value.message  # a reason a player can read
        return
    result = referee_json(example["transcript"])
    assert mismatches(result, expect) == []
    assert sum(result["totals"].values()) == 0


@pytest.mark.parametrize("path", _files(GOLDEN), ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    check(json.loads(path.read_text(encoding="utf-8")))


def test_the_golden_folder_is_not_empty() -> None:
    assert len(_files(GOLDEN)) >= 40


@pytest.mark.skipif(
    not SHARED_EXAMPLES.is_dir(), reason=f"public examples not found at {SHARED_EXAMPLES}"
)
@pytest.mark.parametrize("name", [p.name for p in _files(SHARED_EXAMPLES)] or ["none"])
def test_public_example(name: str) -> None:
    check(json.loads((SHARED_EXAMPLES / name).read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("G31-culin1893", {"preset": "hk", "variant": "culin1893"}),  # §I #29
        ("G29-mainland-2p-8", {"preset": "mainland", "mainland_settlement": "base_table"}),  # #30
        ("G34-mainland-quan-ma", {"preset": "hk", "variant": "mainland"}),
    ],
)
def test_a_game_chosen_by_the_options_of_the_spec(name: str, rules: dict[str, Any]) -> None:
    """The same golden hands give the same result when the rules name the game by its options."""
    example = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    example["transcript"]["rules"] = rules
    check(example)
