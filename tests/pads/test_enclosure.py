"""The pad enclosure renders headless with OpenSCAD into a sane STL."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

SCAD = Path(__file__).resolve().parents[2] / "hardware" / "pad" / "enclosure.scad"


def test_enclosure_renders_to_stl(tmp_path: Path) -> None:
    openscad = shutil.which("openscad")
    if openscad is None:
        pytest.fail("openscad is not installed: `make setup` installs it (apt openscad)")
    out = tmp_path / "pad.stl"
    run = subprocess.run(
        [openscad, "--hardwarnings", "-o", str(out), str(SCAD)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    vertices = [
        tuple(float(x) for x in line.split()[1:])
        for line in out.read_text().splitlines()
        if line.strip().startswith("vertex")
    ]
    assert len(vertices) > 1000
    xs, ys, zs = zip(*vertices, strict=True)
    assert (min(xs), max(xs)) == (0.0, 140.0)  # the footprint from the .scad
    base = [z for y, z in zip(ys, zs, strict=True) if y <= 80]
    assert 25 < max(base) < 30  # the sloped back wall, lid seat removed
