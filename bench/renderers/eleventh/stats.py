#!/usr/bin/env python3
"""Summarise a rendered set: python stats.py OUTDIR"""
import collections
import json
import os
import sys

d = sys.argv[1]
files = sorted(f for f in os.listdir(d) if f.endswith('.json'))
kinds = collections.Counter()
bases = collections.Counter()
bgs = collections.Counter()
sizes = collections.Counter()
faces = collections.Counter()
dist = collections.Counter()
sets = collections.Counter()
styles = collections.Counter()
divs = collections.Counter()
blur = collections.Counter()
empty = 0
nt = 0
fd = 0
barrel = 0
times = []
partial = 0
for f in files:
    j = json.load(open(os.path.join(d, f)))
    m = j['meta']
    k = m['layout']['kind']
    kinds[k] += 1
    if k == 'offedge':
        bases[m['layout']['base']] += 1
    bgs[m['background']['kind']] += 1
    sizes['%dx%d' % (j['width'], j['height'])] += 1
    sets[m['tileset']['body_kind']] += 1
    styles[m['tileset']['pip_style']] += 1
    divs[m['tileset']['divider']] += 1
    blur[m['blur']['kind']] += 1
    for t in j['tiles']:
        faces[t['face']] += 1
        if t['visible'] < 0.999:
            partial += 1
    for x in m['distractors']:
        dist[x['type']] += 1
    if not j['tiles']:
        empty += 1
    nt += len(j['tiles'])
    fd += j['face_down']
    barrel += m['camera']['barrel_k'] > 0
n = len(files)
pc = lambda c: ', '.join('%s %d (%.0f%%)' % (a, b, 100 * b / n) for a, b in c.most_common())
print('scenes', n, ' face-up tiles', nt, ' partial/occluded', partial, ' face-down', fd)
print('scenes with no face-up tile: %d (%.1f%%)' % (empty, 100 * empty / n))
print('layout:', pc(kinds))
print('offedge bases:', dict(bases))
print('background:', pc(bgs))
print('size:', pc(sizes))
print('tile set:', pc(sets))
print('pip style:', pc(styles))
print('divider:', pc(divs))
print('blur:', pc(blur))
print('barrel: %d (%.0f%%)' % (barrel, 100 * barrel / n))
print('distractors:', dict(dist))
print('faces (%d distinct):' % len(faces), dict(sorted(faces.items())))
