"""Boxes round things in a picture, to be read on their own."""

from __future__ import annotations

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in pixels


def merged(boxes: list[Box]) -> list[Box]:
    """The boxes, those that overlap made one, until none do."""
    out = [list(b) for b in boxes]
    joined = True
    while joined:
        joined = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    out[i] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
                    del out[j]
                    joined = True
                    break
            if joined:
                break
    return [(a, b, c, d) for a, b, c, d in out]


def within(inner: Box, outer: Box) -> bool:
    """Does ``outer`` hold all of ``inner``?"""
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def padded(
    rect: tuple[int, int, int, int],
    scale: float,
    pad: float,
    size: tuple[int, int],
    offset: tuple[int, int] = (0, 0),
) -> Box:
    """A bounding ``rect`` (x, y, w, h in a view at ``scale``, ``offset`` from its origin) as
    a box of full-size pixels, ``pad`` larger all round, within ``size`` (w, h)."""
    x, y, w, h = rect
    x, y = x + offset[0], y + offset[1]
    return (
        max(0, round(x / scale - pad)),
        max(0, round(y / scale - pad)),
        min(size[0], round((x + w) / scale + pad)),
        min(size[1], round((y + h) / scale + pad)),
    )
