"""Tuning numbers of every stage, read from the TOML files in this folder.

Each stage receives only its own subtree (``load_config("recognize")["read"]``).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import RecognitionError

CONFIG_DIR = Path(__file__).resolve().parent

Config = dict[str, Any]


@cache
def _load(path: Path) -> Config:
    with path.open("rb") as f:
        return tomllib.load(f)


def config_path(name: str, path: Path | None = None) -> Path:
    """The file `load_config` reads for ``name`` (or ``path``)."""
    return path if path is not None else CONFIG_DIR / f"{name}.toml"


def load_config(name: str, path: Path | None = None) -> Config:
    """The named config (``recognize``, ``mat``, ``stabilise``, ``synth``) or a given file."""
    file = config_path(name, path)
    if not file.is_file():
        known = sorted(p.stem for p in CONFIG_DIR.glob("*.toml"))
        raise RecognitionError("no such vision config", str(file), f"one of {known}")
    try:
        return _load(file)
    except tomllib.TOMLDecodeError as e:  # (a file edited by hand: say where, not a traceback)
        raise RecognitionError(f"broken vision config ({e})", str(file), "a TOML file") from e
    except (OSError, UnicodeDecodeError) as e:
        raise RecognitionError(f"unreadable vision config ({e})", str(file), "a TOML file") from e
