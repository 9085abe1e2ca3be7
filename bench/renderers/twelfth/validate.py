#!/usr/bin/env python3
"""Check an output folder: JSON shape, clockwise corners, visible range, face coverage, kind shares.
usage: python validate.py OUTDIR"""
import collections, json, os, sys
import numpy as np

FACES = sorted({'%d-%d' % (h, l) for h in range(1, 7) for l in range(1, h + 1)})


def main():
    d = sys.argv[1]
    files = sorted(f for f in os.listdir(d) if f.endswith('.json'))
    kinds = collections.Counter()
    faces = collections.Counter()
    empty = 0
    problems = []
    tables = collections.Counter(); lights = collections.Counter(); schemes = collections.Counter()
    makers = collections.Counter(); sizes = collections.Counter(); dis = collections.Counter()
    hands = 0
    secs = []
    wpx = []
    for f in files:
        g = json.load(open(os.path.join(d, f)))
        if set(g.keys()) != {'width', 'height', 'tiles', 'face_down', 'meta'}:
            problems.append((f, 'keys', sorted(g.keys())))
        m = g['meta']
        kinds[m['kind']] += 1
        tables[m['table']['kind']] += 1
        lights[m['lighting']['mode']] += 1
        schemes[m['tile_set']['scheme']] += 1
        makers[m['tile_set']['maker']] += 1
        sizes['%dx%d' % (g['width'], g['height'])] += 1
        for x in m['distractors']:
            dis[x['type']] += 1
        hands += len(m['hands']) > 0
        secs.append(m['render_seconds'])
        wpx.append(m['camera']['tile_width_px_nominal'])
        if not g['tiles']:
            empty += 1
        if not isinstance(g['face_down'], int) or g['face_down'] < 0:
            problems.append((f, 'face_down', g['face_down']))
        for t in g['tiles']:
            if t['face'] not in FACES:
                problems.append((f, 'face', t['face']))
            faces[t['face']] += 1
            c = np.array(t['corners'], float)
            if c.shape != (4, 2):
                problems.append((f, 'corners shape'))
                continue
            a = 0.0
            for i in range(4):
                j = (i + 1) % 4
                a += c[i, 0] * c[j, 1] - c[j, 0] * c[i, 1]
            if a <= 0:
                problems.append((f, 'not clockwise', t))
            if not (0 < t['visible'] <= 1):
                problems.append((f, 'visible', t['visible']))
            # at least partly in frame
            if c[:, 0].max() < 0 or c[:, 1].max() < 0 or c[:, 0].min() > g['width'] or c[:, 1].min() > g['height']:
                problems.append((f, 'outside', t))
    n = len(files)
    print('scenes', n)
    print('kinds', {k: '%d (%.1f%%)' % (v, 100.0 * v / n) for k, v in sorted(kinds.items())})
    print('scenes without any face-up tile: %d (%.1f%%)' % (empty, 100.0 * empty / n))
    print('faces seen: %d of 21; missing: %s' % (len(faces), [x for x in FACES if x not in faces]))
    print('face counts', dict(sorted(faces.items())))
    print('tables', dict(tables)); print('lighting', dict(lights)); print('tile schemes', dict(schemes))
    print('pip makers', dict(makers)); print('sizes', dict(sizes)); print('distractors', dict(dis))
    print('scenes with hands: %d' % hands)
    print('nominal tile width px (1280-equiv): min %.1f median %.1f max %.1f' % (min(wpx), np.median(wpx), max(wpx)))
    print('render seconds per scene: mean %.2f max %.2f' % (np.mean(secs), max(secs)))
    print('problems', len(problems))
    for p in problems[:20]:
        print('  ', p)


if __name__ == '__main__':
    main()
