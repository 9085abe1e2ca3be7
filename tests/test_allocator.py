"""The process keeps the memory a picture's reading frees for the next reading."""

from __future__ import annotations

import json
import platform
import subprocess
import sys

import cv2
import pytest

from vision.synth import render_scene

# Reads photos from files in a fresh process, as `tiengow recognize` does, the freed memory
# kept, counting the pages faulted in after the first: new memory, zeroed by the kernel,
# where what the first reading freed could have served (without it: 6335 a reading). (Not
# renders made in the same process: a render's own large arrays raise glibc's thresholds
# as it frees them, and hide what a reading costs.)
_READ = """
import json, resource, sys
import cv2
from hub.allocator import keep_freed_memory
from vision import recognize
cv2.setNumThreads(1)
kept = keep_freed_memory()
paths = sys.argv[1:]
recognize(cv2.imread(paths[0]))
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for path in paths[1:]:
    recognize(cv2.imread(path))
faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
print(json.dumps({"kept": kept, "faults": faults / (len(paths) - 1)}))
"""

_GLIBC = platform.libc_ver()[0] == "glibc"


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Renders of plain tables, written out as photos (seeds the plain reading settles)."""
    folder = tmp_path_factory.mktemp("photos")
    paths = []
    for seed in (5017, 5051, 5057, 5047, 5019, 5044):
        path = folder / f"{seed}.png"
        assert cv2.imwrite(str(path), render_scene(seed)[0])
        paths.append(str(path))
    return paths


def _faults_per_reading(photos: list[str]) -> tuple[bool, float]:
    out = subprocess.run(
        [sys.executable, "-c", _READ, *photos], capture_output=True, text=True, check=True
    )
    found = json.loads(out.stdout.splitlines()[-1])
    return found["kept"], float(found["faults"])


@pytest.mark.skipif(not _GLIBC, reason="mallopt's thresholds are glibc's; elsewhere it is a no-op")
def test_a_reading_faults_in_no_new_memory_once_freed_memory_is_kept(photos: list[str]) -> None:
    kept, faults = _faults_per_reading(photos)
    assert kept is True
    # (a frame-sized float picture is 675 pages: unkept, a reading faults in thousands)
    assert faults < 100, f"{faults:.0f} pages faulted in a reading, with freed memory kept"
