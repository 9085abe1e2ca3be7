#!/usr/bin/env python3
"""Label self-check: renders N scenes (seed 11000..) keeping the id buffer, and reports the IoU between
each fully visible tile polygon from the JSON and the pixels where that tile top face is drawn.
usage: python check_labels.py N"""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ['DOMINO_DEBUG_LABEL']='1'
import numpy as np, cv2, render as R
R.DEBUG_LABEL=True
worst=[]
for seed in range(11000, 11000+int(sys.argv[1])):
    img, js = R.render_scene(seed)
    lab = js['meta']['_label']; W,H=js['width'],js['height']
    # map tiles in order of out list to ids: recompute by matching polygons
    for t in js['tiles']:
        if t['visible'] < 0.999: continue
        m = np.zeros((H,W),np.uint8)
        p=np.array(t['corners'])
        cv2.fillPoly(m,[np.round(p*16).astype(np.int32)],1,cv2.LINE_8,4)
        ids, cnt = np.unique(lab[m>0], return_counts=True)
        best = ids[np.argmax(cnt)]
        lm = lab==best
        inter=(lm & (m>0)).sum(); uni=(lm | (m>0)).sum()
        worst.append((inter/uni, seed, t['face'], js['meta']['camera']['barrel_k'], js['meta']['camera']['tilt_deg']))
worst.sort()
print(len(worst), 'mean IoU', np.mean([w[0] for w in worst]))
for w in worst[:8]: print(w)
