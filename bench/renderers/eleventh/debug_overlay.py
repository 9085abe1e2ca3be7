#!/usr/bin/env python3
"""Overlay the JSON labels on the rendered pictures.
usage: python debug_overlay.py OUTDIR DEBUGDIR [indices...]"""
import json
import os
import sys

import cv2
import numpy as np


def overlay(png, js, zoom=1.0):
    img = cv2.imread(png)
    d = json.load(open(js))
    for t in d['tiles']:
        p = np.array(t['corners'], float)
        col = (0, 255, 0) if t['visible'] > 0.99 else ((0, 255, 255) if t['visible'] > 0.3 else (0, 0, 255))
        cv2.polylines(img, [np.round(p * 4).astype(np.int32)], True, col, 1, cv2.LINE_AA, 2)
        cv2.circle(img, tuple(np.round(p[0] * 4).astype(int)), 12, (255, 0, 255), -1, cv2.LINE_AA, 2)
        c = p.mean(0)
        txt = '%s %.2f' % (t['face'], t['visible'])
        cv2.putText(img, txt, (int(c[0]) - 25, int(c[1])), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(img, txt, (int(c[0]) - 25, int(c[1])), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (255, 255, 255), 1,
                    cv2.LINE_AA)
    m = d['meta']
    s = '%s fd=%d n=%d %s' % (m['layout']['kind'], d['face_down'], len(d['tiles']), m['background']['kind'])
    cv2.putText(img, s, (10, 25), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 4, cv2.LINE_AA)
    cv2.putText(img, s, (10, 25), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (255, 255, 255), 1, cv2.LINE_AA)
    return img


def main():
    src, dst = sys.argv[1], sys.argv[2]
    os.makedirs(dst, exist_ok=True)
    idx = sys.argv[3:]
    if not idx:
        idx = sorted(f[:-5] for f in os.listdir(src) if f.endswith('.json'))
    for i in idx:
        i = '%04d' % int(i)
        img = overlay(os.path.join(src, i + '.png'), os.path.join(src, i + '.json'))
        cv2.imwrite(os.path.join(dst, i + '.png'), img)


if __name__ == '__main__':
    main()
