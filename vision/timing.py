"""Stage timings without a second copy of the pipeline: ``laps.lap("pips")`` after each stage."""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass(slots=True)
class Laps:
    """Milliseconds spent per stage, accumulated over repeated stages."""

    ms: dict[str, float] = field(default_factory=dict)
    _last: float = field(default_factory=time.perf_counter)

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.ms[stage] = self.ms.get(stage, 0.0) + (now - self._last) * 1000
        self._last = now

    @property
    def total(self) -> float:
        return sum(self.ms.values())
