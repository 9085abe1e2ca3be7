"""Medians of the small arrays the recogniser takes by the thousand per frame.

``np.median`` costs tens of microseconds of dispatch on an array of a few dozen values, more
than the work; these give the same values (the mean of the two middle values for an even
count) without it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from .types import Array, Floats


def median(values: Array) -> float:
    """The median of all the values, by a partition rather than a sort."""
    flat = values.ravel()
    k = flat.size // 2
    if flat.size % 2:
        return float(np.partition(flat, k)[k])
    part = np.partition(flat, (k - 1, k))
    return (float(part[k - 1]) + float(part[k])) / 2


def counted_median(values: Array) -> float:
    """The median of 8-bit values (``np.median``'s: the mean of the two middle ones for an
    even count), counted rather than ranked: many values of 256 at most."""
    counts = np.cumsum(np.bincount(values.ravel(), minlength=256))
    n = int(counts[-1])
    lo, hi = np.searchsorted(counts, ((n - 1) // 2 + 1, n // 2 + 1))
    return (int(lo) + int(hi)) / 2


def percentile(values: Array, share: float) -> float:
    """``np.percentile(values, 100 * share)`` of integers (its linear method, to the last
    bit), by a partition: ``np.percentile`` costs a few hundred microseconds of dispatch on a
    patch."""
    flat = values.ravel()
    n = flat.size
    at = (n - 1) * share
    lo = math.floor(at)
    hi = min(lo + 1, n - 1)
    part = np.partition(flat, (lo, hi))
    a, b = float(part[lo]), float(part[hi])
    t = at - lo
    # (numpy's lerp: from the nearer end, so a weight of 1 gives the upper value exactly)
    return b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t


def median_of(values: Sequence[float]) -> float:
    """The median of a short list of numbers."""
    ranked = sorted(values)
    k = len(ranked) // 2
    return ranked[k] if len(ranked) % 2 else (ranked[k - 1] + ranked[k]) / 2


def row_medians(values: Floats) -> Floats:
    """The median of each row of a 2-D array."""
    ranked = np.sort(values, axis=1)
    k = values.shape[1] // 2
    if values.shape[1] % 2:
        out: Floats = ranked[:, k]
        return out
    out = (ranked[:, k - 1] + ranked[:, k]) / 2
    return out


def row_medians_where(values: Floats, keep: Array) -> Floats:
    """The median of each row's values where ``keep`` is true (each row keeps one at least):
    those values sorted first in their row, the others after them."""
    ranked = np.sort(np.where(keep, values, np.inf), axis=1)
    count = np.count_nonzero(keep, axis=1)
    rows = np.arange(len(values))
    out: Floats = (ranked[rows, count // 2] + ranked[rows, (count - 1) // 2]) / 2
    return out
