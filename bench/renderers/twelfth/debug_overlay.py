#!/usr/bin/env python3
"""Overlay ground-truth corners/faces from the JSON onto the PNG (debug check).
usage: python debug_overlay.py OUTDIR [indices...]  -> writes OUTDIR/debug/NNNN.png"""
import json, os, sys
import numpy as np
import cv2

def main():
    d = sys.argv[1]
    idx = sys.argv[2:]
    if not idx:
        idx = sorted(f[:-5] for f in os.listdir(d) if f.endswith('.json'))
    od = os.path.join(d, 'debug')
    os.makedirs(od, exist_ok=True)
    for i in idx:
        i = '%04d' % int(i)
        img = cv2.imread(os.path.join(d, i + '.png'))
        gt = json.load(open(os.path.join(d, i + '.json')))
        for t in gt['tiles']:
            c = np.array(t['corners'], np.float32)
            col = (0, 255, 0) if t['visible'] > 0.9 else ((0, 200, 255) if t['visible'] > 0.3 else (0, 0, 255))
            cv2.polylines(img, [np.round(c * 4).astype(np.int32)], True, col, 1, cv2.LINE_AA, 2)
            cv2.circle(img, tuple(np.round(c[0]).astype(int)), 3, (255, 0, 255), -1)
            m = c.mean(0)
            cv2.putText(img, '%s %.2f' % (t['face'], t['visible']), (int(m[0]) - 25, int(m[1])),
                        cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 3, cv2.LINE_AA)
            cv2.putText(img, '%s %.2f' % (t['face'], t['visible']), (int(m[0]) - 25, int(m[1])),
                        cv2.FONT_HERSHEY_SIMPLEX, 0.4, (255, 255, 255), 1, cv2.LINE_AA)
        m = gt['meta']
        cv2.putText(img, '%s  up=%d down=%d  %s/%s' % (m['kind'], len(gt['tiles']), gt['face_down'],
                    m['table']['kind'], m['lighting']['mode']), (10, 25), cv2.FONT_HERSHEY_SIMPLEX, 0.7,
                    (0, 255, 255), 2, cv2.LINE_AA)
        cv2.imwrite(os.path.join(od, i + '.png'), img)

if __name__ == '__main__':
    main()
