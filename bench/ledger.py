"""Reopening a ledger of 10,000 events (target ≤ 1 s): `tiengow hub` resumes by replaying them."""

from __future__ import annotations

import dataclasses
import json
import random
import tempfile
import time
from pathlib import Path

from hub.adapters.ledger import Ledger
from hub.rules.options import LiPai, preset
from hub.selfplay import play_session, transcript_of
from hub.table.service import TableService


def build(path: Path, n_events: int) -> int:
    rules = dataclasses.replace(preset("hk"), li_pai=LiPai(quan_bai=False, yi_dian_hong=False))
    tr = transcript_of(
        rules, list("ESWN"), list(play_session(rules, n_events // 25 + 2, random.Random(1)))
    )
    service = TableService(Ledger(path))
    service.start_session(
        {
            "rules": tr["rules"],
            "seats": list("ESWN"),
            "hands": [{"banker": tr["hands"][0]["banker"]}],
        },
        "bench",
    )
    service.ledger.db.execute("PRAGMA synchronous=OFF")  # set-up speed only; the hub uses FULL
    count = 1
    for ev in (ev for hand in tr["hands"] for ev in hand["events"]):
        if count >= n_events:
            break
        service.submit(ev, "bench")
        count += 1
    service.ledger.close()
    return count


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.db"
        n = build(path, 10_000)
        times = []
        for _ in range(5):
            start = time.perf_counter()
            service = TableService(Ledger(path))
            times.append(time.perf_counter() - start)
            hands = service.state()["hands_played"]
            service.ledger.close()
        print(json.dumps({"bench": "ledger_reopen", "events": n, "hands": hands,
                          "best_s": round(min(times), 3), "median_s": round(sorted(times)[2], 3)}))  # fmt: skip


if __name__ == "__main__":
    main()
