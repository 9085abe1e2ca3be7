#!/usr/bin/env python3
"""Overlay JSON annotations (corners, faces, visibility) on rendered scenes.
Usage: python debug_overlay.py OUTDIR DEBUGDIR [indices...] [--zoom]"""
import json
import os
import sys

import cv2
import numpy as np


def overlay(img, ann, scale=1):
    im = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST) if scale != 1 else img.copy()
    for t in ann['tiles']:
        c = np.array(t['corners'], np.float64)
        pts = np.round((c + 0.5) * scale - 0.5).astype(np.int32)
        col = (0, 255, 0) if t['visible'] > 0.95 else ((0, 200, 255) if t['visible'] > 0.5 else (0, 0, 255))
        cv2.polylines(im, [pts], True, col, 1, cv2.LINE_AA)
        cv2.circle(im, tuple(pts[0]), 3, (255, 0, 255), -1)
        m = pts.mean(0).astype(int)
        m[0] = min(max(m[0], 30), im.shape[1] - 60)
        m[1] = min(max(m[1], 12), im.shape[0] - 5)
        txt = '%s %.2f' % (t['face'], t['visible'])
        cv2.putText(im, txt, (int(m[0]) - 25, int(m[1])), cv2.FONT_HERSHEY_SIMPLEX, 0.4 * max(1, scale / 2),
                    (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(im, txt, (int(m[0]) - 25, int(m[1])), cv2.FONT_HERSHEY_SIMPLEX, 0.4 * max(1, scale / 2),
                    (255, 255, 255), 1, cv2.LINE_AA)
    cv2.putText(im, '%s  tiles=%d face_down=%d' % (ann['meta']['scene_kind'], len(ann['tiles']), ann['face_down']),
                (10, 20), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 255, 255), 2, cv2.LINE_AA)
    return im


def main():
    src, dst = sys.argv[1], sys.argv[2]
    idx = [a for a in sys.argv[3:] if not a.startswith('--')]
    os.makedirs(dst, exist_ok=True)
    if not idx:
        idx = sorted(f[:-5] for f in os.listdir(src) if f.endswith('.json'))
    for i in idx:
        i = '%04d' % int(i)
        img = cv2.imread(os.path.join(src, i + '.png'))
        ann = json.load(open(os.path.join(src, i + '.json')))
        cv2.imwrite(os.path.join(dst, i + '_dbg.png'), overlay(img, ann))


if __name__ == '__main__':
    main()
