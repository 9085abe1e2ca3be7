#!/usr/bin/env python3
"""Synthetic Tien Gow (Chinese dominoes) club-table renderer, r12.

numpy + OpenCV only.  Scenes are built in 3D (cm, table plane z=0), rendered with a
z-buffered textured-quad rasteriser at 2x (or 4/3x) supersampling, lit in a deferred pass
(point lamp with cone + shadows, ceiling light panels reflected in glossy surfaces,
ambient), hands/arms composited on top, then degraded like a phone/webcam picture.

Usage: python render.py OUTDIR --n 300 --seed 12000
"""
import os
os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')
os.environ.setdefault('OMP_NUM_THREADS', '1')
os.environ.setdefault('MKL_NUM_THREADS', '1')
import argparse
import itertools
import json
import math
import sys
import time

import numpy as np
import cv2

cv2.setNumThreads(1)

PI = math.pi


def rgb(r, g, b):
    """sRGB colour given as R,G,B -> BGR float tuple (OpenCV order)."""
    return np.array([b, g, r], np.float32)


def s2l(x):
    x = np.asarray(x, np.float32) / 255.0
    return np.where(x <= 0.04045, x / 12.92, ((x + 0.055) / 1.055) ** 2.4).astype(np.float32)


LUT_S2L = s2l(np.arange(256))


def l2s(x):
    x = np.clip(x, 0.0, None)
    return np.where(x <= 0.0031308, 12.92 * x, 1.055 * np.power(x, 1 / 2.4) - 0.055)


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0 + 1e-12), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def noise2(rng, h, w, cell, octaves=1, pers=0.5, aniso=1.0):
    """Smooth value noise, zero mean ~unit std.  aniso>1 stretches along x."""
    out = np.zeros((h, w), np.float32)
    amp, tot = 1.0, 0.0
    c = float(cell)
    for _ in range(octaves):
        gh = max(2, int(h / c) + 2)
        gw = max(2, int(w / (c * aniso)) + 2)
        g = rng.standard_normal((gh, gw)).astype(np.float32)
        out += amp * cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC)
        tot += amp
        amp *= pers
        c = max(1.0, c / 2)
    return out / tot


def gblur(img, sigma):
    """Gaussian blur; large sigmas are done on a reduced image (fast, visually identical)."""
    if sigma <= 3.0:
        return cv2.GaussianBlur(img, (0, 0), sigma)
    f = int(min(16, max(2, sigma // 1.5)))
    h, w = img.shape[:2]
    small = cv2.resize(img, (max(1, w // f), max(1, h // f)), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), sigma / f)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def rot2(a):
    return np.array([math.cos(a), math.sin(a)])


def choice_w(rng, items, weights):
    p = np.asarray(weights, np.float64)
    p = p / p.sum()
    return items[int(rng.choice(len(items), p=p))]


def to_bgra_lin(img_srgb, alpha):
    """img float sRGB 0..255 (H,W,3), alpha 0..1 -> linear BGRA float32 premultiplied-free."""
    lin = s2l(np.clip(img_srgb, 0, 255))
    return np.dstack([lin, alpha.astype(np.float32)]).astype(np.float32)


def rrect_sdf(h, w, r):
    """signed distance (px, negative inside) to a rounded rectangle filling (h,w)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = (w - 1) / 2.0, (h - 1) / 2.0
    hx, hy = w / 2.0 - r, h / 2.0 - r
    qx = np.abs(xx - cx) - hx
    qy = np.abs(yy - cy) - hy
    out = np.sqrt(np.maximum(qx, 0) ** 2 + np.maximum(qy, 0) ** 2) + np.minimum(np.maximum(qx, qy), 0) - r
    return out


# --------------------------------------------------------------------------------------
# Tiles: deck, groups
# --------------------------------------------------------------------------------------
CIVIL = ['6-6', '1-1', '4-4', '3-1', '5-5', '3-3', '2-2', '6-5', '6-4', '6-1', '5-1']
MILITARY = ['6-3', '5-4', '6-2', '5-3', '5-2', '4-3', '4-2', '4-1', '3-2', '2-1']
DECK = [f for f in CIVIL for _ in range(2)] + MILITARY
MIL_VAL = {'6-3': 9, '5-4': 9, '6-2': 8, '5-3': 8, '5-2': 7, '4-3': 7, '4-2': 6, '4-1': 5, '3-2': 5, '2-1': 3}
CIV_RANK = {f: i for i, f in enumerate(CIVIL)}
SERIES = {'6-6': 9, '1-1': 8, '4-4': 7, '3-1': 5}
ALL_FACES = sorted(set(DECK))


def classify(tiles):
    k = len(tiles)
    civ = [t for t in tiles if t in CIV_RANK]
    mil = [t for t in tiles if t in MIL_VAL]
    if k == 1:
        t = tiles[0]
        return ('civ1', -CIV_RANK[t]) if t in CIV_RANK else ('mil1', MIL_VAL[t])
    if k == 2:
        if len(civ) == 2:
            return ('civ2', -CIV_RANK[civ[0]]) if civ[0] == civ[1] else None
        if len(mil) == 2:
            if set(mil) == {'4-2', '2-1'}:
                return ('zun', 99)
            if mil[0] != mil[1] and MIL_VAL[mil[0]] == MIL_VAL[mil[1]] and MIL_VAL[mil[0]] in (9, 8, 7, 5):
                return ('mil2', MIL_VAL[mil[0]])
            return None
        if civ[0] in SERIES and MIL_VAL[mil[0]] == SERIES[civ[0]]:
            return ('mix2', -CIV_RANK[civ[0]])
        return None
    if k == 3:
        if len(civ) == 2 and civ[0] == civ[1] and civ[0] in SERIES and MIL_VAL[mil[0]] == SERIES[civ[0]]:
            return ('wen3', -CIV_RANK[civ[0]])
        if len(civ) == 1 and civ[0] in SERIES and len(set(mil)) == 2 and all(MIL_VAL[m] == SERIES[civ[0]] for m in mil):
            return ('wu3', -CIV_RANK[civ[0]])
        return None
    if k == 4:
        if len(civ) == 2 and civ[0] == civ[1] and civ[0] in SERIES and len(set(mil)) == 2 and \
                all(MIL_VAL[m] == SERIES[civ[0]] for m in mil):
            return ('quad', -CIV_RANK[civ[0]])
    return None


def legal_groups(hand, k):
    out = []
    seen = set()
    for comb in itertools.combinations(range(len(hand)), k):
        faces = tuple(sorted(hand[i] for i in comb))
        if faces in seen:
            continue
        c = classify(list(faces))
        if c is not None:
            seen.add(faces)
            out.append((list(comb), c))
    return out


# --------------------------------------------------------------------------------------
# Tile set appearance
# --------------------------------------------------------------------------------------
SCHEMES = {
    # name: (body sRGB RGB, pip colours list, weight)
    'black': ((24, 24, 26), [(240, 240, 236)], 44),
    'ivory': ((232, 222, 196), [(25, 25, 28), (25, 40, 105), (20, 75, 45)], 24),
    'white': ((238, 238, 232), [(22, 22, 25), (20, 35, 110)], 8),
    'green': ((28, 78, 52), [(238, 238, 230)], 7),
    'navy': ((24, 32, 72), [(238, 238, 232)], 6),
    'amber': ((112, 62, 28), [(240, 232, 210)], 5),
    'jade': ((150, 198, 168), [(20, 35, 28), (15, 60, 35)], 4),
    'cream_blue': ((236, 230, 212), [(30, 45, 120)], 2),
}


class TileSet:
    def __init__(self, rng, ppc):
        self.rng = rng
        self.ppc = ppc
        names = list(SCHEMES.keys())
        self.scheme = choice_w(rng, names, [SCHEMES[n][2] for n in names])
        body, pips, _ = SCHEMES[self.scheme]
        jit = rng.normal(0, 1, 3) * (4 if self.scheme != 'black' else 3)
        self.body = np.clip(np.array(body, np.float32) + jit + rng.normal(0, 4), 0, 255)[::-1].copy()  # BGR
        pc = np.array(pips[int(rng.integers(len(pips)))], np.float32)
        self.pip = np.clip(pc + rng.normal(0, 4, 3), 0, 255)[::-1].copy()
        self.red = np.array(rgb(*np.clip([rng.uniform(185, 230), rng.uniform(18, 50), rng.uniform(25, 60)], 0, 255)))
        light = self.body.mean() > 100
        self.light = light
        # two-layer sets (ivory face, coloured back), some dark sets with a different back
        self.back = self.body.copy()
        self.two_layer = False
        if light and rng.random() < 0.4:
            self.two_layer = True
            bc = [(40, 110, 70), (30, 60, 140), (200, 110, 30), (150, 105, 55), (30, 30, 32)][int(rng.integers(5))]
            self.back = np.clip(np.array(bc, np.float32) + rng.normal(0, 6, 3), 0, 255)[::-1].copy()
            self.layer_frac = rng.uniform(0.45, 0.7)
        self.back_logo = rng.random() < 0.15
        # dimensions (cm)
        self.w = rng.uniform(2.2, 2.8)
        self.aspect = rng.uniform(1.95, 2.45)
        self.L = self.w * self.aspect
        self.t = rng.uniform(0.7, 1.15) if not self.two_layer else rng.uniform(0.9, 1.3)
        self.corner_r = rng.uniform(0.07, 0.16) * self.w
        # pip layout maker
        self.maker = choice_w(rng, ['club', 'dice', 'axis'], [0.45, 0.30, 0.25])
        self.pip_style = choice_w(rng, ['cup', 'flat', 'ring'], [0.6, 0.25, 0.15])
        self.divider = choice_w(rng, ['none', 'line', 'groove'], [0.62, 0.24, 0.14])
        dcol = ['pip', 'gold', 'red'][int(rng.integers(3))]
        self.div_col = {'pip': self.pip, 'gold': rgb(205, 170, 80), 'red': self.red}[dcol]
        self.div_col_name = dcol
        self.div_w = rng.uniform(0.04, 0.09)
        self.div_len = rng.uniform(0.55, 0.92)
        self.pip_ldir = rot2(rng.uniform(0, 2 * PI))
        self.gloss = choice_w(rng, ['glossy', 'satin', 'matte'], [0.5, 0.3, 0.2])
        self.ks, self.shin, self.ke, self.rough = {
            'glossy': (rng.uniform(0.25, 0.7), rng.uniform(60, 300), rng.uniform(0.05, 0.1), rng.uniform(0.005, 0.04)),
            'satin': (rng.uniform(0.08, 0.25), rng.uniform(15, 60), rng.uniform(0.02, 0.05), rng.uniform(0.05, 0.15)),
            'matte': (rng.uniform(0.02, 0.06), rng.uniform(5, 15), 0.01, 0.4)}[self.gloss]
        self.bevel_k = rng.uniform(0.25, 0.9) if not light else -rng.uniform(0.1, 0.3)
        self.bevel_w = rng.uniform(0.05, 0.1) * self.w
        # maker geometry (in units of w for x, L for y)
        if self.maker == 'club':
            self.m = rng.uniform(0.095, 0.125)
            self.cx = rng.uniform(0.18, 0.22)
            self.pr = rng.uniform(0.13, 0.165)
            self.pr1 = self.pr * rng.uniform(1.0, 1.2)
        else:
            self.sx = rng.uniform(0.24, 0.29)
            self.sy = self.sx * rng.uniform(1.0, 1.25)
            self.pr = rng.uniform(0.095, 0.125)
            self.pr1 = rng.uniform(0.15, 0.2)
            self.end_bias = rng.uniform(-0.01, 0.04)
            self.diag2 = 1 if rng.random() < 0.5 else -1
        self.pip_jit = rng.uniform(0.0, 0.012)
        self.wear = rng.uniform(0, 1)
        self.cache = {}
        self.meta = {
            'scheme': self.scheme, 'body_bgr': [round(float(v), 1) for v in self.body],
            'pip_bgr': [round(float(v), 1) for v in self.pip], 'red_bgr': [round(float(v), 1) for v in self.red],
            'two_layer': self.two_layer, 'back_bgr': [round(float(v), 1) for v in self.back], 'back_logo': self.back_logo,
            'w_cm': round(self.w, 3), 'L_cm': round(self.L, 3), 't_cm': round(self.t, 3),
            'corner_r_cm': round(self.corner_r, 3), 'maker': self.maker, 'pip_style': self.pip_style,
            'divider': self.divider, 'divider_colour': dcol if self.divider == 'line' else None,
            'gloss': self.gloss, 'pip_radius_w': round(self.pr, 3)}

    # ---- pip positions -------------------------------------------------------------
    def pips(self, face):
        """list of (x_cm, y_cm, r_cm, kind) with y from the high end; kind in 'pip','red'."""
        hi, lo = [int(v) for v in face.split('-')]
        w, L = self.w, self.L
        out = []
        if self.maker == 'club':
            m = self.m
            rows = lambda r: (m + r * (1 - 2 * m) / 5.0) * L
            cols = lambda c: (0.5 + c * self.cx) * w
            pat = {1: [(0, 0)], 2: [(-1, 0), (1, 0)], 3: [(-1, 0), (0, 1), (1, 2)],
                   4: [(-1, 0), (1, 0), (-1, 1), (1, 1)], 5: [(-1, 0), (1, 0), (0, 1), (-1, 2), (1, 2)],
                   6: [(-1, 0), (1, 0), (-1, 1), (1, 1), (-1, 2), (1, 2)]}
            if face == '4-4':
                up = [(-1, 0), (1, 0), (-1, 5 / 3.0), (1, 5 / 3.0)]
                halves = [(up, 4), ([(-c, 5 - r) for c, r in up], 4)]
            elif face == '3-3':
                up = [(0, 0), (0, 1), (-1, 2.5)]
                halves = [(up, 3), ([(-c, 5 - r) for c, r in up], 3)]
            else:
                halves = [(pat[hi], hi), ([(-c, 5 - r) for c, r in pat[lo]], lo)]
            for hidx, (pts, n) in enumerate(halves):
                for j, (c, r) in enumerate(pts):
                    rad = (self.pr1 if n == 1 else self.pr) * w
                    kind = 'red' if n in (1, 4) else 'pip'
                    if face == '6-6':
                        kind = 'red' if ((c < 0) if hidx == 0 else (c > 0)) else 'pip'
                    out.append((cols(c), rows(r), rad, kind))
        else:
            d2 = self.diag2
            two = [(d2, -1), (-d2, 1)] if self.maker == 'dice' else [(0, -1), (0, 1)]
            pat = {1: [(0, 0)], 2: two, 3: [(-1, -1), (0, 0), (1, 1)],
                   4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                   6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
            yc = (0.25 - self.end_bias) * L
            for hidx, n in enumerate((hi, lo)):
                for (c, r) in pat[n]:
                    x = 0.5 * w + c * self.sx * w
                    y = yc + r * self.sy * w
                    rad = (self.pr1 if n == 1 else self.pr) * w
                    kind = 'red' if n in (1, 4) else 'pip'
                    if face == '6-6':
                        kind = 'red' if c < 0 else 'pip'
                    if hidx == 1:
                        x, y = w - x, L - y
                    out.append((x, y, rad, kind))
        return out

    # ---- textures ------------------------------------------------------------------
    def _body(self, h, w, col, seed_extra=0):
        rng = self.rng
        img = np.empty((h, w, 3), np.float32)
        img[:] = col
        n = noise2(rng, h, w, max(2, h / 6), 2) * (3 + 4 * self.light) + rng.normal(0, 1.6, (h, w)).astype(np.float32)
        img += n[..., None]
        if self.light and rng.random() < 0.5:  # bone/ivory grain
            g = noise2(rng, h, w, max(2, h / 3), 1, aniso=0.15) * 5
            img += g[..., None] * np.array([0.6, 0.9, 1.0], np.float32)
        return img

    def _bevel(self, img, sdf, k):
        bw = max(1.0, self.bevel_w * self.ppc)
        e = np.clip(-sdf / bw, 0, 1)
        f = 1.0 + k * (1 - e) ** 2
        if k > 0:
            img[:] = img * f[..., None] + (f[..., None] - 1) * 20
        else:
            img *= f[..., None]

    def face_tex(self, face):
        key = ('face', face)
        if key in self.cache:
            return self.cache[key]
        ppc = self.ppc
        W = max(8, int(round(self.w * ppc)))
        H = max(16, int(round(self.L * ppc)))
        sx, sy = W / self.w, H / self.L
        img = self._body(H, W, self.body)
        sdf = rrect_sdf(H, W, self.corner_r * ppc)
        rng = self.rng
        # divider
        if self.divider != 'none':
            y = H / 2.0 - 0.5
            hw = max(0.6, self.div_w * ppc / 2)
            x0 = W * (1 - self.div_len) / 2
            x1 = W - x0
            yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
            cov = np.clip(hw + 0.5 - np.abs(yy - y), 0, 1) * np.clip(np.minimum(xx - x0, x1 - xx) + 0.5, 0, 1)
            if self.divider == 'line':
                img = img * (1 - cov[..., None]) + self.div_col * cov[..., None]
            else:
                dark = self.body * 0.45
                img = img * (1 - cov[..., None]) + dark * cov[..., None]
                cov2 = np.clip(hw * 0.6 + 0.5 - np.abs(yy - y - hw * 1.6), 0, 1) * (cov > -1)
                cov2 *= np.clip(np.minimum(xx - x0, x1 - xx) + 0.5, 0, 1)
                lite = np.minimum(self.body * 1.5 + 25, 255)
                img = img * (1 - 0.6 * cov2[..., None]) + lite * 0.6 * cov2[..., None]
        # pips
        for (x, y, r, kind) in self.pips(face):
            x = x + rng.normal(0, self.pip_jit * self.w)
            y = y + rng.normal(0, self.pip_jit * self.w)
            col = self.red if kind == 'red' else self.pip
            self._pip(img, x * sx - 0.5, y * sy - 0.5, r * sx, col)
        # wear / scratches (faint)
        if self.wear > 0.5:
            for _ in range(int(rng.integers(1, 6))):
                p0 = (int(rng.integers(W)), int(rng.integers(H)))
                p1 = (int(p0[0] + rng.normal(0, W / 3)), int(p0[1] + rng.normal(0, H / 4)))
                lay = np.zeros((H, W), np.float32)
                cv2.line(lay, p0, p1, 1.0, 1, cv2.LINE_AA)
                tone = 255.0 if not self.light else 0.0
                a = rng.uniform(0.04, 0.12)
                img = img * (1 - a * lay[..., None]) + tone * a * lay[..., None]
        self._bevel(img, sdf, self.bevel_k)
        alpha = np.clip(0.5 - sdf, 0, 1)
        tex = to_bgra_lin(img, alpha)
        self.cache[key] = tex
        return tex

    def _pip(self, img, cx, cy, r, col):
        H, W = img.shape[:2]
        x0, x1 = max(0, int(cx - r - 2)), min(W, int(cx + r + 3))
        y0, y1 = max(0, int(cy - r - 2)), min(H, int(cy + r + 3))
        if x1 <= x0 or y1 <= y0:
            return
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        dx, dy = xx - cx, yy - cy
        d = np.sqrt(dx * dx + dy * dy)
        cov = np.clip(r + 0.5 - d, 0, 1)[..., None]
        c = np.broadcast_to(np.asarray(col, np.float32), dx.shape + (3,)).copy()
        if self.pip_style == 'cup':
            lx, ly = self.pip_ldir
            t = (dx * lx + dy * ly) / max(r, 1e-3)
            shade = 1 - 0.3 * np.clip(t, 0, 1) + 0.06 * np.clip(-t, 0, 1)
            rim = np.exp(-((r - d) / max(0.18 * r, 0.5)) ** 2)
            c = c * (shade * (1 - 0.25 * rim))[..., None]
            hx, hy = cx - 0.4 * lx * r, cy - 0.4 * ly * r
            hl = np.exp(-(((xx - hx) ** 2 + (yy - hy) ** 2) / max((0.22 * r) ** 2, 0.3)))
            c = c + (255 - c) * (0.45 * hl)[..., None]
        elif self.pip_style == 'ring':
            ring = smoothstep(0.72 * r, 0.9 * r, d)
            c = c * (1 - 0.5 * ring)[..., None]
        img[y0:y1, x0:x1] = img[y0:y1, x0:x1] * (1 - cov) + c * cov

    def back_tex(self):
        key = ('back',)
        if key in self.cache:
            return self.cache[key]
        ppc = self.ppc
        W = max(8, int(round(self.w * ppc)))
        H = max(16, int(round(self.L * ppc)))
        img = self._body(H, W, self.back)
        sdf = rrect_sdf(H, W, self.corner_r * ppc)
        if self.back_logo:
            lay = np.zeros((H, W), np.float32)
            c = (W // 2, H // 2)
            rr = int(W * 0.3)
            cv2.circle(lay, c, rr, 1.0, max(1, W // 25), cv2.LINE_AA)
            rng = self.rng
            for _ in range(5):
                p0 = (int(c[0] + rng.uniform(-0.6, 0.6) * rr), int(c[1] + rng.uniform(-0.6, 0.6) * rr))
                p1 = (int(c[0] + rng.uniform(-0.6, 0.6) * rr), int(c[1] + rng.uniform(-0.6, 0.6) * rr))
                cv2.line(lay, p0, p1, 1.0, max(1, W // 30), cv2.LINE_AA)
            lc = rgb(200, 165, 70) if rng.random() < 0.6 else self.red
            img = img * (1 - lay[..., None] * 0.8) + lc * 0.8 * lay[..., None]
        k = self.bevel_k if not self.two_layer else (0.4 if self.back.mean() < 100 else -0.2)
        self._bevel(img, sdf, k)
        tex = to_bgra_lin(img, np.clip(0.5 - sdf, 0, 1))
        self.cache[key] = tex
        return tex

    def side_tex(self, which):
        key = ('side', which)
        if key in self.cache:
            return self.cache[key]
        ppc = self.ppc
        Wc = self.L if which == 'long' else self.w
        W = max(4, int(round(Wc * ppc)))
        H = max(3, int(round(self.t * ppc)))
        img = self._body(H, W, self.body)
        if self.two_layer:
            k = int(round(self.layer_frac * H))
            img[k:] = img[k:] - self.body + self.back
        yy = (np.arange(H, dtype=np.float32) + 0.5) / H
        prof = 1.0 - 0.35 * (np.exp(-((yy - 0) / 0.15) ** 2) * 0.3 + np.exp(-((1 - yy) / 0.18) ** 2))
        img *= prof[:, None, None]
        tex = to_bgra_lin(img, np.ones((H, W), np.float32))
        self.cache[key] = tex
        return tex


# --------------------------------------------------------------------------------------
# Camera / rasteriser
# --------------------------------------------------------------------------------------
class Camera:
    def __init__(self, f, cx, cy, R, C, W, H):
        self.K = np.array([[f, 0, cx], [0, f, cy], [0, 0, 1.0]])
        self.Kinv = np.linalg.inv(self.K)
        self.R = R
        self.C = np.asarray(C, np.float64)
        self.W, self.H = W, H
        self.f = f

    def project(self, P):
        P = np.asarray(P, np.float64)
        Xc = (P - self.C) @ self.R.T
        uv = Xc @ self.K.T
        return uv[..., :2] / uv[..., 2:3], Xc[..., 2]

    def ray_plane(self, uv, z):
        uv = np.asarray(uv, np.float64)
        p = np.concatenate([uv, np.ones(uv.shape[:-1] + (1,))], -1)
        d = (p @ self.Kinv.T) @ self.R  # world dirs
        s = (z - self.C[2]) / d[..., 2]
        return self.C + d * s[..., None]

    def scaled(self, ss):
        f = self.f * ss
        cx = ss * (self.K[0, 2] + 0.5) - 0.5
        cy = ss * (self.K[1, 2] + 0.5) - 0.5
        return Camera(f, cx, cy, self.R, self.C, int(round(self.W * ss)), int(round(self.H * ss)))


class Raster:
    def __init__(self, cam):
        self.cam = cam
        self.W, self.H = cam.W, cam.H
        self.alb = np.zeros((self.H, self.W, 3), np.float32)
        self.iz = np.zeros((self.H, self.W), np.float32)
        self.fid = np.full((self.H, self.W), -1, np.int32)
        self.faces = []  # (normal, ks, shin, ke, rough, emit, recv, obj)

    def add_face_rec(self, n, ks, shin, ke, rough, emit, recv, obj):
        self.faces.append((np.asarray(n, np.float64), ks, shin, ke, rough, emit, recv, obj))
        return len(self.faces) - 1

    def draw_face(self, P, tex, normal, obj, ks=0.0, shin=20.0, ke=0.0, rough=0.2, emit=0.0, recv=False,
                  cull=True, need_area=False):
        cam = self.cam
        P = np.asarray(P, np.float64)
        n = np.asarray(normal, np.float64)
        if cull and np.dot(n, cam.C - P.mean(0)) <= 1e-9:
            return -1, 0, 0
        Xc = (P - cam.C) @ cam.R.T
        if (Xc[:, 2] < 0.5).any():
            return -1, 0, 0
        uvw = Xc @ cam.K.T
        uv = uvw[:, :2] / uvw[:, 2:3]
        x0 = int(math.floor(uv[:, 0].min()))
        x1 = int(math.ceil(uv[:, 0].max())) + 1
        y0 = int(math.floor(uv[:, 1].min()))
        y1 = int(math.ceil(uv[:, 1].max())) + 1
        cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, self.W), min(y1, self.H)
        clipped = (cx0, cy0, cx1, cy1) != (x0, y0, x1, y1)
        fidx = self.add_face_rec(n, ks, shin, ke, rough, emit, recv, obj)
        th, tw = tex.shape[:2]
        src = np.float32([[-0.5, -0.5], [tw - 0.5, -0.5], [tw - 0.5, th - 0.5], [-0.5, th - 0.5]])
        full = 0
        if need_area and clipped:
            bw, bh = x1 - x0, y1 - y0
            if bw * bh < 8e6:
                M = cv2.getPerspectiveTransform(src, (uv - [x0, y0]).astype(np.float32))
                a = cv2.warpPerspective(np.ascontiguousarray(tex[..., 3]), M, (bw, bh), flags=cv2.INTER_LINEAR,
                                        borderMode=cv2.BORDER_CONSTANT, borderValue=0)
                full = int((a > 0.5).sum())
        if cx1 <= cx0 or cy1 <= cy0:
            return fidx, full, 0
        M = cv2.getPerspectiveTransform(src, (uv - [cx0, cy0]).astype(np.float32))
        wp = cv2.warpPerspective(tex, M, (cx1 - cx0, cy1 - cy0), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
        al = wp[..., 3]
        mask = al > 0.5
        inframe = int(mask.sum())
        if need_area and not clipped:
            full = inframe
        if inframe == 0:
            return fidx, full, 0
        nc = cam.R @ n
        d = float(nc @ Xc[0])
        if abs(d) < 1e-9:
            return fidx, full, 0
        a = (nc @ cam.Kinv) / d
        us = np.arange(cx0, cx1, dtype=np.float32)
        vs = np.arange(cy0, cy1, dtype=np.float32)
        iz = (a[0] * us[None, :] + a[1] * vs[:, None] + a[2]).astype(np.float32)
        sub = self.iz[cy0:cy1, cx0:cx1]
        m = mask & (iz > sub)
        if m.any():
            np.copyto(sub, iz, where=m)
            col = wp[..., :3] / np.maximum(al, 1e-3)[..., None]
            np.copyto(self.alb[cy0:cy1, cx0:cx1], col, where=m[..., None])
            self.fid[cy0:cy1, cx0:cx1][m] = fidx
        return fidx, full, inframe

    def draw_plane(self, TP, tex_u8, obj, **kw):
        """background plane covering the whole frame: uint8 sRGB texture, no alpha, no depth test."""
        cam = self.cam
        fidx = self.add_face_rec(np.array([0, 0, 1.0]), kw.get('ks', 0.0), kw.get('shin', 10.0), kw.get('ke', 0.0),
                                 kw.get('rough', 0.5), 0.0, True, obj)
        uv, z = cam.project(TP)
        th, tw = tex_u8.shape[:2]
        src = np.float32([[-0.5, -0.5], [tw - 0.5, -0.5], [tw - 0.5, th - 0.5], [-0.5, th - 0.5]])
        M = cv2.getPerspectiveTransform(src, uv.astype(np.float32))
        wp = cv2.warpPerspective(tex_u8, M, (self.W, self.H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
        self.alb[:] = LUT_S2L[wp]
        Xc = (TP[0] - cam.C) @ cam.R.T
        nc = cam.R @ np.array([0, 0, 1.0])
        a = (nc @ cam.Kinv) / float(nc @ Xc)
        us = np.arange(self.W, dtype=np.float32)
        vs = np.arange(self.H, dtype=np.float32)
        self.iz[:] = (a[0] * us[None, :] + a[1] * vs[:, None] + a[2]).astype(np.float32)
        self.fid[:] = fidx
        return fidx


def quad_corners(centre, n, u, Wd, Hd):
    """corners TL,TR,BR,BL of a planar rectangle; texture row 0 at +u, col 0 at -r, r = u x n."""
    c = np.asarray(centre, np.float64)
    u = np.asarray(u, np.float64)
    r = np.cross(u, n)
    return np.array([c - r * Wd / 2 + u * Hd / 2, c + r * Wd / 2 + u * Hd / 2,
                     c + r * Wd / 2 - u * Hd / 2, c - r * Wd / 2 - u * Hd / 2])


# --------------------------------------------------------------------------------------
# Scene objects
# --------------------------------------------------------------------------------------
class Obj:
    def __init__(self, kind, **kw):
        self.kind = kind
        self.__dict__.update(kw)


def tile_frame(ts, sp):
    """returns centre, a1 (toward high end), a2, a3 (face normal), half extents."""
    w, L, t = ts.w, ts.L, ts.t
    a = sp['a']
    pose = sp['pose']
    z0 = sp.get('z0', 0.0)
    if pose in ('up', 'down'):
        a1 = np.array([math.cos(a), math.sin(a), 0.0])
        a3 = np.array([0, 0, 1.0]) if pose == 'up' else np.array([0, 0, -1.0])
        c = np.array([sp['x'], sp['y'], z0 + t / 2])
    elif pose == 'end':
        a1 = np.array([0, 0, 1.0 if sp.get('hi_up', True) else -1.0])
        fa = sp['fa']
        a3 = np.array([math.cos(fa), math.sin(fa), 0.0])
        c = np.array([sp['x'], sp['y'], z0 + L / 2])
    else:  # side: standing on a long edge; face normal perpendicular to the long axis, toward fa
        a1 = np.array([math.cos(a), math.sin(a), 0.0])
        fa = sp['fa']
        a3 = np.array([-a1[1], a1[0], 0.0])
        if a3[0] * math.cos(fa) + a3[1] * math.sin(fa) < 0:
            a3 = -a3
        c = np.array([sp['x'], sp['y'], z0 + w / 2])
    a2 = np.cross(a3, a1)
    return c, a1, a2, a3, (L / 2, w / 2, t / 2)


def tile_faces(ts, sp):
    c, a1, a2, a3, (h1, h2, h3) = tile_frame(ts, sp)
    out = []
    out.append(('face', quad_corners(c + a3 * h3, a3, a1, 2 * h2, 2 * h1), a3))
    out.append(('back', quad_corners(c - a3 * h3, -a3, a1, 2 * h2, 2 * h1), -a3))
    for s in (1, -1):
        out.append(('end', quad_corners(c + s * a1 * h1, s * a1, a3, 2 * h2, 2 * h3), s * a1))
        out.append(('long', quad_corners(c + s * a2 * h2, s * a2, a3, 2 * h1, 2 * h3), s * a2))
    return out


def tile_corners3d(ts, sp):
    c, a1, a2, a3, (h1, h2, h3) = tile_frame(ts, sp)
    pts = []
    for s1 in (-1, 1):
        for s2 in (-1, 1):
            for s3 in (-1, 1):
                pts.append(c + s1 * h1 * a1 + s2 * h2 * a2 + s3 * h3 * a3)
    return np.array(pts)


def tile_footprint(ts, sp, margin=0.0):
    """oriented rectangle (cx, cy, ux, uy, hu, hv) in xy."""
    c, a1, a2, a3, (h1, h2, h3) = tile_frame(ts, sp)
    axes = [(a1, h1), (a2, h2), (a3, h3)]
    hor = [(ax[:2], h) for ax, h in axes if abs(ax[2]) < 0.5]
    (u, hu), (v, hv) = hor[0], hor[1]
    return (c[0], c[1], u / np.linalg.norm(u), hu + margin, v / np.linalg.norm(v), hv + margin)


def rect_make(cx, cy, ang, hl, hw):
    u = rot2(ang)
    v = np.array([-u[1], u[0]])
    return (cx, cy, u, hl, v, hw)


def rects_overlap(A, B):
    ca = np.array(A[:2])
    cb = np.array(B[:2])
    d = cb - ca
    axes = [A[2], A[4], B[2], B[4]]
    for ax in axes:
        ra = A[3] * abs(np.dot(A[2], ax)) + A[5] * abs(np.dot(A[4], ax))
        rb = B[3] * abs(np.dot(B[2], ax)) + B[5] * abs(np.dot(B[4], ax))
        if abs(np.dot(d, ax)) > ra + rb:
            return False
    return True


# --------------------------------------------------------------------------------------
# Layouts
# --------------------------------------------------------------------------------------
SEAT_NAMES = ['S', 'E', 'N', 'W']  # counter-clockwise seen from above: S bottom, E right


class Layout:
    def __init__(self):
        self.tiles = []  # placement dicts
        self.info = {}
        self.focus = []  # xy points of interest (for camera / hands)
        self.seats = None
        self.dropped = 0


def group_overlaps(ts, old, new, margin=0.03):
    if not old:
        return False
    fo = [tile_footprint(ts, sp, 0.0) for sp in old]
    for sp in new:
        f = tile_footprint(ts, sp, margin)
        for g in fo:
            if (f[0] - g[0]) ** 2 + (f[1] - g[1]) ** 2 > (f[3] + f[5] + g[3] + g[5]) ** 2:
                continue
            if rects_overlap(f, g):
                return True
    return False


def attempt(lay, ts, fn, tries=12):
    """call fn(i) (which appends tiles to lay.tiles) until the new tiles overlap nothing already placed."""
    for i in range(tries):
        n0 = len(lay.tiles)
        fn(i)
        if not group_overlaps(ts, lay.tiles[:n0], lay.tiles[n0:]):
            return True
        del lay.tiles[n0:]
    lay.dropped += 1
    return False


def add_row(lay, ts, rng, faces, centre, ang, pose='up', mode='side', gap=None, z0=0.0, flip='random',
            jit_a=0.01, jit_p=0.05, fa=None, group=None):
    """row of tiles touching; mode side: long axes perpendicular to the row direction."""
    n = len(faces)
    if gap is None:
        gap = rng.uniform(0.02, 0.12)
    if pose == 'end':
        pitch = ts.w + gap
    elif pose == 'side':
        pitch = ts.L + gap
    else:
        pitch = (ts.w if mode == 'side' else ts.L) + gap
    # keep neighbours from interpenetrating: angle jitter bounded by the gap, spacing grows with position jitter
    span = ts.L if (pose in ('up', 'down') and mode == 'side') or pose == 'side' else ts.w
    if jit_p > 0.05:
        gap += 2 * jit_p
        pitch += 2 * jit_p
    jit_a = min(jit_a, 0.5 * gap / span)
    d = rot2(ang)
    dp = np.array([-d[1], d[0]])
    offs = (np.arange(n) - (n - 1) / 2.0) * pitch
    out = []
    for i, f in enumerate(faces):
        along = float(np.clip(rng.normal(0, jit_p), -0.2 * gap, 0.2 * gap))
        perp = rng.normal(0, jit_p)
        x = centre[0] + (offs[i] + along) * d[0] + perp * dp[0]
        y = centre[1] + (offs[i] + along) * d[1] + perp * dp[1]
        if pose in ('up', 'down'):
            a = ang + (PI / 2 if mode == 'side' else 0.0)
            if flip == 'random' and rng.random() < 0.5:
                a += PI
            elif flip is True:
                a += PI
            a += rng.normal(0, jit_a)
            sp = dict(x=x, y=y, a=a, pose=pose, z0=z0, face=f)
        elif pose == 'end':
            sp = dict(x=x, y=y, a=ang, pose='end', z0=z0, face=f, fa=fa + rng.normal(0, jit_a),
                      hi_up=bool(rng.random() < 0.5))
        else:
            sp = dict(x=x, y=y, a=ang + rng.normal(0, jit_a) + (PI if rng.random() < 0.5 else 0), pose='side', z0=z0,
                      face=f, fa=fa + rng.normal(0, jit_a))
        if group:
            sp['group'] = group
        out.append(sp)
    lay.tiles.extend(out)
    return out


def add_stacks(lay, ts, rng, faces, centre, ang, levels=2, gap=None, mode='side', group=None, top_up=False):
    """row of stacks `levels` high, face down (top maybe face up), touching side by side."""
    nst = len(faces) // levels
    if gap is None:
        gap = rng.uniform(0.02, 0.15)
    pitch = (ts.w if mode == 'side' else ts.L) + gap
    d = rot2(ang)
    offs = (np.arange(nst) - (nst - 1) / 2.0) * pitch
    k = 0
    for i in range(nst):
        x = centre[0] + offs[i] * d[0]
        y = centre[1] + offs[i] * d[1]
        a0 = ang + (PI / 2 if mode == 'side' else 0) + (PI if rng.random() < 0.5 else 0)
        span = ts.L if mode == 'side' else ts.w
        for lv in range(levels):
            a = a0 + float(np.clip(rng.normal(0, 0.015), -0.5 * gap / span, 0.5 * gap / span))
            along = float(np.clip(rng.normal(0, 0.06), -0.2 * gap, 0.2 * gap))
            perp = rng.normal(0, 0.06)
            sp = dict(x=x + along * d[0] - perp * d[1], y=y + along * d[1] + perp * d[0], a=a, pose='down',
                      z0=lv * ts.t, face=faces[k], group=group or 'stack')
            lay.tiles.append(sp)
            k += 1
    return nst


def layout_game(rng, ts, phase):
    lay = Layout()
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i * 8:(i + 1) * 8] for i in range(4)]
    R = rng.uniform(27, 42)
    seat_ang = [-PI / 2, 0.0, PI / 2, PI]
    seats = []
    for s in range(4):
        u = rot2(seat_ang[s])
        seats.append(dict(name=SEAT_NAMES[s], ang=seat_ang[s], u=u, lat=np.array([-u[1], u[0]]), O=u * R))
    lay.seats = seats
    hand_pref = choice_w(rng, ['down', 'end', 'side', 'mixed'], [0.4, 0.3, 0.15, 0.15])
    info = dict(phase=phase, seat_radius_cm=round(R, 1), hand_style=hand_pref)

    def place_hand(s, tiles):
        if not tiles:
            return
        st = seats[s]
        style = hand_pref if hand_pref != 'mixed' else ['down', 'end', 'side'][int(rng.integers(3))]
        attempt(lay, ts, lambda i: _place_hand(s, tiles, st, style, i))
        info.setdefault('hands', {})[st['name']] = dict(n=len(tiles), style=style)

    def _place_hand(s, tiles, st, style, i):
        centre = st['O'] + st['lat'] * rng.normal(0, 3) + st['u'] * (rng.normal(0, 1.5) + 1.5 * i)
        rowang = st['ang'] + PI / 2 + rng.normal(0, 0.06)
        if style == 'down':
            if len(tiles) > 5 and rng.random() < 0.25:
                h = len(tiles) // 2
                add_row(lay, ts, rng, tiles[:h], centre + st["u"] * (ts.L / 2 + 0.3), rowang, 'down', 'side',
                        jit_a=0.03, group='hand')
                add_row(lay, ts, rng, tiles[h:], centre - st["u"] * (ts.L / 2 + 0.3), rowang, 'down', 'side',
                        jit_a=0.03, group='hand')
            else:
                add_row(lay, ts, rng, tiles, centre, rowang, 'down', 'side', jit_a=rng.uniform(0.005, 0.06),
                        jit_p=rng.uniform(0.02, 0.25), group='hand')
        elif style == 'end':
            add_row(lay, ts, rng, tiles, centre, rowang, 'end', fa=st['ang'], gap=rng.uniform(0.03, 0.3),
                    jit_a=0.04, group='hand')
        else:
            if len(tiles) > 4:
                h = (len(tiles) + 1) // 2
                add_row(lay, ts, rng, tiles[:h], centre + st['u'] * 1.0, rowang, 'side', fa=st['ang'], jit_a=0.03,
                        group='hand')
                add_row(lay, ts, rng, tiles[h:], centre - st['u'] * 1.6, rowang, 'side', fa=st['ang'], jit_a=0.03,
                        group='hand')
            else:
                add_row(lay, ts, rng, tiles, centre, rowang, 'side', fa=st['ang'], jit_a=0.03, group='hand')

    if phase == 'end':
        mode = choice_w(rng, ['seats', 'centre'], [0.55, 0.45])
        info['end_mode'] = mode
        if mode == 'seats':
            for s in range(4):
                st = seats[s]

                def _rev(i, st=st, s=s):
                    c = st['O'] - st['u'] * (rng.uniform(0, 6) - i) + st['lat'] * rng.normal(0, 2)
                    add_row(lay, ts, rng, hands[s], c, st['ang'] + PI / 2 + rng.normal(0, 0.05), 'up', 'side',
                            jit_a=rng.uniform(0.003, 0.03), jit_p=rng.uniform(0.01, 0.1), group='reveal')
                    lay.focus.append(c)
                attempt(lay, ts, _rev)
        else:
            ang = rng.uniform(0, 2 * PI)
            rg = rng.uniform(0.3, 3.5)
            d = rot2(ang + PI / 2)
            ctr = rng.normal(0, 3, 2)
            for r in range(4):
                c = ctr + d * (r - 1.5) * (ts.L + rg)
                add_row(lay, ts, rng, hands[r], c, ang + rng.normal(0, 0.02), 'up', 'side',
                        jit_a=0.01, jit_p=0.05, group='reveal')
            lay.focus.append(ctr)
        lay.info = info
        return lay

    if phase == 'deal':
        nst = int(rng.integers(6, 17))
        wall = deck[:2 * nst]
        rest = deck[2 * nst:]
        ang = rng.uniform(0, 2 * PI)
        ctr = rng.normal(0, 4, 2)
        if nst > 8 and rng.random() < 0.4:
            h = nst // 2
            d = rot2(ang + PI / 2)
            add_stacks(lay, ts, rng, wall[:2 * h], ctr + d * (ts.L / 2 + 0.1), ang, group='wall')
            add_stacks(lay, ts, rng, wall[2 * h:], ctr - d * (ts.L / 2 + 0.1), ang, group='wall')
        else:
            add_stacks(lay, ts, rng, wall, ctr, ang, group='wall')
        lay.focus.append(ctr)
        per = [rest[i::4] for i in range(4)]
        for s in range(4):
            place_hand(s, per[s])
        info['wall_stacks'] = nst
        lay.info = info
        return lay

    # ---- trick in progress ----
    used = int(choice_w(rng, list(range(8)), [18, 14, 14, 13, 12, 11, 10, 8]))
    parts = []
    u = used
    while u > 0:
        p = min(u, int(choice_w(rng, [1, 2, 3, 4], [55, 30, 8, 7])))
        parts.append(p)
        u -= p
    left = 8 - used
    k = min(left, int(choice_w(rng, [1, 2, 3, 4], [45, 35, 10, 10])))
    leader = int(rng.integers(4))
    nplayed = int(choice_w(rng, [1, 2, 3, 4], [25, 25, 25, 25]))
    # previous tricks -> won stacks
    piles = [[] for _ in range(4)]
    remaining = [list(h) for h in hands]
    for p in parts:
        win = int(rng.integers(4))
        for s in range(4):
            for _ in range(p):
                piles[win].append(remaining[s].pop(int(rng.integers(len(remaining[s])))))
    # current trick
    plays = []
    best = None
    lead_groups = legal_groups(remaining[leader], k)
    if not lead_groups:
        k = 1
        lead_groups = legal_groups(remaining[leader], 1)
    idx, cls = lead_groups[int(rng.integers(len(lead_groups)))]
    lead = [remaining[leader][i] for i in idx]
    for i in sorted(idx, reverse=True):
        remaining[leader].pop(i)
    plays.append((leader, lead, True))
    best = cls
    for j in range(1, nplayed):
        s = (leader + j) % 4
        up = False
        tiles = None
        if best[0] != 'zun' and rng.random() < 0.55:
            cands = [(ix, c) for ix, c in legal_groups(remaining[s], k) if c[0] == best[0] and c[1] > best[1]]
            if cands:
                ix, c = cands[int(rng.integers(len(cands)))]
                tiles = [remaining[s][i] for i in ix]
                for i in sorted(ix, reverse=True):
                    remaining[s].pop(i)
                best = c
                up = True
        if tiles is None:
            tiles = [remaining[s].pop(int(rng.integers(len(remaining[s])))) for _ in range(k)]
        plays.append((s, tiles, up))
    play_mode = choice_w(rng, ['front', 'centre'], [0.55, 0.45])
    rmin = len(plays[0][1]) * (ts.w + 0.15) / 2 + ts.L / 2 + 0.8
    for (s, tiles, up) in plays:
        st = seats[s]

        def _play(i, st=st, tiles=tiles, up=up):
            if play_mode == 'front':
                c = st['O'] - st['u'] * (rng.uniform(10, 16) - i) + st['lat'] * rng.normal(0, 3 / (1 + i))
            else:
                c = st['u'] * max(rmin, rng.uniform(4.5, 9)) * (1 + 0.1 * i) + st['lat'] * rng.normal(0, 2 / (1 + i))
            flip = bool(rng.random() < 0.5)
            add_row(lay, ts, rng, tiles, c, st['ang'] + PI / 2 + rng.normal(0, 0.06), 'up' if up else 'down', 'side',
                    gap=rng.uniform(0.02, 0.15), jit_a=0.01, jit_p=0.04, flip=flip if rng.random() < 0.8 else 'random',
                    group='play')
            lay.focus.append(c)
        attempt(lay, ts, _play)
    for s in range(4):
        place_hand(s, remaining[s])
        if piles[s]:
            st = seats[s]
            side0 = 1 if rng.random() < 0.7 else -1
            nst = len(piles[s]) // 2
            two = nst > 6 and rng.random() < 0.5

            def _pile(i, st=st, s=s, nst=nst, two=two):
                side = side0 if i % 2 == 0 else -side0
                c = st['O'] + st['lat'] * side * (rng.uniform(12, 20) + nst * ts.w * 0.25) \
                    - st['u'] * (rng.uniform(-2, 7) + (i // 2) * 3)
                if two:
                    h = (nst // 2) * 2
                    add_stacks(lay, ts, rng, piles[s][:h], c + st['u'] * (ts.L / 2 + 0.1), st['ang'] + PI / 2, group='won')
                    add_stacks(lay, ts, rng, piles[s][h:], c - st['u'] * (ts.L / 2 + 0.1), st['ang'] + PI / 2, group='won')
                else:
                    add_stacks(lay, ts, rng, piles[s], c, st['ang'] + PI / 2 + rng.normal(0, 0.05), group='won')
            attempt(lay, ts, _pile)
    info.update(tricks_before=parts, trick_size=k, leader=SEAT_NAMES[leader], played=nplayed, play_mode=play_mode,
                plays=[dict(seat=SEAT_NAMES[s], tiles=t, face_up=up) for s, t, up in plays])
    lay.info = info
    return lay


def scatter_place(rng, ts, lay, faces, region, pose_fn, max_tries=60, allow_on_top=0.0):
    placed = []
    rects = [tile_footprint(ts, sp, 0.0) for sp in lay.tiles]
    for f in faces:
        for _ in range(max_tries):
            x = rng.uniform(-region, region)
            y = rng.uniform(-region * 0.7, region * 0.7)
            a = rng.uniform(0, 2 * PI)
            pose = pose_fn()
            sp = dict(x=x, y=y, a=a, pose=pose, z0=0.0, face=f, group='scatter')
            fp = tile_footprint(ts, sp, 0.15)
            if any(rects_overlap(fp, r) for r in rects):
                continue
            rects.append(tile_footprint(ts, sp, 0.0))
            placed.append(sp)
            lay.tiles.append(sp)
            break
    if allow_on_top > 0 and placed:
        # a few tiles resting on top of others (centre supported)
        base = [sp for sp in placed if sp['z0'] == 0.0]
        for sp in list(base):
            if rng.random() < allow_on_top:
                ang = rng.uniform(0, 2 * PI)
                off = rot2(ang) * rng.uniform(0.3, 0.45) * ts.w
                top = dict(x=sp['x'] + off[0], y=sp['y'] + off[1], a=rng.uniform(0, 2 * PI),
                           pose='up' if rng.random() < 0.7 else 'down', z0=ts.t, face=None, group='on_top')
                lay.tiles.append(top)
    return placed


def layout_display(rng, ts, kind):
    lay = Layout()
    deck = list(DECK)
    rng.shuffle(deck)
    info = dict(kind=kind)
    if kind == 'block':
        nblocks = 1 if rng.random() < 0.7 else 2
        info['blocks'] = []
        k = 0
        centres = [np.zeros(2)] if nblocks == 1 else [np.array([-14.0, 0]) + rng.normal(0, 2, 2),
                                                       np.array([14.0, 0]) + rng.normal(0, 2, 2)]
        for b in range(nblocks):
            r = int(rng.integers(2, 5))
            c = int(rng.integers(2, 9))
            while r * c > 32 - k:
                c -= 1
            if c < 2:
                break
            orient = 'vertical' if rng.random() < 0.7 else 'horizontal'
            ang = rng.uniform(0, 2 * PI)
            gap_r = rng.uniform(0.02, 0.12)
            d_row = rot2(ang + PI / 2)
            row_pitch = (ts.L if orient == 'vertical' else ts.w) + gap_r
            flip_all = bool(rng.random() < 0.5)

            def _block(i, b=b, r=r, c=c, k=k, orient=orient, ang=ang, d_row=d_row, row_pitch=row_pitch,
                       flip_all=flip_all):
                ctr = centres[b] * (1 + 0.25 * i)
                for j in range(r):
                    cc = ctr + d_row * (j - (r - 1) / 2.0) * row_pitch
                    add_row(lay, ts, rng, deck[k + j * c:k + (j + 1) * c], cc, ang, 'up',
                            'side' if orient == 'vertical' else 'end',
                            gap=rng.uniform(0.02, 0.1), jit_a=0.004, jit_p=0.02,
                            flip=flip_all if rng.random() < 0.6 else 'random', group='block')
                lay.focus.append(ctr)
            if attempt(lay, ts, _block):
                k += r * c
                info['blocks'].append(dict(rows=r, cols=c, orient=orient))
        rest = deck[k:]
    elif kind == 'rows':
        nrows = int(rng.integers(1, 5))
        ang = rng.uniform(0, 2 * PI)
        mode = 'side' if rng.random() < 0.8 else 'end'
        sorted_rows = rng.random() < 0.35
        pool = deck[:]
        if sorted_rows:
            order = CIVIL + MILITARY
            pool.sort(key=lambda f: order.index(f))
        k = 0
        d_row = rot2(ang + PI / 2)
        rg = rng.uniform(0.8, 6.0)
        lens = []
        for i in range(nrows):
            n = int(rng.integers(2, 9))
            n = min(n, 32 - k)
            if n <= 0:
                break
            lens.append(n)
            k += n
        pitch = (ts.L if mode == 'side' else ts.w) + rg
        k = 0
        for i, n in enumerate(lens):
            cc = d_row * (i - (len(lens) - 1) / 2.0) * pitch + rot2(ang) * rng.normal(0, 1.5)
            add_row(lay, ts, rng, pool[k:k + n], cc, ang + rng.normal(0, 0.03), 'up', mode,
                    gap=rng.uniform(0.02, 0.3), jit_a=rng.uniform(0.003, 0.04), jit_p=rng.uniform(0.01, 0.15),
                    group='row')
            k += n
        info.update(rows=lens, mode=mode, sorted=sorted_rows, row_gap_cm=round(rg, 2))
        lay.focus.append(np.zeros(2))
        rest = pool[k:]
    elif kind == 'pairs':
        npairs = int(rng.integers(3, 17))
        # prefer real pairs (identical civil, military pairs, mixed)
        pool = deck[:]
        pairs = []
        for f in CIVIL:
            if rng.random() < 0.6:
                pairs.append([f, f])
        for a, b in [('6-3', '5-4'), ('6-2', '5-3'), ('5-2', '4-3'), ('4-1', '3-2'), ('4-2', '2-1')]:
            if rng.random() < 0.6:
                pairs.append([a, b])
        rng.shuffle(pairs)
        used = []
        out = []
        for p in pairs:
            if len(out) >= npairs:
                break
            ok = True
            tmp = list(pool)
            for f in p:
                if f in tmp:
                    tmp.remove(f)
                else:
                    ok = False
            if ok:
                pool = tmp
                out.append(p)
        while len(out) < npairs and len(pool) >= 2:
            out.append([pool.pop(), pool.pop()])
        arrange = choice_w(rng, ['grid', 'loose'], [0.55, 0.45])
        cols = int(math.ceil(math.sqrt(len(out) * 1.5)))
        base_ang = rng.uniform(0, 2 * PI)
        rects = []
        for i, p in enumerate(out):
            pm = 'side' if rng.random() < 0.8 else 'end'
            if arrange == 'grid':
                gx, gy = i % cols, i // cols
                sx = 2 * ts.w + rng.uniform(1.5, 4)
                sy = ts.L + rng.uniform(1.5, 4)
                loc = np.array([(gx - (cols - 1) / 2) * sx * 1.2, (gy - (len(out) // cols) / 2) * sy * 1.1])
                ca, sa = math.cos(base_ang), math.sin(base_ang)
                c = np.array([ca * loc[0] - sa * loc[1], sa * loc[0] + ca * loc[1]])
                ang = base_ang + rng.normal(0, 0.05)
                attempt(lay, ts, lambda it, p=p, c=c, ang=ang, pm=pm: add_row(
                    lay, ts, rng, p, c + rng.normal(0, 1.0 * it, 2), ang + (PI / 2 if it > 3 else 0), 'up', pm,
                    gap=rng.uniform(0.02, 0.15), jit_a=0.01, group='pair'))
            else:
                for _ in range(60):
                    c = rng.uniform(-25, 25, 2) * np.array([1, 0.7])
                    ang = rng.uniform(0, 2 * PI)
                    rr = rect_make(c[0], c[1], ang, (ts.w + 0.3) if pm == 'side' else (ts.L + 0.3),
                                   (ts.L / 2 + 0.3) if pm == 'side' else (ts.w / 2 + 0.3))
                    if not any(rects_overlap(rr, q) for q in rects):
                        rects.append(rr)
                        add_row(lay, ts, rng, p, c, ang, 'up', pm, gap=rng.uniform(0.02, 0.15), jit_a=0.01,
                                group='pair')
                        break
        info.update(pairs=len(out), arrange=arrange)
        lay.focus.append(np.zeros(2))
        rest = pool
    else:  # scatter
        n = int(rng.integers(4, 33))
        fd = rng.uniform(0, 0.35) if rng.random() < 0.6 else 0.0
        region = 8 + 2.2 * math.sqrt(n) * ts.L / 2
        faces = deck[:n]
        placed = scatter_place(rng, ts, lay, faces, region, lambda: 'down' if rng.random() < fd else 'up',
                               allow_on_top=0.12 if rng.random() < 0.4 else 0.0)
        used_faces = [sp['face'] for sp in placed]
        rest = list(deck)
        for f in used_faces:
            rest.remove(f)
        for sp in lay.tiles:
            if sp['face'] is None:
                sp['face'] = rest.pop() if rest else '2-1'
        info.update(n=n, face_down_frac=round(fd, 3))
        lay.focus.append(np.zeros(2))
    # leftovers face down nearby (sometimes)
    if kind != 'scatter' and rest and rng.random() < 0.3:
        m = min(len(rest), int(rng.integers(2, 12)))
        m -= m % 2
        if m >= 2:
            ext = max([math.hypot(sp['x'], sp['y']) for sp in lay.tiles] + [5]) + 8
            ang = rng.uniform(0, 2 * PI)
            if attempt(lay, ts, lambda it: add_stacks(lay, ts, rng, rest[:m], rot2(ang + it) * (ext + rng.uniform(0, 6)),
                                                      ang + it + PI / 2, group='leftover')):
                info['leftover_stacks'] = m // 2
    lay.info = info
    return lay


def layout_empty(rng, ts):
    lay = Layout()
    deck = list(DECK)
    rng.shuffle(deck)
    sub = choice_w(rng, ['bare', 'backs', 'wall', 'standing'], [0.35, 0.25, 0.25, 0.15])
    info = dict(kind='empty', sub=sub)
    if sub == 'backs':
        n = int(rng.integers(3, 25))
        scatter_place(rng, ts, lay, deck[:n], 8 + 2 * math.sqrt(n) * ts.L / 2, lambda: 'down')
        if rng.random() < 0.5:
            add_stacks(lay, ts, rng, deck[n:n + 8 - (8 % 2)], np.array([0, -22.0]) + rng.normal(0, 3, 2),
                       rng.uniform(0, PI), group='won')
    elif sub == 'wall':
        g = layout_game(rng, ts, 'deal')
        return g
    elif sub == 'standing':
        ang = rng.uniform(0, 2 * PI)
        for r in range(int(rng.integers(1, 3))):
            u = rot2(ang + r * PI)
            c = u * rng.uniform(5, 20)
            add_row(lay, ts, rng, deck[r * 8:(r + 1) * 8], c, ang + r * PI + PI / 2,
                    'end' if rng.random() < 0.6 else 'side', fa=ang + r * PI, gap=rng.uniform(0.03, 0.3),
                    jit_a=0.04, group='hand')
    lay.info = info
    lay.focus.append(np.zeros(2))
    return lay


# --------------------------------------------------------------------------------------
# Table surfaces (textures in world coordinates, sRGB uint8 BGR)
# --------------------------------------------------------------------------------------
WORDS = ['TIEN GOW', 'PAI GOW', 'CLUB', 'HOUSE RULES', 'BANKER', 'NO SMOKING', 'TABLE', 'FORTUNE', 'WELCOME',
         'MEMBERS ONLY', 'DOUBLE', 'HEAVEN', 'EARTH', 'GOOD LUCK', 'SCORE', 'ROUND', 'PLAYER', 'WINNER', 'TEA',
         'GOLDEN DRAGON', 'JADE', 'PAGE', 'NOTICE', 'OPEN DAILY', 'ASSOCIATION', 'HONG KONG', 'MACAU', 'SUN', 'MOON']
FONTS = [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX, cv2.FONT_HERSHEY_TRIPLEX,
         cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_COMPLEX_SMALL]
SCRIPT_FONTS = [cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, cv2.FONT_HERSHEY_SCRIPT_COMPLEX]


def rand_text(rng, kind='mixed'):
    r = rng.random()
    if r < 0.45:
        return WORDS[int(rng.integers(len(WORDS)))]
    if r < 0.7:
        return ' '.join(str(int(rng.integers(0, 999))) for _ in range(int(rng.integers(1, 4))))
    letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
    return ' '.join(''.join(letters[int(rng.integers(len(letters)))] for _ in range(int(rng.integers(2, 9))))
                    for _ in range(int(rng.integers(1, 5))))


def put_text(img, text, org, cap_px, col, font, thick=None, rng=None):
    """putText onto a float image (OpenCV 5 only draws text on 8-bit images: draw a mask, blend)."""
    scale = max(0.2, cap_px / 22.0)
    if thick is None:
        thick = max(1, int(round(scale * 1.6)))
    (tw, th), base = cv2.getTextSize(text, font, scale, thick)
    x, y = int(org[0]), int(org[1])
    H, W = img.shape[:2]
    x0, y0 = max(0, x - thick - 2), max(0, y - th - thick - 4)
    x1, y1 = min(W, x + tw + thick + 3), min(H, y + base + thick + 4)
    if x1 <= x0 or y1 <= y0:
        return
    m = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.putText(m, text, (x - x0, y - y0), font, scale, 255, thick, cv2.LINE_AA)
    a = (m.astype(np.float32) / 255.0)[..., None]
    c = np.asarray(col, np.float32).reshape(1, 1, -1)
    img[y0:y1, x0:x1] = img[y0:y1, x0:x1] * (1 - a) + c * a


def felt_tex(rng, H, W, ppc, colour):
    base = {'green': rgb(35, 105, 62), 'blue': rgb(32, 72, 140), 'red': rgb(150, 32, 40)}[colour]
    base = base + rng.normal(0, 8, 3).astype(np.float32)
    img = np.empty((H, W, 3), np.float32)
    img[:] = base
    fib = rng.normal(0, 1, (H, W)).astype(np.float32)
    fib = cv2.GaussianBlur(fib, (0, 0), 0.6) * 9
    low = noise2(rng, H, W, 25 * ppc, 3) * 0.06
    img = img * (1 + low[..., None]) + fib[..., None]
    if rng.random() < 0.5:  # lint / pills
        for _ in range(int(rng.integers(20, 200))):
            c = (int(rng.integers(W)), int(rng.integers(H)))
            cv2.circle(img, c, max(1, int(ppc * rng.uniform(0.03, 0.08))), tuple(float(v) for v in base * 1.2), -1)
    return img


def wood_tex(rng, H, W, ppc):
    pal = [rgb(196, 150, 100), rgb(150, 100, 60), rgb(96, 60, 38), rgb(118, 54, 34), rgb(64, 44, 32),
           rgb(170, 130, 90), rgb(205, 175, 135)]
    base = pal[int(rng.integers(len(pal)))] + rng.normal(0, 6, 3).astype(np.float32)
    img = np.empty((H, W, 3), np.float32)
    plank_w = rng.uniform(8, 22) * ppc
    vert = rng.random() < 0.5
    gh, gw = (W, H) if vert else (H, W)
    g = noise2(rng, gh, gw, max(1.5, 0.3 * ppc), 1, aniso=rng.uniform(8, 20))
    g2 = noise2(rng, gh, gw, 3 * ppc, 2, aniso=6)
    warp = noise2(rng, gh, gw, 8 * ppc, 2, aniso=4) * rng.uniform(0.5, 3) * ppc
    yy = np.arange(gh, dtype=np.float32)[:, None] + warp
    freq = rng.uniform(1.5, 4.0) / ppc * 2 * PI
    rings = np.sin(yy * freq) * 0.5 + 0.5
    lines = np.clip(np.sin(yy * freq * rng.uniform(3, 7) + g2 * 3) * 4 - 3, 0, 1)
    grain = (rng.uniform(0.03, 0.07) * g + rng.uniform(0.015, 0.04) * g2 + rng.uniform(0.03, 0.08) * (rings ** 3)
             + rng.uniform(0.04, 0.12) * lines)
    plank = np.floor(np.arange(gh) / plank_w).astype(np.int32)[:, None]
    pv = rng.normal(0, 0.06, plank.max() + 2).astype(np.float32)
    shade = 1 - grain + pv[plank]
    seam = (np.mod(np.arange(gh), plank_w) < max(1, 0.06 * ppc)).astype(np.float32)[:, None]
    shade = (shade * (1 - 0.5 * seam)).astype(np.float32)
    if vert:
        shade = np.ascontiguousarray(shade.T)
    img[:] = base
    img *= shade[..., None]
    img += rng.normal(0, 2.0, (H, W, 1)).astype(np.float32)
    return img, dict(plank_cm=round(plank_w / ppc, 1))


def black_tex(rng, H, W, ppc):
    v = rng.uniform(10, 26)
    img = np.full((H, W, 3), v, np.float32) + rng.normal(0, 1.5, 3).astype(np.float32)
    img += noise2(rng, H, W, 15 * ppc, 2)[..., None] * 3 + rng.normal(0, 1.2, (H, W, 1)).astype(np.float32)
    return img


def cloth_tex(rng, H, W, ppc):
    pat = choice_w(rng, ['gingham', 'tartan', 'stripes', 'dots', 'floral', 'diamonds'], [2, 1.5, 1, 1.5, 2, 1])
    pal = [rgb(200, 40, 40), rgb(30, 60, 150), rgb(40, 120, 60), rgb(230, 220, 200), rgb(240, 240, 240),
           rgb(200, 160, 40), rgb(120, 30, 80), rgb(20, 20, 30), rgb(230, 150, 160), rgb(110, 170, 210)]
    i, j = rng.choice(len(pal), 2, replace=False)
    c1, c2 = pal[i], pal[j]
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    ang = rng.uniform(0, PI)
    ca, sa = math.cos(ang), math.sin(ang)
    u = (xx * ca + yy * sa) / ppc
    v = (-xx * sa + yy * ca) / ppc
    img = np.empty((H, W, 3), np.float32)
    if pat in ('gingham', 'tartan'):
        p = rng.uniform(0.8, 3.0)
        a = (np.mod(u, p) < p / 2).astype(np.float32)
        b = (np.mod(v, p) < p / 2).astype(np.float32)
        m = (a + b) / 2
        if pat == 'tartan':
            c3 = pal[int(rng.integers(len(pal)))]
            t = ((np.mod(u, p * 2.3) < 0.15) | (np.mod(v, p * 2.3) < 0.15)).astype(np.float32)
            img[:] = c1 * (1 - m[..., None]) + c2 * m[..., None]
            img = img * (1 - t[..., None]) + c3 * t[..., None]
        else:
            img[:] = c1 * (1 - m[..., None]) + c2 * m[..., None]
    elif pat == 'stripes':
        p = rng.uniform(1.0, 5.0)
        a = (np.mod(u, p) < p * rng.uniform(0.2, 0.6)).astype(np.float32)
        img[:] = c1 * (1 - a[..., None]) + c2 * a[..., None]
    elif pat == 'dots':
        p = rng.uniform(1.2, 4.0)
        r = p * rng.uniform(0.12, 0.3)
        du = np.mod(u, p) - p / 2
        dv = np.mod(v + (np.floor(u / p) % 2) * p / 2, p) - p / 2
        a = np.clip((r - np.sqrt(du ** 2 + dv ** 2)) * ppc + 0.5, 0, 1)
        img[:] = c1 * (1 - a[..., None]) + c2 * a[..., None]
    elif pat == 'diamonds':
        p = rng.uniform(2, 6)
        a = ((np.mod(u + v, p) < p / 2) ^ (np.mod(u - v, p) < p / 2)).astype(np.float32)
        img[:] = c1 * (1 - a[..., None]) + c2 * a[..., None]
    else:  # floral
        img[:] = c1
        c3 = pal[int(rng.integers(len(pal)))]
        nfl = int(W * H / (ppc * ppc) / rng.uniform(30, 120))
        for _ in range(min(nfl, 1500)):
            cx, cy = rng.uniform(0, W), rng.uniform(0, H)
            rr = rng.uniform(0.6, 2.0) * ppc
            np_ = int(rng.integers(4, 8))
            a0 = rng.uniform(0, 2 * PI)
            for k in range(np_):
                aa = a0 + k * 2 * PI / np_
                cv2.ellipse(img, (int(cx + math.cos(aa) * rr * 0.6), int(cy + math.sin(aa) * rr * 0.6)),
                            (max(1, int(rr * 0.45)), max(1, int(rr * 0.25))), math.degrees(aa), 0, 360,
                            tuple(float(x) for x in c2), -1, cv2.LINE_AA)
            cv2.circle(img, (int(cx), int(cy)), max(1, int(rr * 0.22)), tuple(float(x) for x in c3), -1, cv2.LINE_AA)
            if rng.random() < 0.5:
                lx = cx + math.cos(a0 + 0.3) * rr * 1.5
                ly = cy + math.sin(a0 + 0.3) * rr * 1.5
                cv2.ellipse(img, (int(lx), int(ly)), (max(1, int(rr * 0.5)), max(1, int(rr * 0.2))),
                            math.degrees(a0), 0, 360, tuple(float(x) for x in rgb(60, 120, 50)), -1, cv2.LINE_AA)
    weave = (np.sin(u * ppc * 1.6) * np.sin(v * ppc * 1.6)).astype(np.float32) * 4
    img += weave[..., None] + rng.normal(0, 3, (H, W, 1)).astype(np.float32)
    wr = noise2(rng, H, W, 12 * ppc, 2) * rng.uniform(0.03, 0.1)
    img *= (1 + wr[..., None])
    return img, dict(pattern=pat)


def paper_mat_tex(rng, H, W, ppc, base_img):
    img = base_img
    X0, Y0 = rng.uniform(0.0, 0.3) * W, rng.uniform(0.0, 0.3) * H
    pw = rng.uniform(0.6, 1.2) * W
    ph = rng.uniform(0.6, 1.2) * H
    ang = rng.normal(0, 8)
    paper = np.empty((int(ph), int(pw), 3), np.float32)
    pc = rgb(*[rng.uniform(225, 250), rng.uniform(222, 245), rng.uniform(205, 240)])
    paper[:] = pc
    paper += noise2(rng, paper.shape[0], paper.shape[1], 10 * ppc, 2)[..., None] * 5
    paper += rng.normal(0, 2.5, paper.shape[:2] + (1,)).astype(np.float32)
    ink = [rgb(20, 20, 25), rgb(25, 40, 130), rgb(170, 25, 30)]
    y = rng.uniform(1, 3) * ppc
    ph_, pw_ = paper.shape[:2]
    while y < ph_:
        cap = rng.choice([0.25, 0.35, 0.5, 0.8, 1.2, 2.0], p=[0.25, 0.25, 0.2, 0.15, 0.1, 0.05]) * ppc
        x = rng.uniform(0.5, 4) * ppc
        font = FONTS[int(rng.integers(len(FONTS)))]
        col = ink[int(rng.integers(3))] if rng.random() < 0.4 else ink[0]
        while x < pw_:
            t = rand_text(rng)
            put_text(paper, t, (x, y + cap), cap, col, font)
            x += (len(t) + 2) * cap * rng.uniform(0.8, 1.1)
            if rng.random() < 0.25:
                break
        if rng.random() < 0.15:
            cv2.rectangle(paper, (int(x * 0.2), int(y)), (int(x * 0.2 + rng.uniform(5, 20) * ppc), int(y + cap * 2.5)),
                          tuple(float(c) for c in col), max(1, int(0.05 * ppc)), cv2.LINE_AA)
        if rng.random() < 0.1:
            cv2.line(paper, (0, int(y + cap * 1.8)), (pw_, int(y + cap * 1.8)), tuple(float(c) for c in col),
                     max(1, int(0.04 * ppc)), cv2.LINE_AA)
        y += cap * rng.uniform(1.6, 3.0)
    M = cv2.getRotationMatrix2D((pw_ / 2, ph_ / 2), ang, 1.0)
    M[0, 2] += X0 - (pw_ - pw) / 2
    M[1, 2] += Y0 - (ph_ - ph) / 2
    warped = cv2.warpAffine(paper, M, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                            borderValue=(-1, -1, -1))
    m = cv2.warpAffine(np.ones(paper.shape[:2], np.float32), M, (W, H), flags=cv2.INTER_LINEAR)
    sh = gblur(m, 0.25 * ppc)
    img = img * (1 - 0.35 * (sh - m).clip(0, 1)[..., None])
    img = img * (1 - m[..., None]) + np.maximum(warped, 0) * m[..., None]
    return img


def mahjong_mat_tex(rng, H, W, ppc, base_img):
    img = base_img
    col = [rgb(30, 110, 70), rgb(30, 70, 150), rgb(120, 30, 40), rgb(25, 25, 30), rgb(40, 120, 140)][int(rng.integers(5))]
    col = col + rng.normal(0, 6, 3).astype(np.float32)
    size = rng.uniform(70, 95) * ppc
    cx, cy = W / 2 + rng.normal(0, 0.15) * W, H / 2 + rng.normal(0, 0.15) * H
    ang = rng.normal(0, 10)
    S = int(size)
    mat = np.empty((S, S, 3), np.float32)
    mat[:] = col
    mat += (rng.normal(0, 1, (S, S)).astype(np.float32) * 5)[..., None]
    mat *= (1 + noise2(rng, S, S, 20 * ppc, 2) * 0.05)[..., None]
    bw = int(rng.uniform(2.5, 6) * ppc)
    bcol = [rgb(200, 160, 50), rgb(150, 30, 30), rgb(20, 20, 25), rgb(230, 220, 200)][int(rng.integers(4))]
    cv2.rectangle(mat, (0, 0), (S - 1, S - 1), tuple(float(c) for c in bcol), bw)
    # decorative border: repeated motifs
    step = max(4, int(rng.uniform(2, 4) * ppc))
    mcol = tuple(float(c) for c in (col if rng.random() < 0.5 else rgb(240, 230, 200)))
    motif = int(rng.integers(3))
    for k in range(bw // 2, S, step):
        for (x, y) in [(k, bw // 2), (k, S - bw // 2), (bw // 2, k), (S - bw // 2, k)]:
            if motif == 0:
                cv2.circle(mat, (x, y), max(1, bw // 4), mcol, max(1, bw // 10), cv2.LINE_AA)
            elif motif == 1:
                pts = np.array([[x, y - bw // 4], [x + bw // 4, y], [x, y + bw // 4], [x - bw // 4, y]], np.int32)
                cv2.polylines(mat, [pts], True, mcol, max(1, bw // 10), cv2.LINE_AA)
            else:
                cv2.line(mat, (x - bw // 5, y), (x + bw // 5, y), mcol, max(1, bw // 8), cv2.LINE_AA)
    # stitching
    st = max(1, int(0.6 * ppc))
    for k in range(0, S, st * 2):
        for (a, b) in [((k, bw + 2), (k + st, bw + 2)), ((k, S - bw - 3), (k + st, S - bw - 3)),
                       ((bw + 2, k), (bw + 2, k + st)), ((S - bw - 3, k), (S - bw - 3, k + st))]:
            cv2.line(mat, a, b, tuple(float(c) for c in bcol * 0.9), max(1, int(0.05 * ppc)), cv2.LINE_AA)
    # corner glyphs
    for (x, y) in [(bw * 2 + 5, bw * 2 + 5), (S - bw * 2 - 5, bw * 2 + 5), (bw * 2 + 5, S - bw * 2 - 5),
                   (S - bw * 2 - 5, S - bw * 2 - 5)]:
        r = int(rng.uniform(2, 5) * ppc)
        cv2.circle(mat, (x, y), r, tuple(float(c) for c in col * 1.3), max(1, int(0.1 * ppc)), cv2.LINE_AA)
        for _ in range(4):
            p0 = (int(x + rng.uniform(-0.6, 0.6) * r), int(y + rng.uniform(-0.6, 0.6) * r))
            p1 = (int(x + rng.uniform(-0.6, 0.6) * r), int(y + rng.uniform(-0.6, 0.6) * r))
            cv2.line(mat, p0, p1, tuple(float(c) for c in col * 1.3), max(1, int(0.1 * ppc)), cv2.LINE_AA)
    M = cv2.getRotationMatrix2D((S / 2, S / 2), ang, 1.0)
    M[0, 2] += cx - S / 2
    M[1, 2] += cy - S / 2
    warped = cv2.warpAffine(mat, M, (W, H), flags=cv2.INTER_LINEAR)
    m = cv2.warpAffine(np.ones((S, S), np.float32), M, (W, H), flags=cv2.INTER_LINEAR)
    sh = gblur(m, 0.3 * ppc)
    img = img * (1 - 0.4 * (sh - m).clip(0, 1)[..., None])
    img = img * (1 - m[..., None]) + warped * m[..., None]
    return img


def make_table(rng, H, W, ppc):
    kind = choice_w(rng, ['felt', 'wood', 'black', 'cloth', 'paper_mat', 'glass', 'mahjong_mat'],
                    [22, 22, 10, 14, 10, 10, 12])
    meta = dict(kind=kind)
    gloss = dict(ks=0.0, shin=10.0, ke=0.0, rough=0.5)
    if kind == 'felt':
        colour = choice_w(rng, ['green', 'blue', 'red'], [0.55, 0.3, 0.15])
        img = felt_tex(rng, H, W, ppc, colour)
        meta['colour'] = colour
    elif kind == 'wood':
        img, m = wood_tex(rng, H, W, ppc)
        meta.update(m)
        if rng.random() < 0.6:
            gloss = dict(ks=rng.uniform(0.03, 0.12), shin=rng.uniform(20, 80), ke=rng.uniform(0.02, 0.05),
                         rough=rng.uniform(0.05, 0.2))
    elif kind == 'black':
        img = black_tex(rng, H, W, ppc)
        glossy = rng.random() < 0.6
        meta['glossy'] = glossy
        if glossy:
            gloss = dict(ks=rng.uniform(0.1, 0.4), shin=rng.uniform(60, 300), ke=rng.uniform(0.04, 0.08),
                         rough=rng.uniform(0.005, 0.05))
    elif kind == 'cloth':
        img, m = cloth_tex(rng, H, W, ppc)
        meta.update(m)
    elif kind == 'paper_mat':
        base, _ = wood_tex(rng, H, W, ppc) if rng.random() < 0.6 else (felt_tex(rng, H, W, ppc, 'green'), None)
        img = paper_mat_tex(rng, H, W, ppc, base)
    elif kind == 'glass':
        under = choice_w(rng, ['dark', 'wood', 'cloth'], [0.5, 0.3, 0.2])
        if under == 'dark':
            img = black_tex(rng, H, W, ppc) * rng.uniform(0.6, 1.5)
        elif under == 'wood':
            img, _ = wood_tex(rng, H, W, ppc)
            img = gblur(img, 0.2 * ppc) * 0.6
        else:
            img, _ = cloth_tex(rng, H, W, ppc)
            img = gblur(img, 0.3 * ppc) * 0.6
        tint = np.array([1.0, 1.03, 0.95], np.float32) if rng.random() < 0.6 else np.ones(3, np.float32)
        img *= tint
        meta['under'] = under
        gloss = dict(ks=rng.uniform(0.3, 0.7), shin=rng.uniform(300, 1500), ke=rng.uniform(0.06, 0.1),
                     rough=rng.uniform(0.001, 0.01))
    else:
        base, _ = wood_tex(rng, H, W, ppc)
        img = mahjong_mat_tex(rng, H, W, ppc, base)
        gloss = dict(ks=0.02, shin=8.0, ke=0.0, rough=0.5)
    meta['gloss'] = {k: round(float(v), 4) for k, v in gloss.items()}
    return np.clip(img, 0, 255).astype(np.uint8), meta, gloss


# --------------------------------------------------------------------------------------
# Distractors
# --------------------------------------------------------------------------------------
def solid_tex(col_bgr_srgb, h=4, w=4):
    img = np.empty((h, w, 3), np.float32)
    img[:] = col_bgr_srgb
    return to_bgra_lin(img, np.ones((h, w), np.float32))


def disc_tex(img_srgb):
    h, w = img_srgb.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r = min(h, w) / 2.0
    d = np.sqrt((xx - (w - 1) / 2) ** 2 + (yy - (h - 1) / 2) ** 2)
    return to_bgra_lin(img_srgb, np.clip(r - d + 0.5, 0, 1))


def ring_tex(col, h, inner_frac):
    img = np.empty((h, h, 3), np.float32)
    img[:] = col
    yy, xx = np.mgrid[0:h, 0:h].astype(np.float32)
    r = h / 2.0
    d = np.sqrt((xx - (h - 1) / 2) ** 2 + (yy - (h - 1) / 2) ** 2)
    a = np.clip(r - d + 0.5, 0, 1) * np.clip(d - inner_frac * r + 0.5, 0, 1)
    return to_bgra_lin(img, a)


class Scene3D:
    """collects faces to draw and shadow casters."""

    def __init__(self):
        self.items = []  # (P4, tex, normal, obj, params)
        self.casters = []  # (points3d, obj)
        self.objects = []  # Obj

    def add_obj(self, o):
        self.objects.append(o)
        return len(self.objects) - 1

    def quad(self, P, tex, n, obj, **kw):
        self.items.append((np.asarray(P), tex, np.asarray(n, np.float64), obj, kw))


def frame_from_axis(ax):
    ax = ax / np.linalg.norm(ax)
    t = np.array([0, 0, 1.0]) if abs(ax[2]) < 0.9 else np.array([1.0, 0, 0])
    e1 = np.cross(ax, t)
    e1 /= np.linalg.norm(e1)
    e2 = np.cross(ax, e1)
    return e1, e2


def add_cylinder(sc, obj, p0, p1, r0, r1, side_tex, nseg, params, cap_top=None, cap_bot=None, inner=None,
                 caster=True, ring_top=None):
    """side_tex: BGRA linear (rows along axis from p1 (row 0) to p0, columns around)."""
    p0 = np.asarray(p0, np.float64)
    p1 = np.asarray(p1, np.float64)
    ax = p1 - p0
    e1, e2 = frame_from_axis(ax)
    th, tw = side_tex.shape[:2]
    pts = []
    for i in range(nseg):
        a0 = 2 * PI * i / nseg
        a1 = 2 * PI * (i + 1) / nseg
        d0 = math.cos(a0) * e1 + math.sin(a0) * e2
        d1 = math.cos(a1) * e1 + math.sin(a1) * e2
        dm = math.cos((a0 + a1) / 2) * e1 + math.sin((a0 + a1) / 2) * e2
        P = np.array([p1 + r1 * d0, p1 + r1 * d1, p0 + r0 * d1, p0 + r0 * d0])
        c0 = int(tw * i / nseg)
        c1 = max(c0 + 1, int(tw * (i + 1) / nseg))
        sc.quad(P, np.ascontiguousarray(side_tex[:, c0:c1]), dm, obj, **params)
        if inner is not None:  # inner wall (normals inward): radii ri0 at height fraction zb, ri1 at top
            ri0, ri1, zb, itex = inner
            pb = p0 + zb * (p1 - p0)
            Pi = np.array([p1 + ri1 * d1, p1 + ri1 * d0, pb + ri0 * d0, pb + ri0 * d1])
            sc.quad(Pi, itex, -dm, obj, **params)
        pts.append(p0 + r0 * d0)
        pts.append(p1 + r1 * d0)
    n = ax / np.linalg.norm(ax)
    if cap_top is not None:
        sc.quad(quad_corners(p1, n, e1, 2 * r1, 2 * r1), cap_top, n, obj, **params)
    if cap_bot is not None:
        sc.quad(quad_corners(p0, -n, e1, 2 * r0, 2 * r0), cap_bot, -n, obj, **params)
    if caster:
        sc.casters.append((np.array(pts), obj))


def make_cup(rng, sc, x, y):
    kind = choice_w(rng, ['chinese', 'mug', 'glass'], [0.6, 0.25, 0.15])
    if kind == 'chinese':
        r0, r1, h = rng.uniform(2.2, 2.8), rng.uniform(3.2, 4.2), rng.uniform(3.5, 5.0)
    elif kind == 'mug':
        r0 = r1 = rng.uniform(3.8, 4.5)
        h = rng.uniform(8, 10)
    else:
        r0, r1, h = rng.uniform(3.0, 3.5), rng.uniform(3.5, 4.0), rng.uniform(8, 11)
    pal = [rgb(240, 240, 235), rgb(235, 232, 220), rgb(160, 195, 170), rgb(120, 70, 45), rgb(40, 40, 45),
           rgb(200, 60, 50)]
    col = pal[int(rng.integers(len(pal)))] + rng.normal(0, 5, 3).astype(np.float32)
    if kind == 'glass':
        col = rgb(190, 200, 195)
    o = sc.add_obj(Obj('cup', sub=kind))
    ppc = 12
    th, tw = max(4, int(h * ppc)), max(8, int(2 * PI * r1 * ppc))
    side = np.empty((th, tw, 3), np.float32)
    side[:] = col
    if kind != 'glass' and rng.random() < 0.5:
        bc = rgb(30, 50, 140)
        b0 = int(th * rng.uniform(0.05, 0.3))
        side[b0:b0 + max(1, th // 10)] = bc
        for _ in range(int(rng.integers(3, 12))):
            cv2.circle(side, (int(rng.integers(tw)), int(rng.uniform(0.35, 0.8) * th)), max(1, int(0.5 * ppc)),
                       tuple(float(c) for c in bc), -1)
    side += rng.normal(0, 2, (th, tw, 1)).astype(np.float32)
    stex = to_bgra_lin(side, np.ones((th, tw), np.float32))
    params = dict(ks=0.4 if kind != 'glass' else 0.8, shin=80.0, ke=0.05, rough=0.02)
    lvl = rng.uniform(0.45, 0.85)
    tea = [rgb(120, 70, 25), rgb(90, 50, 20), rgb(150, 120, 50), rgb(70, 40, 18), rgb(160, 140, 90)][
        int(rng.integers(5))]
    wall = 0.25
    ri_top = r1 - wall
    rt = r0 + (r1 - r0) * lvl - wall
    inner_tex = solid_tex(col * 0.95)
    add_cylinder(sc, o, (x, y, 0.0), (x, y, h), r0, r1, stex, 28, params,
                 inner=(rt, ri_top, lvl, inner_tex))
    # rim annulus, tea surface
    rim = ring_tex(col * 1.02, 64, ri_top / r1)
    sc.quad(quad_corners((x, y, h), np.array([0, 0, 1.0]), np.array([0, 1.0, 0]), 2 * r1, 2 * r1), rim,
            (0, 0, 1), o, **params)
    teaimg = np.empty((64, 64, 3), np.float32)
    teaimg[:] = tea if rng.random() < 0.85 else col * 0.9
    sc.quad(quad_corners((x, y, h * lvl), np.array([0, 0, 1.0]), np.array([0, 1.0, 0]), 2 * rt, 2 * rt),
            disc_tex(teaimg), (0, 0, 1), o, ks=0.6, shin=400.0, ke=0.05, rough=0.003)
    if kind == 'mug':
        # handle: short box chain
        a = rng.uniform(0, 2 * PI)
        d = np.array([math.cos(a), math.sin(a), 0])
        for k in range(5):
            ang = PI * (k + 0.5) / 5
            c = np.array([x, y, h * 0.5]) + d * (r1 + 1.2 * math.sin(ang)) + np.array([0, 0, 1.0]) * (
                2.6 * math.cos(ang))
            add_box(sc, o, c, d, np.array([0, 0, 1.0]), (0.45, 0.6, 0.35), solid_tex(col), params)
    if kind == 'chinese' and rng.random() < 0.35:
        # saucer
        sr = r1 + rng.uniform(1.5, 2.5)
        img = np.empty((64, 64, 3), np.float32)
        img[:] = col
        add_cylinder(sc, o, (x, y, 0.0), (x, y, 0.5), sr, sr, solid_tex(col * 0.9), 28, params,
                     cap_top=disc_tex(img))
    return dict(type='tea_cup', sub=kind, radius=round(r1, 2), height=round(h, 2)), max(r1 + 1.5, 4.5)


def add_box(sc, obj, centre, a1, a3, half, tex, params, top_tex=None, caster=True):
    a1 = np.asarray(a1, np.float64)
    a1 = a1 / np.linalg.norm(a1)
    a3 = np.asarray(a3, np.float64)
    a3 = a3 / np.linalg.norm(a3)
    a2 = np.cross(a3, a1)
    c = np.asarray(centre, np.float64)
    h1, h2, h3 = half
    sc.quad(quad_corners(c + a3 * h3, a3, a1, 2 * h2, 2 * h1), top_tex if top_tex is not None else tex, a3, obj,
            **params)
    sc.quad(quad_corners(c - a3 * h3, -a3, a1, 2 * h2, 2 * h1), tex, -a3, obj, **params)
    for s in (1, -1):
        sc.quad(quad_corners(c + s * a1 * h1, s * a1, a3, 2 * h2, 2 * h3), tex, s * a1, obj, **params)
        sc.quad(quad_corners(c + s * a2 * h2, s * a2, a3, 2 * h1, 2 * h3), tex, s * a2, obj, **params)
    if caster:
        pts = [c + s1 * h1 * a1 + s2 * h2 * a2 + s3 * h3 * a3 for s1 in (-1, 1) for s2 in (-1, 1) for s3 in (-1, 1)]
        sc.casters.append((np.array(pts), obj))


def cig_strip(rng, L, ppc, lit):
    th, tw = max(4, int(L * ppc)), 24
    img = np.empty((th, tw, 3), np.float32)
    img[:] = rgb(238, 236, 230)
    fl = int(th * rng.uniform(0.25, 0.33))
    filt = rgb(205, 140, 70) if rng.random() < 0.7 else rgb(240, 240, 235)
    img[th - fl:] = filt
    if filt[2] > 200 and filt[0] < 100:
        for _ in range(40):
            cv2.circle(img, (int(rng.integers(tw)), int(th - rng.integers(1, fl + 1))), 1,
                       tuple(float(c) for c in rgb(160, 100, 50)), -1)
    img[th - fl - 1:th - fl + 1] = rgb(200, 180, 120)
    if lit:
        a = max(1, int(th * rng.uniform(0.05, 0.25)))
        img[:a] = rgb(120, 118, 115)
        img[a:a + 2] = rgb(60, 40, 30)
    return to_bgra_lin(img, np.ones((th, tw), np.float32))


def make_cigarette(rng, sc, x, y, z=0.0, ang=None, obj=None, tilt=0.0):
    L = rng.uniform(4.0, 8.4)
    r = 0.4
    ang = rng.uniform(0, 2 * PI) if ang is None else ang
    d = np.array([math.cos(ang) * math.cos(tilt), math.sin(ang) * math.cos(tilt), math.sin(tilt)])
    p0 = np.array([x, y, z + r]) - d * L / 2
    p1 = np.array([x, y, z + r]) + d * L / 2
    o = sc.add_obj(Obj('cigarette')) if obj is None else obj
    lit = rng.random() < 0.5
    tex = cig_strip(rng, L, 10, lit)
    img = np.empty((16, 16, 3), np.float32)
    img[:] = rgb(235, 235, 230)
    add_cylinder(sc, o, p0, p1, r, r, tex, 10, dict(ks=0.05, shin=10.0, ke=0.0, rough=0.5),
                 cap_top=disc_tex(img * (0.5 if lit else 1.0)), cap_bot=disc_tex(img))
    return dict(type='cigarette', length=round(L, 2), lit=lit), L / 2 + 0.5


def make_ashtray(rng, sc, x, y):
    kind = choice_w(rng, ['glass', 'metal', 'ceramic'], [0.4, 0.3, 0.3])
    R = rng.uniform(4.5, 7.0)
    h = rng.uniform(2.2, 3.5)
    col = {'glass': rgb(170, 150, 110) if rng.random() < 0.5 else rgb(190, 200, 200), 'metal': rgb(170, 170, 175),
           'ceramic': [rgb(30, 30, 30), rgb(220, 220, 215), rgb(150, 40, 30)][int(rng.integers(3))]}[kind]
    o = sc.add_obj(Obj('ashtray', sub=kind))
    params = dict(ks=0.5, shin=120.0, ke=0.06, rough=0.02) if kind != 'ceramic' else dict(ks=0.2, shin=40.0, ke=0.03,
                                                                                           rough=0.05)
    add_cylinder(sc, o, (x, y, 0), (x, y, h), R, R * 1.03, solid_tex(col * 0.9), 30, params,
                 inner=(R * 0.72, R * 0.72, 0.3, solid_tex(col * 0.8)))
    # rim with notches
    S = 128
    rim = np.empty((S, S, 3), np.float32)
    rim[:] = col
    yy, xx = np.mgrid[0:S, 0:S].astype(np.float32)
    d = np.sqrt((xx - (S - 1) / 2) ** 2 + (yy - (S - 1) / 2) ** 2)
    rr = S / 2.0
    a = np.clip(rr - d + 0.5, 0, 1) * np.clip(d - 0.72 * rr + 0.5, 0, 1)
    ang = np.arctan2(yy - (S - 1) / 2, xx - (S - 1) / 2)
    nn = int(rng.integers(3, 5))
    notch = (np.abs(((ang * nn / (2 * PI)) % 1.0) - 0.5) < 0.06).astype(np.float32)
    rimimg = rim * (1 - 0.5 * notch[..., None])
    sc.quad(quad_corners((x, y, h * 1.0), np.array([0, 0, 1.0]), np.array([0, 1.0, 0]), 2 * R * 1.03, 2 * R * 1.03),
            to_bgra_lin(rimimg, a), (0, 0, 1), o, **params)
    # floor with ash
    fl = np.empty((S, S, 3), np.float32)
    fl[:] = col * 0.75
    ash = noise2(rng, S, S, 8, 2)
    am = np.clip(ash * 1.5 + rng.uniform(-0.3, 0.5), 0, 1)
    fl = fl * (1 - am[..., None]) + rgb(130, 128, 125) * am[..., None]
    fl += rng.normal(0, 8, (S, S, 1)).astype(np.float32)
    sc.quad(quad_corners((x, y, 0.3 * h), np.array([0, 0, 1.0]), np.array([0, 1.0, 0]), 2 * R * 0.74, 2 * R * 0.74),
            disc_tex(fl), (0, 0, 1), o, ks=0.0, shin=5.0)
    butts = int(rng.integers(0, 5))
    for _ in range(butts):
        a0 = rng.uniform(0, 2 * PI)
        rr_ = rng.uniform(0, 0.4) * R
        make_cigarette(rng, sc, x + math.cos(a0) * rr_, y + math.sin(a0) * rr_, z=0.3 * h, obj=o)
    if rng.random() < 0.4:
        a0 = rng.uniform(0, 2 * PI)
        px, py = x + math.cos(a0) * R * 0.75, y + math.sin(a0) * R * 0.75
        make_cigarette(rng, sc, px, py, z=h * 0.55, ang=a0, obj=o, tilt=-0.15)
    return dict(type='ashtray', sub=kind, radius=round(R, 2), butts=butts), R + 4


def make_coins(rng, sc, x, y, on_tile_z=None):
    n = int(rng.integers(1, 7)) if on_tile_z is None else 1
    kind = choice_w(rng, ['gold', 'silver', 'copper', 'bimetal'], [0.35, 0.35, 0.15, 0.15])
    col = {'gold': rgb(200, 160, 70), 'silver': rgb(190, 190, 195), 'copper': rgb(180, 100, 60),
           'bimetal': rgb(190, 190, 195)}[kind]
    r = rng.uniform(0.95, 1.4)
    t = rng.uniform(0.15, 0.25)
    o = sc.add_obj(Obj('coins', sub=kind))
    params = dict(ks=rng.uniform(0.3, 0.7), shin=rng.uniform(20, 80), ke=0.08, rough=0.08)
    stack = rng.random() < 0.3 and on_tile_z is None
    for i in range(n):
        S = 96
        img = np.empty((S, S, 3), np.float32)
        img[:] = col
        yy, xx = np.mgrid[0:S, 0:S].astype(np.float32)
        d = np.sqrt((xx - (S - 1) / 2) ** 2 + (yy - (S - 1) / 2) ** 2) / (S / 2)
        img *= (1 + 0.15 * np.cos(d * 9))[..., None]
        if kind == 'bimetal':
            img[d < 0.6] = rgb(200, 165, 80)
        ring = (np.abs(d - 0.88) < 0.04).astype(np.float32)
        img *= (1 - 0.35 * ring)[..., None]
        txt = str(int(rng.choice([1, 2, 5, 10, 20, 50])))
        put_text(img, txt, (S * 0.5 - len(txt) * S * 0.11, S * 0.62), S * 0.3, col * 0.6, cv2.FONT_HERSHEY_DUPLEX)
        img += rng.normal(0, 6, (S, S, 1)).astype(np.float32)
        if stack:
            cx, cy, z = x + rng.normal(0, 0.1), y + rng.normal(0, 0.1), i * t
        else:
            cx, cy, z = x + rng.normal(0, 2.0), y + rng.normal(0, 2.0), 0.0
        if on_tile_z is not None:
            cx, cy, z = x, y, on_tile_z
        add_cylinder(sc, o, (cx, cy, z), (cx, cy, z + t), r, r, solid_tex(col * 0.8), 20, params,
                     cap_top=disc_tex(img))
    return dict(type='coins', sub=kind, n=n, stacked=stack, on_tile=on_tile_z is not None), 4.0 if not stack else r + 0.5


def make_phone(rng, sc, x, y):
    w, L, t = rng.uniform(6.8, 7.8), rng.uniform(14.2, 16.4), rng.uniform(0.75, 1.0)
    ang = rng.uniform(0, 2 * PI)
    faceup = rng.random() < 0.65
    case = [rgb(20, 20, 22), rgb(230, 230, 230), rgb(40, 60, 120), rgb(180, 40, 50), rgb(200, 170, 150),
            rgb(60, 90, 70)][int(rng.integers(6))]
    o = sc.add_obj(Obj('phone', faceup=faceup))
    ppc = 14
    H, W = int(L * ppc), int(w * ppc)
    sdf = rrect_sdf(H, W, 0.9 * ppc)
    screen_on = faceup and rng.random() < 0.5
    emit = 0.0
    if faceup:
        img = np.empty((H, W, 3), np.float32)
        img[:] = rgb(8, 8, 10)
        bz = int(0.35 * ppc)
        if screen_on:
            emit = rng.uniform(0.3, 1.2)
            c1 = rgb(*rng.uniform(20, 200, 3))
            c2 = rgb(*rng.uniform(20, 200, 3))
            g = np.linspace(0, 1, H - 2 * bz)[:, None, None]
            img[bz:H - bz, bz:W - bz] = c1 * (1 - g) + c2 * g
            app = rng.random() < 0.5
            if app:
                for i in range(4):
                    for j in range(5):
                        cc = tuple(float(v) for v in rgb(*rng.uniform(30, 255, 3)))
                        x0 = int(bz + (0.12 + i * 0.21) * (W - 2 * bz))
                        y0 = int(bz + (0.1 + j * 0.15) * (H - 2 * bz))
                        s = int(0.13 * (W - 2 * bz))
                        cv2.rectangle(img, (x0, y0), (x0 + s, y0 + s), cc, -1, cv2.LINE_AA)
            else:
                for j in range(8):
                    y0 = int(bz + (0.08 + j * 0.11) * (H - 2 * bz))
                    x0 = int(bz + (0.05 if j % 2 else 0.35) * (W - 2 * bz))
                    cv2.rectangle(img, (x0, y0), (x0 + int(0.55 * W), y0 + int(0.07 * H)), (235, 235, 235), -1)
                    put_text(img, rand_text(rng), (x0 + 3, y0 + int(0.05 * H)), 0.03 * H, (40, 40, 40),
                             cv2.FONT_HERSHEY_SIMPLEX, 1)
            put_text(img, '%d:%02d' % (rng.integers(0, 24), rng.integers(0, 60)), (bz + 4, bz + 0.04 * H), 0.025 * H,
                     (250, 250, 250), cv2.FONT_HERSHEY_SIMPLEX, 1)
        img[sdf > -bz * 0.6] = case
    else:
        img = np.empty((H, W, 3), np.float32)
        img[:] = case
        for k in range(int(rng.integers(1, 4))):
            cv2.circle(img, (int(W * 0.25), int(H * (0.08 + 0.09 * k))), int(0.45 * ppc), (15, 15, 15), -1,
                       cv2.LINE_AA)
            cv2.circle(img, (int(W * 0.25), int(H * (0.08 + 0.09 * k))), int(0.25 * ppc), (60, 50, 45), -1,
                       cv2.LINE_AA)
        if rng.random() < 0.5:
            put_text(img, rand_text(rng)[:8], (W * 0.3, H * 0.6), 0.04 * H, case * 0.7, cv2.FONT_HERSHEY_SIMPLEX)
    img += rng.normal(0, 1.5, (H, W, 1)).astype(np.float32)
    top = to_bgra_lin(img, np.clip(0.5 - sdf, 0, 1))
    a1 = np.array([math.cos(ang), math.sin(ang), 0])
    params = dict(ks=0.5, shin=200.0, ke=0.07, rough=0.01)
    c = np.array([x, y, t / 2])
    add_box(sc, o, c, a1, np.array([0, 0, 1.0]), (L / 2 - 0.05, w / 2 - 0.05, t / 2), solid_tex(case), params)
    # override top with textured face, slightly above
    sc.quad(quad_corners(c + np.array([0, 0, t / 2 + 0.005]), np.array([0, 0, 1.0]), a1, w, L), top, (0, 0, 1), o,
            emit=emit, **params)
    return dict(type='phone', face_up=faceup, screen_on=screen_on, size=[round(w, 2), round(L, 2)]), L / 2 + 0.5


def make_dice(rng, sc, x, y):
    o = sc.add_obj(Obj('dice'))
    info = []
    for k in range(2):
        s = rng.uniform(1.2, 1.7)
        S = 48
        faces = {}
        for n in range(1, 7):
            img = np.empty((S, S, 3), np.float32)
            img[:] = rgb(242, 240, 232)
            pos = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
                   5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[n]
            col = rgb(200, 30, 40) if n in (1, 4) else rgb(20, 30, 110)
            for (a, b) in pos:
                cv2.circle(img, (int(S / 2 + a * S * 0.27), int(S / 2 + b * S * 0.27)), int(S * (0.14 if n == 1 else 0.09)),
                           tuple(float(c) for c in col), -1, cv2.LINE_AA)
            faces[n] = to_bgra_lin(img, np.clip(0.5 - rrect_sdf(S, S, S * 0.15), 0, 1))
        cx, cy = x + rng.normal(0, 2), y + rng.normal(0, 2)
        a1 = rot2(rng.uniform(0, 2 * PI))
        a1 = np.array([a1[0], a1[1], 0])
        top = int(rng.integers(1, 7))
        add_box(sc, o, (cx, cy, s / 2), a1, (0, 0, 1), (s / 2, s / 2, s / 2), faces[(top % 6) + 1],
                dict(ks=0.3, shin=60.0, ke=0.04, rough=0.03), top_tex=faces[top])
        info.append(top)
    return dict(type='dice', top=info), 4.0


def handwriting_sheet(rng, wcm, hcm, ppc=14):
    H, W = int(hcm * ppc), int(wcm * ppc)
    img = np.empty((H, W, 3), np.float32)
    pc = rgb(*[rng.uniform(230, 252), rng.uniform(228, 250), rng.uniform(205, 240)])
    img[:] = pc
    img += noise2(rng, H, W, 5 * ppc, 2)[..., None] * 4 + rng.normal(0, 2, (H, W, 1)).astype(np.float32)
    style = choice_w(rng, ['lined', 'grid', 'plain'], [0.45, 0.25, 0.3])
    if style == 'lined':
        for y in np.arange(1.5, hcm, 0.8):
            cv2.line(img, (0, int(y * ppc)), (W, int(y * ppc)), tuple(float(c) for c in rgb(150, 180, 220)), 1,
                     cv2.LINE_AA)
    elif style == 'grid':
        for y in np.arange(0.5, hcm, 0.5):
            cv2.line(img, (0, int(y * ppc)), (W, int(y * ppc)), tuple(float(c) for c in rgb(170, 200, 190)), 1)
        for x in np.arange(0.5, wcm, 0.5):
            cv2.line(img, (int(x * ppc), 0), (int(x * ppc), H), tuple(float(c) for c in rgb(170, 200, 190)), 1)
    ink = [rgb(20, 35, 120), rgb(20, 20, 25), rgb(160, 25, 30)][int(choice_w(rng, [0, 1, 2], [0.5, 0.4, 0.1]))]
    inkc = tuple(float(c) for c in ink)
    ncol = int(rng.integers(3, 6))
    colw = W / (ncol + 0.5)
    names = ['E', 'S', 'W', 'N', 'Wing', 'Mei', 'Lok', 'Chan', 'Ho', 'Kit', 'Fong', 'Lam', 'Ah Sun', 'Pak']
    font = SCRIPT_FONTS[int(rng.integers(2))] if rng.random() < 0.7 else cv2.FONT_HERSHEY_SIMPLEX
    cap = rng.uniform(0.45, 0.8) * ppc
    for j in range(ncol):
        put_text(img, names[int(rng.integers(len(names)))], (colw * (j + 0.4), cap * 1.8), cap, ink, font)
    # pen-drawn lines
    yline = cap * 2.4
    cv2.line(img, (int(cap), int(yline)), (int(W - cap), int(yline + rng.normal(0, 3))), inkc, max(1, ppc // 12),
             cv2.LINE_AA)
    for j in range(1, ncol):
        x = int(colw * (j + 0.3))
        cv2.line(img, (x, int(cap)), (x + int(rng.normal(0, 4)), int(H * rng.uniform(0.5, 0.95))), inkc,
                 max(1, ppc // 12), cv2.LINE_AA)
    nrows = int((H - yline) / (cap * 1.7)) - 1
    nrows = int(nrows * rng.uniform(0.3, 1.0))
    for i in range(nrows):
        y = yline + cap * 1.7 * (i + 1)
        for j in range(ncol):
            v = int(rng.integers(-20, 40))
            txt = ('%+d' % v) if rng.random() < 0.5 else str(v)
            if rng.random() < 0.15:
                txt = '|||' if rng.random() < 0.5 else 'x'
            lay = np.zeros_like(img)
            put_text(img, txt, (colw * (j + 0.4) + rng.normal(0, 3), y + rng.normal(0, 2)), cap * rng.uniform(0.8, 1.1),
                     ink, font)
    if rng.random() < 0.3:  # circled total / scribble
        cv2.ellipse(img, (int(W * rng.uniform(0.2, 0.8)), int(H * rng.uniform(0.6, 0.9))),
                    (int(2 * cap), int(cap)), rng.uniform(-20, 20), 0, 360, inkc, max(1, ppc // 10), cv2.LINE_AA)
    return img, style


def make_sheet(rng, sc, x, y):
    wcm, hcm = [(14.8, 21.0), (10.0, 15.0), (21.0, 29.7), (9.0, 12.0)][int(rng.integers(4))]
    img, style = handwriting_sheet(rng, wcm, hcm)
    ang = rng.uniform(0, 2 * PI)
    o = sc.add_obj(Obj('score_sheet'))
    a1 = np.array([math.cos(ang), math.sin(ang), 0])
    tex = to_bgra_lin(img, np.ones(img.shape[:2], np.float32))
    sc.quad(quad_corners((x, y, 0.03), np.array([0, 0, 1.0]), a1, wcm, hcm), tex, (0, 0, 1), o, ks=0.02, shin=5.0,
            recv=True)
    info = dict(type='score_sheet', size=[wcm, hcm], ruling=style)
    if rng.random() < 0.45:  # pen
        L = rng.uniform(13, 15)
        pa = rng.uniform(0, 2 * PI)
        d = np.array([math.cos(pa), math.sin(pa), 0])
        c = np.array([x, y, 0.55]) + rng.normal(0, 3, 3) * np.array([1, 1, 0])
        col = [rgb(20, 20, 25), rgb(30, 60, 160), rgb(230, 230, 230), rgb(180, 30, 30)][int(rng.integers(4))]
        add_cylinder(sc, o, c - d * L / 2, c + d * L / 2, 0.45, 0.45, solid_tex(col), 10,
                     dict(ks=0.4, shin=80.0, ke=0.05, rough=0.03))
        info['pen'] = True
    return info, max(wcm, hcm) / 2 * 1.05


def make_cig_pack(rng, sc, x, y):
    o = sc.add_obj(Obj('cig_pack'))
    w, L, t = 5.5, 8.8, 2.2
    ppc = 14
    H, W = int(L * ppc), int(w * ppc)
    img = np.empty((H, W, 3), np.float32)
    col = [rgb(200, 30, 30), rgb(240, 240, 240), rgb(30, 60, 130), rgb(40, 40, 40), rgb(210, 180, 60)][int(rng.integers(5))]
    img[:] = col
    cv2.rectangle(img, (0, int(H * 0.6)), (W, H), tuple(float(c) for c in rgb(245, 245, 245)), -1)
    put_text(img, rand_text(rng)[:8], (4, H * 0.45), 0.1 * H, rgb(20, 20, 20), FONTS[int(rng.integers(4))])
    put_text(img, rand_text(rng)[:10], (4, H * 0.8), 0.05 * H, rgb(20, 20, 20), cv2.FONT_HERSHEY_SIMPLEX, 1)
    ang = rng.uniform(0, 2 * PI)
    a1 = np.array([math.cos(ang), math.sin(ang), 0])
    add_box(sc, o, (x, y, t / 2), a1, (0, 0, 1), (L / 2, w / 2, t / 2), solid_tex(col),
            dict(ks=0.15, shin=30.0, ke=0.03, rough=0.05), top_tex=to_bgra_lin(img, np.ones((H, W), np.float32)))
    return dict(type='cigarette_pack'), 5.5


# --------------------------------------------------------------------------------------
# Hands / arms
# --------------------------------------------------------------------------------------
SKIN = [rgb(236, 198, 170), rgb(224, 180, 150), rgb(200, 150, 115), rgb(170, 120, 85), rgb(120, 80, 55),
        rgb(90, 60, 45), rgb(240, 205, 180)]
SLEEVE = [rgb(30, 30, 35), rgb(230, 230, 230), rgb(40, 60, 120), rgb(150, 30, 40), rgb(90, 90, 95), rgb(60, 100, 70),
          rgb(200, 180, 140), rgb(110, 70, 120)]


def make_hand(rng, target, from_dir, z_under):
    """3D capsule model of a reaching arm+hand. returns list of parts (name, p0, p1, r0, r1, col_kind)."""
    s = rng.uniform(0.88, 1.1)
    fwd2 = -from_dir / np.linalg.norm(from_dir)
    a = math.atan2(fwd2[1], fwd2[0]) + rng.normal(0, 0.3)
    fwd = np.array([math.cos(a), math.sin(a), 0.0])
    left = np.array([-fwd[1], fwd[0], 0.0])
    zp = z_under + rng.uniform(1.8, 7.0)
    Pc = np.array([target[0], target[1], zp])
    plen, pw = 9.5 * s, 8.4 * s
    right = rng.random() < 0.6
    ts = 1.0 if right else -1.0  # thumb side (left of fwd for right hand)
    up = np.array([0, 0, 1.0])
    W = Pc - fwd * plen * 0.5 + up * rng.uniform(0.5, 2.5)
    parts = []
    # forearm and upper arm
    rise = rng.uniform(0.25, 0.6)
    E = W - fwd * 28 * s + up * 28 * s * rise
    S = E - fwd * 26 * s + up * 20 * s + left * ts * rng.normal(0, 5)
    sleeve_at = rng.uniform(0.15, 0.8) if rng.random() < 0.65 else 1.2
    Wm = W + (E - W) * min(sleeve_at, 1.0)
    parts.append(('arm', W, Wm, 2.7 * s, 2.7 * s + 1.1 * s * min(sleeve_at, 1.0), 'skin'))
    if sleeve_at <= 1.0:
        parts.append(('sleeve', Wm - (E - W) * 0.02, E, 3.5 * s, 4.6 * s, 'sleeve'))
        parts.append(('upper', E, S, 4.6 * s, 5.2 * s, 'sleeve'))
    else:
        parts.append(('upper', E, S, 3.8 * s, 4.5 * s, 'skin'))
    # palm as a fat capsule pair
    parts.append(('palm', W + fwd * 1.5 * s, Pc + fwd * plen * 0.35, 3.3 * s, 3.9 * s, 'skin'))
    parts.append(('palm2', W + fwd * 2.5 * s - left * ts * 0.8 * s, Pc + fwd * plen * 0.3 - left * ts * 1.6 * s,
                  2.8 * s, 3.0 * s, 'skin'))
    K = Pc + fwd * plen * 0.5 - up * 0.5
    curl = rng.uniform(0.0, 0.8)
    spread = rng.uniform(0.03, 0.16)
    lens = [7.0, 7.8, 7.4, 6.0]
    rads = [0.82, 0.86, 0.82, 0.72]
    offs = [0.36, 0.12, -0.12, -0.36]
    for i in range(4):
        base = K + left * ts * offs[i] * pw * 0.95
        fa = a + ts * (1.5 - i) * spread + rng.normal(0, 0.04)
        fd = np.array([math.cos(fa), math.sin(fa), 0.0])
        Lf = lens[i] * s * rng.uniform(0.95, 1.05)
        c = min(1.0, curl + rng.normal(0, 0.1))
        mid = base + fd * Lf * 0.5 - up * Lf * 0.15 * c
        drop = min(Lf * 0.5 * c, max(0.0, mid[2] - z_under - 0.3))
        tip = mid + fd * Lf * 0.5 * (1 - 0.6 * c) - up * drop
        parts.append(('finger%d' % i, base, mid, rads[i] * s, rads[i] * s * 0.95, 'skin'))
        parts.append(('fingertip%d' % i, mid, tip, rads[i] * s * 0.95, rads[i] * s * 0.85, 'skin'))
    tb = W + fwd * 2.0 * s + left * ts * pw * 0.42
    ta = a + ts * rng.uniform(0.5, 1.0)
    td = np.array([math.cos(ta), math.sin(ta), 0.0])
    tm = tb + td * 3.2 * s - up * 0.6
    tt = tm + (td * 0.8 + fwd * 0.4) * 2.6 * s - up * min(1.0, max(0.0, tm[2] - z_under - 0.3))
    parts.append(('thumb', tb, tm, 1.15 * s, 1.0 * s, 'skin'))
    parts.append(('thumbtip', tm, tt, 1.0 * s, 0.9 * s, 'skin'))
    info = dict(target=[round(float(target[0]), 1), round(float(target[1]), 1)], palm_height=round(zp, 1),
                right_hand=right, curl=round(curl, 2), sleeve=sleeve_at <= 1.0, scale=round(s, 2))
    return parts, info


def draw_capsule(mask, p0, p1, r0, r1):
    p0 = np.asarray(p0, np.float64)
    p1 = np.asarray(p1, np.float64)
    d = p1 - p0
    L = np.linalg.norm(d)
    sh = 3
    F = 1 << sh
    if L > 1e-6:
        n = np.array([-d[1], d[0]]) / L
        poly = np.array([p0 + n * r0, p1 + n * r1, p1 - n * r1, p0 - n * r0])
        cv2.fillConvexPoly(mask, np.round(poly * F).astype(np.int32), 255, cv2.LINE_AA, sh)
    cv2.circle(mask, tuple(np.round(p0 * F).astype(int)), int(round(r0 * F)), 255, -1, cv2.LINE_AA, sh)
    cv2.circle(mask, tuple(np.round(p1 * F).astype(int)), int(round(r1 * F)), 255, -1, cv2.LINE_AA, sh)


def proj_capsules(cam, parts):
    out = []
    for (name, p0, p1, r0, r1, ck) in parts:
        (uv, z) = cam.project(np.array([p0, p1]))
        if (z < 1).any():
            continue
        out.append((name, uv[0], uv[1], cam.f * r0 / z[0], cam.f * r1 / z[1], ck))
    return out


def render_hand_layer(rng, cam, parts, skin, sleeve, light_level):
    H, W = cam.H, cam.W
    col = np.zeros((H, W, 3), np.float32)
    alpha = np.zeros((H, W), np.float32)
    pp = proj_capsules(cam, parts)
    order = ['upper', 'sleeve', 'arm', 'palm2', 'palm', 'thumb', 'thumbtip', 'finger3', 'fingertip3', 'finger2',
             'fingertip2', 'finger1', 'fingertip1', 'finger0', 'fingertip0']
    pp.sort(key=lambda q: order.index(q[0]) if q[0] in order else 0)
    skin_l = s2l(skin)
    sleeve_l = s2l(sleeve)
    for (name, u0, u1, r0, r1, ck) in pp:
        x0 = int(max(0, min(u0[0] - r0, u1[0] - r1) - 3))
        x1 = int(min(W, max(u0[0] + r0, u1[0] + r1) + 4))
        y0 = int(max(0, min(u0[1] - r0, u1[1] - r1) - 3))
        y1 = int(min(H, max(u0[1] + r0, u1[1] + r1) + 4))
        if x1 <= x0 or y1 <= y0:
            continue
        m = np.zeros((y1 - y0, x1 - x0), np.uint8)
        draw_capsule(m, u0 - [x0, y0], u1 - [x0, y0], r0, r1)
        mf = m.astype(np.float32) / 255.0
        dist = cv2.distanceTransform((m > 127).astype(np.uint8), cv2.DIST_L2, 3)
        rr = max(1.0, (r0 + r1) / 2)
        prof = np.sqrt(np.clip(dist / rr, 0, 1))
        shade = 0.45 + 0.55 * prof
        base = skin_l if ck == 'skin' else sleeve_l
        c = base[None, None, :] * shade[..., None] * light_level
        if ck == 'sleeve':
            c *= (1 + 0.15 * noise2(rng, y1 - y0, x1 - x0, max(2, rr / 2), 1))[..., None]
        if name.startswith('fingertip') or name == 'thumbtip':
            # nail
            nu = u0 + (u1 - u0) * 0.8 - [x0, y0]
            nm = np.zeros_like(m)
            cv2.circle(nm, (int(nu[0]), int(nu[1])), max(1, int(rr * 0.5)), 255, -1, cv2.LINE_AA)
            na = (nm.astype(np.float32) / 255.0 * 0.35)[..., None]
            c = c * (1 - na) + (c * 1.35 + 0.02) * na
        sub_c = col[y0:y1, x0:x1]
        sub_a = alpha[y0:y1, x0:x1]
        # outline darkening where this part overlaps an existing one (finger separation)
        edge = np.clip(1.0 - dist / 1.5, 0, 1) * (sub_a > 0.5)
        c = c * (1 - 0.35 * edge[..., None])
        sub_c[:] = sub_c * (1 - mf[..., None]) + c * mf[..., None]
        sub_a[:] = np.maximum(sub_a, mf)
    return col, alpha


# --------------------------------------------------------------------------------------
# Scene generation
# --------------------------------------------------------------------------------------
KINDS = ['trick', 'end_of_hand', 'deal_wall', 'block', 'rows', 'pairs', 'scatter', 'empty']
KIND_W = [36, 12, 4, 10, 10, 9, 13, 6]


def build_camera(rng, W, H, ts, target):
    h = rng.uniform(60, 120)
    tilt = math.radians(rng.uniform(0, 12)) if rng.random() < 0.85 else 0.0
    tilt_dir = rng.uniform(0, 2 * PI)
    yaw = (rng.integers(4) * PI / 2 + rng.normal(0, math.radians(8))) if rng.random() < 0.6 else rng.uniform(0, 2 * PI)
    wpx = 25 + 45 * rng.beta(1.4, 1.6)
    wpx_ref = wpx * W / 1280.0
    dist = (h - ts.t) / math.cos(tilt)
    f = wpx_ref * dist / ts.w
    fmin, fmax = (W / 2) / math.tan(math.radians(47)), (W / 2) / math.tan(math.radians(12))
    f = float(np.clip(f, fmin, fmax))
    x_c = np.array([math.cos(yaw), math.sin(yaw), 0.0])
    z_c = np.array([0, 0, -1.0])
    y_c = np.cross(z_c, x_c)
    axis = np.array([math.cos(tilt_dir), math.sin(tilt_dir), 0.0]) * tilt
    Rt, _ = cv2.Rodrigues(axis)
    cols = [Rt @ x_c, Rt @ y_c, Rt @ z_c]
    R = np.array(cols)  # rows = camera axes in world
    zc = cols[2]
    C = np.array([target[0], target[1], 0.0]) - zc * (h / -zc[2])
    cx = W / 2 + rng.normal(0, 0.01 * W)
    cy = H / 2 + rng.normal(0, 0.01 * H)
    cam = Camera(f, cx, cy, R, C, W, H)
    meta = dict(height_cm=round(h, 2), tilt_deg=round(math.degrees(tilt), 2), tilt_dir_deg=round(math.degrees(tilt_dir), 1),
                yaw_deg=round(math.degrees(yaw) % 360, 1), focal_px=round(f, 1),
                hfov_deg=round(2 * math.degrees(math.atan(W / 2 / f)), 1),
                tile_width_px_nominal=round(f * ts.w / dist * 1280.0 / W, 1), principal=[round(cx, 1), round(cy, 1)],
                target=[round(float(target[0]), 1), round(float(target[1]), 1)])
    return cam, meta


def make_lighting(rng, cam, view_c):
    mode = choice_w(rng, ['room', 'lamp_hotspot', 'dim', 'uneven', 'window'], [30, 22, 16, 18, 14])
    L = dict(mode=mode)
    warm = [rgb(255, 214, 170), rgb(255, 228, 200)]
    neutral = [rgb(255, 250, 245), rgb(245, 250, 255)]
    if mode == 'room':
        lp = np.array([view_c[0] + rng.normal(0, 40), view_c[1] + rng.normal(0, 40), rng.uniform(150, 250)])
        L.update(lamp_pos=lp, lamp_I=rng.uniform(0.5, 1.0), cone=None, amb=rng.uniform(0.35, 0.6), lamp_r=rng.uniform(10, 40))
        lc = neutral[int(rng.integers(2))]
    elif mode == 'lamp_hotspot':
        lp = np.array([view_c[0] + rng.normal(0, 15), view_c[1] + rng.normal(0, 15), rng.uniform(45, 110)])
        co = math.cos(math.radians(rng.uniform(30, 55)))
        ci = math.cos(math.radians(rng.uniform(10, 25)))
        L.update(lamp_pos=lp, lamp_I=rng.uniform(1.2, 2.0), cone=(co, ci), amb=rng.uniform(0.03, 0.15), lamp_r=rng.uniform(3, 10))
        lc = warm[int(rng.integers(2))]
    elif mode == 'dim':
        lp = np.array([view_c[0] + rng.normal(0, 80), view_c[1] + rng.normal(0, 80), rng.uniform(100, 250)])
        L.update(lamp_pos=lp, lamp_I=rng.uniform(0.2, 0.6), cone=None, amb=rng.uniform(0.1, 0.3), lamp_r=rng.uniform(5, 30))
        lc = warm[int(rng.integers(2))]
    elif mode == 'uneven':
        a = rng.uniform(0, 2 * PI)
        lp = np.array([view_c[0] + math.cos(a) * rng.uniform(50, 130), view_c[1] + math.sin(a) * rng.uniform(50, 130),
                       rng.uniform(50, 140)])
        L.update(lamp_pos=lp, lamp_I=rng.uniform(0.8, 1.6), cone=None, amb=rng.uniform(0.08, 0.3), lamp_r=rng.uniform(3, 15))
        lc = (warm + neutral)[int(rng.integers(4))]
    else:
        a = rng.uniform(0, 2 * PI)
        lp = np.array([view_c[0] + math.cos(a) * 400, view_c[1] + math.sin(a) * 400, rng.uniform(150, 400)])
        L.update(lamp_pos=lp, lamp_I=rng.uniform(1.0, 1.8), cone=None, amb=rng.uniform(0.15, 0.4), lamp_r=rng.uniform(15, 50))
        lc = rgb(235, 242, 255)
    L['lamp_col'] = lc / 255.0
    L['amb_col'] = (rgb(235, 240, 255) if rng.random() < 0.5 else rgb(255, 240, 220)) / 255.0
    L['lamp_ref'] = float(max(50.0, lp[2]))
    # ceiling light panels (seen in glossy reflections)
    panels = []
    npan = int(choice_w(rng, [0, 1, 2, 3], [0.25, 0.35, 0.25, 0.15]))
    if mode == 'dim':
        npan = min(npan, 1)
    for _ in range(npan):
        kind = choice_w(rng, ['tube', 'panel', 'round', 'window'], [0.4, 0.3, 0.15, 0.15])
        hz = rng.uniform(150, 260)
        c = np.array([view_c[0] + rng.normal(0, 90), view_c[1] + rng.normal(0, 90)])
        size = {'tube': (rng.uniform(60, 120), rng.uniform(4, 10)), 'panel': (rng.uniform(40, 70), rng.uniform(40, 70)),
                'round': (rng.uniform(15, 30),) * 2, 'window': (rng.uniform(60, 120), rng.uniform(40, 100))}[kind]
        rad = rng.uniform(3, 12) if kind != 'window' else rng.uniform(2, 5)
        if mode == 'dim':
            rad *= 0.3
        panels.append(dict(kind=kind, z=hz, c=c, half=np.array(size) / 2, ang=rng.uniform(0, PI), rad=rad,
                           round=kind == 'round'))
    L['panels'] = panels
    return L


def light_terms(P, n, ks, shin, ke, rough, L, C):
    """lighting terms at world points P (M,3) with normals n (M,3) (None = +z).
    returns lamp diffuse irradiance, ambient factor, lamp specular, environment (ceiling panel) reflection."""
    lp = np.asarray(L['lamp_pos'], np.float32)
    M = P.shape[0]
    Lv = lp[None, :] - P
    d2 = np.einsum('ij,ij->i', Lv, Lv)
    Ld = Lv / np.sqrt(d2)[:, None]
    if n is None:
        ndl = np.maximum(Ld[:, 2], 0)
        nz = 1.0
    else:
        ndl = np.maximum(np.einsum('ij,ij->i', n, Ld), 0)
        nz = n[:, 2]
    fall = (L['lamp_ref'] ** 2) / d2
    cone = L['cone']
    if cone is not None:
        fall = fall * (0.03 + 0.97 * smoothstep(cone[0], cone[1], Ld[:, 2]))
    lamp = (L['lamp_I'] * fall).astype(np.float32)
    diff = ndl * lamp
    amb = (L['amb'] * (0.55 + 0.45 * nz)) * np.ones(M, np.float32)
    spec = np.zeros(M, np.float32)
    env = np.zeros(M, np.float32)
    ks = np.broadcast_to(np.asarray(ks, np.float32), (M,))
    shin = np.broadcast_to(np.asarray(shin, np.float32), (M,))
    ke = np.broadcast_to(np.asarray(ke, np.float32), (M,))
    rough = np.broadcast_to(np.asarray(rough, np.float32), (M,))
    sel = np.nonzero((ks > 0) & (ndl > 0))[0]
    if sel.size:
        V = C[None, :] - P[sel]
        V /= np.sqrt(np.einsum('ij,ij->i', V, V))[:, None]
        Hh = Ld[sel] + V
        Hh /= np.sqrt(np.einsum('ij,ij->i', Hh, Hh))[:, None]
        if n is None:
            ndh = np.clip(Hh[:, 2], 1e-6, 1)
        else:
            ndh = np.clip(np.einsum('ij,ij->i', n[sel], Hh), 1e-6, 1)
        spec[sel] = ks[sel] * np.exp(shin[sel] * np.log(ndh)) * lamp[sel]
    sel = np.nonzero(ke > 0)[0]
    if L['panels'] and sel.size:
        Ps = P[sel]
        V = C[None, :] - Ps
        V /= np.sqrt(np.einsum('ij,ij->i', V, V))[:, None]
        if n is None:
            r = V * np.array([-1, -1, 1], np.float32)
        else:
            ns = n[sel]
            ndv = np.einsum('ij,ij->i', ns, V)
            r = 2 * ndv[:, None] * ns - V
        e = np.zeros(sel.size, np.float32)
        rg = rough[sel]
        rz = np.maximum(r[:, 2], 0.05)
        up = r[:, 2] > 0.05
        for pn in L['panels']:
            t = (pn['z'] - Ps[:, 2]) / rz
            qx = Ps[:, 0] + r[:, 0] * t - pn['c'][0]
            qy = Ps[:, 1] + r[:, 1] * t - pn['c'][1]
            soft = 1.0 + rg * t
            if pn['round']:
                dd = np.sqrt(qx * qx + qy * qy)
                v = smoothstep(-soft, soft, pn['half'][0] - dd)
            else:
                ca, sa = math.cos(pn['ang']), math.sin(pn['ang'])
                a_ = np.abs(qx * ca + qy * sa)
                b_ = np.abs(-qx * sa + qy * ca)
                v = smoothstep(-soft, soft, pn['half'][0] - a_) * smoothstep(-soft, soft, pn['half'][1] - b_)
            e += pn['rad'] * v * up
        env[sel] = ke[sel] * e
    return diff, amb, spec, env


def lighting_pass(ras, L, lamp_vis, amb_vis, table_fid):
    """deferred shading: the table plane is lit on a coarse grid (smooth), everything else per pixel."""
    cam = ras.cam
    H, W = ras.H, ras.W
    F = len(ras.faces)
    N = np.array([f[0] for f in ras.faces], np.float32).reshape(F, 3)
    KS = np.array([f[1] for f in ras.faces], np.float32)
    SH = np.array([f[2] for f in ras.faces], np.float32)
    KE = np.array([f[3] for f in ras.faces], np.float32)
    RO = np.array([f[4] for f in ras.faces], np.float32)
    EM = np.array([f[5] for f in ras.faces], np.float32)
    C = cam.C.astype(np.float32)
    lc = np.asarray(L['lamp_col'], np.float32)
    ac = np.asarray(L['amb_col'], np.float32)
    # --- table on a coarse grid
    g = 4
    hg, wg = (H + g - 1) // g, (W + g - 1) // g
    uu, vv = np.meshgrid(np.arange(wg, dtype=np.float64) * g + (g - 1) / 2.0,
                         np.arange(hg, dtype=np.float64) * g + (g - 1) / 2.0)
    Pg = cam.ray_plane(np.stack([uu.ravel(), vv.ravel()], -1), 0.0).astype(np.float32)
    tf = ras.faces[table_fid]
    d_, a_, s_, e_ = light_terms(Pg, None, tf[1], tf[2], tf[3], tf[4], L, C)
    irr_med = float(np.median(d_ * float(lc.mean()) + a_ * float(ac.mean())))

    def up(x):
        x = x.reshape(hg, wg)
        M = np.float32([[1.0 / g, 0, (1.0 / g - 1) / 2.0 + 0], [0, 1.0 / g, (1.0 / g - 1) / 2.0]])
        # map full-res pixel (u,v) -> grid coords ((u - (g-1)/2)/g)
        M = np.float32([[1.0 / g, 0, -(g - 1) / 2.0 / g], [0, 1.0 / g, -(g - 1) / 2.0 / g]])
        return cv2.warpAffine(x.astype(np.float32), M, (W, H), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)

    dU, aU, sU, eU = up(d_), up(a_), up(s_), up(e_)
    out = ras.alb * ((dU * lamp_vis)[..., None] * lc + (aU * amb_vis)[..., None] * ac)
    out += (sU * lamp_vis)[..., None] * lc + eU[..., None]
    # --- everything that is not the table: per pixel
    fidf = ras.fid.ravel()
    idx = np.nonzero((fidf != table_fid) & (fidf >= 0))[0]
    if idx.size:
        fid = fidf[idx]
        vv = (idx // W).astype(np.float32)
        uu = (idx % W).astype(np.float32)
        z = 1.0 / np.maximum(ras.iz.ravel()[idx], 1e-6)
        Kinv = cam.Kinv
        R = cam.R
        xc = (Kinv[0, 0] * uu + Kinv[0, 2]) * z
        yc = (Kinv[1, 1] * vv + Kinv[1, 2]) * z
        P = np.empty((idx.size, 3), np.float32)
        for k in range(3):
            P[:, k] = R[0, k] * xc + R[1, k] * yc + R[2, k] * z + C[k]
        n = N[fid]
        d_, a_, s_, e_ = light_terms(P, n, KS[fid], SH[fid], KE[fid], RO[fid], L, C)
        lv = lamp_vis.ravel()[idx]
        av = amb_vis.ravel()[idx]
        alb = ras.alb.reshape(-1, 3)[idx]
        col = alb * ((d_ * lv)[:, None] * lc + (a_ * av)[:, None] * ac) + (s_ * lv)[:, None] * lc + e_[:, None]
        em = EM[fid]
        if em.max() > 0:
            col += alb * em[:, None]
        out.reshape(-1, 3)[idx] = col
    return out, irr_med


def place_free(rng, occupied, region_fn, rad, tries=40):
    for _ in range(tries):
        x, y = region_fn()
        ok = True
        for (ox, oy, orad) in occupied:
            if math.hypot(x - ox, y - oy) < rad + orad:
                ok = False
                break
        if ok:
            return x, y
    return None


def generate(seed, force_kind=None):
    rng = np.random.default_rng(seed)
    t0 = time.time()
    tm = {}
    tl = [time.process_time()]

    def lap(name):
        t = time.process_time()
        tm[name] = round(t - tl[0], 3)
        tl[0] = t
    if rng.random() < 0.8:
        W, H = 1280, 720
    else:
        W, H = 1920, 1080
    ss = 1.5 if W == 1280 else 1.25
    kind = choice_w(rng, KINDS, KIND_W)
    if force_kind:
        kind = force_kind
    meta = dict(seed=int(seed), kind=kind, width=W, height=H, supersample=ss)

    # tile set; texture resolution decided after camera (needs ppc) -> pre-sample camera scale first
    ts = TileSet(rng, 40)
    # layout
    if kind == 'trick':
        lay = layout_game(rng, ts, 'trick')
    elif kind == 'end_of_hand':
        lay = layout_game(rng, ts, 'end')
    elif kind == 'deal_wall':
        lay = layout_game(rng, ts, 'deal')
    elif kind == 'empty':
        lay = layout_empty(rng, ts)
    else:
        lay = layout_display(rng, ts, kind)
    meta['layout'] = lay.info
    meta['layout']['dropped_groups'] = lay.dropped
    # camera target
    pf = 0.88 if kind == 'trick' else 0.75
    if lay.focus and rng.random() < pf:
        f = lay.focus[int(rng.integers(len(lay.focus)))]
        target = np.asarray(f, np.float64) + rng.normal(0, 5 if kind == 'trick' else 6, 2)
    else:
        target = rng.normal(0, 12, 2)
    if kind in ('block', 'rows', 'pairs', 'scatter'):
        target = np.asarray(lay.focus[0], np.float64) + rng.normal(0, 4, 2)
    cam, cmeta = build_camera(rng, W, H, ts, target)
    meta['camera'] = cmeta
    rcam = cam.scaled(ss)
    ppc_r = rcam.f / max(20.0, cmeta['height_cm'] - 10)
    ts.ppc = float(np.clip(ppc_r * 1.25, 16, 96))
    meta['tile_set'] = ts.meta
    meta['tile_set']['tex_ppc'] = round(ts.ppc, 1)

    # visible table region
    corners_img = np.array([[-0.1 * W, -0.1 * H], [1.1 * W, -0.1 * H], [1.1 * W, 1.1 * H], [-0.1 * W, 1.1 * H]])
    gp = cam.ray_plane(corners_img, 0.0)
    X0, X1 = gp[:, 0].min(), gp[:, 0].max()
    Y0, Y1 = gp[:, 1].min(), gp[:, 1].max()
    view_c = cam.ray_plane(np.array([[W / 2, H / 2]]), 0.0)[0]
    tppc = float(np.clip(cam.f / cmeta['height_cm'] * 1.1, 6, 40))
    TW, TH = int((X1 - X0) * tppc) + 2, int((Y1 - Y0) * tppc) + 2
    table_img, tmeta, tgloss = make_table(rng, TH, TW, tppc)
    meta['table'] = tmeta
    meta['table']['tex_ppc'] = round(tppc, 2)

    lap('layout_table')
    sc = Scene3D()
    table_obj = sc.add_obj(Obj('table'))
    # tiles
    tile_objs = []
    for sp in lay.tiles:
        o = sc.add_obj(Obj('tile', sp=sp))
        tile_objs.append(o)
    # distractors
    occupied = []
    for sp in lay.tiles:
        occupied.append((sp['x'], sp['y'], ts.L / 2 + 0.3))
    dlist = []
    nd = {'trick': (1, 5), 'end_of_hand': (0, 4), 'deal_wall': (1, 5), 'empty': (2, 7)}.get(kind, (0, 4))
    ndis = int(rng.integers(nd[0], nd[1] + 1))
    makers = [('sheet', make_sheet, 0.2), ('cup', make_cup, 0.22), ('ashtray', make_ashtray, 0.1),
              ('cig', make_cigarette, 0.1), ('coins', make_coins, 0.15), ('phone', make_phone, 0.13),
              ('pack', make_cig_pack, 0.04), ('dice', make_dice, 0.06)]
    margin = 0.05

    def region():
        u = rng.uniform(-margin, 1 + margin) * W
        v = rng.uniform(-margin, 1 + margin) * H
        p = cam.ray_plane(np.array([[u, v]]), 0.0)[0]
        return p[0], p[1]

    for _ in range(ndis):
        name, fn, _w = makers[int(rng.choice(len(makers), p=np.array([m[2] for m in makers]) / sum(m[2] for m in makers)))]
        est = {'sheet': 12, 'cup': 6, 'ashtray': 9, 'cig': 4.5, 'coins': 4, 'phone': 8.5, 'pack': 5.5, 'dice': 4}[name]
        pos = place_free(rng, occupied, region, est)
        if pos is None:
            continue
        info, rad = fn(rng, sc, pos[0], pos[1])
        occupied.append((pos[0], pos[1], rad))
        info['pos'] = [round(pos[0], 1), round(pos[1], 1)]
        dlist.append(info)
    # coin on a tile (occlusion case)
    ups = [sp for sp in lay.tiles if sp['pose'] == 'up']
    if ups and rng.random() < 0.06:
        sp = ups[int(rng.integers(len(ups)))]
        off = rot2(rng.uniform(0, 2 * PI)) * rng.uniform(0, 0.8)
        info, _ = make_coins(rng, sc, sp['x'] + off[0], sp['y'] + off[1], on_tile_z=sp.get('z0', 0) + ts.t)
        dlist.append(info)
    meta['distractors'] = dlist

    # lighting
    L = make_lighting(rng, cam, view_c)
    meta['lighting'] = dict(mode=L['mode'], lamp_pos=[round(float(v), 1) for v in L['lamp_pos']],
                            lamp_I=round(L['lamp_I'], 3), ambient=round(L['amb'], 3),
                            cone=None if L['cone'] is None else [round(v, 3) for v in L['cone']],
                            lamp_col=[round(float(v), 3) for v in L['lamp_col']],
                            panels=[dict(kind=p['kind'], z=round(p['z'], 1), c=[round(float(v), 1) for v in p['c']],
                                         radiance=round(p['rad'], 2)) for p in L['panels']])

    # hands
    hands = []
    hp = {'trick': 0.45, 'end_of_hand': 0.3, 'deal_wall': 0.3, 'empty': 0.2}.get(kind, 0.15)
    if rng.random() < hp:
        nh = 1 if rng.random() < 0.75 else 2
        prev = []
        for _ in range(nh):
            tile_t = None
            for _try in range(12):
                if lay.tiles and rng.random() < 0.85:
                    sp = lay.tiles[int(rng.integers(len(lay.tiles)))]
                    cand = np.array([sp['x'], sp['y']]) + rng.normal(0, 1.0, 2)
                else:
                    cand = np.array(view_c[:2]) + rng.normal(0, 15, 2)
                if all(np.linalg.norm(cand - p) > 25 for p in prev):
                    tile_t = cand
                    break
            if tile_t is None:
                continue
            if lay.seats is not None:
                st = min(lay.seats, key=lambda s_: np.linalg.norm(s_['O'] - tile_t))
                fd = st['u'] + rng.normal(0, 0.3, 2)
            else:
                fd = rot2(rng.uniform(0, 2 * PI))
            fd = fd / np.linalg.norm(fd)
            # fingertips reach the target tile: palm centre is back toward the player's body
            tgt = tile_t + fd * rng.uniform(6.0, 11.0)
            prev.append(tile_t)
            zu = ts.t * 2.2
            for sp2 in lay.tiles:
                if math.hypot(sp2['x'] - tgt[0], sp2['y'] - tgt[1]) < 14:
                    hh = {'end': ts.L, 'side': ts.w}.get(sp2['pose'], ts.t) + sp2.get('z0', 0.0)
                    zu = max(zu, hh + 0.4)
            parts, hinfo = make_hand(rng, tgt, fd, zu)
            skin = SKIN[int(rng.integers(len(SKIN)))] + rng.normal(0, 6, 3).astype(np.float32)
            sleeve = SLEEVE[int(rng.integers(len(SLEEVE)))] + rng.normal(0, 6, 3).astype(np.float32)
            hinfo['skin_bgr'] = [round(float(v), 1) for v in skin]
            hinfo['motion_blur'] = bool(rng.random() < 0.3)
            hands.append((parts, skin, sleeve, hinfo))
    meta['hands'] = [h[3] for h in hands]

    lap('objects')
    # ---------------- rasterise ----------------
    ras = Raster(rcam)
    TP = np.array([[X0, Y1, 0], [X0 + TW / tppc, Y1, 0], [X0 + TW / tppc, Y1 - TH / tppc, 0], [X0, Y1 - TH / tppc, 0]])
    table_fid = ras.draw_plane(TP, table_img, table_obj, **tgloss)
    # glass / glossy black: mirrored tiles
    refl = tmeta['kind'] == 'glass' or (tmeta['kind'] == 'black' and tmeta.get('glossy'))
    if refl:
        rr = Raster(rcam)
        rr.iz[:] = 0
        for sp, o in zip(lay.tiles, tile_objs):
            for (nm, P, n) in tile_faces(ts, sp):
                t_ = {'face': None, 'back': ts.back_tex(), 'end': ts.side_tex('end'), 'long': ts.side_tex('long')}[nm]
                if t_ is None:
                    t_ = ts.face_tex(sp['face'])
                Pm = P * np.array([1, 1, -1.0])
                nm_ = n * np.array([1, 1, -1.0])
                rr.draw_face(Pm, t_, nm_, o)
        for (P, t_, n, o, kw) in sc.items:
            Pm = np.asarray(P) * np.array([1, 1, -1.0])
            rr.draw_face(Pm, t_, n * np.array([1, 1, -1.0]), o)
        m = rr.fid >= 0
        rk = 0.25 if tmeta['kind'] == 'glass' else 0.12
        ras.alb[m] = ras.alb[m] * (1 - rk) + rr.alb[m] * rk * 1.5
        meta['table']['mirror_reflection'] = rk
        del rr
    # tiles
    tile_top = {}
    for sp, o in zip(lay.tiles, tile_objs):
        for (nm, P, n) in tile_faces(ts, sp):
            if nm == 'face':
                t_ = ts.face_tex(sp['face'])
            elif nm == 'back':
                t_ = ts.back_tex()
            else:
                t_ = ts.side_tex(nm)
            need = (nm == 'face' and sp['pose'] == 'up')
            fidx, full, inframe = ras.draw_face(P, t_, n, o, ks=ts.ks, shin=ts.shin, ke=ts.ke, rough=ts.rough,
                                                need_area=need)
            if need:
                tile_top[o] = (fidx, full, inframe, P)
    for (P, t_, n, o, kw) in sc.items:
        ras.draw_face(P, t_, n, o, **kw)

    lap('raster')
    # ---------------- shadows ----------------
    Hr, Wr = rcam.H, rcam.W
    lp = np.asarray(L['lamp_pos'])
    shadow = np.zeros((Hr, Wr), np.float32)
    aoimg = np.zeros((Hr, Wr), np.float32)
    casters = [(tile_corners3d(ts, sp), o) for sp, o in zip(lay.tiles, tile_objs)] + sc.casters
    px_per_cm = rcam.f / cmeta['height_cm']
    for pts, o in casters:
        pz = np.minimum(pts[:, 2], lp[2] - 1.0)
        s = lp[2] / (lp[2] - pz)
        sh = lp + (pts - lp) * s[:, None]
        sh[:, 2] = 0.0
        uv, z = rcam.project(sh)
        if (z < 1).any():
            continue
        hull = cv2.convexHull(np.round(uv * 8).astype(np.int32))
        cv2.fillConvexPoly(shadow, hull, 1.0, cv2.LINE_AA, 3)
        base = pts[pts[:, 2] < 0.3]
        if len(base) >= 3:
            uvb, _ = rcam.project(base)
            hb = cv2.convexHull(np.round(uvb * 8).astype(np.int32))
            cv2.fillConvexPoly(aoimg, hb, 1.0, cv2.LINE_AA, 3)
    pen = max(0.6, L['lamp_r'] * 1.5 / max(lp[2], 30) * px_per_cm)
    shadow = gblur(shadow, pen)
    aoimg = gblur(aoimg, max(1.0, 0.35 * px_per_cm))
    F = len(ras.faces)
    recv = np.array([f[6] for f in ras.faces], bool)
    rmask = recv[np.where(ras.fid < 0, 0, ras.fid)]
    lamp_vis = 1.0 - 0.92 * shadow * rmask
    amb_vis = 1.0 - 0.55 * aoimg * rmask
    # hand shadows
    hand_layers = []
    for (parts, skin, sleeve, hinfo) in hands:
        sparts = []
        for (name, p0, p1, r0, r1, ck) in parts:
            q = []
            for p in (p0, p1):
                pz = min(p[2], lp[2] - 1.0)
                s = (lp[2] - ts.t) / (lp[2] - pz)
                sp_ = lp + (p - lp) * s
                sp_[2] = ts.t
                q.append(sp_)
            sparts.append((name, q[0], q[1], r0, r1, ck))
        for grp in (('arm', 'sleeve', 'upper'), None):
            if grp is None:
                sel = [i for i, p in enumerate(parts) if p[0] not in ('arm', 'sleeve', 'upper')]
            else:
                sel = [i for i, p in enumerate(parts) if p[0] in grp]
            if not sel:
                continue
            hs, ha = render_hand_layer(rng, rcam, [sparts[i] for i in sel], skin, sleeve, 1.0)
            hz = float(np.mean([(parts[i][1][2] + parts[i][2][2]) / 2 for i in sel])) - ts.t
            blur = max(1.0, L['lamp_r'] * hz / max(lp[2] - hz, 10) * px_per_cm)
            ha = gblur(ha, blur)
            lamp_vis = lamp_vis * (1 - 0.9 * ha)
        # diffuse occlusion: vertical projection, big blur
        vparts = [(n_, np.array([p0[0], p0[1], ts.t]), np.array([p1[0], p1[1], ts.t]), r0, r1, ck)
                  for (n_, p0, p1, r0, r1, ck) in parts]
        _, va = render_hand_layer(rng, rcam, vparts, skin, sleeve, 1.0)
        va = gblur(va, 4 * px_per_cm)
        amb_vis = amb_vis * (1 - 0.4 * va)
    lap('shadows')
    # ---------------- shading ----------------
    img, irr_med = lighting_pass(ras, L, lamp_vis.astype(np.float32), amb_vis.astype(np.float32), table_fid)
    lap('lighting')
    # hand layers on top
    for (parts, skin, sleeve, hinfo) in hands:
        pc = parts[3][2]
        lv = L['lamp_I'] * (L['lamp_ref'] ** 2) / max(np.sum((lp - pc) ** 2), 1.0)
        if L['cone'] is not None:
            dd = (lp - pc) / np.linalg.norm(lp - pc)
            lv *= 0.03 + 0.97 * float(smoothstep(L['cone'][0], L['cone'][1], dd[2]))
        lvl = 0.7 * lv * float(np.mean(L['lamp_col'])) + L['amb'] * 0.8
        hc, ha = render_hand_layer(rng, rcam, parts, skin, sleeve, lvl)
        hc = hc * np.asarray(L['lamp_col'], np.float32)[None, None, :] / max(float(np.mean(L['lamp_col'])), 1e-3)
        if hinfo['motion_blur']:
            k = int(rng.integers(5, 19))
            ang = rng.uniform(0, 180)
            ker = np.zeros((k, k), np.float32)
            ker[k // 2, :] = 1.0
            M = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), ang, 1.0)
            ker = cv2.warpAffine(ker, M, (k, k))
            ker /= ker.sum()
            hpre = hc * ha[..., None]
            hpre = cv2.filter2D(hpre, -1, ker)
            ha = cv2.filter2D(ha, -1, ker)
            hc = hpre / np.maximum(ha, 1e-4)[..., None]
            hinfo['motion_kernel'] = [k, round(ang, 1)]
        img = img * (1 - ha[..., None]) + hc * ha[..., None]
        ras.fid[ha > 0.5] = -2
    lap('hands')
    # ---------------- ground truth ----------------
    counts = np.bincount((ras.fid + 2).ravel(), minlength=len(ras.faces) + 2)
    obj_vis = {}
    face_obj = [f[7] for f in ras.faces]
    for fi, c in enumerate(counts[2:]):
        if c > 0:
            obj_vis[face_obj[fi]] = obj_vis.get(face_obj[fi], 0) + int(c)
    tiles_out = []
    hidden_up = 0
    n_down = n_down_total = n_edge = 0
    for sp, o in zip(lay.tiles, tile_objs):
        if sp['pose'] == 'down':
            n_down_total += 1
            if obj_vis.get(o, 0) > 0:
                n_down += 1
        elif sp['pose'] in ('end', 'side'):
            if obj_vis.get(o, 0) > 0:
                n_edge += 1
        if sp['pose'] != 'up' or o not in tile_top:
            continue
        fidx, full, inframe, P = tile_top[o]
        if fidx < 0 or inframe <= 0 or full <= 0:
            continue
        vis = float(counts[fidx + 2]) / float(full)
        if counts[fidx + 2] == 0:
            hidden_up += 1
            continue
        uv, _ = cam.project(P)
        area = 0.0
        for i in range(4):
            j = (i + 1) % 4
            area += uv[i, 0] * uv[j, 1] - uv[j, 0] * uv[i, 1]
        if area < 0:
            uv = uv[::-1]
        tiles_out.append(dict(face=sp['face'], corners=[[round(float(x), 2), round(float(y), 2)] for x, y in uv],
                              visible=round(min(1.0, vis), 4)))
    meta['counts'] = dict(face_up_listed=len(tiles_out), face_up_in_frame_fully_hidden=hidden_up, face_down_visible=n_down, face_down_in_scene=n_down_total,
                          on_edge_visible=n_edge, tiles_in_scene=len(lay.tiles))

    lap('gt')
    # ---------------- camera pipeline ----------------
    img = cv2.resize(img, (W, H), interpolation=cv2.INTER_AREA)
    post = {}
    # uneven light field / big soft shadow
    if L['mode'] in ('uneven', 'dim') or rng.random() < 0.3:
        fld = noise2(rng, H, W, W / 2.5, 1)
        g = rot2(rng.uniform(0, 2 * PI))
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        grad = ((xx - W / 2) * g[0] + (yy - H / 2) * g[1]) / W
        k1, k2 = rng.uniform(0.05, 0.35), rng.uniform(0.0, 0.6)
        field = np.clip(1 + k1 * fld + k2 * grad, 0.25, 2.0)
        img *= field[..., None]
        post['uneven'] = [round(k1, 3), round(k2, 3)]
    # vignetting
    vig = rng.uniform(0.0, 0.45)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    rr2 = ((xx - W / 2) ** 2 + (yy - H / 2) ** 2) / ((W / 2) ** 2 + (H / 2) ** 2)
    img *= (1 - vig * rr2)[..., None]
    post['vignette'] = round(vig, 3)
    # white balance error
    wb = np.exp(rng.normal(0, 0.06, 3)).astype(np.float32)
    img *= wb
    post['wb_gain_bgr'] = [round(float(v), 3) for v in wb]
    # exposure: mix of grey-card metering (scene irradiance) and content-based auto exposure
    lum = img.mean(-1)
    wb_m = float(np.mean(wb))
    if L['mode'] == 'dim':
        tgrey = rng.uniform(0.025, 0.07)
    elif L['mode'] == 'lamp_hotspot':
        tgrey = rng.uniform(0.12, 0.3)
    else:
        tgrey = rng.uniform(0.13, 0.25)
    e_grey = tgrey / max(0.18 * irr_med * wb_m, 1e-6)
    ref = np.percentile(lum, 55)
    e_cont = (tgrey * rng.uniform(0.8, 1.3)) / max(ref, 1e-6)
    adapt = rng.uniform(0.15, 0.45)
    expo = math.exp((1 - adapt) * math.log(e_grey) + adapt * math.log(e_cont))
    hi = np.percentile(lum, 99.3 if L['mode'] != 'lamp_hotspot' else 99.8)
    lim = (rng.uniform(0.85, 1.1) if L['mode'] != 'lamp_hotspot' else rng.uniform(1.0, 1.6)) / max(hi, 1e-6)
    expo = min(expo, lim)
    img *= expo
    post['metering'] = dict(grey_target=round(tgrey, 3), adapt=round(adapt, 3))
    post['exposure'] = round(float(expo), 4)
    # optical blur
    if rng.random() < 0.5:
        sg = rng.uniform(0.3, 1.3)
        img = cv2.GaussianBlur(img, (0, 0), sg)
        post['blur_sigma'] = round(sg, 2)
    if rng.random() < 0.06:
        k = int(rng.integers(3, 8))
        ang = rng.uniform(0, 180)
        ker = np.zeros((k, k), np.float32)
        ker[k // 2, :] = 1.0
        M = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), ang, 1.0)
        ker = cv2.warpAffine(ker, M, (k, k))
        ker /= ker.sum()
        img = cv2.filter2D(img, -1, ker)
        post['camera_shake'] = [k, round(ang, 1)]
    # sensor noise in linear domain
    if L['mode'] == 'dim':
        read, shot = rng.uniform(0.004, 0.012), rng.uniform(0.002, 0.006)
    else:
        read, shot = rng.uniform(0.0005, 0.003), rng.uniform(0.0002, 0.0015)
    sig = np.sqrt(read ** 2 + shot * np.clip(img, 0, None))
    nz = rng.standard_normal(img.shape).astype(np.float32)
    if rng.random() < 0.5:  # chroma blotches
        small = rng.standard_normal((H // 4 + 1, W // 4 + 1, 3)).astype(np.float32)
        nz = 0.7 * nz + 0.7 * cv2.resize(small, (W, H), interpolation=cv2.INTER_LINEAR)
    img = img + sig * nz
    post['noise'] = [round(read, 5), round(shot, 5)]
    # tone
    out = l2s(np.clip(img, 0, 1.5))
    gam = rng.uniform(0.9, 1.1)
    out = np.clip(out, 0, 1) ** gam
    con = rng.uniform(0.0, 0.25)
    out = out + con * (out - 0.5) * out * (1 - out) * 4 * 0.5
    out = np.clip(out * 255.0, 0, 255)
    post['gamma'] = round(gam, 3)
    post['contrast'] = round(con, 3)
    if rng.random() < 0.35:
        amt = rng.uniform(0.2, 0.8)
        bl = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.8, 1.6))
        out = np.clip(out + amt * (out - bl), 0, 255)
        post['sharpen'] = round(amt, 2)
    out8 = out.astype(np.uint8)
    if rng.random() < 0.75:
        q = int(rng.integers(45, 96))
        ok, buf = cv2.imencode('.jpg', out8, [cv2.IMWRITE_JPEG_QUALITY, q])
        out8 = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        post['jpeg_quality'] = q
    else:
        post['jpeg_quality'] = None
    meta['post'] = post
    lap('post')
    meta['cpu_seconds'] = tm
    meta['render_seconds'] = round(time.time() - t0, 3)
    meta['faces_used'] = sorted(set(t['face'] for t in tiles_out))
    gt = dict(width=W, height=H, tiles=tiles_out, face_down=n_down, meta=meta)
    return out8, gt


def jsonable(o):
    if isinstance(o, dict):
        return {str(k): jsonable(v) for k, v in o.items()}
    if isinstance(o, (list, tuple)):
        return [jsonable(v) for v in o]
    if isinstance(o, np.ndarray):
        return [jsonable(v) for v in o.tolist()]
    if isinstance(o, (np.floating,)):
        return float(o)
    if isinstance(o, (np.integer,)):
        return int(o)
    if isinstance(o, (np.bool_,)):
        return bool(o)
    return o


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('outdir')
    ap.add_argument('--n', type=int, default=300)
    ap.add_argument('--seed', type=int, default=12000)
    ap.add_argument('--start', type=int, default=0)
    a = ap.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    t0 = time.time()
    for i in range(a.start, a.start + a.n):
        img, gt = generate(a.seed + i)
        cv2.imwrite(os.path.join(a.outdir, '%04d.png' % i), img)
        with open(os.path.join(a.outdir, '%04d.json' % i), 'w') as f:
            json.dump(jsonable(gt), f)
    print('rendered %d scenes in %.1f s' % (a.n, time.time() - t0))


if __name__ == '__main__':
    main()
