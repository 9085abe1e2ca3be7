"""How the recogniser holds up beyond its own renderer: each row changes one range of
`vision/config/synth.toml` (smaller or larger tiles, tiles as small as a camera over a whole
table sees them, longer tiles, bigger, smaller or very small pips, blur and noise, gaps between tiles, a
camera further off overhead, dim light, strong glare, ivory tiles only, tiles dealt in pairs
laid together, a line between every tile's halves, playing cards and hands resting on the
table, and those on empty tables) and reads 30 scenes, as a renderer we never saw might
draw them.

Prints recall, wrong tiles, phantom tiles and backs counted (against those lying face down)
per row; writes results/vision_sweep.json.
Run: ``.venv/bin/python bench/recognition_sweep.py``.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import cv2

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from vision.config import load_config  # noqa: E402
from vision.locate import inside  # noqa: E402
from vision.recognizer import recognize  # noqa: E402
from vision.synth import render_scene  # noqa: E402

SEEDS = range(9000, 9030)
VARIANTS: dict[str, dict[tuple[str, str], Any]] = {
    "as rendered": {},
    "tiles 24-34 px wide": {("tile", "width_px"): [24, 34]},
    # (a camera over a whole table at 1280 x 720, without the mat's known size)
    "tiles 20-30 px wide": {("tile", "width_px"): [20, 30]},
    "tiles 60-90 px wide": {("tile", "width_px"): [60, 90]},
    "long tiles (2.3-2.5)": {("tile", "aspect"): [2.3, 2.5]},
    "big pips (0.28-0.36 W)": {("tile", "pip_diameter"): [0.28, 0.36]},
    "small pips (0.15-0.2 W)": {("tile", "pip_diameter"): [0.15, 0.2]},
    "very small pips (0.10-0.12 W)": {("tile", "pip_diameter"): [0.10, 0.12]},
    "blur 1.2-2 px, noise 4-8": {
        ("effects", "blur_sigma"): [1.2, 2.0],
        ("effects", "noise_sigma"): [4.0, 8.0],
    },
    "gaps 0.04-0.1 W": {("scene", "gap"): [0.04, 0.1]},
    "camera further off overhead": {("camera", "perspective"): 0.08},
    "dim light (0.3-0.6)": {("effects", "light_gradient"): [0.3, 0.6]},
    "strong glare (2-5, 0.4-0.8)": {
        ("effects", "glare"): [2, 5],
        ("effects", "glare_strength"): [0.4, 0.8],
    },
    "ivory tiles only": {("tile", "ivory_share"): 1.0},
    "pairs laid together": {("scene", "pairs"): True},
    # (a set with a line engraved or painted between every tile's halves)
    "a line between the halves": {("tile", "centre_line_share"): 1.0},
    # (number cards, their suits' marks pip-like; hands resting clear of the tiles)
    "playing cards and hands": {("scene", "cards"): [1, 2], ("scene", "hands"): [1, 2]},
    "empty, cards and hands": {
        ("scene", "tiles"): [0, 0],
        ("scene", "cards"): [1, 2],
        ("scene", "hands"): [1, 2],
    },
}


def main() -> int:
    cv2.setNumThreads(1)
    base = load_config("synth")
    results: dict[str, Any] = {}
    for name, changes in VARIANTS.items():
        cfg = copy.deepcopy(base)
        for (table, key), value in changes.items():
            cfg[table][key] = value
        right = wrong = missed = phantom = backs = down = 0
        for seed in SEEDS:
            image, scene = render_scene(seed, cfg=cfg)
            obs = recognize(image)
            for t in scene.face_up:
                hit = [o for o in obs.tiles if inside(o.center, t.corners)]
                if not hit:
                    missed += 1
                elif hit[0].face == t.face:
                    right += 1
                else:
                    wrong += 1
            phantom += sum(
                1 for o in obs.tiles if not any(inside(o.center, t.corners) for t in scene.face_up)
            )
            backs, down = backs + obs.face_down, down + scene.face_down
        total = right + wrong + missed
        recall = round(right / total, 3) if total else None  # (none on empty tables)
        results[name] = {
            "tiles": total,
            "recall": recall,
            "wrong": wrong,
            "phantom": phantom,
            "backs": backs,
            "face_down": down,
        }
        print(
            f"{name:28s} recall {'-' if recall is None else f'{recall:.3f}'} wrong {wrong} "
            f"phantom {phantom} "
            f"of {total}, backs {backs} of {down}",
            flush=True,
        )
    out = HERE / "results" / "vision_sweep.json"
    out.write_text(json.dumps(results, indent=1) + "\n")
    print(f"wrote {out.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
