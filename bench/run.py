"""`make bench`: runs every benchmark in this folder (bench/*.py but this one)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
sys.path.insert(0, str(here.parent))
for script in sorted(here.glob("*.py")):
    if script.name != "run.py":
        print(f"== {script.name}", flush=True)
        runpy.run_path(str(script), run_name="__main__")
