"""Synthetic camera frames of dominoes with truth labels, for tests, benchmarks and the demo.

``render_scene(seed)`` draws a random table (felt, wood or cloth) seen from above;
``render_table(tiles_by_zone, seed)`` draws the printed mat with given tiles in given zones, as
the overhead camera would see it. Both are seeded (numpy ``Generator``) and return
``(image, truth)``.
"""

from .render import (
    PIP_LAYOUT,
    Scene,
    TruthTile,
    draw_mat,
    render_scene,
    render_table,
    render_tile,
    take_away,
)

__all__ = [
    "PIP_LAYOUT",
    "Scene",
    "TruthTile",
    "draw_mat",
    "render_scene",
    "render_table",
    "render_tile",
    "take_away",
]
