"""Benchmark of the recogniser: accuracy on renders and real photos, phantoms, latency.

Prints per-face confusion, exact-scene accuracy, tile precision/recall, phantom tiles on empty
tables, latency median/p95 and where the time goes; writes results/vision.json with the config
that produced it. Run: ``.venv/bin/python bench/recognition.py`` (or ``make bench``).
"""

from __future__ import annotations

import json
import sys
import time
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import cv2
import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from hub.allocator import keep_freed_memory  # noqa: E402
from vision.calibrate import find_mat  # noqa: E402
from vision.config import load_config  # noqa: E402
from vision.faces import CHINESE_FACES, CHINESE_SET  # noqa: E402
from vision.locate import inside, read_in  # noqa: E402
from vision.recognizer import recognize  # noqa: E402
from vision.stabilise import Stabiliser  # noqa: E402
from vision.synth import render_scene, render_table, take_away  # noqa: E402
from vision.synth.render import TruthTile  # noqa: E402
from vision.table import TableRecognizer  # noqa: E402
from vision.types import Observation  # noqa: E402

T = TypeVar("T")


def progress(items: Iterable[T], total: int, label: str) -> Iterator[T]:
    """A text progress bar on stderr."""
    start = time.perf_counter()
    for i, item in enumerate(items):
        yield item
        done = (i + 1) / total
        bar = "#" * round(30 * done)
        elapsed = time.perf_counter() - start
        print(f"\r{label:14s} [{bar:30s}] {i + 1}/{total} {elapsed:5.1f}s", end="", file=sys.stderr)
    print(file=sys.stderr)


class Tally:
    def __init__(self) -> None:
        self.confusion: dict[str, Counter[str]] = defaultdict(Counter)
        self.truth = self.reported = self.right = self.scenes = self.exact = 0
        # tiles wholly in the picture, and those of them read right (a tile cut off by the
        # picture's edge may have lost pips: the recall without them says where misses are)
        self.whole = self.whole_right = 0
        # face-down tiles: how many there are, how many were counted, and the scenes whose
        # count was right (a stack of won tiles is scored by its count)
        self.down_truth = self.down_counted = self.down_exact = 0
        self.ms: list[float] = []
        self.stages: dict[str, list[float]] = defaultdict(list)
        # on the mat: the boxes read, and those of them read plainly (vision/direct.py)
        self.boxes = self.plain_boxes = 0

    def add(
        self, truth: list[TruthTile], obs: Observation, shape: tuple[int, ...] | None = None
    ) -> None:
        faces_up = [t for t in truth if t.face is not None]
        hits = read_in([t.corners for t in faces_up], [o.center for o in obs.tiles])
        matched = {hit for hit in hits if hit is not None}
        for t, hit in zip(faces_up, hits, strict=True):
            whole = shape is not None and all(
                0 <= x <= shape[1] - 1 and 0 <= y <= shape[0] - 1 for x, y in t.corners
            )
            self.whole += whole
            if hit is None:
                self.confusion[str(t.face)]["(not reported)"] += 1
            else:
                self.confusion[str(t.face)][obs.tiles[hit].face] += 1
                self.whole_right += whole and obs.tiles[hit].face == t.face
        for i, o in enumerate(obs.tiles):
            if i not in matched:
                self.confusion["(nothing)"][o.face] += 1
        want = Counter(t.face for t in faces_up)
        got = Counter(t.face for t in obs.tiles)
        self.truth += len(faces_up)
        self.reported += len(obs.tiles)
        self.right += sum((want & got).values())
        self.scenes += 1
        self.exact += int(want == got)
        down = sum(t.face is None for t in truth)
        self.down_truth += down
        self.down_counted += obs.face_down
        self.down_exact += int(obs.face_down == down)
        self.ms.append(float(obs.debug.get("ms", 0.0)))
        boxes = dict(obs.debug.get("boxes", {}))  # type: ignore[call-overload]
        self.boxes += int(boxes.get("read", 0))
        self.plain_boxes += int(boxes.get("plain", 0))
        for stage, ms in dict(obs.debug.get("stages_ms", {})).items():
            self.stages[stage].append(float(ms))

    def summary(self) -> dict[str, Any]:
        ms = np.array(self.ms) if self.ms else np.zeros(1)
        return {
            "scenes": self.scenes,
            "exact_scenes": self.exact,
            "truth_tiles": self.truth,
            "reported": self.reported,
            "right": self.right,
            "precision": round(self.right / max(self.reported, 1), 4),
            "recall": round(self.right / max(self.truth, 1), 4),
            "whole_in_picture": self.whole,
            "recall_whole_in_picture": round(self.whole_right / max(self.whole, 1), 4),
            "face_down_truth": self.down_truth,
            "face_down_counted": self.down_counted,
            "face_down_exact_scenes": self.down_exact,
            "ms_median": round(float(np.median(ms)), 1),
            "ms_p95": round(float(np.percentile(ms, 95)), 1),
            "stages_ms_median": {s: round(float(np.median(v)), 1) for s, v in self.stages.items()},
            **(
                {"boxes_read": self.boxes, "boxes_read_plainly": self.plain_boxes}
                if self.boxes
                else {}
            ),
        }


def main() -> int:
    cfg = tomllib.loads((HERE / "recognition.toml").read_text())
    cv2.setNumThreads(int(cfg["threads"]))
    keep_freed_memory()  # (as `tiengow` does: the times are the command's)
    results: dict[str, Any] = {"bench_config": cfg, "recognize_config": load_config("recognize")}
    tallies = {
        name: Tally()
        for name in ("scenes", "tables", "heldout_scenes", "heldout_tables", "full_tables")
    }
    empty = Tally()
    for name in ("scenes", "heldout_scenes"):
        seeds = range(*cfg[name])
        for seed in progress(seeds, len(seeds), name):
            image, truth = render_scene(seed)
            tallies[name].add(truth.tiles, recognize(image), image.shape)
    for name in ("tables", "heldout_tables", "full_tables"):
        seeds = range(*cfg[name])
        for seed in progress(seeds, len(seeds), name):
            rng = np.random.default_rng(seed)
            faces = [str(f) for f in rng.permutation(CHINESE_SET)]
            if name == "full_tables":
                # a trick well into a hand: every seat has played one to four tiles, and
                # each has won none to eight
                layout = {}
                for s in range(4):
                    layout[f"seat{s}.play"] = faces[4 * s : 4 * s + int(rng.integers(1, 5))]
                    layout[f"seat{s}.won"] = [None] * int(rng.integers(0, 9))
            else:
                layout = {
                    f"seat{seed % 4}.play": faces[:4],
                    "centre": faces[4:5],
                    "seat1.won": [None] * 4,
                }
            image, truth = render_table(layout, seed, scheme="ivory" if seed % 3 == 0 else "dark")
            observed = TableRecognizer(find_mat(image)).observe(image)
            tallies[name].add(truth.tiles, observed, image.shape)
    seeds = range(*cfg["empty"])
    for seed in progress(seeds, len(seeds), "empty"):
        image, truth = render_scene(seed, faces=[], distractors=3)
        empty.add(truth.tiles, recognize(image))
    for name, tally in tallies.items():
        results[name] = tally.summary()
    results["empty"] = {"scenes": empty.scenes, "phantom_tiles": empty.reported}
    results["stream"] = stream(range(*cfg["stream"]))
    results["crops"] = crops(range(*cfg["crops"]))
    photos = (HERE / cfg["photos"]).resolve()
    if (photos / "labels.json").is_file():
        labels = json.loads((photos / "labels.json").read_text())["images"]
        per_image: dict[str, Any] = {}
        usable = Tally()
        for name in progress(labels, len(labels), "photos"):
            label = labels[name]
            image = cv2.imread(str(photos / name))
            obs = recognize(image)
            want = Counter(label["face_up_tiles"])
            got = Counter(t.face for t in obs.tiles)
            right = sum((want & got).values())
            per_image[name] = {
                "usable": label["usable_as_topdown_test"],
                "truth": sum(want.values()),
                "reported": sum(got.values()),
                "right": right,
                "wrong": sum(got.values()) - right,
                "uncertain": obs.uncertain,
                "ms": round(float(obs.debug["ms"]), 1),
            }
            if label["usable_as_topdown_test"] is True:
                usable.truth += sum(want.values())
                usable.reported += sum(got.values())
                usable.right += right
                usable.scenes += 1
                usable.exact += int(want == got)
        results["photos_usable"] = {
            k: v for k, v in usable.summary().items() if not k.startswith(("ms", "stages"))
        }
        results["photos_negative_face_up"] = sum(
            v["reported"] for v in per_image.values() if v["usable"] == "negative"
        )
        results["photos"] = per_image
    else:
        results["photos"] = f"skipped: {photos} not found"
    confusion = defaultdict(Counter)
    for tally in tallies.values():
        for face, row in tally.confusion.items():
            confusion[face].update(row)
    results["confusion"] = {
        f: dict(confusion[f]) for f in (*CHINESE_FACES, "(nothing)") if f in confusion
    }
    _print(results)
    out = HERE / "results" / "vision.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {out.relative_to(HERE.parent)}")
    return 0


def crops(seeds: range) -> dict[str, Any]:
    """Scenes cropped through one of their tiles, from each side, at 15, 50 and 85 % of it: a
    picture holding few tiles, some cut off by its edge, where the tile size is harder to
    find. Every tile reported must be read right (one cut off but with all its pips in the
    picture may be reported)."""
    reported = wrong = on_cut = phantom = 0
    examples: list[str] = []
    for seed in progress(seeds, len(seeds), "crops"):
        image, truth = render_scene(seed)
        if not truth.face_up:
            continue
        c = np.array(truth.face_up[seed % len(truth.face_up)].corners)
        for side in range(4):
            for share in (0.15, 0.5, 0.85):
                axis = side // 2  # 0: the cut runs down the picture (across x), 1: across y
                at = int(c[:, axis].min() + share * np.ptp(c[:, axis]))
                lo, hi = (0, at) if side % 2 else (at, None)  # the part before the cut, or after
                crop = image[:, lo:hi] if axis == 0 else image[lo:hi]
                if min(crop.shape[:2]) < 60:
                    continue
                shift = (lo, 0) if axis == 0 else (0, lo)
                h, w = crop.shape[:2]
                for tile in recognize(np.ascontiguousarray(crop)).tiles:
                    reported += 1
                    centre = (tile.center[0] + shift[0], tile.center[1] + shift[1])
                    hit = [t for t in truth.face_up if inside(centre, t.corners)]
                    if not hit:
                        phantom += 1
                        continue
                    corners = np.array(hit[0].corners) - np.array(shift)
                    cut = corners.min() < 0 or corners[:, 0].max() > w or corners[:, 1].max() > h
                    on_cut += int(cut)
                    if hit[0].face != tile.face:
                        wrong += 1
                        examples.append(
                            f"seed {seed} side {side} at {share}: {hit[0].face} as {tile.face}"
                        )
    return {
        "reported": reported,
        "wrong": wrong,
        "on_cut_tiles": on_cut,
        "phantom": phantom,
        "wrong_examples": examples,
    }


def stream(seeds: range) -> dict[str, Any]:
    """A live table as the camera adapter sees it, per table: the mat still for 20 frames (fresh
    camera noise each), a hand sweeping over it for 4, a tile gone, still again for 20. Each
    frame costs the stabiliser's motion check, and the recogniser where there is no motion
    (which reads again only what changed). Milliseconds per frame."""
    ms: list[float] = []
    read: list[float] = []  # frames that read at least one box again
    for seed in progress(seeds, len(seeds), "stream"):
        rng = np.random.default_rng(seed)
        faces = [str(f) for f in rng.permutation(CHINESE_SET)[:4]]
        image, truth = render_table({f"seat{seed % 4}.play": faces[:3], "centre": faces[3:]}, seed)
        gone = take_away(image, next(t for t in truth.face_up if t.zone == "centre"))
        hands = []
        for i in range(4):
            hand = image.copy()
            hand[150:600, 100 + 250 * i : 500 + 250 * i] = (90, 120, 170)
            hands.append(hand)

        def noisy(frame: np.ndarray, rng: np.random.Generator = rng) -> np.ndarray:
            return np.clip(frame + rng.normal(0, 3, frame.shape), 0, 255).astype(np.uint8)

        frames = [noisy(image) for _ in range(20)] + hands + [noisy(gone) for _ in range(20)]
        table = TableRecognizer(find_mat(image))
        stabiliser = Stabiliser()
        for i, frame in enumerate(frames):
            start = time.perf_counter()
            obs = None if stabiliser.moving(i / 10, frame) else table.observe(frame)
            ms.append(1000 * (time.perf_counter() - start))
            boxes = {} if obs is None else dict(obs.debug.get("boxes", {}))  # type: ignore[call-overload]
            read.append(float(boxes.get("read", 0) > 0))
    return {
        "frames": len(ms),
        "ms_median": round(float(np.median(ms)), 1),
        "ms_p95": round(float(np.percentile(ms, 95)), 1),
        "share_read_again": round(float(np.mean(read)), 3),
    }


def _print(r: dict[str, Any]) -> None:
    print("per-face confusion (truth -> reported):")
    for face, row in r["confusion"].items():
        cells = ", ".join(f"{k}: {v}" for k, v in sorted(row.items(), key=lambda kv: -kv[1]))
        print(f"  {face:14s} {cells}")
    for key in (
        "scenes",
        "heldout_scenes",
        "tables",
        "heldout_tables",
        "full_tables",
        "photos_usable",
    ):
        if key in r:
            s = r[key]
            line = (
                f"{key:14s} exact scenes {s['exact_scenes']}/{s['scenes']}, tiles: precision "
                f"{s['precision']:.4f} recall {s['recall']:.4f} ({s['right']} right of "
                f"{s['truth_tiles']}, {s['reported']} reported)"
            )
            if s.get("whole_in_picture"):
                line += (
                    f"; of the {s['whole_in_picture']} wholly in the picture "
                    f"{s['recall_whole_in_picture']:.4f} read right"
                )
            if s.get("face_down_truth"):
                line += (
                    f"; face down {s['face_down_counted']} counted of {s['face_down_truth']}, "
                    f"right in {s['face_down_exact_scenes']}/{s['scenes']} scenes"
                )
            if "ms_median" in s:
                line += f", latency median {s['ms_median']} ms p95 {s['ms_p95']} ms"
            print(line)
            if s.get("stages_ms_median"):
                print(f"{'':14s} median ms per stage: {s['stages_ms_median']}")
            if s.get("boxes_read"):
                print(
                    f"{'':14s} {s['boxes_read_plainly']} of {s['boxes_read']} boxes read plainly "
                    "(vision/direct.py), the rest carefully"
                )
    print(f"empty tables: {r['empty']['phantom_tiles']} phantom tiles in {r['empty']['scenes']}")
    cr = r["crops"]
    print(
        f"crops          {cr['reported']} tiles reported ({cr['on_cut_tiles']} of them cut off), "
        f"{cr['wrong']} read wrong, {cr['phantom']} phantom: {'; '.join(cr['wrong_examples'])}"
    )
    st = r["stream"]
    print(
        f"live stream    {st['frames']} frames: latency median {st['ms_median']} ms p95 "
        f"{st['ms_p95']} ms per frame; {st['share_read_again']:.0%} of frames read anything again"
    )
    if isinstance(r["photos"], dict):
        print(f"negative photos: {r['photos_negative_face_up']} face-up tiles reported")
        for name, p in r["photos"].items():
            print(
                f"  {name:36s} {p['usable']!s:8s} truth {p['truth']:3d} reported "
                f"{p['reported']:3d} right {p['right']:3d} wrong {p['wrong']:2d} "
                f"not sure {p['uncertain']:3d} {p['ms']:7.1f} ms"
            )
    else:
        print(f"photos: {r['photos']}")


if __name__ == "__main__":
    sys.exit(main())
