#!/usr/bin/env python3
"""Standalone synthetic renderer of Chinese dominoes (Tien Gow / pai gow tiles) seen from an
overhead camera.  numpy + OpenCV only.

usage: python render.py OUTDIR --n 300 --seed 11000

Every scene i is rendered from np.random.default_rng(seed + i).  The scene is modelled in 3-D
(world units = mm, table plane z = 0), projected by a pinhole camera tilted up to 15 degrees from
straight down, optionally barrel-distorted, and post-processed (lighting gradient, glare, blur,
noise, JPEG).  Labels (top-face corners, visible share) come from the same geometry / id buffer
that is used to paint the picture.
"""
import argparse
import json
import math
import os
import sys
import time

import numpy as np
import cv2

cv2.setNumThreads(1)

CIVIL = ['6-6', '1-1', '4-4', '3-1', '5-5', '3-3', '2-2', '6-5', '6-4', '6-1', '5-1']
MILITARY = ['6-3', '5-4', '6-2', '5-3', '5-2', '4-3', '4-1', '3-2', '4-2', '2-1']
DECK = CIVIL * 2 + MILITARY          # the 32 tiles
TILE_W = 24.0                        # tile width in mm (the camera scale makes the pixel size)


# ----------------------------------------------------------------------------- small helpers
def rot_x(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]], float)


def rot_y(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]], float)


def rot_z(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]], float)


def axis_angle(ax, a):
    ax = np.asarray(ax, float)
    ax = ax / np.linalg.norm(ax)
    K = np.array([[0, -ax[2], ax[1]], [ax[2], 0, -ax[0]], [-ax[1], ax[0], 0]])
    return np.eye(3) + math.sin(a) * K + (1 - math.cos(a)) * K @ K


def r3(x, n=3):
    if isinstance(x, (list, tuple, np.ndarray)):
        return [r3(v, n) for v in x]
    if isinstance(x, (float, np.floating)):
        return round(float(x), n)
    if isinstance(x, np.integer):
        return int(x)
    return x


class R:
    """thin wrapper around a numpy Generator"""

    def __init__(self, seed):
        self.g = np.random.default_rng(seed)

    def u(self, a=0.0, b=1.0):
        return float(self.g.uniform(a, b))

    def i(self, a, b):          # inclusive
        return int(self.g.integers(a, b + 1))

    def p(self, prob):
        return bool(self.g.random() < prob)

    def ch(self, seq, w=None):
        if w is not None:
            w = np.asarray(w, float)
            w = w / w.sum()
        return seq[int(self.g.choice(len(seq), p=w))]

    def n(self, s=1.0):
        return float(self.g.normal(0, s))


def jit(rng, col, a=0.04):
    return np.clip(np.asarray(col, np.float32) * (1 + rng.g.normal(0, a, 3)), 0, 1).astype(np.float32)


def value_noise(rng, h, w, cy, cx=None):
    """smooth noise with feature size cy x cx pixels, values roughly in [0,1]"""
    cx = cy if cx is None else cx
    cy = max(cy, 1.0)
    cx = max(cx, 1.0)
    gh = int(h / cy) + 4
    gw = int(w / cx) + 4
    g = rng.g.random((gh, gw), dtype=np.float32)
    big = cv2.resize(g, (max(w + 1, int(gw * cx)), max(h + 1, int(gh * cy))), interpolation=cv2.INTER_CUBIC)
    oy = int(rng.g.integers(0, big.shape[0] - h + 1))
    ox = int(rng.g.integers(0, big.shape[1] - w + 1))
    return big[oy:oy + h, ox:ox + w]


def fbm(rng, h, w, cell, octaves=4, aniso=1.0):
    out = np.zeros((h, w), np.float32)
    amp, tot = 1.0, 0.0
    c = cell
    for _ in range(octaves):
        out += amp * value_noise(rng, h, w, c, c * aniso)
        tot += amp
        amp *= 0.5
        c = max(1.0, c / 2)
    return out / tot


# ----------------------------------------------------------------------------- camera
class Camera:
    def __init__(self, W, H, fov_deg, D, tilt, tilt_az, roll, target, k):
        self.W, self.H = W, H
        self.f = (W / 2) / math.tan(math.radians(fov_deg) / 2)
        self.cx, self.cy = (W - 1) / 2.0, (H - 1) / 2.0
        self.k = k
        self.s = math.hypot(W / 2, H / 2)
        self.ox = int(math.ceil(W / 2 * k)) + 8
        self.oy = int(math.ceil(H / 2 * k)) + 8
        self.CW, self.CH = W + 2 * self.ox, H + 2 * self.oy
        R0 = np.array([[1, 0, 0], [0, -1, 0], [0, 0, -1]], float)
        Qt = axis_angle([math.cos(tilt_az), math.sin(tilt_az), 0], tilt)
        self.R = Qt @ rot_z(roll) @ R0
        fwd = self.R[2]
        self.C = np.asarray(target, float) - D * fwd
        self.D = D
        # radial table for the forward distortion (pinhole -> image)
        rd = np.linspace(0, 2.0, 4001)
        self.tab_rd = rd
        self.tab_ru = rd * (1 + k * rd * rd)

    def project(self, P):
        P = np.atleast_2d(np.asarray(P, float))
        Xc = (P - self.C) @ self.R.T
        z = np.maximum(Xc[:, 2], 1e-6)
        u = self.f * Xc[:, 0] / z + self.cx + self.ox
        v = self.f * Xc[:, 1] / z + self.cy + self.oy
        return np.stack([u, v], 1)

    def to_image(self, cpts):
        cpts = np.atleast_2d(np.asarray(cpts, float))
        x = (cpts[:, 0] - self.ox - self.cx) / self.s
        y = (cpts[:, 1] - self.oy - self.cy) / self.s
        if self.k <= 0:
            return np.stack([x * self.s + self.cx, y * self.s + self.cy], 1)
        ru = np.hypot(x, y)
        rd = np.interp(ru, self.tab_ru, self.tab_rd)
        sc = np.where(ru > 1e-9, rd / np.maximum(ru, 1e-9), 1.0)
        return np.stack([x * sc * self.s + self.cx, y * sc * self.s + self.cy], 1)

    def world_to_image(self, P):
        return self.to_image(self.project(P))

    def canvas_to_ground(self, cpts, z=0.0):
        cpts = np.atleast_2d(np.asarray(cpts, float))
        d = np.stack([(cpts[:, 0] - self.ox - self.cx) / self.f,
                      (cpts[:, 1] - self.oy - self.cy) / self.f,
                      np.ones(len(cpts))], 1) @ self.R       # camera -> world directions
        s = (z - self.C[2]) / d[:, 2]
        return self.C[None, :] + s[:, None] * d

    def image_to_canvas(self, ipts):
        ipts = np.atleast_2d(np.asarray(ipts, float))
        x = (ipts[:, 0] - self.cx) / self.s
        y = (ipts[:, 1] - self.cy) / self.s
        fac = 1 + self.k * (x * x + y * y)
        return np.stack([x * fac * self.s + self.cx + self.ox, y * fac * self.s + self.cy + self.oy], 1)

    def image_to_ground(self, ipts, z=0.0):
        return self.canvas_to_ground(self.image_to_canvas(ipts), z)

    def scale_at(self, P):
        """pixels per mm near world point P"""
        P = np.asarray(P, float)
        a = self.project(np.stack([P, P + [10, 0, 0], P + [0, 10, 0]]))
        return 0.5 * (np.linalg.norm(a[1] - a[0]) + np.linalg.norm(a[2] - a[0])) / 10.0

    def remap_maps(self):
        xs = np.arange(self.W, dtype=np.float32)
        ys = np.arange(self.H, dtype=np.float32)
        X, Y = np.meshgrid(xs, ys)
        x = (X - self.cx) / self.s
        y = (Y - self.cy) / self.s
        fac = 1 + self.k * (x * x + y * y)
        mx = (x * fac * self.s + self.cx + self.ox).astype(np.float32)
        my = (y * fac * self.s + self.cy + self.oy).astype(np.float32)
        return mx, my

    def inimg_mask(self):
        m = np.zeros((self.CH, self.CW), bool)
        if self.k <= 0:
            m[self.oy:self.oy + self.H, self.ox:self.ox + self.W] = True
            return m
        xs = np.arange(self.CW, dtype=np.float64)
        ys = np.arange(self.CH, dtype=np.float64)
        X, Y = np.meshgrid(xs, ys)
        p = self.to_image(np.stack([X.ravel(), Y.ravel()], 1))
        ok = (p[:, 0] >= -0.5) & (p[:, 0] < self.W - 0.5) & (p[:, 1] >= -0.5) & (p[:, 1] < self.H - 0.5)
        return ok.reshape(self.CH, self.CW)


# ----------------------------------------------------------------------------- canvas / drawing
class Canvas:
    def __init__(self, cam, light, amb):
        self.cam = cam
        self.img = np.zeros((cam.CH, cam.CW, 3), np.float32)
        self.label = np.zeros((cam.CH, cam.CW), np.int16)
        self.gloss = np.zeros((cam.CH, cam.CW), np.float32)
        self.L = np.asarray(light, float)
        self.amb = amb

    def shade(self, n):
        n = np.asarray(n, float)
        top = self.amb + (1 - self.amb) * max(0.0, self.L[2])
        v = self.amb + (1 - self.amb) * max(0.0, float(n @ self.L))
        return float(np.clip(v / top, 0.3, 1.15))

    def composite(self, x0, y0, rgbp, alpha, label=None, gloss=None):
        h, w = alpha.shape
        cx0, cy0 = max(x0, 0), max(y0, 0)
        cx1, cy1 = min(x0 + w, self.cam.CW), min(y0 + h, self.cam.CH)
        if cx0 >= cx1 or cy0 >= cy1:
            return
        a = alpha[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]
        c = rgbp[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]
        roi = self.img[cy0:cy1, cx0:cx1]
        roi *= (1 - a)[..., None]
        roi += c
        if label is not None:
            lr = self.label[cy0:cy1, cx0:cx1]
            lr[a > 0.5] = label
        if gloss is not None:
            g = self.gloss[cy0:cy1, cx0:cx1]
            g += a * (gloss - g)

    def poly_alpha(self, pts, clip=True):
        pts = np.asarray(pts, float)
        x0 = int(math.floor(pts[:, 0].min())) - 1
        y0 = int(math.floor(pts[:, 1].min())) - 1
        x1 = int(math.ceil(pts[:, 0].max())) + 2
        y1 = int(math.ceil(pts[:, 1].max())) + 2
        if clip:
            x0, y0 = max(x0, 0), max(y0, 0)
            x1, y1 = min(x1, self.cam.CW), min(y1, self.cam.CH)
        if x1 <= x0 or y1 <= y0:
            return None
        if (x1 - x0) * (y1 - y0) > 6e7:
            return None
        m = np.zeros((y1 - y0, x1 - x0), np.uint8)
        q = np.round((pts - [x0, y0]) * 16).astype(np.int32)
        cv2.fillPoly(m, [q], 255, cv2.LINE_AA, shift=4)
        return x0, y0, m.astype(np.float32) * (1.0 / 255)

    def fill_poly(self, pts, col, label=None, gloss=None):
        r = self.poly_alpha(pts)
        if r is None:
            return
        x0, y0, a = r
        self.composite(x0, y0, a[..., None] * np.asarray(col, np.float32), a, label, gloss)

    def warp(self, tex, src, dst, full=False, shade=1.0):
        """tex: (h,w,4) premultiplied float32.  returns x0,y0,rgbp,alpha (possibly unclipped)"""
        dst = np.asarray(dst, float)
        x0 = int(math.floor(dst[:, 0].min())) - 2
        y0 = int(math.floor(dst[:, 1].min())) - 2
        x1 = int(math.ceil(dst[:, 0].max())) + 3
        y1 = int(math.ceil(dst[:, 1].max())) + 3
        if not full:
            x0, y0 = max(x0, 0), max(y0, 0)
            x1, y1 = min(x1, self.cam.CW), min(y1, self.cam.CH)
        if x1 <= x0 or y1 <= y0:
            return None
        if (x1 - x0) * (y1 - y0) > 4e7:
            return None
        M = cv2.getPerspectiveTransform(np.asarray(src, np.float32), (dst - [x0, y0]).astype(np.float32))
        out = cv2.warpPerspective(tex, M, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
        rgb = out[..., :3]
        if not np.isscalar(shade) or shade != 1.0:
            rgb = rgb * np.asarray(shade, np.float32)
        return x0, y0, rgb, np.clip(out[..., 3], 0, 1)


def tex_src(tex, P=2):
    h, w = tex.shape[:2]
    return np.array([[P - 0.5, P - 0.5], [w - P - 0.5, P - 0.5], [w - P - 0.5, h - P - 0.5], [P - 0.5, h - P - 0.5]],
                    np.float32)


def premult(col, alpha):
    return np.concatenate([col * alpha[..., None], alpha[..., None]], 2).astype(np.float32)


def sdf_roundrect(X, Y, hw, hh, r):
    qx = np.abs(X) - (hw - r)
    qy = np.abs(Y) - (hh - r)
    ox = np.maximum(qx, 0)
    oy = np.maximum(qy, 0)
    return np.sqrt(ox * ox + oy * oy) + np.minimum(np.maximum(qx, qy), 0) - r


def grid_mm(wmm, hmm, tw, th, P=2):
    mpp = wmm / tw
    xs = ((np.arange(tw + 2 * P) - P + 0.5) * mpp - wmm / 2).astype(np.float32)
    ys = ((np.arange(th + 2 * P) - P + 0.5) * (hmm / th) - hmm / 2).astype(np.float32)
    X, Y = np.meshgrid(xs, ys)
    return X, Y, mpp


# ----------------------------------------------------------------------------- tile set style
def sample_tileset(rng):
    S = {}
    dark = rng.p(0.6)
    S['dark'] = dark
    if dark:
        kind = rng.ch(['black', 'dark_brown', 'dark_red', 'dark_blue'], [0.5, 0.17, 0.16, 0.17])
        body = {'black': (0.045, 0.045, 0.05), 'dark_brown': (0.2, 0.11, 0.06),
                'dark_red': (0.33, 0.05, 0.06), 'dark_blue': (0.05, 0.08, 0.24)}[kind]
        S['body_kind'] = kind
        S['body'] = jit(rng, body, 0.12)
        S['pip'] = jit(rng, (0.93, 0.93, 0.9), 0.03)
        S['pip_kind'] = 'white'
        S['red'] = jit(rng, (0.88, 0.12, 0.13) if kind != 'dark_red' else (0.98, 0.32, 0.25), 0.06)
        S['back'] = S['body'] * (1 + rng.n(0.05)) if rng.p(0.85) else jit(rng, (0.1, 0.1, 0.1), 0.2)
        S['two_tone'] = False
        S['side'] = S['body'] * 1.05
    else:
        kind = rng.ch(['ivory', 'bone', 'white'])
        body = {'ivory': (0.93, 0.88, 0.74), 'bone': (0.9, 0.87, 0.8), 'white': (0.95, 0.95, 0.94)}[kind]
        S['body_kind'] = kind
        S['body'] = jit(rng, body, 0.03)
        pk = rng.ch(['black', 'dark_blue', 'dark_green'], [0.5, 0.25, 0.25])
        S['pip_kind'] = pk
        S['pip'] = jit(rng, {'black': (0.05, 0.05, 0.06), 'dark_blue': (0.06, 0.12, 0.42),
                             'dark_green': (0.04, 0.3, 0.14)}[pk], 0.1)
        S['red'] = jit(rng, (0.82, 0.1, 0.12), 0.06)
        if rng.p(0.5):
            S['two_tone'] = True
            S['back'] = jit(rng, rng.ch([(0.1, 0.35, 0.2), (0.12, 0.2, 0.5), (0.75, 0.55, 0.25),
                                         (0.6, 0.12, 0.1), (0.2, 0.2, 0.2)]), 0.08)
            S['tone_frac'] = rng.u(0.45, 0.7)
        else:
            S['two_tone'] = False
            S['back'] = S['body'] * (1 + rng.n(0.02))
        S['side'] = S['body'] * 0.97
    S['back'] = np.clip(np.asarray(S['back'], np.float32), 0, 1)
    S['side'] = np.clip(np.asarray(S['side'], np.float32), 0, 1)
    S['gloss'] = rng.ch([rng.u(0.6, 1.0), rng.u(0.1, 0.3)], [0.65, 0.35])
    S['pip_style'] = rng.ch(['flat', 'engraved', 'domed'])
    S['pip_r'] = rng.u(0.12, 0.22)
    S['one_big'] = rng.u(1.05, 1.4)
    S['two_style'] = rng.ch(['across', 'diagonal', 'axis'], [0.55, 0.25, 0.2])
    S['end_shift'] = rng.ch([0.0, rng.u(0.05, 0.3)], [0.35, 0.65])   # 1 and 2 pushed toward the tile end
    S['divider'] = rng.ch(['none', 'line', 'groove'])
    S['div_len'] = rng.u(0.45, 0.95)
    S['div_w'] = rng.u(0.25, 0.7)
    if S['dark']:
        S['div_col'] = rng.ch([S['pip'], S['red'], np.array([0.85, 0.7, 0.3], np.float32)])
    else:
        S['div_col'] = rng.ch([S['pip'], S['red'], np.array([0.3, 0.25, 0.2], np.float32)])
    S['aspect'] = rng.u(2.0, 2.8)
    S['thick'] = rng.u(0.28, 0.45)
    S['w'] = TILE_W
    S['L'] = TILE_W * S['aspect']
    S['t'] = TILE_W * S['thick']
    S['corner_r'] = rng.u(0.04, 0.14) * TILE_W
    S['bevel'] = rng.u(0.5, 1.6)
    S['bevel_k'] = rng.u(0.15, 0.45)
    S['a_pref'] = rng.u(0.2, 0.27)
    S['b_stretch'] = rng.u(0.95, 1.3)
    S['b6_pref'] = rng.u(0.55, 0.75)
    S['six_mirror'] = rng.p(0.5)
    S['mottle'] = rng.u(0.01, 0.05)
    return S


def style_meta(S):
    keys = ['dark', 'body_kind', 'body', 'pip_kind', 'pip', 'red', 'back', 'two_tone', 'gloss', 'pip_style',
            'pip_r', 'one_big', 'two_style', 'end_shift', 'divider', 'div_len', 'div_w', 'div_col', 'aspect',
            'thick', 'corner_r', 'bevel', 'bevel_k', 'a_pref', 'b_stretch', 'b6_pref', 'six_mirror', 'mottle']
    out = {}
    for k in keys:
        v = S[k]
        if isinstance(v, np.ndarray):
            v = v.tolist()
        out[k] = r3(v)
    out['pip_r_used'] = r3(S.get('pip_r_used', {}))
    return out


def pip_layout(n, S):
    """positions (u across, v along; mm, relative to the half's centre; v<0 toward the tile end for
    the upper half) and radius for a half showing n pips"""
    w = S['w']
    Lh = S['L'] / 2            # length of one half
    he = Lh / 2                # half extent along
    m = 0.045 * w
    g = 0.035 * w
    r = S['pip_r'] * w
    if n == 1:
        r1 = min(r * S['one_big'], he - m, w / 2 - m)
        v = -S['end_shift'] * he
        v = max(v, -(he - m - r1))
        return [(0.0, v)], r1
    for _ in range(60):
        ok = True
        ax_lo, ax_hi = r + g / 2, w / 2 - m - r
        if ax_lo > ax_hi:
            ok = False
        ax = float(np.clip(S['a_pref'] * w, ax_lo, ax_hi)) if ok else 0
        bmax = he - m - r
        if ok and n in (3, 4, 5, 2):
            b4 = float(np.clip(ax * S['b_stretch'], r + g / 2, max(bmax, r + g / 2)))
            if b4 > bmax + 1e-9:
                ok = False
            if ok and n in (3, 5):
                need = (2 * r + g) ** 2 - ax * ax
                if need > 0:
                    b4 = max(b4, math.sqrt(need))
                    if b4 > bmax + 1e-9:
                        ok = False
        if ok and n == 6:
            b6 = float(np.clip(S['b6_pref'] * he, 2 * r + g, max(bmax, 2 * r + g)))
            if b6 > bmax + 1e-9:
                ok = False
        if ok:
            break
        r *= 0.97
    if n == 2:
        sh = -S['end_shift'] * he
        if S['two_style'] == 'across':
            v = max(sh, -(he - m - r))
            return [(-ax, v), (ax, v)], r
        if S['two_style'] == 'diagonal':
            return [(-ax, -b4), (ax, b4)], r
        return [(0.0, -b4), (0.0, b4)], r
    if n == 3:
        return [(-ax, -b4), (0.0, 0.0), (ax, b4)], r
    if n == 4:
        return [(-ax, -b4), (ax, -b4), (-ax, b4), (ax, b4)], r
    if n == 5:
        return [(-ax, -b4), (ax, -b4), (0.0, 0.0), (-ax, b4), (ax, b4)], r
    return [(-ax, -b6), (ax, -b6), (-ax, 0.0), (ax, 0.0), (-ax, b6), (ax, b6)], r


def make_tile_tex(S, face, tw, ldir, rng, back=False):
    """top-face texture of a tile: (h,w,4) premultiplied, P=2 pad. ldir: light dir in tile frame"""
    w, L = S['w'], S['L']
    th = max(8, int(round(tw * L / w)))
    X, Y, mpp = grid_mm(w, L, tw, th)
    d = sdf_roundrect(X, Y, w / 2, L / 2, S['corner_r'])
    alpha = np.clip(0.5 - d / mpp, 0, 1).astype(np.float32)
    base = S['back'] if back else S['body']
    hgt, wid = X.shape
    mott = (value_noise(rng, hgt, wid, max(2, 6 / mpp)) - 0.5) * 2 * S['mottle']
    fine = (rng.g.random((hgt, wid), dtype=np.float32) - 0.5) * 0.02
    lum = 1 + mott + fine
    if S['body_kind'] == 'bone' and not back:
        streak = value_noise(rng, hgt, wid, max(1, 0.4 / mpp), max(2, 10 / mpp))
        lum -= 0.05 * np.clip(streak - 0.6, 0, 1) * 2.5
    col = base[None, None, :] * lum[..., None]
    # bevel shading
    gy, gx = np.gradient(d)
    nrm = np.sqrt(gx * gx + gy * gy) + 1e-6
    e = -d
    band = np.clip(1 - e / S['bevel'], 0, 1)
    lx, ly = ldir
    sh = 1 + S['bevel_k'] * band ** 1.5 * (gx * lx + gy * ly) / nrm * 1.6
    sh *= 1 - 0.35 * band ** 3
    col *= sh[..., None]
    rimhi = S['bevel_k'] * 0.35 * band ** 1.5 * np.clip((gx * lx + gy * ly) / nrm, 0, 1)
    col += rimhi[..., None]
    if not back:
        hi, lo = [int(c) for c in face.split('-')]
        # divider
        if S['divider'] != 'none':
            lw = S['div_len'] * w / 2
            tk = S['div_w']
            inx = np.clip((lw - np.abs(X)) / mpp + 0.5, 0, 1)
            if S['divider'] == 'line':
                a = np.clip((tk / 2 - np.abs(Y)) / mpp + 0.5, 0, 1) * inx
                col = col * (1 - a[..., None]) + a[..., None] * S['div_col'][None, None, :]
            else:
                a = np.clip((tk / 2 - np.abs(Y)) / mpp + 0.5, 0, 1) * inx
                col *= (1 - 0.55 * a)[..., None]
                off = (0.25 + tk / 2) * (1 if ly < 0 else -1)
                a2 = np.clip((0.3 - np.abs(Y - off)) / mpp + 0.5, 0, 1) * inx * 0.5
                hl_col = np.clip(S['body'] * 1.5 + 0.12, 0, 1)
                col = col * (1 - a2[..., None]) + a2[..., None] * hl_col[None, None, :]
        # pips
        for half, n in ((0, hi), (1, lo)):
            pos, r = pip_layout(n, S)
            S.setdefault('pip_r_used', {})[str(n)] = round(r / w, 3)
            yc = -L / 4 if half == 0 else L / 4
            sgn = 1 if half == 0 else -1          # v<0 means toward the tile end
            for (u, v) in pos:
                # the lower half is the upper half turned by 180 degrees (point symmetry)
                px, py = sgn * u, yc + sgn * v
                if n in (1, 4):
                    pc = S['red']
                elif face == '6-6':
                    left = (px < 0) != S['six_mirror']
                    red = left if half == 0 else (not left)
                    pc = S['red'] if red else S['pip']
                else:
                    pc = S['pip']
                draw_pip(col, X, Y, mpp, px, py, r, pc, S, ldir)
    col = np.clip(col, 0, 1)
    return premult(col, alpha)


def draw_pip(col, X, Y, mpp, px, py, r, pc, S, ldir):
    P = 2
    x0 = X[0, 0]
    y0 = Y[0, 0]
    pad = r * 1.4 + 2 * mpp
    j0 = max(0, int((px - pad - x0) / mpp))
    j1 = min(X.shape[1], int((px + pad - x0) / mpp) + 2)
    i0 = max(0, int((py - pad - y0) / mpp))
    i1 = min(X.shape[0], int((py + pad - y0) / mpp) + 2)
    if j1 <= j0 or i1 <= i0:
        return
    xx = X[i0:i1, j0:j1] - px
    yy = Y[i0:i1, j0:j1] - py
    dist = np.sqrt(xx * xx + yy * yy)
    dp = dist - r
    a = np.clip(0.5 - dp / mpp, 0, 1)
    sub = col[i0:i1, j0:j1]
    lx, ly = ldir
    ln = math.hypot(lx, ly) + 1e-6
    v = (xx * lx + yy * ly) / (r * ln)
    c = np.broadcast_to(pc, sub.shape).astype(np.float32).copy()
    st = S['pip_style']
    if st == 'engraved':
        ringw = max(0.18 * r, 0.8 * mpp)
        ring = np.clip(1 - np.abs(dp - ringw * 0.3) / ringw, 0, 1)
        sub *= (1 - 0.5 * ring)[..., None]
        cup = 1 - 0.45 * np.clip(v + 0.1, 0, 1) * np.clip(1 - (-dp) / (0.8 * r), 0.3, 1)
        c *= cup[..., None]
    elif st == 'domed':
        c *= (1 + 0.12 * np.clip(v, -1, 1))[..., None] * 0.95
        hx, hy = 0.38 * r * lx / ln, 0.38 * r * ly / ln
        sp = np.exp(-((xx - hx) ** 2 + (yy - hy) ** 2) / (2 * (0.2 * r) ** 2))
        c += 0.75 * sp[..., None]
        c *= (1 - 0.25 * np.clip(-v - 0.5, 0, 1))[..., None]
    else:
        c *= (1 + 0.03 * np.clip(v, -1, 1))[..., None]
    sub[:] = sub * (1 - a[..., None]) + a[..., None] * np.clip(c, 0, 1.3)


def side_tex(S, col=None, two_tone=None):
    col = S['side'] if col is None else col
    h = 16
    g = np.linspace(1.08, 0.82, h, dtype=np.float32)
    t = np.zeros((h + 4, 8, 3), np.float32)
    rows = np.broadcast_to(col, (h, 3)).copy()
    if (S.get('two_tone') if two_tone is None else two_tone):
        k = int(round(h * S['tone_frac']))
        rows[k:] = S['back']
    rows *= g[:, None]
    t[2:-2, :, :] = rows[:, None, :]
    t[:2] = t[2]
    t[-2:] = t[-3]
    a = np.ones(t.shape[:2], np.float32)
    return premult(np.clip(t, 0, 1), a)


# ----------------------------------------------------------------------------- 3-D primitives
FACES = {
    '+z': ((0, 0, 1), [(-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)]),
    '-z': ((0, 0, -1), [(-1, 1, -1), (1, 1, -1), (1, -1, -1), (-1, -1, -1)]),
    '+x': ((1, 0, 0), [(1, -1, 1), (1, 1, 1), (1, 1, -1), (1, -1, -1)]),
    '-x': ((-1, 0, 0), [(-1, 1, 1), (-1, -1, 1), (-1, -1, -1), (-1, 1, -1)]),
    '+y': ((0, 1, 0), [(1, 1, 1), (-1, 1, 1), (-1, 1, -1), (1, 1, -1)]),
    '-y': ((0, -1, 0), [(-1, -1, 1), (1, -1, 1), (1, -1, -1), (-1, -1, -1)]),
}
# "+x" and "-x" faces: texture width runs along local y; make their textures thin-wide accordingly.


def box_vertices(c, Rm, dims):
    s = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], float)
    return c + (s * (np.asarray(dims) / 2)) @ Rm.T


def box_footprint(c, Rm, dims):
    v = box_vertices(c, Rm, dims)[:, :2].astype(np.float32)
    return cv2.convexHull(v).reshape(-1, 2)


def rounded_outline(dims, r, n=5):
    """points of the rounded-corner outline of the local x-y rectangle at z = -h/2 and +h/2"""
    hw, hl, hh = np.asarray(dims, float) / 2
    r = min(r, hw * 0.9, hl * 0.9)
    pts = []
    for (sx, sy, a0) in ((1, 1, 0), (-1, 1, 90), (-1, -1, 180), (1, -1, 270)):
        for a in np.linspace(a0, a0 + 90, n):
            t = math.radians(a)
            pts.append((sx * (hw - r) + r * math.cos(t), sy * (hl - r) + r * math.sin(t)))
    pts = np.array(pts)
    return np.concatenate([np.c_[pts, np.full(len(pts), -hh)], np.c_[pts, np.full(len(pts), hh)]])


def draw_box(cv, c, Rm, dims, faces, sil_col, label_face=None, label_id=None, gloss=0.3, corner_r=0.0):
    """faces: dict name -> (tex, gloss).  Returns info about label face (mask ROI) if label_id.
    corner_r: radius of the rounded vertical edges (local x-y corners)"""
    cam = cv.cam
    c = np.asarray(c, float)
    dims = np.asarray(dims, float)
    if corner_r > 0:
        V = c + rounded_outline(dims, corner_r) @ Rm.T
    else:
        V = box_vertices(c, Rm, dims)
    pv = cam.project(V)
    hull = cv2.convexHull(pv.astype(np.float32)).reshape(-1, 2)
    cv.fill_poly(hull, sil_col, label=-1, gloss=gloss * 0.6)
    info = None
    vis = []
    for name, (nl, cs) in FACES.items():
        if name not in faces:
            continue
        nw = Rm @ np.asarray(nl, float)
        fc = c + Rm @ (np.asarray(nl, float) * dims / 2)
        vv = cam.C - fc
        dd = nw @ vv
        if dd <= 1e-6:
            continue
        vis.append((dd / np.linalg.norm(vv), name, nl, cs, nw))
    vis.sort(key=lambda q: q[0])          # most frontal face last
    for _, name, nl, cs, nw in vis:
        half = dims / 2
        if corner_r > 0 and name in ('+x', '-x', '+y', '-y'):
            half = half.copy()
            ax = 1 if name in ('+x', '-x') else 0     # the in-face horizontal axis gets shortened
            half[ax] = max(half[ax] - corner_r, 1e-3)
            ncs = np.asarray(cs, float).copy()
            corners = c + (ncs * np.where(np.abs(np.asarray(nl)) > 0, dims / 2, half)) @ Rm.T
        else:
            corners = c + (np.asarray(cs, float) * dims / 2) @ Rm.T
        dst = cam.project(corners)
        tex, fg = faces[name]
        is_lab = (label_id is not None and name == label_face)
        r = cv.warp(tex, tex_src(tex), dst, full=is_lab, shade=cv.shade(nw))
        if r is None:
            continue
        x0, y0, rgb, a = r
        cv.composite(x0, y0, rgb, a, label=(label_id if is_lab else -1), gloss=fg)
        if is_lab:
            info = (x0, y0, a > 0.5)
    return info


def ortho_basis(axis):
    axis = np.asarray(axis, float)
    axis = axis / np.linalg.norm(axis)
    t = np.array([1.0, 0, 0]) if abs(axis[0]) < 0.9 else np.array([0, 1.0, 0])
    e1 = np.cross(axis, t)
    e1 /= np.linalg.norm(e1)
    e2 = np.cross(axis, e1)
    return axis, e1, e2


def draw_cylinder(cv, base, axis, r, h, side_col, top_tex=None, top_col=None, bottom_col=None, n=32,
                  gloss=0.3, label=-1, stripe=None, draw_sil=True):
    cam = cv.cam
    axis, e1, e2 = ortho_basis(axis)
    base = np.asarray(base, float)
    th = np.linspace(0, 2 * math.pi, n, endpoint=False)
    ring = np.cos(th)[:, None] * e1 + np.sin(th)[:, None] * e2
    Pb = base + r * ring
    Pt = Pb + h * axis
    pb, pt = cam.project(Pb), cam.project(Pt)
    side_col = np.asarray(side_col, np.float32)
    if draw_sil:
        hull = cv2.convexHull(np.concatenate([pb, pt]).astype(np.float32)).reshape(-1, 2)
        cv.fill_poly(hull, side_col * 0.8, label=label, gloss=gloss)
    for i in range(n):
        j = (i + 1) % n
        tm = (th[i] + (th[j] if j else 2 * math.pi)) / 2
        nrm = math.cos(tm) * e1 + math.sin(tm) * e2
        mid = base + r * nrm + axis * h / 2
        if nrm @ (cam.C - mid) <= 0:
            continue
        col = side_col if stripe is None else stripe(i)
        q = np.array([pb[i], pb[j], pt[j], pt[i]])
        cv.fill_poly(q, np.asarray(col) * cv.shade(nrm), label=label, gloss=gloss)
    top = base + axis * h
    if axis @ (cam.C - top) > 0:
        if top_tex is not None:
            corners = np.array([top - r * e1 - r * e2, top + r * e1 - r * e2, top + r * e1 + r * e2, top - r * e1 + r * e2])
            rr = cv.warp(top_tex, tex_src(top_tex), cam.project(corners), shade=cv.shade(axis))
            if rr is not None:
                cv.composite(rr[0], rr[1], rr[2], rr[3], label=label, gloss=gloss)
        elif top_col is not None:
            cv.fill_poly(pt, np.asarray(top_col) * cv.shade(axis), label=label, gloss=gloss)
    if (-axis) @ (cam.C - base) > 0 and bottom_col is not None:
        cv.fill_poly(pb, np.asarray(bottom_col) * cv.shade(-axis), label=label, gloss=gloss)


def draw_sprite(cv, tex, centre, e1, e2, wmm, hmm, label=-1, gloss=0.2, shade=1.0):
    centre = np.asarray(centre, float)
    e1 = np.asarray(e1, float)
    e2 = np.asarray(e2, float)
    corners = np.array([centre - e1 * wmm / 2 - e2 * hmm / 2, centre + e1 * wmm / 2 - e2 * hmm / 2,
                        centre + e1 * wmm / 2 + e2 * hmm / 2, centre - e1 * wmm / 2 + e2 * hmm / 2])
    r = cv.warp(tex, tex_src(tex), cv.cam.project(corners), shade=shade)
    if r is not None:
        cv.composite(r[0], r[1], r[2], r[3], label=label, gloss=gloss)


# ----------------------------------------------------------------------------- backgrounds
BG_KINDS = ['felt', 'wood', 'laminate', 'marble', 'dark_table', 'checks', 'stripes', 'flowery', 'mahjong_mat', 'paper']
BG_W = [0.17, 0.17, 0.1, 0.08, 0.09, 0.08, 0.07, 0.08, 0.08, 0.08]


def felt_colour(rng):
    return jit(rng, rng.ch([(0.12, 0.42, 0.2), (0.06, 0.28, 0.14), (0.12, 0.25, 0.55), (0.06, 0.1, 0.3),
                            (0.55, 0.1, 0.1), (0.35, 0.06, 0.1), (0.4, 0.4, 0.42), (0.3, 0.15, 0.4),
                            (0.35, 0.22, 0.12), (0.08, 0.08, 0.09), (0.05, 0.35, 0.38)]), 0.1)


def wood_tex(rng, X, Y, ps, meta, base=None, contrast=1.0):
    h, w = X.shape
    if base is None:
        base = jit(rng, rng.ch([(0.78, 0.6, 0.4), (0.62, 0.42, 0.24), (0.4, 0.24, 0.13), (0.55, 0.3, 0.17),
                                (0.58, 0.52, 0.45), (0.28, 0.17, 0.1), (0.85, 0.72, 0.55)]), 0.08)
    plank = rng.u(70, 220)
    meta.update(plank_mm=r3(plank), wood_base=r3(base.tolist()))
    off = rng.u(0, plank)
    idx = np.floor((Y + off) / plank)
    hsh = np.sin(idx * 12.9898 + rng.u(0, 100)) * 43758.5453
    pv = (hsh - np.floor(hsh)).astype(np.float32)
    grain = value_noise(rng, h, w, rng.u(0.6, 2.0) / ps, rng.u(60, 250) / ps)
    grain2 = value_noise(rng, h, w, rng.u(0.3, 0.8) / ps, rng.u(20, 60) / ps)
    warpn = fbm(rng, h, w, 120 / ps, 3)
    period = rng.u(3, 12)
    rings = 0.5 + 0.5 * np.sin(2 * math.pi * (Y / period + 4 * warpn + pv * 13))
    rings = rings ** rng.u(2, 6)
    lum = (1 + contrast * (0.22 * (grain - 0.5) + 0.12 * (grain2 - 0.5) - 0.18 * (rings - 0.3)
                           + 0.16 * (pv - 0.5)))
    fr = (Y + off) / plank - idx
    seam = (fr * plank < rng.u(0.3, 0.9)).astype(np.float32)
    seam = cv2.GaussianBlur(seam, (0, 0), 0.7)
    lum *= 1 - 0.45 * seam * contrast
    return base[None, None, :] * lum[..., None]


def make_background(rng, cam, meta):
    kind = rng.ch(BG_KINDS, BG_W)
    meta['kind'] = kind
    # world footprint of the canvas
    cc = np.array([[0, 0], [cam.CW, 0], [cam.CW, cam.CH], [0, cam.CH]], float)
    G = cam.canvas_to_ground(cc)[:, :2]
    ctr = G.mean(0)
    rad = np.max(np.linalg.norm(G - ctr, axis=1)) * 1.02
    ppm = cam.scale_at([ctr[0], ctr[1], 0])
    res = 0.6 * ppm
    ang = rng.u(0, 2 * math.pi)
    meta['orient_deg'] = r3(math.degrees(ang), 1)
    ca, sa = math.cos(ang), math.sin(ang)
    # footprint in the (rotated) pattern frame -> bounding rectangle
    Gl = (G - ctr) @ np.array([[ca, -sa], [sa, ca]])
    xmin, ymin = Gl.min(0) - 8
    xmax, ymax = Gl.max(0) + 8
    ps = max((xmax - xmin), (ymax - ymin)) / min(2000, max(64, max(xmax - xmin, ymax - ymin) * res))
    nw = int(math.ceil((xmax - xmin) / ps))
    nh = int(math.ceil((ymax - ymin) / ps))
    xs = (np.arange(nw, dtype=np.float32) + 0.5) * ps + xmin
    ys = (np.arange(nh, dtype=np.float32) + 0.5) * ps + ymin
    Xg, Yg = np.meshgrid(xs, ys)
    X, Y = Xg, Yg            # pattern frame; the rotation is applied by the placement homography
    gloss = 0.0
    fine_sigma = 0.01
    if kind == 'felt':
        c = felt_colour(rng)
        meta['colour'] = r3(c.tolist())
        lum = 1 + 0.08 * (fbm(rng, nh, nw, 40 / ps, 4) - 0.5)
        img = c[None, None, :] * lum[..., None]
        fine_sigma = rng.u(0.015, 0.035)
    elif kind == 'wood':
        img = wood_tex(rng, X, Y, ps, meta)
        gloss = rng.u(0.05, 0.35)
    elif kind == 'laminate':
        if rng.p(0.5):
            meta['variant'] = 'woodgrain'
            img = wood_tex(rng, X, Y, ps, meta, contrast=0.5)
        else:
            meta['variant'] = 'plain'
            c = jit(rng, rng.ch([(0.85, 0.85, 0.83), (0.7, 0.7, 0.7), (0.82, 0.76, 0.64), (0.45, 0.45, 0.47),
                                 (0.6, 0.72, 0.78), (0.92, 0.9, 0.86)]), 0.05)
            meta['colour'] = r3(c.tolist())
            sp = (rng.g.random((nh, nw), dtype=np.float32) < 0.01).astype(np.float32)
            sp = cv2.GaussianBlur(sp, (0, 0), 0.8)
            lum = 1 + 0.05 * (fbm(rng, nh, nw, 60 / ps, 3) - 0.5) - 0.6 * sp
            img = c[None, None, :] * lum[..., None]
        gloss = rng.u(0.2, 0.5)
    elif kind == 'marble':
        c = jit(rng, rng.ch([(0.92, 0.91, 0.9), (0.75, 0.75, 0.76), (0.12, 0.12, 0.13), (0.2, 0.35, 0.28),
                             (0.85, 0.8, 0.72)]), 0.04)
        meta['colour'] = r3(c.tolist())
        tur = fbm(rng, nh, nw, 150 / ps, 5)
        freq = rng.u(0.004, 0.012)
        v = np.abs(np.sin((X * freq + 6 * tur) * math.pi))
        veins = (1 - v) ** rng.u(6, 20)
        tur2 = fbm(rng, nh, nw, 60 / ps, 4)
        v2 = np.abs(np.sin((Y * freq * 2.3 + 9 * tur2) * math.pi))
        veins2 = (1 - v2) ** 30
        cloud = fbm(rng, nh, nw, 200 / ps, 3)
        dark = c.mean() > 0.4
        vc = (np.array([0.35, 0.35, 0.38], np.float32) if dark else np.array([0.85, 0.85, 0.8], np.float32))
        mix = np.clip(0.7 * veins + 0.4 * veins2, 0, 1)[..., None]
        img = c[None, None, :] * (0.92 + 0.16 * cloud)[..., None]
        img = img * (1 - mix) + vc[None, None, :] * mix
        gloss = rng.u(0.3, 0.6)
    elif kind == 'dark_table':
        c = jit(rng, rng.ch([(0.06, 0.06, 0.065), (0.1, 0.07, 0.05), (0.05, 0.06, 0.08), (0.12, 0.12, 0.12)]), 0.15)
        meta['colour'] = r3(c.tolist())
        lum = 1 + 0.15 * (fbm(rng, nh, nw, 200 / ps, 3) - 0.5)
        if rng.p(0.5):
            lum = lum * (1 + 0.1 * (value_noise(rng, nh, nw, 1.0 / ps, 80 / ps) - 0.5))
        img = c[None, None, :] * lum[..., None]
        gloss = rng.u(0.4, 0.8)
    elif kind == 'checks':
        c1 = jit(rng, rng.ch([(0.95, 0.95, 0.93), (0.9, 0.85, 0.7)]), 0.03)
        c2 = jit(rng, rng.ch([(0.75, 0.1, 0.12), (0.1, 0.2, 0.6), (0.1, 0.45, 0.2), (0.08, 0.08, 0.1),
                              (0.85, 0.65, 0.1), (0.5, 0.2, 0.5)]), 0.08)
        s = rng.u(6, 32)
        style = rng.ch(['gingham', 'checker'])
        meta.update(c1=r3(c1.tolist()), c2=r3(c2.tolist()), check_mm=r3(s), style=style)
        a = ((np.mod(X, 2 * s) < s)).astype(np.float32)
        b = ((np.mod(Y, 2 * s) < s)).astype(np.float32)
        if style == 'gingham':
            v = (a + b) / 2
        else:
            v = np.abs(a - b)
        v = cv2.GaussianBlur(v, (0, 0), 0.6)
        img = c1[None, None, :] * (1 - v[..., None]) + c2[None, None, :] * v[..., None]
        weave = value_noise(rng, nh, nw, 0.5 / ps, 3 / ps)
        img *= (0.95 + 0.1 * weave)[..., None]
        fine_sigma = 0.02
    elif kind == 'stripes':
        k = rng.i(2, 3)
        cols = [jit(rng, rng.ch([(0.95, 0.94, 0.9), (0.8, 0.15, 0.15), (0.15, 0.25, 0.6), (0.2, 0.5, 0.3),
                                 (0.95, 0.8, 0.3), (0.1, 0.1, 0.1), (0.6, 0.4, 0.7), (0.9, 0.6, 0.5)]), 0.08)
                for _ in range(k)]
        widths = [rng.u(4, 40) for _ in range(k)]
        per = sum(widths)
        meta.update(cols=r3([c.tolist() for c in cols]), widths_mm=r3(widths))
        m = np.mod(X, per)
        img = np.zeros((nh, nw, 3), np.float32)
        acc = 0
        for c, wd in zip(cols, widths):
            sel = ((m >= acc) & (m < acc + wd)).astype(np.float32)
            img += sel[..., None] * c[None, None, :]
            acc += wd
        img = cv2.GaussianBlur(img, (0, 0), 0.6)
        weave = value_noise(rng, nh, nw, 0.5 / ps, 3 / ps)
        img *= (0.95 + 0.1 * weave)[..., None]
        fine_sigma = 0.02
    elif kind == 'flowery':
        bc = jit(rng, rng.ch([(0.95, 0.92, 0.82), (0.7, 0.82, 0.92), (0.95, 0.8, 0.82), (0.1, 0.12, 0.3),
                              (0.6, 0.1, 0.12), (0.2, 0.35, 0.2)]), 0.05)
        meta['colour'] = r3(bc.tolist())
        img8 = np.zeros((nh, nw, 3), np.uint8)
        img8[:] = (np.clip(bc, 0, 1) * 255).astype(np.uint8)
        fsz = rng.u(8, 30)
        dens = rng.u(0.4, 1.2)
        nf = int(dens * (nw * nh * ps * ps) / (2.5 * fsz) ** 2)
        nf = min(nf, 3000)
        meta.update(flower_mm=r3(fsz), n_flowers=nf)
        pal = [jit(rng, c, 0.1) for c in [(0.9, 0.2, 0.3), (0.95, 0.6, 0.1), (0.95, 0.95, 0.95), (0.6, 0.3, 0.8),
                                          (0.2, 0.4, 0.9), (0.98, 0.85, 0.2), (0.95, 0.5, 0.6)]]
        for _ in range(nf):
            x, y = rng.u(0, nw), rng.u(0, nh)
            sz = fsz * rng.u(0.6, 1.4) / ps
            pc = tuple(int(v * 255) for v in pal[rng.i(0, len(pal) - 1)])
            lc = tuple(int(v * 255) for v in jit(rng, (0.2, 0.5, 0.2), 0.2))
            a0 = rng.u(0, 360)
            for _l in range(rng.i(0, 2)):
                la = a0 + rng.u(0, 360)
                cx_ = x + math.cos(math.radians(la)) * sz * 0.9
                cy_ = y + math.sin(math.radians(la)) * sz * 0.9
                cv2.ellipse(img8, (int(cx_ * 4), int(cy_ * 4)), (max(1, int(sz * 2.2)), max(1, int(sz * 0.9))),
                            la, 0, 360, lc, -1, cv2.LINE_AA, shift=2)
            npet = rng.i(4, 7)
            for k_ in range(npet):
                pa = a0 + k_ * 360 / npet
                cx_ = x + math.cos(math.radians(pa)) * sz * 0.45
                cy_ = y + math.sin(math.radians(pa)) * sz * 0.45
                cv2.ellipse(img8, (int(cx_ * 4), int(cy_ * 4)), (max(1, int(sz * 2.0)), max(1, int(sz * 1.1))),
                            pa, 0, 360, pc, -1, cv2.LINE_AA, shift=2)
            cc_ = tuple(int(v * 255) for v in jit(rng, (0.9, 0.75, 0.15), 0.2))
            cv2.circle(img8, (int(x * 4), int(y * 4)), max(1, int(sz * 1.1)), cc_, -1, cv2.LINE_AA, shift=2)
        img = img8.astype(np.float32) / 255
        weave = value_noise(rng, nh, nw, 0.5 / ps, 3 / ps)
        img *= (0.95 + 0.1 * weave)[..., None]
        fine_sigma = 0.02
    elif kind == 'mahjong_mat':
        c = jit(rng, rng.ch([(0.1, 0.4, 0.2), (0.1, 0.25, 0.5), (0.45, 0.08, 0.1), (0.06, 0.06, 0.07)]), 0.1)
        side = rng.u(600, 900)
        mx, my = rng.n(0.35) * rad, rng.n(0.35) * rad
        meta.update(colour=r3(c.tolist()), mat_mm=r3(side), mat_off=r3([mx, my]))
        lum = 1 + 0.07 * (fbm(rng, nh, nw, 40 / ps, 4) - 0.5)
        img = c[None, None, :] * lum[..., None]
        dx, dy = np.abs(Xg - mx), np.abs(Yg - my)
        dd = side / 2 - np.maximum(dx, dy)
        gold = jit(rng, rng.ch([(0.85, 0.7, 0.3), (0.92, 0.92, 0.9)]), 0.05)
        for off, wd in ((rng.u(30, 45), rng.u(1.5, 4)), (rng.u(50, 70), rng.u(0.8, 2))):
            ln = np.clip((wd / 2 - np.abs(dd - off)) / ps + 0.5, 0, 1)
            img = img * (1 - ln[..., None]) + gold[None, None, :] * ln[..., None]
        band = np.clip((12 - dd) / ps + 0.5, 0, 1)
        img = img * (1 - band[..., None]) + (c * 0.5)[None, None, :] * band[..., None]
        outside = np.clip(-dd / ps + 0.5, 0, 1)
        sub = {}
        tab = wood_tex(rng, X, Y, ps, sub)
        img = img * (1 - outside[..., None]) + tab * outside[..., None]
        fine_sigma = 0.025
    else:  # paper
        c = jit(rng, rng.ch([(0.96, 0.96, 0.95), (0.95, 0.92, 0.84), (0.9, 0.9, 0.88)]), 0.02)
        meta['colour'] = r3(c.tolist())
        fib = value_noise(rng, nh, nw, 0.3 / ps, 2 / ps)
        lum = 1 + 0.04 * (fbm(rng, nh, nw, 80 / ps, 3) - 0.5) + 0.03 * (fib - 0.5)
        img = c[None, None, :] * lum[..., None]
        lines = rng.ch(['none', 'ruled', 'grid'])
        meta['lines'] = lines
        if lines != 'none':
            sp = rng.u(5, 9)
            lc = jit(rng, (0.55, 0.65, 0.85), 0.1)
            ln = np.clip((0.15 - np.abs(np.mod(Y, sp) - sp / 2)) / ps + 0.5, 0, 1) * 0.6
            if lines == 'grid':
                ln = np.maximum(ln, np.clip((0.15 - np.abs(np.mod(X, sp) - sp / 2)) / ps + 0.5, 0, 1) * 0.6)
            img = img * (1 - ln[..., None]) + lc[None, None, :] * ln[..., None]
        fine_sigma = 0.008
    img = np.clip(img, 0, 1).astype(np.float32)
    # texture px -> world -> canvas
    Rm2 = np.array([[ca, -sa], [sa, ca]])
    b = ctr + Rm2 @ np.array([0.5 * ps + xmin, 0.5 * ps + ymin])
    T = np.array([[ps * ca, -ps * sa, b[0]], [ps * sa, ps * ca, b[1]], [0, 0, 1]], float)
    wpts = np.array([[0, 0], [1000, 0], [1000, 1000], [0, 1000]], float) + ctr
    cpts = cam.project(np.concatenate([wpts, np.zeros((4, 1))], 1))
    Hcw = cv2.getPerspectiveTransform(wpts.astype(np.float32), cpts.astype(np.float32))
    M = Hcw @ T
    out = cv2.warpPerspective(img, M, (cam.CW, cam.CH), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    out += rng.g.normal(0, fine_sigma, out.shape).astype(np.float32) * out.mean()
    meta['gloss'] = r3(gloss)
    return np.clip(out, 0, 1), gloss


# ----------------------------------------------------------------------------- distractor textures
def disc_alpha(n, P=2):
    X, Y, mpp = grid_mm(2.0, 2.0, n, n, P)
    d = np.sqrt(X * X + Y * Y) - 1.0
    return X, Y, np.clip(0.5 - d / mpp, 0, 1).astype(np.float32), mpp


def coin_tex(rng, n, col, ldir):
    X, Y, a, mpp = disc_alpha(n)
    rr = np.sqrt(X * X + Y * Y)
    lx, ly = ldir
    relief = fbm(rng, X.shape[0], X.shape[1], max(2, n / 8), 3)
    gy, gx = np.gradient(relief)
    emb = (gx * lx + gy * ly)
    emb = emb / (np.abs(emb).max() + 1e-6) * 0.18
    lum = 0.85 + 0.25 * (X * lx + Y * ly) * 0.5 + emb * (rr < 0.8)
    rim = ((rr > 0.86) & (rr < 0.93)).astype(np.float32)
    lum = lum * (1 - 0.25 * rim) + 0.1 * ((rr > 0.93) & (rr < 1.0))
    img = col[None, None, :] * lum[..., None]
    return premult(np.clip(img, 0, 1), a)


def chip_tex(rng, n, col, val):
    X, Y, a, mpp = disc_alpha(n)
    rr = np.sqrt(X * X + Y * Y)
    th = np.arctan2(Y, X)
    img = np.broadcast_to(col, X.shape + (3,)).astype(np.float32).copy()
    k = rng.ch([4, 6, 8])
    ins = ((np.mod(th * k / (2 * math.pi), 1.0) < 0.3) & (rr > 0.78)).astype(np.float32)
    white = np.array([0.95, 0.95, 0.93], np.float32)
    img = img * (1 - ins[..., None]) + white * ins[..., None]
    ring = ((np.abs(rr - 0.68) < 0.025) & (np.mod(th * 12 / (2 * math.pi), 1.0) < 0.6)).astype(np.float32)
    img = img * (1 - ring[..., None]) + white * ring[..., None]
    cen = (rr < 0.55).astype(np.float32)
    cc = np.array([0.92, 0.9, 0.85], np.float32)
    img = img * (1 - cen[..., None]) + cc * cen[..., None]
    img8 = (np.clip(img, 0, 1) * 255).astype(np.uint8)
    txt = str(val)
    fs = n / 110.0 * (1.4 if len(txt) < 3 else 1.0)
    (tw, tht), _ = cv2.getTextSize(txt, cv2.FONT_HERSHEY_SIMPLEX, fs, max(1, int(n / 60)))
    cv2.putText(img8, txt, (int(img8.shape[1] / 2 - tw / 2), int(img8.shape[0] / 2 + tht / 2)),
                cv2.FONT_HERSHEY_SIMPLEX, fs, tuple(int(v * 255) for v in col), max(1, int(n / 60)), cv2.LINE_AA)
    return premult(img8.astype(np.float32) / 255, a)


SUIT_RED = {'h': True, 'd': True, 's': False, 'c': False}


def draw_suit(img, x, y, s, suit, col):
    """draw a suit symbol centred at (x,y) with size s px on uint8 image"""
    def P(pts):
        return (np.array(pts, float) * 8).astype(np.int32)
    if suit == 'd':
        cv2.fillPoly(img, [P([(x, y - s), (x + 0.7 * s, y), (x, y + s), (x - 0.7 * s, y)])], col, cv2.LINE_AA, 3)
    elif suit in ('h', 's'):
        sg = 1 if suit == 'h' else -1
        rr = 0.45 * s
        cv2.circle(img, tuple(P([(x - rr, y - sg * 0.35 * s)])[0]), int(rr * 8), col, -1, cv2.LINE_AA, 3)
        cv2.circle(img, tuple(P([(x + rr, y - sg * 0.35 * s)])[0]), int(rr * 8), col, -1, cv2.LINE_AA, 3)
        cv2.fillPoly(img, [P([(x - 0.9 * s, y - sg * 0.2 * s), (x + 0.9 * s, y - sg * 0.2 * s), (x, y + sg * s)])],
                     col, cv2.LINE_AA, 3)
        if suit == 's':
            cv2.fillPoly(img, [P([(x, y + 0.2 * s), (x + 0.35 * s, y + 1.0 * s), (x - 0.35 * s, y + 1.0 * s)])],
                         col, cv2.LINE_AA, 3)
    else:
        rr = 0.38 * s
        for (dx, dy) in ((0, -0.45), (-0.45, 0.15), (0.45, 0.15)):
            cv2.circle(img, tuple(P([(x + dx * s, y + dy * s)])[0]), int(rr * 8), col, -1, cv2.LINE_AA, 3)
        cv2.fillPoly(img, [P([(x, y), (x + 0.3 * s, y + 1.0 * s), (x - 0.3 * s, y + 1.0 * s)])], col, cv2.LINE_AA, 3)


def card_tex(rng, tw, meta):
    th = int(tw * 88 / 63)
    X, Y, mpp = grid_mm(63, 88, tw, th)
    d = sdf_roundrect(X, Y, 31.5, 44, 3.0)
    a = np.clip(0.5 - d / mpp, 0, 1).astype(np.float32)
    H_, W_ = X.shape
    img = np.zeros((H_, W_, 3), np.uint8)
    back = rng.p(0.3)
    meta['card'] = 'back' if back else 'face'
    if back:
        bc = jit(rng, rng.ch([(0.7, 0.1, 0.12), (0.1, 0.2, 0.6), (0.1, 0.4, 0.2)]), 0.1)
        img[:] = 243
        inner = (np.abs(X) < 28) & (np.abs(Y) < 40.5)
        img[inner] = (bc * 255).astype(np.uint8)
        sp = rng.u(2.5, 5)
        lat = ((np.mod(X + Y, sp) < 0.5) | (np.mod(X - Y, sp) < 0.5)) & inner
        img[lat] = (np.clip(bc * 1.6 + 0.1, 0, 1) * 255).astype(np.uint8)
    else:
        img[:] = (np.array([0.97, 0.97, 0.95]) * 255).astype(np.uint8)
        suit = rng.ch(['h', 'd', 's', 'c'])
        rank = rng.ch(['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'])
        meta['card_face'] = rank + suit
        col = (200, 20, 30) if SUIT_RED[suit] else (15, 15, 20)
        pxmm = 1 / mpp
        fs = 6.0 * pxmm / 22.0
        thk = max(1, int(pxmm * 0.7))
        for sgn in (1, -1):
            cx_ = W_ / 2 + sgn * (-26.5) * pxmm
            cy_ = H_ / 2 + sgn * (-36) * pxmm
            if sgn == 1:
                cv2.putText(img, rank, (int(cx_ - 3 * pxmm), int(cy_ + 3 * pxmm)), cv2.FONT_HERSHEY_SIMPLEX, fs, col,
                            thk, cv2.LINE_AA)
                draw_suit(img, cx_, cy_ + 9 * pxmm, 2.5 * pxmm, suit, col)
            else:
                draw_suit(img, cx_, cy_ - 9 * pxmm, 2.5 * pxmm, suit, col)
        if rank in ('J', 'Q', 'K'):
            fc = tuple(int(v) for v in rng.g.integers(40, 220, 3))
            cv2.rectangle(img, (int(W_ / 2 - 18 * pxmm), int(H_ / 2 - 28 * pxmm)),
                          (int(W_ / 2 + 18 * pxmm), int(H_ / 2 + 28 * pxmm)), fc, -1)
            cv2.rectangle(img, (int(W_ / 2 - 18 * pxmm), int(H_ / 2 - 28 * pxmm)),
                          (int(W_ / 2 + 18 * pxmm), int(H_ / 2 + 28 * pxmm)), col, max(1, thk))
            for _ in range(6):
                c2 = tuple(int(v) for v in rng.g.integers(30, 230, 3))
                cv2.ellipse(img, (int(W_ / 2 + rng.u(-12, 12) * pxmm), int(H_ / 2 + rng.u(-22, 22) * pxmm)),
                            (int(rng.u(2, 8) * pxmm), int(rng.u(2, 8) * pxmm)), rng.u(0, 180), 0, 360, c2, -1)
        elif rank == 'A':
            draw_suit(img, W_ / 2, H_ / 2, 9 * pxmm, suit, col)
        else:
            k = int(rank)
            left = k // 2
            cols_ = [(-11, left), (11, k - left)] if k > 3 else [(0, k)]
            for (xo, cnt) in cols_:
                for q in range(cnt):
                    yy = -27 + 54 * (q + 0.5) / cnt
                    draw_suit(img, W_ / 2 + xo * pxmm, H_ / 2 + yy * pxmm, 4 * pxmm, suit, col)
    imgf = img.astype(np.float32) / 255
    return premult(imgf, a)


def die_face_tex(n, tw, body, pipc, red):
    X, Y, mpp = grid_mm(16, 16, tw, tw)
    d = sdf_roundrect(X, Y, 8, 8, 2.2)
    a = np.clip(0.5 - d / mpp, 0, 1).astype(np.float32)
    img = np.broadcast_to(body, X.shape + (3,)).astype(np.float32).copy()
    img *= (1 - 0.25 * np.clip(1 + d / 1.5, 0, 1) ** 2)[..., None]
    q = 4.2
    P = {1: [(0, 0)], 2: [(-q, -q), (q, q)], 3: [(-q, -q), (0, 0), (q, q)], 4: [(-q, -q), (q, -q), (-q, q), (q, q)],
         5: [(-q, -q), (q, -q), (0, 0), (-q, q), (q, q)], 6: [(-q, -q), (q, -q), (-q, 0), (q, 0), (-q, q), (q, q)]}[n]
    rr = 2.8 if n == 1 else 1.5
    for (px, py) in P:
        dd = np.sqrt((X - px) ** 2 + (Y - py) ** 2) - rr
        pa = np.clip(0.5 - dd / mpp, 0, 1)[..., None]
        pc = red if n in (1, 4) else pipc
        img = img * (1 - pa) + pa * pc
    return premult(np.clip(img, 0, 1), a)


def phone_tex(rng, tw, meta):
    th = int(tw * 150 / 72)
    X, Y, mpp = grid_mm(72, 150, tw, th)
    d = sdf_roundrect(X, Y, 36, 75, 8)
    a = np.clip(0.5 - d / mpp, 0, 1).astype(np.float32)
    body = jit(rng, rng.ch([(0.05, 0.05, 0.06), (0.7, 0.7, 0.72), (0.2, 0.2, 0.25)]), 0.1)
    img = np.broadcast_to(body, X.shape + (3,)).astype(np.float32).copy()
    ds = sdf_roundrect(X, Y, 33, 72, 6)
    sa = np.clip(0.5 - ds / mpp, 0, 1)[..., None]
    on = rng.p(0.45)
    meta['screen'] = 'on' if on else 'off'
    if on:
        c1, c2 = jit(rng, (0.2, 0.3, 0.7), 0.4), jit(rng, (0.8, 0.3, 0.5), 0.4)
        t = ((Y + 75) / 150)[..., None]
        scr = c1 * (1 - t) + c2 * t
        scr8 = (np.clip(scr, 0, 1) * 255).astype(np.uint8).copy()
        pxmm = 1 / mpp
        for r_ in range(5):
            for c_ in range(4):
                cx_ = scr8.shape[1] / 2 + (-22.5 + c_ * 15) * pxmm
                cy_ = scr8.shape[0] / 2 + (-50 + r_ * 18) * pxmm
                ic = tuple(int(v) for v in rng.g.integers(30, 255, 3))
                h_ = 5 * pxmm
                cv2.rectangle(scr8, (int(cx_ - h_), int(cy_ - h_)), (int(cx_ + h_), int(cy_ + h_)), ic, -1, cv2.LINE_AA)
        scr = scr8.astype(np.float32) / 255
    else:
        g = 0.03 + 0.08 * np.clip(1 - np.abs((X + Y * 0.6) / 40 - 0.3), 0, 1)
        scr = np.repeat(g[..., None], 3, 2) + np.array([0.01, 0.01, 0.02], np.float32)
    img = img * (1 - sa) + scr * sa
    cam_d = np.sqrt(X ** 2 + (Y + 69) ** 2) - 1.5
    ca = np.clip(0.5 - cam_d / mpp, 0, 1)[..., None]
    img = img * (1 - ca) + 0.02 * ca
    return premult(np.clip(img, 0, 1), a), body


SKIN = [(0.94, 0.76, 0.62), (0.87, 0.66, 0.52), (0.72, 0.52, 0.38), (0.52, 0.35, 0.25), (0.36, 0.24, 0.17)]


def hand_tex(rng, mpp, meta):
    """hand seen from above, fingers toward -y... local frame: x across, y along arm (arm toward +y)."""
    xr, y_top, y_bot = 140.0, -230.0, 520.0
    W_ = int(2 * xr / mpp)
    H_ = int((y_bot - y_top) / mpp)
    m = np.zeros((H_, W_), np.uint8)

    def px(x, y):
        return (int(round((x + xr) / mpp * 8)), int(round((y - y_top) / mpp * 8)))

    palm_w = rng.u(78, 95)
    palm_l = rng.u(90, 110)
    curled = rng.p(0.35)
    arm_w = rng.u(60, 72)
    meta.update(palm_w=r3(palm_w), curled=curled)
    # arm: from wrist (y=palm_l/2+10) to bottom
    wy = palm_l / 2
    arm = np.array([(-arm_w / 2, wy - 5), (arm_w / 2, wy - 5), (arm_w * 0.62, y_bot), (-arm_w * 0.62, y_bot)])
    cv2.fillPoly(m, [np.array([px(x, y) for x, y in arm], np.int32)], 255, cv2.LINE_AA, 3)
    cv2.ellipse(m, px(0, 0), (int(palm_w / 2 / mpp * 8), int(palm_l / 2 / mpp * 8)), 0, 0, 360, 255, -1,
                cv2.LINE_AA, 3)
    fl = [rng.u(62, 72), rng.u(70, 82), rng.u(64, 76), rng.u(50, 60)]
    spread = rng.u(0, 8)
    fw = palm_w / 4.4
    for k_ in range(4):
        x0 = (-1.5 + k_) * palm_w / 4.1
        ang = math.radians((-1.5 + k_) * spread + rng.n(2))
        ln = fl[k_] * (rng.u(0.35, 0.5) if curled else 1.0)
        y0 = -palm_l / 2 + 12
        x1 = x0 + math.sin(ang) * ln
        y1 = y0 - math.cos(ang) * ln
        cv2.line(m, px(x0, y0), px(x1, y1), 255, max(1, int(fw / mpp)), cv2.LINE_AA, 3)
    side = rng.ch([-1, 1])
    tang = math.radians(rng.u(25, 60))
    tx0, ty0 = side * palm_w * 0.42, palm_l * 0.1
    tl = rng.u(50, 65)
    cv2.line(m, px(tx0, ty0), px(tx0 + side * math.sin(tang) * tl, ty0 - math.cos(tang) * tl), 255,
             max(1, int(fw * 1.1 / mpp)), cv2.LINE_AA, 3)
    af = m.astype(np.float32) / 255
    dist = cv2.distanceTransform((m > 127).astype(np.uint8), cv2.DIST_L2, 5) * mpp
    skin = jit(rng, rng.ch(SKIN), 0.05)
    meta['skin'] = r3(skin.tolist())
    sh = 0.7 + 0.3 * np.sqrt(np.clip(dist / 9.0, 0, 1))
    mott = value_noise(rng, H_, W_, max(1, 15 / mpp))
    img = skin[None, None, :] * (sh * (0.95 + 0.1 * mott))[..., None]
    if rng.p(0.55):
        sc = jit(rng, rng.ch([(0.1, 0.1, 0.12), (0.6, 0.1, 0.1), (0.15, 0.25, 0.5), (0.8, 0.8, 0.8),
                              (0.3, 0.4, 0.25)]), 0.1)
        sy = wy + rng.u(40, 90)
        meta['sleeve'] = r3(sc.tolist())
        ys = (np.arange(H_) + 0.5) * mpp + y_top
        xs = (np.arange(W_) + 0.5) * mpp - xr
        Xs, Ys = np.meshgrid(xs, ys)
        sw = arm_w * 0.75 + (Ys - sy) * 0.12 + 8
        sm = ((Ys > sy) & (np.abs(Xs) < sw)).astype(np.float32)
        sm = cv2.GaussianBlur(sm, (0, 0), 0.8)
        ssh = 0.75 + 0.25 * np.clip(1 - np.abs(Xs) / np.maximum(sw, 1), 0, 1)
        img = img * (1 - sm[..., None]) + (sc[None, None, :] * ssh[..., None]) * sm[..., None]
        af = np.maximum(af, sm)
    P = 2
    tex = np.zeros((H_ + 2 * P, W_ + 2 * P, 4), np.float32)
    tex[P:-P, P:-P] = premult(np.clip(img, 0, 1), af)
    return tex, 2 * xr, y_bot - y_top, (y_bot + y_top) / 2


# ----------------------------------------------------------------------------- scene objects
class Obj:
    def __init__(self, kind, pos, base_z, draw, shadow=None, meta=None, phase=1):
        self.kind, self.pos, self.base_z, self.draw, self.shadow = kind, pos, base_z, draw, shadow
        self.meta = meta or {}
        self.phase = phase


class Ctx:
    """placement context"""

    def __init__(self, rng, cam, S):
        self.rng, self.cam, self.S = rng, cam, S
        self.occ = []           # list of (footprint poly float32, top_z)
        self.tiles = []         # tile dicts
        self.deck = []
        W, H = cam.W, cam.H
        g = cam.image_to_ground(np.array([[0, 0], [W, 0], [W, H], [0, H]], float))
        self.area = (np.linalg.norm(g[1] - g[0]) + np.linalg.norm(g[2] - g[3])) / 2, \
                    (np.linalg.norm(g[3] - g[0]) + np.linalg.norm(g[2] - g[1])) / 2

    def draw_face(self):
        if not self.deck:
            d = list(DECK)
            self.rng.g.shuffle(d)
            self.deck = d
        return self.deck.pop()

    def take_face(self, pred):
        for k in range(len(self.deck) - 1, -1, -1):
            if pred(self.deck[k]):
                return self.deck.pop(k)
        return None


def tile_flat(x, y, th, z0, S, state='up'):
    return {'c': np.array([x, y, z0 + S['t'] / 2]), 'R': rot_z(th), 'state': state, 'base_z': z0}


def tile_stand(x, y, th, S, flip):
    Rm = rot_z(th) @ rot_y(math.pi / 2 if flip else -math.pi / 2)
    return {'c': np.array([x, y, S['w'] / 2]), 'R': Rm, 'state': 'stand', 'base_z': 0.0}


def tile_dims(S):
    return np.array([S['w'], S['L'], S['t']])


def transform_tiles(tiles, phi, T):
    Rz = rot_z(phi)
    out = []
    for t in tiles:
        u = dict(t)
        c = t['c'].copy()
        c[:2] = Rz[:2, :2] @ c[:2] + T
        u['c'] = c
        u['R'] = Rz @ t['R']
        out.append(u)
    return out


def poly_overlap(a, b):
    ar, _ = cv2.intersectConvexConvex(np.asarray(a, np.float32), np.asarray(b, np.float32))
    return ar


def inflate(poly, d):
    c = poly.mean(0)
    v = poly - c
    n = np.linalg.norm(v, axis=1, keepdims=True) + 1e-9
    return (c + v * (1 + d / n)).astype(np.float32)


def place_group(ctx, tiles, rot_mode='aligned', edge='inside', tries=80, margin=4, clearance=0.5, base_rot=None):
    """rotate/translate a locally built group into view.  returns placed tiles or None"""
    rng, cam, S = ctx.rng, ctx.cam, ctx.S
    W, H = cam.W, cam.H
    dims = tile_dims(S)
    loc = np.array([t['c'][:2] for t in tiles])
    cen = loc.mean(0)
    best = None
    for it in range(tries):
        if rot_mode == 'aligned':
            phi = (base_rot if base_rot is not None else rng.ch([0, math.pi / 2, math.pi, 3 * math.pi / 2])) \
                + math.radians(rng.n(3))
        elif rot_mode == 'small':
            phi = math.radians(rng.n(6))
        else:
            phi = rng.u(0, 2 * math.pi)
        if edge == 'inside':
            ip = np.array([rng.u(0.1 * W, 0.9 * W), rng.u(0.1 * H, 0.9 * H)])
        else:
            ip = np.array([rng.u(-0.15 * W, 1.15 * W), rng.u(-0.15 * H, 1.15 * H)])
        g = cam.image_to_ground(ip)[0, :2]
        Rz = rot_z(phi)[:2, :2]
        T = g - Rz @ cen
        pt = transform_tiles(tiles, phi, T)
        # image test
        n_in = n_part = 0
        ok = True
        fps = []
        for t in pt:
            V = box_vertices(t['c'], t['R'], dims)
            p = cam.world_to_image(V)
            inside = (p[:, 0] >= margin) & (p[:, 0] <= W - 1 - margin) & (p[:, 1] >= margin) & (p[:, 1] <= H - 1 - margin)
            if inside.all():
                n_in += 1
            elif inside.any():
                n_part += 1
            fps.append(box_footprint(t['c'], t['R'], dims))
        if edge == 'inside' and n_in < len(pt):
            ok = False
        if edge == 'offedge' and not (n_part >= 1 and n_in >= 0.35 * len(pt) and n_in < len(pt)):
            ok = False
        if edge == 'any' and n_in + n_part < 1:
            ok = False
        if ok:
            for f in fps:
                fi = inflate(f, clearance)
                for (o, _) in ctx.occ:
                    if poly_overlap(fi, o) > 0.05:
                        ok = False
                        break
                if not ok:
                    break
        if ok:
            return pt
    return None


def commit(ctx, tiles):
    dims = tile_dims(ctx.S)
    for t in tiles:
        if t.get('face') is None and t['state'] != 'none':
            t['face'] = ctx.draw_face()
        f = box_footprint(t['c'], t['R'], dims)
        top = float(box_vertices(t['c'], t['R'], dims)[:, 2].max())
        ctx.occ.append((f, top))
        ctx.tiles.append(t)


def rand_flip(rng):
    return math.pi if rng.p(0.5) else 0.0


# ----------------------------------------------------------------------------- layouts
def gen_deal(ctx, edge='inside'):
    rng, S = ctx.rng, ctx.S
    w, L = S['w'], S['L']
    Aw, Ah = ctx.area
    mode = rng.ch(['rows', 'around'], [0.7, 0.3])
    info = {'deal_mode': mode}
    for attempt in range(8):
        tiles = []
        gap = rng.u(0.1, 0.8)
        if mode == 'rows':
            maxk = max(2, int(Aw * (0.95 if edge != 'offedge' else 1.4) / (w + gap)))
            k = rng.i(min(4, maxk), min(8, maxk)) if attempt < 5 else max(2, min(maxk, 8) - attempt)
            maxr = max(1, int(Ah / (L * 1.2)))
            nrows = min(rng.ch([1, 2, 3, 4], [0.3, 0.3, 0.22, 0.18]), maxr)
            if attempt >= 4:
                nrows = max(1, nrows - (attempt - 3))
            sp = L + rng.u(0.15, 1.4) * L
            for r_ in range(nrows):
                st = 'down' if (r_ > 0 and rng.p(0.25)) else 'up'
                kr = max(2, k + rng.i(-1, 1)) if rng.p(0.3) else k
                rj = math.radians(rng.n(1.5))
                x0 = rng.n(0.05) * w * k
                for i_ in range(kr):
                    x = x0 + (i_ - (kr - 1) / 2) * (w + gap)
                    y = r_ * sp
                    x2 = x * math.cos(rj) - 0 * math.sin(rj)
                    y2 = y + x * math.sin(rj)
                    tiles.append(tile_flat(x2, y2, rj + rand_flip(rng) + math.radians(rng.n(0.25)), 0, S, st))
            info.update(rows=nrows, per_row=k, gap_mm=r3(gap), row_pitch_mm=r3(sp))
        else:
            nside = rng.i(2, 4)
            k = rng.i(3, 8) if attempt < 4 else rng.i(2, 4)
            rad = k * (w + gap) / 2 + L / 2 + rng.u(5, 40)
            for s_ in range(nside):
                a = s_ * math.pi / 2
                st = 'up' if (s_ == 0 or rng.p(0.6)) else 'down'
                for i_ in range(k):
                    off = (i_ - (k - 1) / 2) * (w + gap)
                    cx_ = math.cos(a) * rad - math.sin(a) * off
                    cy_ = math.sin(a) * rad + math.cos(a) * off
                    tiles.append(tile_flat(cx_, cy_, a + math.pi / 2 + rand_flip(rng) + math.radians(rng.n(0.3)),
                                           0, S, st))
            info.update(sides=nside, per_row=k, gap_mm=r3(gap), radius_mm=r3(rad))
        pt = place_group(ctx, tiles, 'aligned' if rng.p(0.75) else 'any', edge)
        if pt is not None:
            commit(ctx, pt)
            return info
    return None


def gen_block(ctx, edge='inside'):
    rng, S = ctx.rng, ctx.S
    w, L = S['w'], S['L']
    Aw, Ah = ctx.area
    info = {}
    for attempt in range(10):
        fac = 1.4 if edge == 'offedge' else 0.95
        maxc = max(2, int(Aw * fac / (w + 1)))
        maxr = max(1, int(Ah * fac / (L + 1)))
        nc = min(rng.i(3, 8), maxc) - (attempt // 2)
        nr = min(rng.i(2, 4), maxr) - (attempt // 3)
        nc, nr = max(2, nc), max(1, nr)
        gx, gy = rng.u(0.1, 0.6), rng.u(0.1, 0.8)
        tiles = []
        for i_ in range(nr):
            for j_ in range(nc):
                tiles.append(tile_flat((j_ - (nc - 1) / 2) * (w + gx) + rng.n(0.08), (i_ - (nr - 1) / 2) * (L + gy)
                                       + rng.n(0.08), rand_flip(rng) + math.radians(rng.n(0.2)), 0, S,
                                       'up' if rng.p(0.95) else 'down'))
        pt = place_group(ctx, tiles, 'aligned' if rng.p(0.8) else 'any', edge)
        if pt is not None:
            commit(ctx, pt)
            info.update(rows=nr, cols=nc, gap_x=r3(gx), gap_y=r3(gy))
            return info
    return None


def gen_pairs(ctx, edge='inside'):
    rng, S = ctx.rng, ctx.S
    w, L = S['w'], S['L']
    n = rng.i(2, 8)
    aligned = rng.p(0.6)
    base = rng.ch([0, math.pi / 2])
    placed = 0
    kinds = []
    for _ in range(n):
        side = rng.p(0.75)
        g = rng.u(0.1, 0.8)
        if side:
            tiles = [tile_flat(-(w + g) / 2, 0, rand_flip(rng), 0, S), tile_flat((w + g) / 2, 0, rand_flip(rng), 0, S)]
        else:
            tiles = [tile_flat(0, -(L + g) / 2, rand_flip(rng), 0, S), tile_flat(0, (L + g) / 2, rand_flip(rng), 0, S)]
        pt = place_group(ctx, tiles, 'aligned' if aligned else 'any', edge if placed == 0 else 'inside',
                         tries=40, clearance=rng.u(2, 12), base_rot=base if aligned else None)
        if pt is not None:
            commit(ctx, pt)
            placed += 1
            kinds.append('side' if side else 'end')
    return {'pairs': placed, 'pair_kinds': kinds, 'aligned': aligned} if placed else None


def gen_chain(ctx, edge='inside'):
    rng, S = ctx.rng, ctx.S
    w, L = S['w'], S['L']
    Aw, Ah = ctx.area
    fac = 1.3 if edge == 'offedge' else 0.85
    bw, bh = Aw * fac, Ah * fac
    for attempt in range(6):
        n = rng.i(5, 16) - 2 * attempt
        n = max(3, n)
        g = rng.u(0.2, 1.0)
        tiles = []
        fps = []
        first = ctx.draw_face()
        hi, lo = [int(v) for v in first.split('-')]
        d = np.array([1.0, 0.0])
        p = np.array([-bw / 2 + L, -bh / 2 + L]) if rng.p(0.5) else np.array([-bw / 2 + L, rng.u(-bh / 4, bh / 4)])
        open_v = rng.ch([hi, lo])
        seg = 0
        seg_len = rng.i(3, 7)
        prev_double = False
        faces = [first]
        for i_ in range(n):
            if i_ == 0:
                face = first
            else:
                face = ctx.take_face(lambda f: str(open_v) in f.split('-'))
                if face is None:
                    face = ctx.draw_face()
                faces.append(face)
            h_, l_ = [int(v) for v in face.split('-')]
            double = h_ == l_
            near = open_v if open_v in (h_, l_) else rng.ch([h_, l_])
            far = l_ if near == h_ else h_
            if i_ == 0:
                near, far = (h_ if open_v == l_ else l_), open_v
                if double:
                    near = far = h_
            turn = False
            if i_ > 0 and not double and not prev_double:
                nxt = p + d * (L + g)
                if seg >= seg_len or abs(nxt[0]) > bw / 2 or abs(nxt[1]) > bh / 2:
                    turn = True
            if turn:
                perp = np.array([-d[1], d[0]])
                if perp @ (-p) < 0:
                    perp = -perp
                c = p + d * (w / 2 + g) + perp * (L / 2 - w / 2)
                ey = perp if near == h_ else -perp
                d = perp
                p = c + d * L / 2
                seg = 1
                seg_len = rng.i(2, 6)
            elif double:
                c = p + d * (w / 2 + g)
                ey = np.array([-d[1], d[0]]) * rng.ch([1, -1])
                p = c + d * w / 2
                seg += 1
            else:
                c = p + d * (L / 2 + g)
                ey = d if near == h_ else -d
                p = c + d * L / 2
                seg += 1
            th = math.atan2(-ey[0], ey[1]) + math.radians(rng.n(0.4))
            t = tile_flat(c[0], c[1], th, 0, S)
            t['face'] = face
            open_v = far
            prev_double = double
            fp = box_footprint(t['c'], t['R'], tile_dims(S))
            if any(poly_overlap(inflate(fp, -0.3), f) > 0.05 for f in fps):
                ctx.deck.append(face)
                break
            fps.append(fp)
            tiles.append(t)
        if len(tiles) < 3:
            ctx.deck.extend(t['face'] for t in tiles)
            continue
        pt = place_group(ctx, tiles, 'small' if rng.p(0.7) else 'any', edge, tries=100)
        if pt is None:
            # try shorter chains
            while len(tiles) > 3 and pt is None:
                ctx.deck.append(tiles.pop()['face'])
                pt = place_group(ctx, tiles, 'small', edge, tries=40)
        if pt is not None:
            commit(ctx, pt)
            return {'chain_len': len(pt), 'gap_mm': r3(g)}
        ctx.deck.extend(t['face'] for t in tiles)
    return None


def gen_stacks(ctx, edge='inside'):
    rng, S = ctx.rng, ctx.S
    w, L, t = S['w'], S['L'], S['t']
    n = rng.i(2, 7)
    made = 0
    det = []
    for _ in range(n):
        lower = tile_flat(0, 0, rand_flip(rng), 0, S, 'up' if rng.p(0.55) else 'down')
        mode = rng.ch(['offset', 'cross', 'turned'], [0.7, 0.15, 0.15])
        if mode == 'offset':
            dx, dy = rng.u(-0.45, 0.45) * w, rng.u(-0.35, 0.35) * L
            dth = math.radians(rng.n(6))
        elif mode == 'cross':
            dx, dy = rng.u(-0.2, 0.2) * w, rng.u(-0.2, 0.2) * w
            dth = math.pi / 2 + math.radians(rng.n(5))
        else:
            dx, dy = rng.u(-0.3, 0.3) * w, rng.u(-0.25, 0.25) * L
            dth = math.radians(rng.u(15, 50)) * rng.ch([1, -1])
        upper = tile_flat(dx, dy, dth + rand_flip(rng), t, S, 'up' if rng.p(0.85) else 'down')
        upper['level'] = 1
        pt = place_group(ctx, [lower, upper], 'any' if rng.p(0.6) else 'aligned', edge if made == 0 else 'inside',
                         tries=40, clearance=rng.u(2, 15))
        if pt is not None:
            commit(ctx, pt)
            made += 1
            det.append(mode)
    # a few single tiles
    ns = rng.i(0, 5)
    singles = 0
    for _ in range(ns):
        pt = place_group(ctx, [tile_flat(0, 0, 0, 0, S)], 'any', 'inside', tries=30, clearance=rng.u(2, 10))
        if pt is not None:
            commit(ctx, pt)
            singles += 1
    return {'stacks': made, 'stack_modes': det, 'singles': singles} if made else None


def overlap_pose(S, A, rel, rng):
    """given tile A flat at origin, and a candidate flat pose rel=(x,y,th) of tile B overlapping it,
    return B resting on A (tilted with one end on the table, or flat on top)"""
    w, L, t = S['w'], S['L'], S['t']
    dims = tile_dims(S)
    x, y, th = rel
    fa = box_footprint(A['c'], A['R'], dims)
    Bf = tile_flat(x, y, th, 0, S)
    fb = box_footprint(Bf['c'], Bf['R'], dims)
    ov = poly_overlap(fa, fb)
    if ov < 0.06 * w * L or ov > 0.6 * w * L:
        return None
    ey = Bf['R'][:, 1][:2]
    ex = Bf['R'][:, 0][:2]
    cB = np.array([x, y])
    # which end is over A: the end closer to A's centre
    e_plus = cB + ey * L / 2
    e_minus = cB - ey * L / 2
    raised_plus = np.linalg.norm(e_plus - A['c'][:2]) < np.linalg.norm(e_minus - A['c'][:2])
    if cv2.pointPolygonTest(fa.astype(np.float32), (float(x), float(y)), False) >= 0:
        # centre of mass over A: lies flat on top
        B = tile_flat(x, y, th, t, S)
        B['level'] = 1
        B['rest'] = 'flat_on'
        return B
    sgn = 1 if raised_plus else -1
    g0 = cB - sgn * ey * L / 2             # ground end (low end) centre
    sc = None
    for s in np.linspace(0, L, 161):
        pc = g0 + sgn * ey * s
        for a in (-0.5, -0.25, 0, 0.25, 0.5):
            q = pc + ex * a * w
            if cv2.pointPolygonTest(fa.astype(np.float32), (float(q[0]), float(q[1])), False) >= 0:
                sc = s
                break
        if sc is not None:
            break
    if sc is None or sc < 0.5 * L:
        return None
    phi = math.atan2(t, sc)
    Rm = rot_z(th) @ rot_x(sgn * phi)
    ploc = np.array([0, -sgn * L / 2, -t / 2])
    G = np.array([g0[0], g0[1], 0.0])
    c = G - Rm @ ploc
    return {'c': c, 'R': Rm, 'state': 'up', 'base_z': t, 'level': 1, 'rest': 'tilted', 'tilt_deg': math.degrees(phi)}


def gen_overlaps(ctx, edge='inside'):
    rng, S = ctx.rng, ctx.S
    w, L = S['w'], S['L']
    n = rng.i(2, 6)
    made = 0
    rests = []
    for _ in range(n):
        A = tile_flat(0, 0, rand_flip(rng), 0, S, 'up' if rng.p(0.85) else 'down')
        grp = [A]
        nb = rng.ch([1, 2], [0.75, 0.25])
        fps = []
        for _b in range(nb):
            for _try in range(30):
                ang = rng.u(0, 2 * math.pi)
                dist = rng.u(0.35, 0.95) * (L / 2 + L / 2)
                rel = (math.cos(ang) * dist, math.sin(ang) * dist, rng.u(0, 2 * math.pi))
                B = overlap_pose(S, A, rel, rng)
                if B is None:
                    continue
                fb = box_footprint(B['c'], B['R'], tile_dims(S))
                if any(poly_overlap(fb, f) > 0.05 for f in fps):
                    continue
                if rng.p(0.1):
                    B['state'] = 'down'
                fps.append(fb)
                grp.append(B)
                rests.append(B['rest'])
                break
        if len(grp) < 2:
            continue
        pt = place_group(ctx, grp, 'any', edge if made == 0 else 'inside', tries=40, clearance=rng.u(2, 12))
        if pt is not None:
            commit(ctx, pt)
            made += 1
    return {'groups': made, 'rests': rests} if made else None


def gen_scatter(ctx, edge='inside', n=None, states=(0.78, 0.18, 0.04)):
    rng, S = ctx.rng, ctx.S
    n = rng.i(3, 20) if n is None else n
    made = 0
    for k in range(n):
        st = rng.ch(['up', 'down', 'stand'], states)
        if st == 'stand':
            t = tile_stand(0, 0, 0, S, rng.p(0.5))
        else:
            t = tile_flat(0, 0, 0, 0, S, st)
        pt = place_group(ctx, [t], 'any', edge if k == 0 else ('any' if edge == 'offedge' else 'inside'),
                         tries=30, clearance=rng.u(0.5, 8))
        if pt is not None:
            commit(ctx, pt)
            made += 1
    return {'n': made} if made else None


def gen_wall(ctx, edge='inside'):
    rng, S = ctx.rng, ctx.S
    w, t = S['w'], S['t']
    k = rng.i(2, 8)
    hmax = rng.i(1, 4)
    g = rng.u(0.2, 2.0)
    tiles = []
    for i_ in range(k):
        hgt = hmax if rng.p(0.8) else rng.i(1, hmax)
        for lv in range(hgt):
            tt = tile_flat((i_ - (k - 1) / 2) * (w + g) + rng.n(0.2), rng.n(0.3), rand_flip(rng) + math.radians(rng.n(0.8)),
                           lv * t, S, 'down')
            tt['level'] = lv
            tiles.append(tt)
    pt = place_group(ctx, tiles, 'aligned' if rng.p(0.7) else 'any', edge, tries=60, clearance=rng.u(3, 20))
    if pt is None:
        return None
    commit(ctx, pt)
    return {'stacks': k, 'height': hmax}


def gen_standing(ctx, edge='inside'):
    rng, S = ctx.rng, ctx.S
    L = S['L']
    k = rng.i(2, 8)
    g = rng.u(0.2, 1.5)
    flip = rng.p(0.5)
    tiles = [tile_stand((i_ - (k - 1) / 2) * (L + g), 0, -math.pi / 2, S, flip) for i_ in range(k)]
    pt = place_group(ctx, tiles, 'aligned', edge, tries=60, clearance=rng.u(3, 20))
    if pt is None:
        return None
    commit(ctx, pt)
    return {'n': k}


LAYOUTS = {'deal': gen_deal, 'block': gen_block, 'pairs': gen_pairs, 'chain': gen_chain, 'stacks': gen_stacks,
           'overlaps': gen_overlaps, 'scatter': gen_scatter}
KINDS = ['deal', 'block', 'pairs', 'chain', 'stacks', 'overlaps', 'scatter', 'offedge', 'empty']
KIND_W = [0.16, 0.13, 0.11, 0.11, 0.09, 0.09, 0.13, 0.08, 0.10]


# ----------------------------------------------------------------------------- distractors
DISTRACTORS = ['die', 'coin', 'chip', 'card', 'pen', 'mug', 'phone', 'hand']
DISTRACTOR_W = [0.15, 0.13, 0.13, 0.14, 0.12, 0.1, 0.1, 0.13]


def support_z(ctx, poly):
    z = 0.0
    for (o, top) in ctx.occ:
        if poly_overlap(poly, o) > 1.0:
            z = max(z, top)
    return z


def free_spot(ctx, radius, allow_over, tries=40, edge_ok=True):
    """returns world (x,y), supporting z, or None"""
    rng, cam = ctx.rng, ctx.cam
    W, H = cam.W, cam.H
    for _ in range(tries):
        if edge_ok:
            ip = np.array([rng.u(-0.05 * W, 1.05 * W), rng.u(-0.05 * H, 1.05 * H)])
        else:
            ip = np.array([rng.u(0.08 * W, 0.92 * W), rng.u(0.08 * H, 0.92 * H)])
        g = cam.image_to_ground(ip)[0, :2]
        ang = np.linspace(0, 2 * math.pi, 12, endpoint=False)
        poly = (g + radius * np.stack([np.cos(ang), np.sin(ang)], 1)).astype(np.float32)
        z = support_z(ctx, poly)
        if z > 0 and not allow_over:
            continue
        return g, z, poly
    return None


def add_distractor(ctx, kind, objs, dmeta):
    rng, cam, S = ctx.rng, ctx.cam, ctx.S
    over = rng.p(0.35)
    ppm = cam.scale_at([cam.C[0], cam.C[1], 0]) if False else None
    m = {'type': kind}
    if kind == 'die':
        s = rng.u(13, 19)
        sp = free_spot(ctx, s * 0.75, over)
        if sp is None:
            return
        g, z, poly = sp
        body = jit(rng, rng.ch([(0.95, 0.95, 0.93), (0.93, 0.88, 0.75), (0.8, 0.1, 0.1), (0.1, 0.5, 0.25),
                                (0.1, 0.2, 0.6), (0.06, 0.06, 0.06)]), 0.04)
        pipc = np.array([0.05, 0.05, 0.05], np.float32) if body.mean() > 0.5 else np.array([0.95, 0.95, 0.95], np.float32)
        red = np.array([0.85, 0.1, 0.12], np.float32) if body[0] < 0.6 or body.mean() > 0.5 else pipc
        th = rng.u(0, 2 * math.pi)
        top = rng.i(1, 6)
        sides = [v for v in range(1, 7) if v not in (top, 7 - top)]
        m.update(size=r3(s), top=top, pos=r3(g.tolist()), z=r3(z), body=r3(body.tolist()))

        def draw(cv, s=s, g=g, z=z, th=th, top=top, sides=sides, body=body, pipc=pipc, red=red):
            tw = max(12, int(cv.cam.scale_at([g[0], g[1], z]) * s * 1.4))
            tex = {}
            names = ['+z', '+x', '-x', '+y', '-y']
            vals = [top, sides[0], 7 - sides[0], sides[1], 7 - sides[1]]
            for nm, v in zip(names, vals):
                tex[nm] = (die_face_tex(v, tw, body, pipc, red), 0.4)
            draw_box(cv, [g[0], g[1], z + s / 2], rot_z(th), [s, s, s], tex, body * 0.8, gloss=0.4)
        objs.append(Obj('die', g, z, draw, ('box', [g[0], g[1], z + s / 2], rot_z(th), [s, s, s]), m))
    elif kind in ('coin', 'chip'):
        if kind == 'coin':
            r = rng.u(9, 14)
            h = rng.u(1.5, 2.2)
            nst = 1 if rng.p(0.8) else rng.i(2, 5)
            col = jit(rng, rng.ch([(0.85, 0.68, 0.32), (0.78, 0.78, 0.8), (0.72, 0.45, 0.3)]), 0.05)
        else:
            r = rng.u(18.5, 20.5)
            h = 3.3
            nst = 1 if rng.p(0.6) else rng.i(2, 6)
            col = jit(rng, rng.ch([(0.75, 0.1, 0.1), (0.1, 0.2, 0.6), (0.1, 0.45, 0.2), (0.08, 0.08, 0.08),
                                   (0.92, 0.92, 0.9), (0.5, 0.2, 0.55), (0.9, 0.6, 0.1)]), 0.05)
        sp = free_spot(ctx, r, over)
        if sp is None:
            return
        g, z, poly = sp
        val = rng.ch([1, 5, 10, 25, 100, 500])
        m.update(r=r3(r), stack=nst, pos=r3(g.tolist()), z=r3(z), colour=r3(col.tolist()), value=val)

        def draw(cv, kind=kind, r=r, h=h, nst=nst, g=g, z=z, col=col, val=val, seed=int(rng.g.integers(1 << 30))):
            lr = R(seed)
            n = max(16, int(cv.cam.scale_at([g[0], g[1], z]) * 2 * r * 1.3))
            ld = (float(cv.L[0]), float(cv.L[1]))
            for k_ in range(nst):
                b = np.array([g[0] + lr.n(0.6), g[1] + lr.n(0.6), z + k_ * h])
                if kind == 'coin':
                    tex = coin_tex(lr, n, col, ld)
                    draw_cylinder(cv, b, [0, 0, 1], r, h, col * 0.75, top_tex=tex, gloss=0.7)
                else:
                    tex = chip_tex(lr, n, col, val)
                    white = np.array([0.93, 0.93, 0.9], np.float32)
                    draw_cylinder(cv, b, [0, 0, 1], r, h, col, top_tex=tex, gloss=0.35,
                                  stripe=lambda i, col=col, white=white: white if (i % 4 == 0) else col)
        objs.append(Obj(kind, g, z, draw, ('cyl', [g[0], g[1], z], r, h * nst), m))
    elif kind == 'card':
        under = rng.p(0.45)
        sp = free_spot(ctx, 45, True if not under else True)
        if sp is None:
            return
        g, z, poly = sp
        th = rng.u(0, 2 * math.pi)
        dims = [63, 88, 0.4]
        fp = box_footprint(np.array([g[0], g[1], 0.2]), rot_z(th), dims)
        if not under:
            z = support_z(ctx, fp)
        else:
            z = 0.0
        m.update(pos=r3(g.tolist()), z=r3(z), angle=r3(th), under_tiles=under)
        tm = {}
        seed = int(rng.g.integers(1 << 30))

        def draw(cv, g=g, z=z, th=th, seed=seed, tm=tm, m=m):
            lr = R(seed)
            tw = max(20, int(cv.cam.scale_at([g[0], g[1], z]) * 63 * 1.2))
            tex = card_tex(lr, tw, tm)
            m.update(tm)
            sidet = premult(np.full((6, 6, 3), 0.85, np.float32), np.ones((6, 6), np.float32))
            draw_box(cv, [g[0], g[1], z + 0.2], rot_z(th), dims, {'+z': (tex, 0.35), '+x': (sidet, 0.2),
                     '-x': (sidet, 0.2), '+y': (sidet, 0.2), '-y': (sidet, 0.2)}, np.array([0.85, 0.85, 0.85]), gloss=0.3)
        o = Obj('card', g, z, draw, ('box', [g[0], g[1], z + 0.2], rot_z(th), dims), m, phase=0 if under else 1)
        objs.append(o)
    elif kind == 'pen':
        ln = rng.u(125, 150)
        rr = rng.u(4.0, 5.5)
        sp = free_spot(ctx, 20, over)
        if sp is None:
            return
        g, z, poly = sp
        th = rng.u(0, 2 * math.pi)
        ax = np.array([math.cos(th), math.sin(th), 0])
        fp = np.array([g + ax[:2] * ln / 2 + np.array([-ax[1], ax[0]]) * rr, g + ax[:2] * ln / 2 - np.array([-ax[1], ax[0]]) * rr,
                       g - ax[:2] * ln / 2 - np.array([-ax[1], ax[0]]) * rr, g - ax[:2] * ln / 2 + np.array([-ax[1], ax[0]]) * rr],
                      np.float32)
        z = support_z(ctx, fp) if over else z
        if not over and z > 0:
            return
        col = jit(rng, rng.ch([(0.1, 0.15, 0.5), (0.05, 0.05, 0.05), (0.7, 0.1, 0.1), (0.75, 0.75, 0.78),
                               (0.92, 0.92, 0.9), (0.1, 0.4, 0.2)]), 0.06)
        m.update(pos=r3(g.tolist()), z=r3(z), angle=r3(th), length=r3(ln), colour=r3(col.tolist()))

        def draw(cv, g=g, z=z, ax=ax, ln=ln, rr=rr, col=col):
            b = np.array([g[0], g[1], z + rr]) - ax * ln / 2
            metal = np.array([0.75, 0.75, 0.78], np.float32)
            # tip pieces then body then cap end
            draw_cylinder(cv, b - ax * 6, ax, rr * 0.45, 6, metal, bottom_col=metal * 0.7, top_col=metal, n=16, gloss=0.8)
            draw_cylinder(cv, b - ax * 9, ax, rr * 0.15, 3.5, np.array([0.2, 0.2, 0.2]), bottom_col=np.array([0.2, 0.2, 0.2]), n=10)
            draw_cylinder(cv, b, ax, rr, ln * 0.62, col, bottom_col=col * 0.8, top_col=col, n=24, gloss=0.6)
            draw_cylinder(cv, b + ax * ln * 0.62, ax, rr * 1.03, ln * 0.38, col * 0.85, bottom_col=col * 0.7,
                          top_col=col * 0.9, n=24, gloss=0.6)
            clip_c = b + ax * ln * 0.85 + np.array([0, 0, rr * 1.05])
            draw_box(cv, clip_c, rot_z(math.atan2(ax[1], ax[0]) + math.pi / 2), [1.6, 35, 1.2],
                     {'+z': (premult(np.full((6, 6, 3), 0.8, np.float32), np.ones((6, 6), np.float32)), 0.8)},
                     metal * 0.7, gloss=0.8)
        objs.append(Obj('pen', g, z, draw, ('cyl', list(b_ for b_ in [g[0] - ax[0] * ln / 2, g[1] - ax[1] * ln / 2, z]), rr,
                                            rr * 2, ax, ln), m))
    elif kind == 'mug':
        r = rng.u(36, 45)
        h = rng.u(85, 100)
        sp = free_spot(ctx, r + 14, False, tries=60)
        if sp is None:
            return
        g, z, poly = sp
        if any(poly_overlap(inflate(poly, 12), o) > 0 for (o, _) in ctx.occ):
            return
        col = jit(rng, rng.ch([(0.95, 0.95, 0.93), (0.1, 0.1, 0.12), (0.7, 0.1, 0.1), (0.15, 0.3, 0.6),
                               (0.9, 0.75, 0.2), (0.2, 0.5, 0.3)]), 0.06)
        fill = rng.ch(['coffee', 'tea', 'empty'])
        hang = rng.u(0, 2 * math.pi)
        m.update(pos=r3(g.tolist()), r=r3(r), h=r3(h), colour=r3(col.tolist()), fill=fill)

        def draw(cv, g=g, r=r, h=h, col=col, fill=fill, hang=hang):
            cam = cv.cam
            base = np.array([g[0], g[1], 0.0])
            u = np.array([math.cos(hang), math.sin(hang), 0])
            hp = []
            rh = h * 0.3
            for a in np.linspace(-math.pi / 2, math.pi / 2, 16):
                hp.append(base + u * (r - 2 + rh * 1.1 * math.cos(a)) + np.array([0, 0, h * 0.55 + rh * math.sin(a)]))
            hp = cam.project(np.array(hp))
            thick = max(1, int(cam.scale_at([g[0], g[1], h / 2]) * 9))
            camg = cam.C[:2]
            far = np.linalg.norm(g + u[:2] * r - camg) > np.linalg.norm(g - camg)

            def handle():
                x0 = int(hp[:, 0].min()) - thick - 2
                y0 = int(hp[:, 1].min()) - thick - 2
                x1 = int(hp[:, 0].max()) + thick + 3
                y1 = int(hp[:, 1].max()) + thick + 3
                if x1 <= x0 or y1 <= y0:
                    return
                mm = np.zeros((y1 - y0, x1 - x0), np.uint8)
                cv2.polylines(mm, [np.round((hp - [x0, y0]) * 8).astype(np.int32)], False, 255, thick, cv2.LINE_AA, 3)
                a = mm.astype(np.float32) / 255
                cv.composite(x0, y0, a[..., None] * (col * 0.85), a, label=-1, gloss=0.5)
            if far:
                handle()
            draw_cylinder(cv, base, [0, 0, 1], r, h, col, n=40, gloss=0.6)
            th_ = np.linspace(0, 2 * math.pi, 48, endpoint=False)
            ring = np.stack([np.cos(th_), np.sin(th_), np.zeros_like(th_)], 1)
            outer = cam.project(base + r * ring + [0, 0, h])
            inner = cam.project(base + (r - 4) * ring + [0, 0, h])
            cv.fill_poly(outer, np.clip(col * 1.1, 0, 1), label=-1, gloss=0.6)
            inner_col = col * 0.6 if col.mean() > 0.3 else np.array([0.9, 0.9, 0.88]) * 0.6
            cv.fill_poly(inner, inner_col, label=-1, gloss=0.3)
            lvl = {'coffee': 0.8, 'tea': 0.75, 'empty': 0.05}[fill]
            liq = cam.project(base + (r - 4) * ring + [0, 0, h * lvl])
            lc = {'coffee': np.array([0.18, 0.09, 0.04]), 'tea': np.array([0.55, 0.3, 0.08]),
                  'empty': inner_col * 0.8}[fill]
            ar, ip = cv2.intersectConvexConvex(inner.astype(np.float32), liq.astype(np.float32))
            if ar > 1 and ip is not None:
                cv.fill_poly(ip.reshape(-1, 2), lc, label=-1, gloss=0.9)
            if not far:
                handle()
        o = Obj('mug', g, 500.0, draw, ('cyl', [g[0], g[1], 0], r, h), m)
        objs.append(o)
    elif kind == 'phone':
        sp = free_spot(ctx, 50, over)
        if sp is None:
            return
        g, z, poly = sp
        th = rng.u(0, 2 * math.pi)
        dims = [72, 150, 8]
        fp = box_footprint(np.array([g[0], g[1], 4]), rot_z(th), dims)
        z = support_z(ctx, fp)
        if z > 0 and not over:
            return
        seed = int(rng.g.integers(1 << 30))
        m.update(pos=r3(g.tolist()), z=r3(z), angle=r3(th))
        tm = {}

        def draw(cv, g=g, z=z, th=th, seed=seed, m=m, tm=tm):
            lr = R(seed)
            tw = max(20, int(cv.cam.scale_at([g[0], g[1], z]) * 72 * 1.2))
            tex, body = phone_tex(lr, tw, tm)
            m.update(tm)
            st = premult(np.full((6, 6, 3), 1.0, np.float32) * body * 0.9, np.ones((6, 6), np.float32))
            draw_box(cv, [g[0], g[1], z + 4], rot_z(th), dims, {'+z': (tex, 0.9), '+x': (st, 0.5), '-x': (st, 0.5),
                                                                '+y': (st, 0.5), '-y': (st, 0.5)}, body * 0.8, gloss=0.5)
        objs.append(Obj('phone', g, z, draw, ('box', [g[0], g[1], z + 4], rot_z(th), dims), m))
    elif kind == 'hand':
        W, H = cam.W, cam.H
        # wrist point inside the picture, arm running out of the nearest chosen edge
        edge = rng.i(0, 3)
        if ctx.tiles and rng.p(0.6):
            t = ctx.tiles[rng.i(0, len(ctx.tiles) - 1)]
            tip = cam.world_to_image(t['c'])[0]
        else:
            tip = np.array([rng.u(0.2, 0.8) * W, rng.u(0.2, 0.8) * H])
        outdir = [np.array([0, -1.0]), np.array([1.0, 0]), np.array([0, 1.0]), np.array([-1.0, 0])][edge]
        hz = rng.u(20, 80)
        gt = cam.image_to_ground(tip, z=hz)[0]
        ge = cam.image_to_ground(tip + outdir * 100, z=hz)[0]
        dvec = ge[:2] - gt[:2]
        dvec /= np.linalg.norm(dvec)
        a = math.atan2(dvec[1], dvec[0]) + math.radians(rng.n(20))
        dvec = np.array([math.cos(a), math.sin(a)])
        m.update(edge=edge, height=r3(hz), pos=r3(gt[:2].tolist()), angle=r3(a))
        seed = int(rng.g.integers(1 << 30))
        tm = {}
        # hand frame: local y = along arm (toward edge), fingertips at about y=-palm/2-70 -> put palm centre
        ey = np.array([dvec[0], dvec[1], 0.0])
        ex = np.array([-dvec[1], dvec[0], 0.0])
        # (ex, ey) must be right-handed w.r.t. z for a non-mirrored hand; mirror is fine either way
        palm_c = np.array([gt[0], gt[1], hz]) + ey * rng.u(60, 110)

        def draw(cv, seed=seed, palm_c=palm_c, ex=ex, ey=ey, m=m, tm=tm):
            lr = R(seed)
            mpp = max(0.5, 1.0 / cv.cam.scale_at(palm_c) / 1.2)
            tex, wmm, hmm, yc = hand_tex(lr, mpp, tm)
            m.update(tm)
            c = palm_c + ey * yc
            draw_sprite(cv, tex, c, ex, ey, wmm, hmm, label=-1, gloss=0.1)
        o = Obj('hand', gt[:2], 1000.0, draw, None, m)
        o.sprite_shadow = (seed, palm_c, ex, ey)
        objs.append(o)
    dmeta.append(m)


# ----------------------------------------------------------------------------- shadows
def shadow_points(sh, L):
    """3-D points whose projection along L to z=0 form the cast shadow"""
    if sh is None:
        return None
    if sh[0] == 'box':
        _, c, Rm, dims = sh
        return box_vertices(np.asarray(c, float), Rm, dims)
    if sh[0] == 'cyl':
        if len(sh) == 6:
            _, b, r, h, ax, ln = sh
            b = np.asarray(b, float)
            pts = []
            for s in np.linspace(0, ln, 6):
                for a in np.linspace(0, 2 * math.pi, 8, endpoint=False):
                    pts.append(b + ax * s + np.array([0, 0, r + r * math.sin(a)]) + np.array([-ax[1], ax[0], 0]) * r * math.cos(a))
            return np.array(pts)
        _, b, r, h = sh
        b = np.asarray(b, float)
        a = np.linspace(0, 2 * math.pi, 24, endpoint=False)
        ring = np.stack([np.cos(a), np.sin(a), np.zeros_like(a)], 1) * r
        return np.concatenate([b + ring, b + ring + [0, 0, h]])
    return None


def cast_poly(cam, P, L, zp=0.0):
    s = (P[:, 2] - zp) / max(L[2], 0.2)
    G = P - s[:, None] * L
    G[:, 2] = zp
    p = cam.project(G)
    return cv2.convexHull(p.astype(np.float32)).reshape(-1, 2)


# ----------------------------------------------------------------------------- tile drawing
def tile_faces(S, t, tw, ldir, rng):
    dims = tile_dims(S)
    st = side_tex(S)
    faces = {'+x': (st, S['gloss'] * 0.5), '-x': (st, S['gloss'] * 0.5), '+y': (st, S['gloss'] * 0.5),
             '-y': (st, S['gloss'] * 0.5)}
    if t['state'] == 'up':
        faces['+z'] = (make_tile_tex(S, t['face'], tw, ldir, rng), S['gloss'])
        faces['-z'] = (side_tex(S, S['back'], False), S['gloss'])
    elif t['state'] == 'down':
        faces['+z'] = (make_tile_tex(S, t['face'], tw, ldir, rng, back=True), S['gloss'])
    else:   # standing: the pip face is +z (now vertical), the other big face -z is the back
        faces['+z'] = (make_tile_tex(S, t['face'], tw, ldir, rng), S['gloss'])
        faces['-z'] = (make_tile_tex(S, t['face'], tw, ldir, rng, back=True), S['gloss'])
        # sides of a standing tile: the up-facing side
    return faces


# ----------------------------------------------------------------------------- scene
FORCE_KIND = os.environ.get('DOMINO_FORCE_KIND')     # testing aid only
DEBUG_LABEL = bool(os.environ.get('DOMINO_DEBUG_LABEL'))


def render_scene(seed):
    t0 = time.time()
    rng = R(seed)
    meta = {'seed': seed}
    W, H = rng.ch([(1280, 720), (1920, 1080), (960, 540)], [0.7, 0.15, 0.15])
    sc = W / 1280.0
    pw = rng.u(30, 90) * sc
    fov = rng.u(45, 75)
    f = (W / 2) / math.tan(math.radians(fov) / 2)
    D = f * TILE_W / pw
    tilt = math.radians(rng.ch([rng.u(0, 3), rng.u(3, 15)], [0.3, 0.7]))
    taz = rng.u(0, 2 * math.pi)
    roll = math.radians(rng.n(3)) if rng.p(0.8) else rng.u(-math.pi, math.pi)
    k = rng.u(0.02, 0.15) if rng.p(0.3) else 0.0
    cam = Camera(W, H, fov, D, tilt, taz, roll, [0, 0, 0], k)
    meta['camera'] = {'width': W, 'height': H, 'tile_px_nominal': r3(pw, 1), 'fov_deg': r3(fov, 1),
                      'distance_mm': r3(D, 1), 'tilt_deg': r3(math.degrees(tilt), 2),
                      'tilt_azimuth_deg': r3(math.degrees(taz), 1), 'roll_deg': r3(math.degrees(roll), 1),
                      'barrel_k': r3(k, 3)}
    # light
    el = math.radians(rng.u(35, 80))
    laz = rng.u(0, 2 * math.pi)
    L = np.array([math.cos(el) * math.cos(laz), math.cos(el) * math.sin(laz), math.sin(el)])
    amb = rng.u(0.35, 0.6)
    meta['light'] = {'elevation_deg': r3(math.degrees(el), 1), 'azimuth_deg': r3(math.degrees(laz), 1),
                     'ambient': r3(amb)}
    S = sample_tileset(rng)
    ctx = Ctx(rng, cam, S)
    # layout
    # exactly one scene in ten (by seed) is an 'empty table' with no face-up tile
    if seed % 10 == 3:
        kind = 'empty'
    else:
        kind = rng.ch(KINDS[:-1], KIND_W[:-1])
    if FORCE_KIND:
        kind = FORCE_KIND
    lmeta = {'kind': kind}
    if kind == 'empty':
        sub = rng.ch(['wall', 'backs', 'standing', 'nothing'], [0.4, 0.2, 0.15, 0.25])
        lmeta['empty_variant'] = sub
        if sub == 'wall':
            lmeta['wall'] = [gen_wall(ctx) for _ in range(rng.i(1, 3))]
        elif sub == 'backs':
            lmeta['backs'] = gen_scatter(ctx, n=rng.i(2, 10), states=(0, 1, 0))
        elif sub == 'standing':
            lmeta['standing'] = gen_standing(ctx)
    else:
        if kind == 'offedge':
            base = rng.ch(['deal', 'block', 'chain', 'scatter', 'pairs'])
            lmeta['base'] = base
            edge = 'offedge'
        else:
            base, edge = kind, 'inside'
        res = LAYOUTS[base](ctx, edge)
        if res is None and edge == 'offedge':
            res = LAYOUTS[base](ctx, 'any')
        if res is None:
            res = gen_scatter(ctx, 'inside', n=rng.i(2, 6))
            lmeta['fallback'] = 'scatter'
        lmeta['detail'] = res
        # extras
        if rng.p(0.22):
            lmeta['extra_wall'] = gen_wall(ctx)
        if rng.p(0.08):
            lmeta['extra_standing'] = gen_standing(ctx)
        if rng.p(0.12):
            lmeta['extra_backs'] = gen_scatter(ctx, n=rng.i(1, 4), states=(0, 1, 0))
    meta['layout'] = lmeta
    # distractors
    objs = []
    dmeta = []
    nd = rng.i(2, 6) if kind == 'empty' else (0 if rng.p(0.35) else rng.i(1, 4))
    nhand = 0
    for _ in range(nd):
        kd = rng.ch(DISTRACTORS, DISTRACTOR_W)
        if kd == 'hand':
            if nhand >= 1:
                continue
            nhand += 1
        add_distractor(ctx, kd, objs, dmeta)
    meta['distractors'] = dmeta
    # tiles -> objects
    dims = tile_dims(S)
    tw = int(np.clip(cam.scale_at([0, 0, 0]) * S['w'] * 1.35, 14, 220))
    tiles = ctx.tiles
    for i_, t in enumerate(tiles):
        t['id'] = i_ + 1

        def draw(cv, t=t, seed=int(rng.g.integers(1 << 30))):
            lr = R(seed)
            ex, ey = t['R'][:, 0], t['R'][:, 1]
            ldir = (float(L @ ex), float(L @ ey))
            faces = tile_faces(S, t, tw, ldir, lr)
            info = draw_box(cv, t['c'], t['R'], dims, faces, S['side'] * 0.85,
                            label_face='+z' if t['state'] == 'up' else None,
                            label_id=t['id'] if t['state'] == 'up' else None, gloss=S['gloss'],
                            corner_r=S['corner_r'])
            t['mask'] = info
            if t['state'] == 'down':
                # face-down tiles: remember top mask for in-picture test via a label-less warp
                t['mask_down'] = True
        o = Obj('tile', t['c'][:2], t['base_z'], draw, ('box', t['c'], t['R'], dims))
        o.tile = t
        objs.append(o)
    # canvas + background
    cvs = Canvas(cam, L, amb)
    bmeta = {}
    bg, bgloss = make_background(rng, cam, bmeta)
    meta['background'] = bmeta
    cvs.img[:] = bg
    cvs.gloss[:] = bgloss
    # ground shadows (cast + contact) for objects resting on the table
    cast = np.zeros((cam.CH, cam.CW), np.uint8)
    contact = np.zeros((cam.CH, cam.CW), np.uint8)
    sh_str = rng.u(0.2, 0.6)
    sh_soft = rng.u(0.6, 3.0) * sc
    meta['shadows'] = {'strength': r3(sh_str), 'softness_px': r3(sh_soft)}
    for o in objs:
        if o.shadow is None or o.base_z > 0.5 and o.kind != 'mug':
            continue
        P = shadow_points(o.shadow, L)
        if P is None:
            continue
        poly = cast_poly(cam, P, L)
        cv2.fillPoly(cast, [np.round(poly * 8).astype(np.int32)], 255, cv2.LINE_AA, 3)
        Pb = P.copy()
        Pb[:, 2] = 0
        hb = cv2.convexHull(cam.project(Pb).astype(np.float32)).reshape(-1, 2)
        cv2.fillPoly(contact, [np.round(hb * 8).astype(np.int32)], 255, cv2.LINE_AA, 3)
    castf = cv2.GaussianBlur(cast.astype(np.float32) / 255, (0, 0), sh_soft + 0.5)
    contf = cv2.GaussianBlur(contact.astype(np.float32) / 255, (0, 0), 1.0 + 0.6 * sc)
    cvs.img *= ((1 - sh_str * castf) * (1 - 0.35 * contf))[..., None]
    # draw order: phase, base height, far-to-near from the camera's ground point
    camg = cam.C[:2]
    objs.sort(key=lambda o: (o.phase, round(o.base_z, 1), -float(np.linalg.norm(np.asarray(o.pos) - camg))))
    for o in objs:
        if o.base_z > 0.5 and o.kind != 'mug':
            # shadow of an elevated object onto what is below
            if o.kind == 'hand':
                seed_, palm_c, ex, ey = o.sprite_shadow
                lr = R(seed_)
                mpp = max(0.5, 1.0 / cam.scale_at(palm_c) / 1.2)
                tex, wmm, hmm, yc = hand_tex(lr, mpp, {})
                c = palm_c + ey * yc
                s = c[2] / max(L[2], 0.2)
                cg = c - s * L
                cg[2] = 0
                corners = np.array([cg - ex * wmm / 2 - ey * hmm / 2, cg + ex * wmm / 2 - ey * hmm / 2,
                                    cg + ex * wmm / 2 + ey * hmm / 2, cg - ex * wmm / 2 + ey * hmm / 2])
                r_ = cvs.warp(tex[..., 3:4].repeat(4, 2), tex_src(tex), cam.project(corners))
                if r_ is not None:
                    x0, y0, _, a = r_
                    bl = 1.0 + 0.04 * o.base_z * cam.scale_at(cg) * 0.3
                    a = cv2.GaussianBlur(a, (0, 0), bl)
                    hs = rng.u(0.25, 0.5)
                    roi = cvs.img[y0:y0 + a.shape[0], x0:x0 + a.shape[1]]
                    roi *= (1 - hs * a[:roi.shape[0], :roi.shape[1]])[..., None]
            elif o.shadow is not None:
                P = shadow_points(o.shadow, L)
                zp = max(0.0, o.base_z)
                poly = cast_poly(cam, P, L, zp)
                r_ = cvs.poly_alpha(poly)
                if r_ is not None:
                    x0, y0, a = r_
                    pad = int(3 * sh_soft) + 3
                    x0p, y0p = max(0, x0 - pad), max(0, y0 - pad)
                    x1p = min(cam.CW, x0 + a.shape[1] + pad)
                    y1p = min(cam.CH, y0 + a.shape[0] + pad)
                    big = np.zeros((y1p - y0p, x1p - x0p), np.float32)
                    big[y0 - y0p:y0 - y0p + a.shape[0], x0 - x0p:x0 - x0p + a.shape[1]] = a
                    big = cv2.GaussianBlur(big, (0, 0), sh_soft * 0.7 + 0.5)
                    cvs.img[y0p:y1p, x0p:x1p] *= (1 - sh_str * 0.8 * big)[..., None]
        o.draw(cvs)
    # glare (specular spots / streaks) on glossy surfaces
    gm = {'spots': [], 'streaks': []}
    q = 4
    gh, gw = cam.CH // q + 1, cam.CW // q + 1
    yy, xx = np.mgrid[0:gh, 0:gw].astype(np.float32) * q
    glare = np.zeros((gh, gw), np.float32)
    for _ in range(rng.ch([0, 1, 2, 3], [0.25, 0.4, 0.25, 0.1])):
        gx, gy = rng.u(0, cam.CW), rng.u(0, cam.CH)
        s_ = rng.u(15, 160) * sc
        I = rng.u(0.15, 0.8)
        glare += I * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * s_ * s_))
        gm['spots'].append(r3([gx, gy, s_, I], 1))
    for _ in range(rng.ch([0, 1, 2], [0.6, 0.3, 0.1])):
        gx, gy = rng.u(0, cam.CW), rng.u(0, cam.CH)
        a = rng.u(0, math.pi)
        wdt = rng.u(3, 18) * sc
        ln = rng.u(100, 900) * sc
        I = rng.u(0.2, 0.7)
        dx, dy = xx - gx, yy - gy
        along = dx * math.cos(a) + dy * math.sin(a)
        acr = -dx * math.sin(a) + dy * math.cos(a)
        glare += I * np.exp(-acr ** 2 / (2 * wdt ** 2)) * np.exp(-along ** 2 / (2 * (ln / 2) ** 2))
        gm['streaks'].append(r3([gx, gy, math.degrees(a), wdt, ln, I], 1))
    glare = cv2.resize(glare, (gw * q, gh * q), interpolation=cv2.INTER_LINEAR)[:cam.CH, :cam.CW]
    lc = jit(rng, (1.0, 0.97, 0.92), 0.03)
    cvs.img += (glare * cvs.gloss)[..., None] * lc
    meta['glare'] = gm
    img = np.clip(cvs.img, 0, 1.2)
    # ---- labels
    inimg = cam.inimg_mask()
    out_tiles = []
    face_down = 0
    stand = 0
    for t in tiles:
        dimsv = dims
        if t['state'] == 'up':
            info = t.get('mask')
            if info is None:
                continue
            x0, y0, m = info
            full = int(m.sum())
            if full == 0:
                continue
            cx0, cy0 = max(x0, 0), max(y0, 0)
            cx1, cy1 = min(x0 + m.shape[1], cam.CW), min(y0 + m.shape[0], cam.CH)
            if cx1 <= cx0 or cy1 <= cy0:
                continue
            mm = m[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]
            ii = inimg[cy0:cy1, cx0:cx1]
            n_in = int((mm & ii).sum())
            if n_in == 0:
                continue
            # visible share: pixels still showing this top face, over the whole face; measured on
            # the face eroded by one pixel so that anti-aliased contact seams with touching
            # neighbours do not count as occlusion
            er = cv2.erode(m.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
            if er.sum() >= 30:
                full = int(er.sum())
                mm = er[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0]
            vis = int(((cvs.label[cy0:cy1, cx0:cx1] == t['id']) & mm & ii).sum())
            cs = FACES['+z'][1]
            corners = t['c'] + (np.asarray(cs, float) * dimsv / 2) @ t['R'].T
            p = cam.world_to_image(corners)
            a2 = np.sum(p[:, 0] * np.roll(p[:, 1], -1) - np.roll(p[:, 0], -1) * p[:, 1])
            if a2 < 0:
                p = p[::-1]
            out_tiles.append({'face': t['face'], 'corners': [[round(float(x), 2), round(float(y), 2)] for x, y in p],
                              'visible': round(min(1.0, vis / full), 3)})
        elif t['state'] == 'down':
            cs = FACES['+z'][1]
            corners = t['c'] + (np.asarray(cs, float) * dimsv / 2) @ t['R'].T
            p = cam.world_to_image(corners)
            pc = cam.project(corners)
            r_ = cvs.poly_alpha(pc)
            if r_ is None:
                continue
            x0, y0, a = r_
            if ((a > 0.5) & inimg[y0:y0 + a.shape[0], x0:x0 + a.shape[1]]).any():
                face_down += 1
        else:
            stand += 1
    meta['tileset'] = style_meta(S)
    meta['tiles_all'] = [{'face': t['face'], 'state': t['state'], 'level': t.get('level', 0),
                          'centre': r3(t['c'].tolist(), 2), 'yaw_deg': r3(math.degrees(math.atan2(t['R'][1, 1], t['R'][0, 1]) - math.pi / 2), 1),
                          'rest': t.get('rest', 'flat'), 'tilt_deg': r3(t.get('tilt_deg', 0.0), 2)} for t in tiles]
    meta['n_standing'] = stand
    # ---- distortion + crop
    if k > 0:
        mx, my = cam.remap_maps()
        img = cv2.remap(img, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
        if DEBUG_LABEL:
            meta['_label'] = cv2.remap(cvs.label, mx, my, cv2.INTER_NEAREST)
    else:
        img = img[cam.oy:cam.oy + H, cam.ox:cam.ox + W]
        if DEBUG_LABEL:
            meta['_label'] = cvs.label[cam.oy:cam.oy + H, cam.ox:cam.ox + W].copy()
    if DEBUG_LABEL:
        meta['_ids'] = [t['id'] for t in tiles if t['state'] == 'up']
    # ---- lighting gradient, vignette, tint
    ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
    ga = rng.u(0, 2 * math.pi)
    gs = rng.ch([0.0, rng.u(0.05, 0.4)], [0.25, 0.75])
    vig = rng.ch([0.0, rng.u(0.05, 0.4)], [0.4, 0.6])
    expo = rng.u(0.8, 1.15)
    tint = jit(rng, (1, 1, 1), 0.04)
    xn = (xs - W / 2) / (W / 2)
    yn = (ys - H / 2) / (W / 2)
    gmap = expo * (1 + gs * (xn * math.cos(ga) + yn * math.sin(ga))) * (1 - vig * (xn * xn + yn * yn) / 1.3)
    img = img * gmap[..., None] * tint
    meta['lighting'] = {'gradient': r3(gs), 'gradient_dir_deg': r3(math.degrees(ga), 1), 'vignette': r3(vig),
                        'exposure': r3(expo), 'tint': r3(tint.tolist())}
    # ---- blur
    bk = rng.ch(['none', 'gaussian', 'motion', 'defocus'], [0.4, 0.35, 0.12, 0.13])
    bm = {'kind': bk}
    if bk == 'gaussian':
        s_ = rng.u(0.4, 1.5) * sc
        img = cv2.GaussianBlur(img, (0, 0), s_)
        bm['sigma'] = r3(s_)
    elif bk == 'motion':
        ln = max(2, int(round(rng.u(2, 8) * sc)))
        a = rng.u(0, 180)
        kern = np.zeros((2 * ln + 1, 2 * ln + 1), np.float32)
        cv2.line(kern, (ln - int(round(ln * math.cos(math.radians(a)))), ln - int(round(ln * math.sin(math.radians(a))))),
                 (ln + int(round(ln * math.cos(math.radians(a)))), ln + int(round(ln * math.sin(math.radians(a))))), 1.0, 1,
                 cv2.LINE_AA)
        kern /= kern.sum()
        img = cv2.filter2D(img, -1, kern)
        bm.update(length=ln * 2, angle=r3(a, 1))
    elif bk == 'defocus':
        rad = max(1, int(round(rng.u(1, 3) * sc)))
        kern = np.zeros((2 * rad + 1, 2 * rad + 1), np.float32)
        cv2.circle(kern, (rad, rad), rad, 1.0, -1, cv2.LINE_AA)
        kern /= kern.sum()
        img = cv2.filter2D(img, -1, kern)
        bm['radius'] = rad
    meta['blur'] = bm
    # ---- noise
    ns = rng.ch([0.0, rng.u(0.5, 3), rng.u(3, 8)], [0.2, 0.5, 0.3])
    chroma = rng.u(0, 0.5)
    if ns > 0:
        nse = rng.g.normal(0, ns / 255.0, (H, W, 1)).astype(np.float32)
        nse = nse * (1 - chroma) + rng.g.normal(0, ns / 255.0, (H, W, 3)).astype(np.float32) * chroma
        img = img + nse * (0.5 + np.sqrt(np.clip(img, 0, 1)))
    meta['noise'] = {'sigma': r3(ns), 'chroma': r3(chroma)}
    out = (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)
    out = cv2.cvtColor(out, cv2.COLOR_RGB2BGR)
    jq = rng.ch([None, rng.i(30, 95)], [0.25, 0.75])
    if jq is not None:
        ok, enc = cv2.imencode('.jpg', out, [cv2.IMWRITE_JPEG_QUALITY, jq])
        out = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    meta['jpeg_quality'] = jq
    js = {'width': W, 'height': H, 'tiles': out_tiles, 'face_down': face_down, 'meta': meta}
    return out, js


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('outdir')
    ap.add_argument('--n', type=int, default=300)
    ap.add_argument('--seed', type=int, default=11000)
    ap.add_argument('--start', type=int, default=0)
    a = ap.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    t0 = time.time()
    for i in range(a.start, a.n):
        img, js = render_scene(a.seed + i)
        js['meta']['index'] = i
        cv2.imwrite(os.path.join(a.outdir, '%04d.png' % i), img)
        with open(os.path.join(a.outdir, '%04d.json' % i), 'w') as fh:
            json.dump(js, fh)
    print('rendered %d scenes in %.1f s' % (a.n - a.start, time.time() - t0), file=sys.stderr)


if __name__ == '__main__':
    main()
