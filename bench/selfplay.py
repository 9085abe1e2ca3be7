"""Random self-play hands per second on one core, through the real referee (issue: ≥ 5,000/s).

Prints the best of several runs (the least disturbed by other work on the machine),
as a figure, never as a pass/fail assertion.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from hub.rules.options import load_rules
from hub.selfplay import play_session


def rate(rules_name: str, hands: int, seed: int) -> float:
    rules = load_rules(rules_name)
    start = time.process_time()
    for _ in play_session(rules, hands, random.Random(seed)):
        pass
    return hands / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rules", nargs="*", default=["hk", "mainland", "culin1893"])
    args = parser.parse_args()
    for name in args.rules:
        rates = [rate(name, args.hands, seed) for seed in range(args.runs)]
        print(
            json.dumps(
                {
                    "bench": "selfplay",
                    "rules": name,
                    "hands": args.hands,
                    "runs": args.runs,
                    "best_hands_per_s": round(max(rates)),
                    "median_hands_per_s": round(sorted(rates)[len(rates) // 2]),
                }
            )
        )


if __name__ == "__main__":
    main()
