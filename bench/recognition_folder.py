"""The recogniser on a folder of labelled pictures from any renderer: what it read, tile by tile.

A folder holds ``NNNN.png`` and beside each ``NNNN.json``: ``{"width", "height", "tiles":
[{"face": "6-5", "corners": [[x, y] x 4], "visible": 0.93}], "face_down": k, "meta": {...}}``
(the face-up tiles' top faces in image pixels, the share of each in view, every random choice
the renderer made). Renderers written without sight of this project (the briefs in
docs/vision.md) write such folders: they measure the recogniser on pictures it was not made on.

    python bench/recognition_folder.py FOLDER --out run.json [--jobs 2] [--only 3,17]
    python bench/recognition_folder.py --compare old.json new.json
    python bench/recognition_folder.py --by layout run.json   (a meta key; dots go deeper)

A tile read is the truth tile its centre lies in; a tile read in none is a phantom.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import cv2
import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from vision.locate import read_in  # noqa: E402
from vision.recognizer import recognize  # noqa: E402


def read_scene(png: str) -> dict[str, Any]:
    """One picture read and matched to its truth: a row per truth tile, the phantoms."""
    truth = json.loads(Path(png).with_suffix(".json").read_text())
    image = cv2.imread(png, cv2.IMREAD_COLOR)
    start = time.perf_counter()
    obs = recognize(image)
    ms = 1000 * (time.perf_counter() - start)
    h, w = image.shape[:2]
    outlines = [tuple((float(x), float(y)) for x, y in t["corners"]) for t in truth["tiles"]]
    hits = read_in(outlines, [o.center for o in obs.tiles])
    rows = []
    for t, corners, hit in zip(truth["tiles"], outlines, hits, strict=True):
        whole = all(0 <= x <= w - 1 and 0 <= y <= h - 1 for x, y in corners)
        rows.append(
            {
                "face": t["face"],
                "got": None if hit is None else obs.tiles[hit].face,
                "visible": float(t.get("visible", 1.0)),
                "whole": bool(whole and float(t.get("visible", 1.0)) >= 0.99),
                "corners": [list(c) for c in corners],
                "read_corners": None if hit is None else obs.tiles[hit].as_json()["corners"],
            }
        )
    taken = {hit for hit in hits if hit is not None}
    phantoms = [o.as_json() for i, o in enumerate(obs.tiles) if i not in taken]
    return {
        "scene": Path(png).stem,
        "rows": rows,
        "phantoms": phantoms,
        "face_down": int(truth.get("face_down", 0)),
        "face_down_read": obs.face_down,
        "uncertain_at": [list(map(float, p)) for p in obs.uncertain_at],
        "no_cut": [list(map(list, q)) for q in obs.debug.get("no_cut", [])],  # type: ignore[attr-defined]
        "doubtful": [str(n) for n in obs.debug.get("doubtful", [])],  # type: ignore[attr-defined]
        "tile_px": obs.tile_px,
        "ms": ms,
        "meta": truth.get("meta", {}),
    }


def summary(scenes: list[dict[str, Any]]) -> dict[str, Any]:
    rows = [r for s in scenes for r in s["rows"]]
    whole = [r for r in rows if r["whole"]]
    right = sum(r["got"] == r["face"] for r in rows)
    wrong = sum(r["got"] is not None and r["got"] != r["face"] for r in rows)
    empty = [s for s in scenes if not s["rows"]]
    ms = np.array([s["ms"] for s in scenes]) if scenes else np.zeros(1)
    return {
        "scenes": len(scenes),
        "tiles": len(rows),
        "right": right,
        "recall": round(right / max(len(rows), 1), 4),
        "whole": len(whole),
        "whole_right": sum(r["got"] == r["face"] for r in whole),
        "wrong": wrong,
        "phantoms": sum(len(s["phantoms"]) for s in scenes),
        "empty_tables": len(empty),
        "tiles_on_empty_tables": sum(len(s["phantoms"]) for s in empty),
        "ms_median": round(float(np.median(ms)), 1),
    }


def show(label: str, s: dict[str, Any]) -> None:
    print(
        f"{label}: {s['right']}/{s['tiles']} right ({s['recall']:.3f}); wholly in view "
        f"{s['whole_right']}/{s['whole']}; wrong {s['wrong']}; phantoms {s['phantoms']}; "
        f"on {s['empty_tables']} empty tables {s['tiles_on_empty_tables']}; "
        f"median {s['ms_median']} ms"
    )


def meta_value(meta: dict[str, Any], key: str) -> str:
    value: Any = meta
    for part in key.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return str(value)


def by_meta(scenes: list[dict[str, Any]], key: str) -> None:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for s in scenes:
        groups[meta_value(s["meta"], key)].append(s)
    for value, group in sorted(groups.items()):
        show(f"{key}={value} ({len(group)} scenes)", summary(group))


def compare(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
    before = {s["scene"]: s for s in old}
    for s in new:
        o = before.get(s["scene"])
        if o is None:
            continue
        score = [sum(r["got"] == r["face"] for r in x["rows"]) for x in (o, s)]
        bad = [
            sum(r["got"] not in (None, r["face"]) for r in x["rows"]) + len(x["phantoms"])
            for x in (o, s)
        ]
        if score[0] != score[1] or bad[0] != bad[1]:
            print(
                f"{s['scene']}: right {score[0]} -> {score[1]}, wrong+phantoms {bad[0]} -> {bad[1]}"
            )
    show("old", summary([before[s["scene"]] for s in new if s["scene"] in before]))
    show("new", summary(new))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("paths", nargs="+", help="a folder to read, or result files")
    ap.add_argument("--out", help="where to write the run's rows (JSON)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", help="scene numbers, comma-separated")
    ap.add_argument("--compare", action="store_true", help="two result files: what changed")
    ap.add_argument("--by", help="a meta key: the summary per value (of one result file)")
    args = ap.parse_args()
    if args.compare:
        old, new = (json.loads(Path(p).read_text()) for p in args.paths)
        compare(old, new)
        return 0
    if args.by:
        by_meta(json.loads(Path(args.paths[0]).read_text()), args.by)
        return 0
    pngs = sorted(str(p) for p in Path(args.paths[0]).glob("*.png"))
    if args.only:
        keep = {int(n) for n in args.only.split(",")}
        pngs = [p for p in pngs if int(Path(p).stem) in keep]
    if not pngs:
        print(f"no pictures in {args.paths[0]} (want NNNN.png with NNNN.json)", file=sys.stderr)
        return 2
    cv2.setNumThreads(1)
    scenes: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for i, scene in enumerate(pool.map(read_scene, pngs)):
            scenes.append(scene)
            print(f"\r{i + 1}/{len(pngs)}", end="", file=sys.stderr)
    print(file=sys.stderr)
    if args.out:
        Path(args.out).write_text(json.dumps(scenes))
    show(args.paths[0], summary(scenes))
    faces = Counter(
        (r["face"], r["got"])
        for s in scenes
        for r in s["rows"]
        if r["got"] not in (None, r["face"])
    )
    if faces:
        print("read wrong:", ", ".join(f"{t}->{g} x{n}" for (t, g), n in faces.most_common()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
