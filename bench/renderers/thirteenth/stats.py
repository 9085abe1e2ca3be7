#!/usr/bin/env python3
"""Summarise a rendered set: scene kinds, faces, sizes, visibility, JSON sanity checks.
Usage: python stats.py OUTDIR"""
import collections
import glob
import json
import sys

import numpy as np

d = sys.argv[1]
files = sorted(glob.glob(d + '/*.json'))
kinds = collections.Counter()
faces = collections.Counter()
empty = 0
fd_scenes = 0
nt = []
widths = []
colours = collections.Counter()
tables = collections.Counter()
pipst = collections.Counter()
sizes = collections.Counter()
hands = 0
times = []
bad = 0
for f in files:
    a = json.load(open(f))
    m = a['meta']
    kinds[m['scene_kind']] += 1
    colours[m['tile_set']['colour']] += 1
    tables[m['table']['kind']] += 1
    pipst[m['tile_set']['pip_style'] + ('+worn' if m['tile_set']['worn'] else '')] += 1
    sizes['%dx%d' % (a['width'], a['height'])] += 1
    hands += m['hand'] is not None
    if not a['tiles']:
        empty += 1
    if a['face_down']:
        fd_scenes += 1
    nt.append(len(a['tiles']))
    for t in a['tiles']:
        h, l = map(int, t['face'].split('-'))
        assert 6 >= h >= l >= 1, t
        faces[t['face']] += 1
        c = np.array(t['corners'])
        assert c.shape == (4, 2)
        area = 0.5 * sum(c[k, 0] * c[(k + 1) % 4, 1] - c[(k + 1) % 4, 0] * c[k, 1] for k in range(4))
        if area <= 0:
            bad += 1
        assert 0 <= t['visible'] <= 1
        if t['visible'] > 0.99:
            e = sorted([np.linalg.norm(c[k] - c[(k + 1) % 4]) for k in range(4)])
            widths.append(0.5 * (e[0] + e[1]))
n = len(files)
print('scenes', n)
print('kinds', {k: '%d (%.0f%%)' % (v, 100.0 * v / n) for k, v in sorted(kinds.items())})
print('no face-up tiles: %d (%.0f%%); scenes with face-down tiles: %d' % (empty, 100.0 * empty / n, fd_scenes))
print('face-up tiles listed: total %d, per scene mean %.1f max %d' % (sum(nt), np.mean(nt), max(nt)))
print('distinct faces', len(faces), dict(sorted(faces.items())))
print('tile widths px (fully visible): min %.1f p5 %.1f median %.1f p95 %.1f max %.1f' % (
    np.min(widths), np.percentile(widths, 5), np.median(widths), np.percentile(widths, 95), np.max(widths)))
print('colours', dict(colours), 'tables', dict(tables), 'pips', dict(pipst))
print('sizes', dict(sizes), 'hands', hands, 'non-clockwise', bad)
