#!/usr/bin/env python3
"""Physically-flavoured synthetic renderer for Chinese dominoes (Tien Gow / Pai Gow tiles).

Scene model: a pinhole camera above a table plane (z = 0, millimetres).  Every raised object
(tile, face-down tile, die, coin, chip) is a bevelled rounded box; its top face and side walls are
traced per pixel: for each image pixel of the object's bounding region the ray is intersected with
the top plane (and a few wall levels), the local surface point gives normal (bevel, recessed pip
cup, divider groove) and albedo (body, paint, worn paint), and the point is shaded with Lambert
diffuse + Blinn-Phong specular from one or two lights plus ambient and a Fresnel environment term.
The render is made at `ss` times the output size, then a camera is simulated: downscale, lens blur,
vignetting, lateral chromatic aberration, exposure, Bayer mosaic + sensor noise + OpenCV demosaic,
imperfect white balance, tone curve, unsharp-mask halos, JPEG once or twice.

Usage: python render.py OUTDIR --n 300 --seed 13000
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
MILITARY = ['6-3', '6-2', '5-4', '5-3', '5-2', '4-3', '4-1', '3-2', '4-2', '2-1']
DECK = CIVIL * 2 + MILITARY

SCENE_KINDS = ['rows', 'blocks', 'groups', 'scatter', 'mixed', 'empty']
SCENE_P = [0.24, 0.14, 0.20, 0.18, 0.14, 0.10]

SIZES = [(1280, 720), (1024, 768), (1600, 900), (720, 1280), (1440, 1080)]
SIZES_P = [0.78, 0.06, 0.05, 0.06, 0.05]


def r3(x):
    return float(round(float(x), 3))


def unit(v):
    v = np.asarray(v, np.float64)
    return v / np.linalg.norm(v)


# ----------------------------------------------------------------------------------------------
# noise helpers
# ----------------------------------------------------------------------------------------------

def smooth_noise(rng, h, w, cell, octaves=3, persistence=0.5):
    out = np.zeros((h, w), np.float32)
    amp, tot = 1.0, 0.0
    for _ in range(octaves):
        gh = max(2, int(h / cell) + 2)
        gw = max(2, int(w / cell) + 2)
        g = rng.standard_normal((gh, gw)).astype(np.float32)
        out += amp * cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC)
        tot += amp
        amp *= persistence
        cell = max(1.0, cell / 2.0)
    out /= tot
    return out


def make_noise_tex():
    rng = np.random.default_rng(987654)
    n = smooth_noise(rng, 512, 512, 24, octaves=4, persistence=0.6)
    n = (n - n.min()) / (n.max() - n.min())
    return n.astype(np.float32)


NOISE_TEX = make_noise_tex()


def sample_tex(u, v, scale, ox, oy):
    """bilinear wrap sample of NOISE_TEX at (u*scale+ox, v*scale+oy); u, v 2-D arrays."""
    mx = np.mod(u * scale + ox, 510.0).astype(np.float32)
    my = np.mod(v * scale + oy, 510.0).astype(np.float32)
    return cv2.remap(NOISE_TEX, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)


# ----------------------------------------------------------------------------------------------
# Bayer pattern <-> OpenCV code (determined empirically once)
# ----------------------------------------------------------------------------------------------

PATTERNS = {'RGGB': ((0, 0, 'R'), (0, 1, 'G'), (1, 0, 'G'), (1, 1, 'B')),
            'BGGR': ((0, 0, 'B'), (0, 1, 'G'), (1, 0, 'G'), (1, 1, 'R')),
            'GRBG': ((0, 0, 'G'), (0, 1, 'R'), (1, 0, 'B'), (1, 1, 'G')),
            'GBRG': ((0, 0, 'G'), (0, 1, 'B'), (1, 0, 'R'), (1, 1, 'G'))}
CH = {'R': 0, 'G': 1, 'B': 2}


def mosaic(rgb, pattern):
    h, w = rgb.shape[:2]
    m = np.empty((h, w), rgb.dtype)
    for dy, dx, c in PATTERNS[pattern]:
        m[dy::2, dx::2] = rgb[dy::2, dx::2, CH[c]]
    return m


_BAYER_CACHE = {}


def bayer_code(pattern, method):
    key = (pattern, method)
    if key in _BAYER_CACHE:
        return _BAYER_CACHE[key]
    rng = np.random.default_rng(1)
    test = np.stack([cv2.resize(rng.random((6, 6)).astype(np.float32), (64, 64),
                                interpolation=cv2.INTER_CUBIC) for _ in range(3)], -1)
    test = np.clip(test, 0, 1)
    t8 = (test * 255).astype(np.uint8)
    m = mosaic(t8, pattern)
    suffix = {'bilinear': '', 'ea': '_EA', 'vng': '_VNG'}[method]
    best = None
    for name in ('BG', 'GB', 'RG', 'GR'):
        code = getattr(cv2, 'COLOR_Bayer%s2BGR%s' % (name, suffix))
        out = cv2.cvtColor(m, code)[..., ::-1].astype(np.float32)
        err = np.abs(out[4:-4, 4:-4] - t8[4:-4, 4:-4]).mean()
        if best is None or err < best[0]:
            best = (err, code, name)
    _BAYER_CACHE[key] = (best[1], best[2])
    return _BAYER_CACHE[key]


# ----------------------------------------------------------------------------------------------
# camera geometry
# ----------------------------------------------------------------------------------------------

class Camera:
    def __init__(self, K, R, t, C, ss):
        self.K = K
        self.R = R
        self.t = t
        self.C = C
        self.ss = ss
        S = np.array([[ss, 0, 0.5 * ss - 0.5], [0, ss, 0.5 * ss - 0.5], [0, 0, 1.0]])
        self.Kss = S @ K

    def H(self, z, ss=False):
        K = self.Kss if ss else self.K
        M = np.stack([self.R[:, 0], self.R[:, 1], z * self.R[:, 2] + self.t], 1)
        return K @ M

    def project(self, P, ss=False):
        P = np.atleast_2d(np.asarray(P, np.float64))
        K = self.Kss if ss else self.K
        pc = P @ self.R.T + self.t
        x = pc @ K.T
        return x[:, :2] / x[:, 2:3]

    def backproject_table(self, pts, z=0.0):
        Hi = np.linalg.inv(self.H(z))
        p = np.c_[np.asarray(pts, np.float64), np.ones(len(pts))] @ Hi.T
        return p[:, :2] / p[:, 2:3]


def make_camera(rng, W, H, tile_w_mm, tile_px, ss, meta):
    fov = rng.uniform(42, 75)
    f = (max(W, H) / 2.0) / math.tan(math.radians(fov) / 2)
    D = f * tile_w_mm / tile_px
    u = rng.random()
    if u < 0.35:
        tilt = rng.uniform(0, 3)
    elif u < 0.85:
        tilt = rng.uniform(3, 12)
    else:
        tilt = rng.uniform(12, 22)
    psi = rng.uniform(0, 2 * math.pi)
    gamma = math.radians(rng.normal(0, 2.0))
    C = D * np.array([math.sin(math.radians(tilt)) * math.cos(psi),
                      math.sin(math.radians(tilt)) * math.sin(psi),
                      math.cos(math.radians(tilt))])
    zc = unit(-C)
    a = np.array([math.cos(gamma), math.sin(gamma), 0.0])
    xc = unit(a - a.dot(zc) * zc)
    yc = np.cross(zc, xc)
    R = np.stack([xc, yc, zc], 0)
    t = -R @ C
    cx = (W - 1) / 2.0 + rng.normal(0, W * 0.01)
    cy = (H - 1) / 2.0 + rng.normal(0, H * 0.01)
    K = np.array([[f, 0, cx], [0, f, cy], [0, 0, 1.0]])
    meta['camera'] = {'fov_deg': r3(fov), 'focal_px': r3(f), 'height_mm': r3(C[2]),
                      'distance_mm': r3(D), 'tilt_deg': r3(tilt), 'tilt_azimuth_deg': r3(math.degrees(psi)),
                      'roll_deg': r3(math.degrees(gamma)), 'principal_point': [r3(cx), r3(cy)],
                      'supersample': r3(ss)}
    return Camera(K, R, t, C, ss)


# ----------------------------------------------------------------------------------------------
# tile set (material + pip design)
# ----------------------------------------------------------------------------------------------

def pick(rng, items, p=None):
    i = rng.choice(len(items), p=p)
    return items[i]


def make_set(rng):
    s = {}
    s['colour'] = 'black' if rng.random() < 0.62 else 'ivory'
    s['W'] = rng.uniform(20, 27)
    s['aspect'] = rng.uniform(1.95, 2.5)
    s['L'] = s['W'] * s['aspect']
    s['T'] = s['W'] * rng.uniform(0.28, 0.45)
    s['rc'] = s['W'] * rng.uniform(0.06, 0.15)
    s['rb'] = min(s['rc'] * 0.95, s['W'] * rng.uniform(0.03, 0.09))
    if s['colour'] == 'black':
        g = rng.uniform(0.008, 0.025)
        tint = rng.normal(0, 0.002, 3)
        s['body'] = list(np.clip(g + tint, 0.005, 0.04))
        w = rng.uniform(0.72, 0.9)
        s['pip_main_name'] = 'white'
        s['pip_main'] = [w, w * rng.uniform(0.97, 1.0), w * rng.uniform(0.9, 0.99)]
        s['ks'] = rng.uniform(0.1, 0.5)
        s['shin'] = float(np.exp(rng.uniform(math.log(80), math.log(600))))
        s['two_style'] = pick(rng, ['outer_pair', 'diag', 'axis'], [0.85, 0.1, 0.05])
        s['layout'] = pick(rng, ['compact', 'spread'], [0.85, 0.15])
        s['divider'] = pick(rng, ['none', 'groove'], [0.72, 0.28])
    else:
        base = np.array([rng.uniform(0.72, 0.86), rng.uniform(0.65, 0.78), rng.uniform(0.45, 0.64)])
        s['body'] = list(base)
        nm = pick(rng, ['black', 'navy', 'green'], [0.55, 0.25, 0.2])
        s['pip_main_name'] = nm
        s['pip_main'] = {'black': [0.02, 0.02, 0.025], 'navy': [0.03, 0.05, 0.22],
                         'green': [0.02, 0.16, 0.07]}[nm]
        s['ks'] = rng.uniform(0.12, 0.6)
        s['shin'] = float(np.exp(rng.uniform(math.log(20), math.log(160))))
        s['two_style'] = pick(rng, ['outer_pair', 'diag', 'axis'], [0.35, 0.4, 0.25])
        s['layout'] = pick(rng, ['compact', 'spread'], [0.4, 0.6])
        s['divider'] = pick(rng, ['none', 'groove', 'paint'], [0.35, 0.25, 0.4])
    s['red'] = [rng.uniform(0.5, 0.75), rng.uniform(0.02, 0.08), rng.uniform(0.03, 0.09)]
    s['pip_style'] = 'recessed' if rng.random() < 0.7 else 'painted'
    s['cup_angle_deg'] = rng.uniform(20, 45)
    s['worn'] = bool(rng.random() < 0.25)
    s['wear_max'] = rng.uniform(0.2, 0.75) if s['worn'] else 0.0
    s['one_pos'] = 'outer' if (s['layout'] == 'compact' and rng.random() < 0.85) else 'centre'
    s['one_scale'] = rng.uniform(1.0, 1.3)
    s['four_rows'] = 'compact' if s['layout'] == 'compact' else 'spread'
    h = s['aspect'] / 2.0  # half length in W units
    if s['layout'] == 'compact':
        r = rng.uniform(0.12, 0.16)
        m = rng.uniform(0.07, 0.13)
        gap = rng.uniform(0.03, 0.07)
        r0 = r + m
        sp = 2 * r + gap
        while r0 + 2 * sp + r > h - 0.02:
            r *= 0.97
            r0 = r + m
            sp = 2 * r + gap
        rows = [r0, r0 + sp, r0 + 2 * sp]
    else:
        r = rng.uniform(0.09, 0.125)
        rows = [h * 0.2, h * 0.5, h * 0.8]
        while rows[1] - rows[0] < 2 * r + 0.03:
            r *= 0.97
    s['pip_r'] = r
    s['rows'] = rows
    s['col_dx'] = min(rng.uniform(0.18, 0.23), 0.5 - r - 0.07)
    s['col_dx'] = max(s['col_dx'], r + 0.015)
    s['div_width'] = s['W'] * rng.uniform(0.03, 0.06)
    s['div_len'] = rng.uniform(0.6, 0.85)
    s['div_colour'] = [0.03, 0.03, 0.03] if s['colour'] == 'ivory' else [0.6, 0.6, 0.6]
    s['albedo_var'] = rng.uniform(0.0, 0.06 if s['colour'] == 'ivory' else 0.15)
    if rng.random() < 0.3:
        if s['colour'] == 'black':
            s['back'] = pick(rng, [[0.03, 0.08, 0.04], [0.03, 0.04, 0.1], [0.09, 0.05, 0.03],
                                   [0.5, 0.45, 0.36]])
        else:
            s['back'] = pick(rng, [[0.02, 0.02, 0.02], [0.03, 0.1, 0.05], [0.03, 0.05, 0.13],
                                   [0.45, 0.3, 0.13]])
        s['back_frac'] = rng.uniform(0.3, 0.6)
    else:
        s['back'] = list(s['body'])
        s['back_frac'] = 0.0
    return s


def half_pips(n, s):
    """pips of one half: list of (x_offset_W, y_from_outer_end_W, radius_W, red, col) where col is -1/0/1"""
    R = s['rows']
    cx = s['col_dx']
    r = s['pip_r']
    red14 = n in (1, 4)
    if n == 1:
        y = R[0] if s['one_pos'] == 'outer' else R[1]
        return [(0.0, y, r * s['one_scale'], True, 0)]
    if n == 2:
        if s['two_style'] == 'outer_pair':
            return [(-cx, R[0], r, False, -1), (cx, R[0], r, False, 1)]
        if s['two_style'] == 'diag':
            return [(-cx, R[0], r, False, -1), (cx, R[2], r, False, 1)]
        return [(0.0, R[0], r, False, 0), (0.0, R[2], r, False, 0)]
    if n == 3:
        return [(-cx, R[0], r, False, -1), (0.0, R[1], r, False, 0), (cx, R[2], r, False, 1)]
    if n == 4:
        ys = (R[0], R[1]) if s['four_rows'] == 'compact' else (R[0], R[2])
        return [(x, y, r, red14, int(np.sign(x))) for y in ys for x in (-cx, cx)]
    if n == 5:
        return [(x, y, r, False, int(np.sign(x))) for y in (R[0], R[2]) for x in (-cx, cx)] + \
            [(0.0, R[1], r, False, 0)]
    if n == 6:
        return [(x, y, r, False, int(np.sign(x))) for y in R for x in (-cx, cx)]
    raise ValueError(n)


def tile_pips(top, bot, s):
    """local pip list for a tile whose top half (v<0) shows `top` pips and bottom half `bot`.
    returns array (n, 4): u, v, radius (mm), colour index (0 main, 1 red)"""
    W, L = s['W'], s['L']
    is66 = (top == 6 and bot == 6)
    out = []
    for half, n in ((0, top), (1, bot)):
        for x, y, r, red, col in half_pips(n, s):
            if is66 and col == -1:
                red = True  # top half left column red; bottom half = rotated copy (right column)
            if half == 0:
                u, v = x * W, -L / 2 + y * W
            else:
                u, v = -x * W, L / 2 - y * W
            # world XY seen from above is mirrored relative to image xy (camera looks down -Z),
            # so the design is mirrored here to appear the right way round in the picture
            out.append((-u, v, r * W, 1.0 if red else 0.0))
    return np.array(out, np.float32)


DIE_POS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
           4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
           6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


# ----------------------------------------------------------------------------------------------
# lights and shading
# ----------------------------------------------------------------------------------------------

LIGHT_COLOURS = {'warm': [1.0, 0.8, 0.58], 'neutral': [1.0, 0.94, 0.86], 'daylight': [0.96, 0.98, 1.0],
                 'cool': [0.84, 0.92, 1.0]}


def make_lights(rng, D, meta):
    n = 1 if rng.random() < 0.55 else 2
    lights = []
    lm = []
    for i in range(n):
        cname = pick(rng, list(LIGHT_COLOURS.keys()))
        col = np.array(LIGHT_COLOURS[cname]) * rng.uniform(0.95, 1.05, 3)
        inten = 1.0 if i == 0 else rng.uniform(0.3, 0.8)
        if rng.random() < 0.72:
            rad = rng.uniform(0, 1.1) * D
            ang = rng.uniform(0, 2 * math.pi)
            hgt = rng.uniform(0.7, 2.4) * D
            pos = np.array([rad * math.cos(ang), rad * math.sin(ang), hgt])
            lights.append({'type': 'point', 'pos': pos, 'd0': float(np.linalg.norm(pos)),
                           'I': inten, 'rgb': col, 'size': rng.uniform(0.02, 0.15)})
            lm.append({'type': 'point', 'pos_mm': [r3(x) for x in pos], 'colour': cname,
                       'rgb': [r3(x) for x in col], 'intensity': r3(inten)})
        else:
            el = math.radians(rng.uniform(35, 82))
            az = rng.uniform(0, 2 * math.pi)
            d = np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)])
            lights.append({'type': 'dir', 'dir': d, 'I': inten, 'rgb': col, 'size': rng.uniform(0.02, 0.2)})
            lm.append({'type': 'directional', 'elevation_deg': r3(math.degrees(el)),
                       'azimuth_deg': r3(math.degrees(az)), 'colour': cname,
                       'rgb': [r3(x) for x in col], 'intensity': r3(inten)})
    mean_col = np.mean([l['rgb'] * l['I'] for l in lights], 0)
    amb = rng.uniform(0.12, 0.45) * (0.6 * mean_col / mean_col.mean() + 0.4)
    env = rng.uniform(0.1, 0.45)
    meta['lighting'] = {'lights': lm, 'ambient': [r3(x) for x in amb], 'env_reflection': r3(env)}
    return lights, amb.astype(np.float32), env


def light_dir_at(light, P):
    """unit direction(s) to light and irradiance scale at points P (n,3)"""
    if light['type'] == 'point':
        Lv = light['pos'][None, :] - P
        d2 = (Lv * Lv).sum(1)
        Lv = Lv / np.sqrt(d2)[:, None]
        E = light['I'] * light['d0'] ** 2 / d2
        return Lv.astype(np.float32), E.astype(np.float32)
    Lv = np.broadcast_to(light['dir'][None, :], P.shape).astype(np.float32)
    return Lv, np.full(len(P), light['I'], np.float32)


def shade(ctx, P, N, alb, ks, shin, ao, spec_rgb=None, f0=0.04):
    """P,N (n,3) float32 world, alb (n,3), ks scalar or (n,), ao (n,)"""
    V = (ctx['C'][None, :] - P).astype(np.float32)
    V /= np.sqrt((V * V).sum(1))[:, None]
    col = alb * (ctx['amb'][None, :] * ao[:, None])
    srgb = np.ones(3, np.float32) if spec_rgb is None else np.asarray(spec_rgb, np.float32)
    for L in ctx['lights']:
        Lv, E = light_dir_at(L, P)
        ndl = (N * Lv).sum(1)
        Hh = Lv + V
        Hh /= np.sqrt((Hh * Hh).sum(1))[:, None] + 1e-9
        ndh = np.clip((N * Hh).sum(1), 0, 1)
        sp = ks * np.power(ndh, shin) * np.clip(ndl * 6, 0, 1)
        ndl = np.clip(ndl, 0, None)
        sh = 1.0 - 0.25 * (1 - ao)
        col += (alb * (ndl * sh)[:, None] + sp[:, None] * srgb[None, :]) * (E[:, None] * L['rgb'][None, :].astype(np.float32))
    ndv = np.clip((N * V).sum(1), 0, 1)
    F = f0 + (1 - f0) * (1 - ndv) ** 5
    Rz = 2 * ndv * N[:, 2] - V[:, 2]
    sky = 0.35 + 0.65 * np.clip(Rz, 0, 1) ** 2
    col += (ctx['env'] * F * sky * np.minimum(ks * 2, 1.0) * ao)[:, None] * ctx['amb'][None, :] * srgb[None, :] * 3.0
    return col


# ----------------------------------------------------------------------------------------------
# per-pixel box tracing
# ----------------------------------------------------------------------------------------------

def rr_sdf(u, v, hw, hl, rc):
    ax = np.abs(u) - (hw - rc)
    ay = np.abs(v) - (hl - rc)
    qx = np.maximum(ax, 0)
    qy = np.maximum(ay, 0)
    q = np.sqrt(qx * qx + qy * qy)
    sdf = q + np.minimum(np.maximum(ax, ay), 0) - rc
    return sdf, qx * np.sign(u), qy * np.sign(v), q


def box_corners_local(hw, hl):
    return np.array([[-hw, -hl], [hw, -hl], [hw, hl], [-hw, hl]])


def world_pts(ob, local, z):
    c, s = math.cos(ob['th']), math.sin(ob['th'])
    X = ob['X'] + c * local[:, 0] - s * local[:, 1]
    Y = ob['Y'] + s * local[:, 0] + c * local[:, 1]
    return np.c_[X, Y, np.full(len(local), z)]


def outline_local(hw, hl, rc, n=6):
    pts = []
    for sx, sy, a0 in ((1, 1, 0), (-1, 1, 90), (-1, -1, 180), (1, -1, 270)):
        cxx, cyy = sx * (hw - rc), sy * (hl - rc)
        for k in range(n + 1):
            a = math.radians(a0 + 90.0 * k / n)
            pts.append((cxx + rc * math.cos(a), cyy + rc * math.sin(a)))
    return np.array(pts)


def render_box(ctx, ob, oid):
    cam = ctx['cam']
    img = ctx['img']
    Hh, Ww = img.shape[:2]
    z0, T = ob['z0'], ob['T']
    z1 = z0 + T
    hw, hl = ob['W'] / 2, ob['L'] / 2
    rc, rb = ob['rc'], ob['rb']
    cl = box_corners_local(hw, hl)
    pts = np.r_[cam.project(world_pts(ob, cl, z0), True), cam.project(world_pts(ob, cl, z1), True)]
    x0 = max(int(math.floor(pts[:, 0].min())) - 2, 0)
    x1 = min(int(math.ceil(pts[:, 0].max())) + 3, Ww)
    y0 = max(int(math.floor(pts[:, 1].min())) - 2, 0)
    y1 = min(int(math.ceil(pts[:, 1].max())) + 3, Hh)
    if x1 <= x0 or y1 <= y0:
        return
    ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    c, s = math.cos(ob['th']), math.sin(ob['th'])
    # pixels per mm at the top centre
    pc = cam.project(np.array([[ob['X'], ob['Y'], z1], [ob['X'] + 1, ob['Y'], z1], [ob['X'], ob['Y'] + 1, z1]]), True)
    ppm = 0.5 * (np.linalg.norm(pc[1] - pc[0]) + np.linalg.norm(pc[2] - pc[0]))

    def at_level(z):
        Hi = np.linalg.inv(cam.H(z, True)).astype(np.float64)
        w = Hi[2, 0] * xs + Hi[2, 1] * ys + Hi[2, 2]
        X = (Hi[0, 0] * xs + Hi[0, 1] * ys + Hi[0, 2]) / w
        Y = (Hi[1, 0] * xs + Hi[1, 1] * ys + Hi[1, 2]) / w
        dx = X - ob['X']
        dy = Y - ob['Y']
        return (c * dx + s * dy).astype(np.float32), (-s * dx + c * dy).astype(np.float32), X, Y

    ut, vt, Xt, Yt = at_level(z1)
    sdf_t, gxt, gyt, qt = rr_sdf(ut, vt, hw, hl, rc)
    a_top = np.clip(0.5 - sdf_t * ppm, 0, 1)
    # walls: levels from bottom to just below the bevel
    levels = [z0 + T * f for f in (0.0, 0.25, 0.5, 0.75)] + [z1 - rb * 0.5]
    a_wall = np.zeros_like(a_top)
    zl = np.full(a_top.shape, -1, np.int8)
    wall_u = np.zeros_like(ut)
    wall_v = np.zeros_like(vt)
    wall_X = np.zeros_like(Xt)
    wall_Y = np.zeros_like(Yt)
    for k, z in enumerate(levels):
        uk, vk, Xk, Yk = at_level(z)
        sd, _, _, _ = rr_sdf(uk, vk, hw, hl, rc)
        a_wall = np.maximum(a_wall, np.clip(0.5 - sd * ppm, 0, 1))
        hit = sd < 0.3 / ppm
        zl[hit] = k
        wall_u[hit] = uk[hit]
        wall_v[hit] = vk[hit]
        wall_X[hit] = Xk[hit]
        wall_Y[hit] = Yk[hit]
        if k == 0:
            wall_u[:] = uk
            wall_v[:] = vk
            wall_X[:] = Xk
            wall_Y[:] = Yk
    alpha = np.maximum(a_top, a_wall)
    msk = alpha > 0.002
    if not msk.any():
        return
    colour = np.zeros(a_top.shape + (3,), np.float32)
    # ---------------- top face ----------------
    tm = a_top > 0.002
    if tm.any():
        u = ut[tm]
        v = vt[tm]
        q = qt[tm]
        gx = gxt[tm]
        gy = gyt[tm]
        n = len(u)
        tbev = np.clip((q - (rc - rb)) / max(rb, 1e-3), 0, 0.999)
        sphi = tbev  # sin(phi) for circular profile
        cphi = np.sqrt(1 - sphi * sphi)
        qs = np.maximum(q, 1e-6)
        nlx = sphi * gx / qs
        nly = sphi * gy / qs
        nlz = cphi.copy()
        ao = np.ones(n, np.float32)
        top_kind = ob['top']
        body = np.asarray(ob['body'], np.float32)
        if top_kind == 'back' and ob.get('back_frac', 0) > 0:
            body = np.asarray(ob['back'], np.float32)
        alb = np.broadcast_to(body, (n, 3)).copy()
        av = ob.get('albedo_var', 0.0)
        if av > 0:
            nz = sample_tex(ut, vt, 3.0, ob['tex_ox'], ob['tex_oy'])[tm]
            alb *= (1 + av * (nz - 0.5) * 2)[:, None]
        ks = np.full(n, ob['ks'], np.float32)
        if top_kind in ('face', 'die') and len(ob['pips']):
            pp = ob['pips']
            d2 = (u[:, None] - pp[None, :, 0]) ** 2 + (v[:, None] - pp[None, :, 1]) ** 2
            idx = np.argmin(d2, 1)
            sd = np.sqrt(d2[np.arange(n), idx])
            rad = pp[idx, 2]
            cov = np.clip((rad - sd) * ppm + 0.5, 0, 1)
            inside = cov > 0
            if inside.any():
                ii = np.nonzero(inside)[0]
                cv_ = cov[ii]
                pcol = np.where(pp[idx[ii], 3:4] > 0.5, np.asarray(ob['red'], np.float32)[None, :],
                                np.asarray(ob['pip_main'], np.float32)[None, :])
                if ob.get('pip_rgb') is not None:
                    pcol = ob['pip_rgb'][idx[ii]]
                paint = cv_.copy()
                if ob.get('wear') is not None:
                    wl = ob['wear'][idx[ii]]
                    wn = sample_tex(ut, vt, 9.0, ob['tex_ox'] + 100, ob['tex_oy'] + 50)[tm][ii]
                    paint *= np.clip((wn - wl) * 12 + 0.5, 0, 1)
                alb[ii] = alb[ii] * (1 - paint[:, None]) + pcol * paint[:, None]
                ks[ii] = ks[ii] * (1 - cv_) + ob['ks_pip'] * cv_
                if ob['pip_style'] == 'recessed':
                    Rs = rad[ii] / math.sin(math.radians(ob['cup_angle']))
                    du = u[ii] - pp[idx[ii], 0]
                    dv = v[ii] - pp[idx[ii], 1]
                    px_ = -du / Rs
                    py_ = -dv / Rs
                    pz_ = np.sqrt(np.clip(1 - px_ * px_ - py_ * py_, 0.05, 1))
                    nlx[ii] = nlx[ii] * (1 - cv_) + px_ * cv_
                    nly[ii] = nly[ii] * (1 - cv_) + py_ * cv_
                    nlz[ii] = nlz[ii] * (1 - cv_) + pz_ * cv_
                    rr_ = sd[ii] / rad[ii]
                    ao[ii] *= 1 - 0.35 * cv_ * rr_ ** 4
                    # thin dark ring at the rim of the cup
                    ring = np.exp(-((sd[ii] - rad[ii]) * ppm / 0.8) ** 2)
                    ao[ii] *= 1 - 0.35 * ring
                else:
                    ring = np.exp(-((sd[ii] - rad[ii]) * ppm / 0.7) ** 2)
                    ao[ii] *= 1 - 0.15 * ring
        if top_kind == 'face' and ob.get('divider', 'none') != 'none':
            dw = ob['div_width']
            dl = ob['div_len'] * hw
            inn = (np.abs(v) < dw / 2 + 1.0 / ppm) & (np.abs(u) < dl)
            if inn.any():
                ii = np.nonzero(inn)[0]
                cov = np.clip((dw / 2 - np.abs(v[ii])) * ppm + 0.5, 0, 1) * \
                    np.clip((dl - np.abs(u[ii])) * ppm + 0.5, 0, 1)
                if ob['divider'] == 'groove':
                    tilt = 0.6 * cov
                    nly[ii] = nly[ii] * (1 - cov) + (-np.sign(v[ii]) * tilt) * cov
                    nlz[ii] = nlz[ii] * (1 - cov) + np.sqrt(1 - tilt * tilt) * cov
                    ao[ii] *= 1 - 0.35 * cov
                else:
                    dc = np.asarray(ob['div_colour'], np.float32)
                    alb[ii] = alb[ii] * (1 - cov[:, None]) + dc[None, :] * cov[:, None]
        if top_kind == 'coin':
            R_ = hw
            rr_ = q / R_ if rc >= hw * 0.99 else np.sqrt(u * u + v * v) / R_
            rim = np.exp(-((rr_ - 0.86) / 0.035) ** 2)
            ang = np.arctan2(v, u)
            gxn = sample_tex(ut, vt, 6.0, ob['tex_ox'], ob['tex_oy'])[tm]
            relief = (rr_ < 0.75) * 0.35 * (gxn - 0.5)
            nlx += (rim * 0.5 * np.cos(ang) + relief * np.cos(ang * 3 + gxn * 6))
            nly += (rim * 0.5 * np.sin(ang) + relief * np.sin(ang * 3 + gxn * 6))
        if top_kind == 'chip':
            R_ = hw
            rr_ = np.sqrt(u * u + v * v) / R_
            ang = np.arctan2(v, u)
            seg = (np.floor((ang + math.pi) / (2 * math.pi) * ob['segments']) % 2) == 0
            edge = (rr_ > 0.72) & seg
            centre = rr_ < 0.5
            alb[edge] = np.asarray(ob['stripe'], np.float32)
            alb[centre] = alb[centre] * 0.6 + 0.3 * np.asarray(ob['stripe'], np.float32)
            ring = np.exp(-((rr_ - 0.72) / 0.02) ** 2)
            ao *= 1 - 0.2 * ring
        # rotate normal to world
        nrm = np.stack([c * nlx - s * nly, s * nlx + c * nly, nlz], 1).astype(np.float32)
        nrm /= np.sqrt((nrm * nrm).sum(1))[:, None]
        P = np.stack([Xt[tm], Yt[tm], np.full(n, z1)], 1).astype(np.float32)
        col_t = shade(ctx, P, nrm, alb, ks, ob['shin'], ao, ob.get('spec_rgb'))
        colour[tm] = col_t
    # ---------------- walls ----------------
    wm = (a_wall > 0.002) & (a_top < 0.999)
    if wm.any():
        u = wall_u[wm]
        v = wall_v[wm]
        n = len(u)
        _, gx, gy, q = rr_sdf(u, v, hw, hl, rc)
        qs = np.maximum(q, 1e-6)
        nx = np.where(q > 1e-6, gx / qs, np.sign(u) * (np.abs(u) / hw >= np.abs(v) / hl))
        ny = np.where(q > 1e-6, gy / qs, np.sign(v) * (np.abs(u) / hw < np.abs(v) / hl))
        nrm = np.stack([c * nx - s * ny, s * nx + c * ny, np.full(n, 0.08)], 1).astype(np.float32)
        nrm /= np.sqrt((nrm * nrm).sum(1))[:, None] + 1e-9
        lev = np.maximum(zl[wm], 0).astype(np.float32)
        zz = np.array(levels, np.float32)[lev.astype(int)]
        frac = (zz - z0) / T
        ao = (0.45 + 0.55 * frac).astype(np.float32)
        body = np.asarray(ob['body'], np.float32)
        alb = np.broadcast_to(body, (n, 3)).copy()
        if ob.get('back_frac', 0) > 0:
            bf = ob['back_frac']
            lower = frac < bf if ob['top'] != 'back' else frac >= 1 - bf
            alb[lower] = np.asarray(ob['back'], np.float32)
        P = np.stack([wall_X[wm], wall_Y[wm], zz], 1).astype(np.float32)
        col_w = shade(ctx, P, nrm, alb, ob['ks'] * 0.7, ob['shin'] * 0.5, ao, ob.get('spec_rgb'))
        at = a_top[wm][:, None]
        colour[wm] = colour[wm] * at + col_w * (1 - at)
    sub = img[y0:y1, x0:x1]
    a3 = alpha[..., None]
    sub[:] = sub * (1 - a3) + colour * a3
    ids = ctx['ids'][y0:y1, x0:x1]
    ids[alpha > 0.5] = oid


# ----------------------------------------------------------------------------------------------
# table
# ----------------------------------------------------------------------------------------------

def make_table(rng, h, w, ss, meta):
    kind = pick(rng, ['felt', 'wood', 'cloth'], [0.3, 0.45, 0.25])
    tm = {'kind': kind}
    if kind == 'felt':
        cname = pick(rng, ['green', 'blue', 'red', 'grey', 'black', 'burgundy', 'teal'])
        base = {'green': [0.04, 0.22, 0.08], 'blue': [0.03, 0.08, 0.25], 'red': [0.35, 0.04, 0.04],
                'grey': [0.18, 0.18, 0.18], 'black': [0.03, 0.03, 0.03], 'burgundy': [0.2, 0.03, 0.06],
                'teal': [0.03, 0.18, 0.18]}[cname]
        base = np.array(base) * rng.uniform(0.75, 1.3, 3)
        low = smooth_noise(rng, h, w, 120 * ss, 3)
        fine = cv2.GaussianBlur(rng.standard_normal((h, w)).astype(np.float32), (0, 0), 0.6 * ss)
        alb = base[None, None, :] * (1 + 0.12 * low + 0.25 * fine)[..., None]
        # fibres
        nf = int(rng.uniform(200, 1200) * (h * w) / (1280 * 720 * ss * ss))
        fib = np.zeros((h, w), np.float32)
        for _ in range(nf):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            a = rng.uniform(0, 2 * math.pi)
            ln = rng.uniform(3, 12) * ss
            cv2.line(fib, (int(x), int(y)), (int(x + ln * math.cos(a)), int(y + ln * math.sin(a))),
                     float(rng.uniform(0.3, 1.0)), 1, cv2.LINE_AA)
        alb = alb * (1 + 0.35 * fib[..., None])
        tm.update({'colour': cname, 'ks': 0.0, 'shin': 5.0})
        ks, shin = 0.02, 4.0
    elif kind == 'wood':
        cname = pick(rng, ['light_oak', 'pine', 'walnut', 'dark', 'red_brown', 'grey_wash'])
        c1, c2 = {'light_oak': ([0.55, 0.38, 0.2], [0.42, 0.26, 0.12]),
                  'pine': ([0.62, 0.45, 0.25], [0.5, 0.32, 0.15]),
                  'walnut': ([0.2, 0.11, 0.055], [0.11, 0.06, 0.03]),
                  'dark': ([0.09, 0.055, 0.035], [0.045, 0.028, 0.02]),
                  'red_brown': ([0.33, 0.14, 0.07], [0.2, 0.08, 0.04]),
                  'grey_wash': ([0.35, 0.32, 0.28], [0.22, 0.2, 0.17])}[cname]
        c1 = np.array(c1) * rng.uniform(0.85, 1.15)
        c2 = np.array(c2) * rng.uniform(0.85, 1.15)
        ang = rng.uniform(0, 180) if rng.random() < 0.4 else pick(rng, [0.0, 90.0]) + rng.normal(0, 2)
        a = math.radians(ang)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        along = xx * math.cos(a) + yy * math.sin(a)
        across = -xx * math.sin(a) + yy * math.cos(a)
        warp = smooth_noise(rng, h, w, rng.uniform(500, 900) * ss, 2)
        amp = rng.uniform(3, 18) * ss
        acw = across + amp * warp
        cmin = float(acw.min()) - 2
        ln = int(acw.max() - cmin) + 4
        period = rng.uniform(12, 45) * ss

        def noise1d(sig):
            n1 = rng.standard_normal(ln).astype(np.float32)
            n1 = cv2.GaussianBlur(n1.reshape(1, -1), (0, 0), sig).ravel()
            return n1 / (n1.std() + 1e-6)

        grid = np.arange(ln, dtype=np.float32)
        fine = np.interp(acw - cmin, grid, noise1d(0.7 * ss)).astype(np.float32)
        mid = np.interp(acw - cmin, grid, noise1d(4 * ss)).astype(np.float32)
        rings = 0.5 + 0.5 * np.sin(2 * math.pi * (acw / period + 0.5 * smooth_noise(rng, h, w, 400 * ss, 1)))
        amin = float(along.min())
        sa, sc = 90 * ss, 2.5 * ss
        st = rng.standard_normal((int(ln / sc) + 3, int((along.max() - amin) / sa) + 3)).astype(np.float32)
        streak = cv2.remap(st, (along - amin) / sa, (acw - cmin) / sc, cv2.INTER_LINEAR)
        tex = 0.45 * rings ** 1.5 + 0.5 + 0.12 * fine + 0.22 * mid + 0.2 * streak
        tex = np.clip((tex - 0.45) / 0.9, 0, 1.15)
        if rng.random() < 0.6:
            pw = rng.uniform(80, 260) * ss
            off = rng.uniform(0, pw)
            d = np.abs(((across + off) % pw) - pw / 2) - pw / 2
            tex = tex * (1 - 0.6 * np.exp(-(d / (1.0 * ss)) ** 2))
        alb = c2[None, None, :] + (c1 - c2)[None, None, :] * tex[..., None]
        ks = rng.uniform(0.03, 0.35)
        shin = rng.uniform(12, 70)
        tm.update({'colour': cname, 'grain_angle_deg': r3(ang), 'ks': r3(ks), 'shin': r3(shin)})
    else:
        cname = pick(rng, ['solid', 'gingham', 'stripes', 'dots'])
        c1 = rng.uniform(0.05, 0.7, 3)
        c1 = c1 * rng.uniform(0.3, 0.8) + c1.mean() * rng.uniform(0.2, 0.7)
        c2 = np.clip(c1 * rng.uniform(0.2, 0.6) + rng.uniform(0, 0.3, 3), 0.02, 0.9)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        a = math.radians(rng.uniform(0, 180))
        xr = xx * math.cos(a) + yy * math.sin(a)
        yr = -xx * math.sin(a) + yy * math.cos(a)
        p = rng.uniform(25, 90) * ss
        if cname == 'solid':
            m = np.zeros((h, w), np.float32)
        elif cname == 'gingham':
            m = (((xr // p) % 2) + ((yr // p) % 2)) / 2.0
        elif cname == 'stripes':
            m = ((xr // p) % 2).astype(np.float32)
        else:
            m = np.zeros((h, w), np.float32)
            for _ in range(int(h * w / (p * p) * 1.5)):
                cv2.circle(m, (int(rng.uniform(0, w)), int(rng.uniform(0, h))), int(p * 0.15), 1.0, -1, cv2.LINE_AA)
        m = cv2.GaussianBlur(m.astype(np.float32), (0, 0), 0.8 * ss)
        alb = c1[None, None, :] * (1 - m[..., None]) + c2[None, None, :] * m[..., None]
        wp = rng.uniform(1.6, 3.5) * ss
        weave = np.sin(2 * math.pi * xr / wp) * np.sin(2 * math.pi * yr / wp)
        folds = smooth_noise(rng, h, w, 250 * ss, 2)
        alb = alb * (1 + 0.12 * weave[..., None]) * (1 + 0.18 * folds[..., None])
        tm.update({'pattern': cname, 'c1': [r3(x) for x in c1], 'c2': [r3(x) for x in c2]})
        ks, shin = 0.02, 5.0
    meta['table'] = tm
    return np.clip(alb, 0.003, 1).astype(np.float32), ks, shin


def shade_table(ctx, alb, ks, shin, shadows, ao_map, out_w, out_h):
    """table lighting computed on a coarse grid then upsampled."""
    cam = ctx['cam']
    h, w = alb.shape[:2]
    gw, gh = max(8, out_w // 4), max(8, out_h // 4)
    gx = (np.arange(gw) + 0.5) * out_w / gw - 0.5
    gy = (np.arange(gh) + 0.5) * out_h / gh - 0.5
    GX, GY = np.meshgrid(gx, gy)
    Pw = cam.backproject_table(np.c_[GX.ravel(), GY.ravel()])
    P = np.c_[Pw, np.zeros(len(Pw))].astype(np.float32)
    N = np.zeros_like(P)
    N[:, 2] = 1
    V = (ctx['C'][None, :] - P).astype(np.float32)
    V /= np.sqrt((V * V).sum(1))[:, None]
    diff = np.broadcast_to(ctx['amb'][None, None, :], (h, w, 3)) * cv2.resize(ao_map, (w, h))[..., None]
    spec = np.zeros((h, w, 3), np.float32)
    for L, sh in zip(ctx['lights'], shadows):
        Lv, E = light_dir_at(L, P)
        ndl = np.clip(Lv[:, 2], 0, None)
        Hv = Lv + V
        Hv /= np.sqrt((Hv * Hv).sum(1))[:, None]
        sp = ks * np.power(np.clip(Hv[:, 2], 0, 1), shin) * E
        dmap = cv2.resize((ndl * E).reshape(gh, gw).astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
        smap = cv2.resize(sp.reshape(gh, gw).astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
        lit = 1 - cv2.resize(sh, (w, h), interpolation=cv2.INTER_LINEAR)
        diff = diff + (dmap * lit)[..., None] * L['rgb'][None, None, :].astype(np.float32)
        spec = spec + (smap * lit)[..., None] * L['rgb'][None, None, :].astype(np.float32)
    return (alb * diff + spec).astype(np.float32)


# ----------------------------------------------------------------------------------------------
# layouts
# ----------------------------------------------------------------------------------------------

def rect_poly(X, Y, th, hw, hl, margin=0.0):
    c, s = math.cos(th), math.sin(th)
    hw += margin
    hl += margin
    loc = np.array([[-hw, -hl], [hw, -hl], [hw, hl], [-hw, hl]])
    return np.c_[X + c * loc[:, 0] - s * loc[:, 1], Y + s * loc[:, 0] + c * loc[:, 1]]


def polys_overlap(a, b):
    for poly in (a, b):
        n = len(poly)
        for i in range(n):
            e = poly[(i + 1) % n] - poly[i]
            ax = np.array([-e[1], e[0]])
            pa = a @ ax
            pb = b @ ax
            if pa.max() < pb.min() or pb.max() < pa.min():
                return False
    return True


def group_slots(rng, kind, s):
    """returns list of (x, y, angle) slots in group-local mm, plus description"""
    W, L = s['W'], s['L']
    slots = []
    if kind == 'row':
        m = int(rng.integers(3, 11))
        gap = rng.uniform(0.0, 1.0) if rng.random() < 0.8 else rng.uniform(1.5, 8)
        for i in range(m):
            slots.append(((i - (m - 1) / 2) * (W + gap), 0.0, 0.0))
        desc = {'type': 'row', 'n': m, 'gap_mm': r3(gap)}
    elif kind == 'block':
        r = int(rng.integers(2, 5))
        cc = int(rng.integers(2, 7))
        gx = rng.uniform(0.0, 1.0)
        gy = rng.uniform(0.0, 1.0) if rng.random() < 0.6 else rng.uniform(2, 10)
        for i in range(r):
            for j in range(cc):
                slots.append(((j - (cc - 1) / 2) * (W + gx), (i - (r - 1) / 2) * (L + gy), 0.0))
        desc = {'type': 'block', 'rows': r, 'cols': cc, 'gap_x_mm': r3(gx), 'gap_y_mm': r3(gy)}
    elif kind == 'hstack':
        m = int(rng.integers(2, 8))
        gap = rng.uniform(0.0, 0.8)
        for i in range(m):
            slots.append((0.0, (i - (m - 1) / 2) * (W + gap), math.pi / 2))
        desc = {'type': 'hstack', 'n': m, 'gap_mm': r3(gap)}
    elif kind == 'line':
        m = int(rng.integers(2, 7))
        gap = rng.uniform(0.0, 1.0)
        for i in range(m):
            slots.append((0.0, (i - (m - 1) / 2) * (L + gap), 0.0))
        desc = {'type': 'end_to_end', 'n': m, 'gap_mm': r3(gap)}
    elif kind == 'tjunction':
        m = int(rng.integers(2, 5))
        gap = rng.uniform(0.0, 1.0)
        for i in range(m):
            slots.append(((i) * (L + gap), 0.0, math.pi / 2))
        slots.append((-(L / 2 + W / 2 + gap), 0.0, 0.0))
        desc = {'type': 't_junction', 'n': m + 1}
    else:  # small group of k touching side by side
        k = int(rng.integers(1, 5)) if kind == 'group' else 1
        gap = rng.uniform(0.0, 1.0) if rng.random() < 0.85 else rng.uniform(1.5, 5)
        for i in range(k):
            slots.append(((i - (k - 1) / 2) * (W + gap), 0.0, 0.0))
        desc = {'type': 'group' if kind == 'group' else 'single', 'n': k, 'gap_mm': r3(gap)}
    return slots, desc


def place_groups(rng, cam, W_img, H_img, s, group_specs, objects, footprints, meta_groups,
                 deck, fd_prob, allow_out=0.04, tries=40):
    """group_specs: list of (kind, angle_mode). Adds tile objects."""
    W, L = s['W'], s['L']
    for kind, amode in group_specs:
        slots, desc = group_slots(rng, kind, s)
        if amode == 'aligned':
            ga = pick(rng, [0.0, math.pi / 2]) + math.radians(rng.normal(0, 1.5))
        elif amode == 'near':
            ga = pick(rng, [0.0, math.pi / 2]) + math.radians(rng.uniform(-20, 20))
        else:
            ga = rng.uniform(0, 2 * math.pi)
        placed = False
        for _ in range(tries):
            px = rng.uniform(-allow_out, 1 + allow_out) * W_img
            py = rng.uniform(-allow_out, 1 + allow_out) * H_img
            cw = cam.backproject_table(np.array([[px, py]]))[0]
            cg, sg = math.cos(ga), math.sin(ga)
            tiles = []
            ok = True
            for (x, y, a) in slots:
                jx, jy = rng.normal(0, 0.15, 2)
                ja = math.radians(rng.normal(0, 0.6))
                X = cw[0] + cg * (x + jx) - sg * (y + jy)
                Y = cw[1] + sg * (x + jx) + cg * (y + jy)
                th = ga + a + ja
                pim = cam.project(np.array([[X, Y, s['T']]]))[0]
                if not (-allow_out * W_img <= pim[0] <= (1 + allow_out) * W_img and
                        -allow_out * H_img <= pim[1] <= (1 + allow_out) * H_img):
                    ok = False
                    break
                tiles.append((X, Y, th))
            if not ok:
                continue
            polys = [rect_poly(X, Y, th, W / 2, L / 2, 1.5) for X, Y, th in tiles]
            for p in polys:
                for q in footprints:
                    if polys_overlap(p, q):
                        ok = False
                        break
                if not ok:
                    break
            if not ok:
                continue
            for (X, Y, th), p in zip(tiles, polys):
                footprints.append(p)
                if not deck:
                    deck.extend(list(rng.permutation(DECK)))
                face = deck.pop()
                fd = rng.random() < fd_prob
                objects.append({'kind': 'tile', 'face': str(face), 'X': X, 'Y': Y,
                                'th': th + (math.pi if rng.random() < 0.5 else 0.0), 'z0': 0.0,
                                'face_up': not fd})
            desc['angle_deg'] = r3(math.degrees(ga) % 360)
            desc['angle_mode'] = amode
            meta_groups.append(desc)
            placed = True
            break
        if not placed:
            meta_groups.append(dict(desc, placed=False))


def place_stacks(rng, cam, W_img, H_img, s, n_groups, objects, footprints, meta_groups, deck):
    W, L, T = s['W'], s['L'], s['T']
    for _ in range(n_groups):
        nst = int(rng.integers(1, 5))
        hgt = int(rng.integers(2, 5))
        horiz = rng.random() < 0.5
        ga = rng.uniform(0, 2 * math.pi) if rng.random() < 0.4 else pick(rng, [0.0, math.pi / 2])
        for _try in range(30):
            px = rng.uniform(0.05, 0.95) * W_img
            py = rng.uniform(0.05, 0.95) * H_img
            cw = cam.backproject_table(np.array([[px, py]]))[0]
            cg, sg = math.cos(ga), math.sin(ga)
            items = []
            for i in range(nst):
                x = (i - (nst - 1) / 2) * ((L if horiz else W) + 0.3)
                X = cw[0] + cg * x
                Y = cw[1] + sg * x
                th = ga + (math.pi / 2 if horiz else 0.0)
                items.append((X, Y, th))
            polys = [rect_poly(X, Y, th, W / 2, L / 2, 2.0) for X, Y, th in items]
            if any(polys_overlap(p, q) for p in polys for q in footprints):
                continue
            footprints.extend(polys)
            for X, Y, th in items:
                for k in range(hgt):
                    if not deck:
                        deck.extend(list(rng.permutation(DECK)))
                    face = deck.pop()
                    objects.append({'kind': 'tile', 'face': str(face), 'X': X + rng.normal(0, 0.3),
                                    'Y': Y + rng.normal(0, 0.3), 'th': th + math.radians(rng.normal(0, 1.0)),
                                    'z0': k * T, 'face_up': False})
            meta_groups.append({'type': 'facedown_stacks', 'stacks': nst, 'height': hgt,
                                'horizontal': bool(horiz)})
            break


def place_distractors(rng, cam, W_img, H_img, objects, footprints, flats, n_extra, meta):
    dm = []
    kinds = ['die', 'coin', 'chip', 'card', 'paper', 'pen']
    probs = [0.25, 0.22, 0.18, 0.13, 0.1, 0.12]
    for _ in range(n_extra):
        kd = pick(rng, kinds, probs)
        for _try in range(25):
            px = rng.uniform(0.0, 1.0) * W_img
            py = rng.uniform(0.0, 1.0) * H_img
            X, Y = cam.backproject_table(np.array([[px, py]]))[0]
            th = rng.uniform(0, 2 * math.pi)
            if kd == 'die':
                sz = rng.uniform(12, 19)
                hw = hl = sz / 2
            elif kd == 'coin':
                sz = rng.uniform(18, 28)
                hw = hl = sz / 2
            elif kd == 'chip':
                sz = rng.uniform(36, 40)
                hw = hl = sz / 2
            elif kd == 'card':
                hw, hl = 31.5, 44
            elif kd == 'paper':
                hw, hl = rng.uniform(30, 70), rng.uniform(40, 100)
            else:
                hw, hl = 4.5, rng.uniform(65, 75)
            poly = rect_poly(X, Y, th, hw, hl, 2.0)
            if any(polys_overlap(poly, q) for q in footprints):
                continue
            footprints.append(poly)
            if kd == 'die':
                top = int(rng.integers(1, 7))
                chinese = rng.random() < 0.6
                body = [0.85, 0.84, 0.8] if rng.random() < 0.8 else [0.7, 0.1, 0.1]
                pips = []
                sp = sz * 0.26
                for (i, j) in DIE_POS[top]:
                    r = sz * (0.16 if top == 1 else 0.085)
                    red = chinese and top in (1, 4)
                    pips.append((i * sp, j * sp, r, 1.0 if red else 0.0))
                pm = [0.02, 0.02, 0.02] if not chinese else [0.03, 0.05, 0.3]
                if body[1] < 0.5:
                    pm = [0.85, 0.85, 0.85]
                objects.append({'kind': 'die', 'X': X, 'Y': Y, 'th': th, 'z0': 0.0, 'W': sz, 'L': sz, 'T': sz,
                                'rc': sz * 0.14, 'rb': sz * 0.12, 'top': 'die', 'body': body, 'ks': 0.5,
                                'shin': 60.0, 'ks_pip': 0.5, 'pips': np.array(pips, np.float32),
                                'red': [0.7, 0.04, 0.05], 'pip_main': pm, 'pip_style': 'recessed',
                                'cup_angle': 35.0, 'tex_ox': 0.0, 'tex_oy': 0.0})
                dm.append({'kind': 'die', 'top': top, 'size_mm': r3(sz)})
            elif kd in ('coin', 'chip'):
                if kd == 'coin':
                    metal = pick(rng, [[0.95, 0.72, 0.35], [0.85, 0.85, 0.85], [0.8, 0.5, 0.3]])
                    ob = {'top': 'coin', 'body': list(np.array(metal) * 0.35), 'ks': 1.2, 'shin': 25.0,
                          'spec_rgb': metal, 'T': rng.uniform(1.5, 2.3)}
                else:
                    colr = pick(rng, [[0.6, 0.05, 0.05], [0.05, 0.1, 0.5], [0.05, 0.4, 0.1], [0.03, 0.03, 0.03],
                                      [0.8, 0.8, 0.78]])
                    ob = {'top': 'chip', 'body': colr, 'ks': 0.25, 'shin': 30.0, 'T': 3.3,
                          'stripe': [0.85, 0.85, 0.82] if colr[0] < 0.7 else [0.6, 0.05, 0.05],
                          'segments': int(rng.integers(3, 5)) * 2}
                ob.update({'kind': kd, 'X': X, 'Y': Y, 'th': th, 'z0': 0.0, 'W': sz, 'L': sz,
                           'rc': sz / 2 - 1e-3, 'rb': min(0.8, sz / 2 - 0.01), 'pips': np.zeros((0, 4), np.float32),
                           'tex_ox': rng.uniform(0, 400), 'tex_oy': rng.uniform(0, 400), 'ks_pip': 0.3})
                objects.append(ob)
                dm.append({'kind': kd, 'diameter_mm': r3(sz)})
            else:
                flats.append({'kind': kd, 'X': X, 'Y': Y, 'th': th, 'hw': hw, 'hl': hl,
                              'seed': int(rng.integers(0, 1 << 30))})
                dm.append({'kind': kd, 'size_mm': [r3(2 * hw), r3(2 * hl)]})
            break
    meta['distractors'] = dm


def draw_flats(ctx, alb, flats, ks_map):
    cam = ctx['cam']
    for f in flats:
        rng = np.random.default_rng(f['seed'])
        poly = rect_poly(f['X'], f['Y'], f['th'], f['hw'], f['hl'])
        pim = cam.project(np.c_[poly, np.full(4, 0.3)])
        pss = cam.project(np.c_[poly, np.full(4, 0.3)], True)
        cv2.fillConvexPoly(ctx['ids'], np.round(pss * 16).astype(np.int32), -4, cv2.LINE_8, 4)
        x0, y0 = np.floor(pim.min(0)).astype(int) - 2
        x1, y1 = np.ceil(pim.max(0)).astype(int) + 2
        h, w = alb.shape[:2]
        if x1 <= 0 or y1 <= 0 or x0 >= w or y0 >= h:
            continue
        # draw content in a local texture then warp with the plane homography
        ppm = 3.0
        tw, th_ = int(2 * f['hw'] * ppm), int(2 * f['hl'] * ppm)
        if f['kind'] == 'card':
            bg = np.array([0.85, 0.84, 0.8])
        elif f['kind'] == 'pen':
            bg = np.array(pick(rng, [[0.05, 0.1, 0.4], [0.6, 0.05, 0.05], [0.03, 0.03, 0.03], [0.7, 0.6, 0.1]]))
        else:
            bg = np.array([0.82, 0.8, 0.7]) * rng.uniform(0.85, 1.05)
        tex = np.zeros((th_, tw, 3), np.uint8)
        tex[:] = np.round(np.clip(bg, 0, 1) * 255).astype(np.uint8)[None, None, :]
        if f['kind'] == 'card':
            red = rng.random() < 0.5
            col = (153, 13, 13) if red else (8, 8, 8)
            cv2.putText(tex, pick(rng, ['A', 'K', 'Q', 'J', '7', '9', '10']), (8, 40), cv2.FONT_HERSHEY_SIMPLEX,
                        1.2, col, 3, cv2.LINE_AA)
            for _ in range(int(rng.integers(1, 7))):
                cv2.circle(tex, (int(rng.uniform(40, tw - 40)), int(rng.uniform(60, th_ - 60))), 14, col, -1,
                           cv2.LINE_AA)
            cv2.rectangle(tex, (4, 4), (tw - 5, th_ - 5), (128, 128, 128), 2)
        elif f['kind'] == 'paper':
            for yy in range(30, th_ - 20, int(rng.uniform(22, 36))):
                txt = ''.join(pick(rng, list('abcdefghijk lmnopqrstuvwxyz 0123456789')) for _ in range(40))
                cv2.putText(tex, txt, (10, yy), cv2.FONT_HERSHEY_SIMPLEX, rng.uniform(0.5, 0.8),
                            (25, 25, 64), 1, cv2.LINE_AA)
        tex = tex.astype(np.float32) / 255
        if f['kind'] == 'pen':
            tex *= ((0.7 + 0.6 * np.abs(np.linspace(-1, 1, tw))) ** 0.5)[None, :, None]
        # homography local texture px -> ss image
        src = np.array([[0, th_], [tw, th_], [tw, 0], [0, 0]], np.float32) - 0.5  # world Y points up in the image
        Hm = cv2.getPerspectiveTransform(src, pim.astype(np.float32))
        x0c, y0c = max(x0, 0), max(y0, 0)
        x1c, y1c = min(x1, w), min(y1, h)
        Tm = np.array([[1, 0, -x0c], [0, 1, -y0c], [0, 0, 1]], np.float64) @ Hm
        wt = cv2.warpPerspective(tex, Tm, (x1c - x0c, y1c - y0c), flags=cv2.INTER_LINEAR)
        wa = cv2.warpPerspective(np.ones((th_, tw), np.float32), Tm, (x1c - x0c, y1c - y0c), flags=cv2.INTER_LINEAR)
        sub = alb[y0c:y1c, x0c:x1c]
        sub[:] = sub * (1 - wa[..., None]) + wt * wa[..., None]


# ----------------------------------------------------------------------------------------------
# hand
# ----------------------------------------------------------------------------------------------

def render_hand(ctx, rng, target, ppm, meta):
    img = ctx['img']
    h, w = img.shape[:2]
    cam = ctx['cam']
    ppm = ppm * 1.1
    # entry edge: the image border nearest to the target (or random)
    tx, ty = target
    d_edges = [tx, w - tx, ty, h - ty]
    e = int(np.argmin(d_edges)) if rng.random() < 0.6 else int(rng.integers(0, 4))
    entry = [(-50, ty + rng.normal(0, h * 0.1)), (w + 50, ty + rng.normal(0, h * 0.1)),
             (tx + rng.normal(0, w * 0.1), -50), (tx + rng.normal(0, w * 0.1), h + 50)][e]
    d = np.array([tx - entry[0], ty - entry[1]], np.float64)
    d /= np.linalg.norm(d) + 1e-9
    pdir = np.array([-d[1], d[0]])
    fl = rng.uniform(60, 80) * ppm
    pl = rng.uniform(85, 105) * ppm
    pw = rng.uniform(75, 92) * ppm
    tip = np.array([tx, ty]) + d * rng.uniform(-10, 15) * ppm
    palm_c = tip - d * (fl + pl / 2)
    wrist = palm_c - d * pl / 2
    mask = np.zeros((h, w), np.uint8)
    sleeve = np.zeros((h, w), np.uint8)
    far = wrist - d * 4000

    def P(p):
        return (int(round(p[0])), int(round(p[1])))

    cv2.line(mask, P(wrist), P(far), 255, int(pw * 0.72), cv2.LINE_AA)
    ang = math.degrees(math.atan2(d[1], d[0]))
    cv2.ellipse(mask, P(palm_c), (int(pl / 2), int(pw / 2)), ang, 0, 360, 255, -1, cv2.LINE_AA)
    fw = pw / 4.3
    curl = rng.random(4) < 0.25
    for i, off in enumerate((-1.5, -0.5, 0.5, 1.5)):
        base = palm_c + d * pl * 0.38 + pdir * off * fw * 1.02
        a = math.radians(off * rng.uniform(2, 7))
        fd = np.array([d[0] * math.cos(a) - d[1] * math.sin(a), d[0] * math.sin(a) + d[1] * math.cos(a)])
        ln = fl * [0.82, 1.0, 0.96, 0.75][i] * (0.45 if curl[i] else 1.0)
        cv2.line(mask, P(base), P(base + fd * ln), 255, int(fw * 0.95), cv2.LINE_AA)
    side = 1 if rng.random() < 0.5 else -1
    tb = palm_c + pdir * side * pw * 0.35 - d * pl * 0.1
    ta = math.radians(side * rng.uniform(25, 55))
    td = np.array([d[0] * math.cos(ta) - d[1] * math.sin(ta), d[0] * math.sin(ta) + d[1] * math.cos(ta)])
    cv2.line(mask, P(tb), P(tb + td * fl * 0.8), 255, int(fw * 1.1), cv2.LINE_AA)
    has_sleeve = rng.random() < 0.7
    if has_sleeve:
        sstart = wrist - d * rng.uniform(10, 60) * ppm
        cv2.line(sleeve, P(sstart), P(far), 255, int(pw * 0.95), cv2.LINE_AA)
    m = mask.astype(np.float32) / 255
    sm = sleeve.astype(np.float32) / 255
    alpha = np.maximum(m, sm)
    ys, xs = np.nonzero(alpha > 0.001)
    if len(ys) == 0:
        meta['hand'] = None
        return
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    # shadow (hand ~ 50mm above the table), cast away from the main light
    L0 = ctx['lights'][0]
    ld = L0['pos'] / np.linalg.norm(L0['pos']) if L0['type'] == 'point' else L0['dir']
    hh = rng.uniform(30, 80)
    sdx, sdy = -ld[0] / ld[2] * hh, -ld[1] / ld[2] * hh
    # world shift -> image shift (approx via camera rotation)
    v3 = cam.R @ np.array([sdx, sdy, 0.0])
    shift = v3[:2] * ppm
    M = np.float32([[1, 0, shift[0]], [0, 1, shift[1]]])
    shadow = cv2.warpAffine(alpha, M, (w, h))
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(2.0, hh * ppm * 0.12))
    img *= (1 - 0.55 * shadow)[..., None]
    # height field and normals
    sub = alpha[y0:y1, x0:x1]
    dist = cv2.distanceTransform((sub > 0.5).astype(np.uint8), cv2.DIST_L2, 5)
    hf = np.sqrt(dist * 4.0)
    hf = cv2.GaussianBlur(hf, (0, 0), 2.0)
    gx = cv2.Sobel(hf, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(hf, cv2.CV_32F, 0, 1, ksize=3) / 8
    # camera-space normal (x right, y down, z forward) -> world
    nc = np.stack([-gx * 3, -gy * 3, -np.ones_like(gx)], -1)
    nc /= np.linalg.norm(nc, axis=-1, keepdims=True)
    nw = nc @ cam.R  # R^T applied: world = R^T cam
    skin = np.array(pick(rng, [[0.72, 0.5, 0.4], [0.6, 0.4, 0.3], [0.42, 0.27, 0.18], [0.25, 0.15, 0.1],
                                [0.78, 0.58, 0.48]]), np.float32)
    scol = np.array(pick(rng, [[0.03, 0.03, 0.04], [0.05, 0.08, 0.25], [0.5, 0.5, 0.5], [0.35, 0.05, 0.05],
                               [0.15, 0.25, 0.12], [0.7, 0.68, 0.62], [0.25, 0.18, 0.1]]), np.float32)
    scol *= rng.uniform(0.7, 1.2)
    sl = sm[y0:y1, x0:x1]
    alb = skin[None, None, :] * (1 - sl[..., None]) + scol[None, None, :] * sl[..., None]
    n = nw.reshape(-1, 3).astype(np.float32)
    # approximate world positions: table point under each pixel raised by hh
    yy, xx = np.mgrid[y0:y1, x0:x1]
    ssf = cam.ss
    pts = np.c_[(xx.ravel() + 0.5) / ssf - 0.5, (yy.ravel() + 0.5) / ssf - 0.5]
    Pw = cam.backproject_table(pts)
    P3 = np.c_[Pw, np.full(len(Pw), hh)].astype(np.float32)
    col = shade(ctx, P3, n, alb.reshape(-1, 3).astype(np.float32), 0.06, 12.0, np.ones(len(n), np.float32))
    col = col.reshape(y1 - y0, x1 - x0, 3)
    a = sub[..., None]
    img[y0:y1, x0:x1] = img[y0:y1, x0:x1] * (1 - a) + col * a
    ctx['ids'][y0:y1, x0:x1][sub > 0.5] = -3
    meta['hand'] = {'entry_edge': ['left', 'right', 'top', 'bottom'][e], 'target_px': [r3(tx / ssf), r3(ty / ssf)],
                    'skin': [r3(x) for x in skin], 'sleeve': bool(has_sleeve), 'height_mm': r3(hh)}


# ----------------------------------------------------------------------------------------------
# camera simulation
# ----------------------------------------------------------------------------------------------

def camera_sim(lin, out_w, out_h, rng, illum, meta):
    cm = {}
    img = cv2.resize(lin, (out_w, out_h), interpolation=cv2.INTER_AREA)
    # lens blur
    bk = pick(rng, ['none', 'gauss', 'defocus'], [0.2, 0.5, 0.3])
    if bk == 'gauss':
        sg = rng.uniform(0.3, 1.2)
        img = cv2.GaussianBlur(img, (0, 0), sg)
        cm['lens_blur'] = {'kind': 'gauss', 'sigma_px': r3(sg)}
    elif bk == 'defocus':
        rad = rng.uniform(0.6, 1.8)
        k = int(math.ceil(rad)) * 2 + 1
        yy, xx = np.mgrid[0:k, 0:k] - k // 2
        ker = np.clip(rad + 0.5 - np.sqrt(xx * xx + yy * yy), 0, 1).astype(np.float32)
        ker /= ker.sum()
        img = cv2.filter2D(img, -1, ker, borderType=cv2.BORDER_REFLECT)
        cm['lens_blur'] = {'kind': 'defocus_disc', 'radius_px': r3(rad)}
    else:
        cm['lens_blur'] = {'kind': 'none'}
    # vignetting
    vg = rng.uniform(0.0, 0.35)
    yy, xx = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    rr2 = ((xx - out_w / 2) ** 2 + (yy - out_h / 2) ** 2) / ((out_w / 2) ** 2 + (out_h / 2) ** 2)
    img *= (1 - vg * rr2)[..., None]
    cm['vignetting'] = r3(vg)
    # lateral chromatic aberration: scale R and B about the centre
    ca = rng.uniform(0.0, 1.6)
    rmax = math.hypot(out_w / 2, out_h / 2)
    kr = 1 + ca / rmax
    kb = 1 - ca / rmax * rng.uniform(0.5, 1.0)
    sh = rng.normal(0, 0.2, 2)
    for ch, k, sx in ((0, kr, sh[0]), (2, kb, -sh[1])):
        M = np.float32([[k, 0, (1 - k) * (out_w - 1) / 2 + sx], [0, k, (1 - k) * (out_h - 1) / 2 + sx * 0.5]])
        img[..., ch] = cv2.warpAffine(np.ascontiguousarray(img[..., ch]), M, (out_w, out_h),
                                      flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    cm['chromatic_aberration_px_at_corner'] = r3(ca)
    # exposure
    lum = 0.2126 * img[..., 0] + 0.7152 * img[..., 1] + 0.0722 * img[..., 2]
    p = float(np.percentile(lum[::4, ::4], 99.5))
    ev = rng.normal(0, 0.3)
    gain = 0.92 / max(p, 1e-4) * 2 ** ev
    raw = img * gain
    cm['exposure_ev_bias'] = r3(ev)
    # mosaic + noise
    pattern = pick(rng, list(PATTERNS.keys()))
    method = pick(rng, ['bilinear', 'ea', 'vng'], [0.4, 0.35, 0.25])
    m = mosaic(np.clip(raw, 0, 1), pattern)
    a_shot = float(np.exp(rng.uniform(math.log(2e-4), math.log(8e-3))))
    b_read = float(np.exp(rng.uniform(math.log(5e-4), math.log(6e-3))))
    m = m + np.sqrt(a_shot * np.clip(m, 0, 1) + b_read ** 2) * rng.standard_normal(m.shape).astype(np.float32)
    m = np.clip(m, 0, 1)
    code, cvname = bayer_code(pattern, method)
    if method == 'vng':
        m8 = np.round(np.sqrt(m) * 255).astype(np.uint8)
        dem = cv2.cvtColor(m8, code).astype(np.float32) / 255
        dem = dem ** 2
    else:
        m16 = np.round(m * 4095).astype(np.uint16) * 16
        dem = cv2.cvtColor(m16, code).astype(np.float32) / 65535
    img = dem[..., ::-1].copy()
    cm['bayer'] = {'pattern': pattern, 'demosaic': method, 'opencv_code': 'Bayer%s2BGR' % cvname,
                   'shot_noise': r3(a_shot * 1e4) / 1e4, 'read_noise': r3(b_read * 1e4) / 1e4}
    # white balance, off by a random amount
    ill = np.asarray(illum, np.float64)
    gains = ill[1] / ill
    err = np.exp(rng.normal(0, rng.uniform(0.02, 0.12), 3))
    err[1] = 1.0
    gains = gains * err
    img *= gains[None, None, :].astype(np.float32)
    cm['white_balance_gains'] = [r3(x) for x in gains]
    cm['white_balance_error'] = [r3(x) for x in err]
    # saturation
    sat = rng.uniform(0.85, 1.3)
    lum = (0.2126 * img[..., 0] + 0.7152 * img[..., 1] + 0.0722 * img[..., 2])[..., None]
    img = lum + sat * (img - lum)
    cm['saturation'] = r3(sat)
    # tone curve
    img = np.clip(img, 0, 1)
    g = rng.uniform(1.9, 2.6)
    img = img ** (1 / g)
    sc = rng.uniform(0.0, 0.55)
    img = (1 - sc) * img + sc * img * img * (3 - 2 * img)
    cm['tone'] = {'gamma': r3(g), 's_curve': r3(sc)}
    # unsharp mask
    if rng.random() < 0.8:
        amt = rng.uniform(0.2, 1.6)
        sgm = rng.uniform(0.7, 2.2)
        img = img + amt * (img - cv2.GaussianBlur(img, (0, 0), sgm))
        cm['unsharp'] = {'amount': r3(amt), 'sigma': r3(sgm)}
    else:
        cm['unsharp'] = None
    # a little extra (post) noise
    pn = rng.uniform(0, 1.5) / 255
    img = img + pn * rng.standard_normal(img.shape).astype(np.float32)
    cm['post_noise'] = r3(pn * 255)
    out = np.clip(img * 255 + 0.5, 0, 255).astype(np.uint8)[..., ::-1]
    # JPEG once or twice
    qs = [int(rng.integers(50, 96))]
    if rng.random() < 0.4:
        qs.append(int(rng.integers(50, 96)))
    for q in qs:
        ok, buf = cv2.imencode('.jpg', out, [cv2.IMWRITE_JPEG_QUALITY, q])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    cm['jpeg_qualities'] = qs
    meta['camera_sim'] = cm
    return out


# ----------------------------------------------------------------------------------------------
# scene
# ----------------------------------------------------------------------------------------------

def make_tile_object(o, s, rng):
    hi, lo = [int(x) for x in o['face'].split('-')]
    if rng.random() < 0.5:
        top, bot = hi, lo
    else:
        top, bot = lo, hi
    o.update({'W': s['W'], 'L': s['L'], 'T': s['T'], 'rc': s['rc'], 'rb': s['rb'], 'body': s['body'],
              'ks': s['ks'], 'shin': s['shin'], 'ks_pip': s['ks'] * 0.8, 'pip_main': s['pip_main'],
              'red': s['red'], 'pip_style': s['pip_style'], 'cup_angle': s['cup_angle_deg'],
              'divider': s['divider'], 'div_width': s['div_width'], 'div_len': s['div_len'],
              'div_colour': s['div_colour'], 'albedo_var': s['albedo_var'], 'back': s['back'],
              'back_frac': s['back_frac'], 'tex_ox': rng.uniform(0, 400), 'tex_oy': rng.uniform(0, 400)})
    if o['face_up']:
        o['top'] = 'face'
        o['pips'] = tile_pips(top, bot, s)
        if s['worn']:
            o['wear'] = (rng.random(len(o['pips'])) ** 2 * s['wear_max']).astype(np.float32)
        else:
            o['wear'] = None
    else:
        o['top'] = 'back'
        o['pips'] = np.zeros((0, 4), np.float32)
        o['wear'] = None
    return o


def render_scene(idx, seed):
    rng = np.random.default_rng(seed + idx)
    meta = {'seed': seed + idx}
    W_img, H_img = SIZES[rng.choice(len(SIZES), p=SIZES_P)]
    kind = pick(rng, SCENE_KINDS, SCENE_P)
    meta['scene_kind'] = kind
    s = make_set(rng)
    meta['tile_set'] = {k: (r3(v) if isinstance(v, float) else ([r3(x) for x in v] if isinstance(v, list) else v))
                        for k, v in s.items() if k not in ('rows',)}
    meta['tile_set']['pip_rows_W'] = [r3(x) for x in s['rows']]
    tile_px = rng.uniform(30, 80)
    ss = 2.0 if tile_px < 48 else (1.75 if tile_px < 65 else 1.5)
    meta['tile_width_px_target'] = r3(tile_px)
    cam = make_camera(rng, W_img, H_img, s['W'], tile_px, ss, meta)
    D = float(np.linalg.norm(cam.C))
    lights, amb, env = make_lights(rng, D, meta)
    hs, ws = int(round(H_img * ss)), int(round(W_img * ss))

    # ---------------- layout ----------------
    objects, footprints, groups, flats = [], [], [], []
    deck = list(rng.permutation(DECK))
    if rng.random() < 0.1:
        deck += list(rng.permutation(DECK))
        meta['two_sets'] = True
    fd_prob = 0.0
    if kind != 'empty' and rng.random() < 0.35:
        fd_prob = rng.uniform(0.05, 0.35)
    meta['face_down_prob'] = r3(fd_prob)
    # distractors first for empty scenes; stacks sometimes
    specs = []
    if kind == 'rows':
        nrows = int(rng.integers(1, 5))
        amode = pick(rng, ['aligned', 'near', 'any'], [0.65, 0.2, 0.15])
        for _ in range(nrows):
            specs.append((pick(rng, ['row', 'row', 'row', 'line', 'hstack']), amode))
    elif kind == 'blocks':
        for _ in range(int(rng.integers(1, 4))):
            specs.append(('block', pick(rng, ['aligned', 'near', 'any'], [0.6, 0.2, 0.2])))
    elif kind == 'groups':
        amode = pick(rng, ['aligned', 'near', 'any'], [0.35, 0.3, 0.35])
        for _ in range(int(rng.integers(2, 9))):
            specs.append(('group', amode if rng.random() < 0.8 else 'any'))
    elif kind == 'scatter':
        for _ in range(int(rng.integers(1, 21))):
            specs.append(('single', 'any'))
    elif kind == 'mixed':
        for _ in range(int(rng.integers(1, 4))):
            specs.append((pick(rng, ['group', 'row', 'line', 'tjunction', 'block']), pick(rng, ['aligned', 'near', 'any'])))
        for _ in range(int(rng.integers(0, 8))):
            specs.append(('single', 'any'))
    n_stack_groups = 0
    if kind == 'empty':
        n_stack_groups = int(rng.integers(0, 4)) if rng.random() < 0.6 else 0
    elif rng.random() < 0.2:
        n_stack_groups = int(rng.integers(1, 3))
    place_groups(rng, cam, W_img, H_img, s, specs, objects, footprints, groups, deck, fd_prob,
                 allow_out=0.04 if rng.random() < 0.7 else 0.1)
    if kind == 'empty' and rng.random() < 0.5:
        # loose face-down tiles
        place_groups(rng, cam, W_img, H_img, s, [('single', 'any')] * int(rng.integers(1, 8)), objects,
                     footprints, groups, deck, 1.0)
    place_stacks(rng, cam, W_img, H_img, s, n_stack_groups, objects, footprints, groups, deck)
    n_extra = int(rng.integers(0, 4)) if kind != 'empty' else int(rng.integers(2, 9))
    if rng.random() < 0.35 and kind != 'empty':
        n_extra = 0
    place_distractors(rng, cam, W_img, H_img, objects, footprints, flats, n_extra, meta)
    meta['groups'] = groups
    for o in objects:
        if o['kind'] == 'tile':
            make_tile_object(o, s, rng)

    # ---------------- render ----------------
    ctx = {'cam': cam, 'C': cam.C.astype(np.float32), 'lights': lights, 'amb': amb, 'env': env,
           'ids': np.zeros((hs, ws), np.int16)}
    # the table is textured and lit at output resolution, then upsampled to the render resolution
    alb, tks, tshin = make_table(rng, H_img, W_img, 1.0, meta)
    draw_flats(ctx, alb, flats, None)
    # shadows and contact occlusion at output resolution
    shadows = []
    for L in lights:
        sh = np.zeros((H_img, W_img), np.float32)
        soft = L['size']
        for o in objects:
            z0, z1 = o['z0'], o['z0'] + o['T']
            ol = outline_local(o['W'] / 2, o['L'] / 2, o['rc'], 3)
            if L['type'] == 'point':
                ld = L['pos'] - np.array([o['X'], o['Y'], 0.0])
                ld = ld / np.linalg.norm(ld)
            else:
                ld = L['dir']
            pts = []
            for z in (z0, z1):
                wp = world_pts(o, ol, z)
                wp[:, 0] -= z * ld[0] / ld[2]
                wp[:, 1] -= z * ld[1] / ld[2]
                wp[:, 2] = 0
                pts.append(wp)
            pim = cam.project(np.concatenate(pts))
            hull = cv2.convexHull(np.round(pim * 8).astype(np.int32))
            cv2.fillConvexPoly(sh, hull, 1.0, cv2.LINE_AA, 3)
        blur = 0.7 + soft * tile_px * 0.12
        sh = cv2.GaussianBlur(sh, (0, 0), blur)
        strength = 0.85
        shadows.append(np.clip(sh * strength, 0, 1))
    aom = np.zeros((H_img, W_img), np.float32)
    for o in objects:
        if o['z0'] > 0:
            continue
        ol = outline_local(o['W'] / 2, o['L'] / 2, o['rc'], 3)
        pim = cam.project(world_pts(o, ol, 0.0))
        cv2.fillConvexPoly(aom, np.round(pim * 8).astype(np.int32), 1.0, cv2.LINE_AA, 3)
    aom = 1 - 0.6 * np.clip(cv2.GaussianBlur(aom, (0, 0), max(1.0, tile_px * 0.06)), 0, 1)
    img = shade_table(ctx, alb, tks, tshin, shadows, aom, W_img, H_img)
    img = cv2.resize(img, (ws, hs), interpolation=cv2.INTER_LINEAR)
    ctx['img'] = img
    # painter's order: by base height, then far-from-nadir first
    nad = cam.C[:2]
    order = sorted(range(len(objects)), key=lambda i: (objects[i]['z0'], -math.hypot(objects[i]['X'] - nad[0], objects[i]['Y'] - nad[1])))
    for i in order:
        render_box(ctx, objects[i], i + 1)
    # hand
    meta['hand'] = None
    fu = [i for i, o in enumerate(objects) if o['kind'] == 'tile' and o['face_up']]
    if rng.random() < (0.12 if kind != 'empty' else 0.3):
        if fu and rng.random() < 0.8:
            o = objects[int(pick(rng, fu))]
            tgt = cam.project(np.array([[o['X'], o['Y'], o['T']]]), True)[0]
        else:
            tgt = np.array([rng.uniform(0.2, 0.8) * ws, rng.uniform(0.2, 0.8) * hs])
        ppm_c = tile_px / s['W'] * ss
        render_hand(ctx, rng, tgt, ppm_c, meta)

    # ---------------- annotations ----------------
    ids = ctx['ids']
    tiles_out = []
    n_fd = 0
    n_fd_seen = 0
    frame = np.array([[-0.5, -0.5], [W_img - 0.5, -0.5], [W_img - 0.5, H_img - 0.5], [-0.5, H_img - 0.5]])
    present = set(np.unique(ids).tolist())
    for i, o in enumerate(objects):
        if o['kind'] != 'tile':
            continue
        if not o['face_up']:
            # physical count: every face-down tile whose box lies at least partly inside the frame
            # (tiles lower in a stack count even where the tile above hides them)
            cl = box_corners_local(o['W'] / 2, o['L'] / 2)
            pim = cam.project(np.r_[world_pts(o, cl, o['z0']), world_pts(o, cl, o['z0'] + o['T'])])
            hull = cv2.convexHull(pim.astype(np.float32)).reshape(-1, 2).astype(np.float64)
            if polys_overlap(hull, frame):
                n_fd += 1
                if (i + 1) in present:
                    n_fd_seen += 1
            continue
        cl = box_corners_local(o['W'] / 2, o['L'] / 2)
        top = world_pts(o, cl, o['z0'] + o['T'])
        cor = cam.project(top)
        cor_ss = cam.project(top, True)
        area = 0.5 * sum(cor[k, 0] * cor[(k + 1) % 4, 1] - cor[(k + 1) % 4, 0] * cor[k, 1] for k in range(4))
        if area < 0:
            cor = cor[::-1]
        # visibility on the supersampled id buffer
        bx0, by0 = np.floor(cor_ss.min(0)).astype(int) - 1
        bx1, by1 = np.ceil(cor_ss.max(0)).astype(int) + 2
        loc = np.zeros((by1 - by0, bx1 - bx0), np.uint8)
        cv2.fillConvexPoly(loc, np.round((cor_ss - [bx0, by0]) * 16).astype(np.int32), 1, cv2.LINE_8, 4)
        total = int(loc.sum())
        cx0, cy0 = max(bx0, 0), max(by0, 0)
        cx1, cy1 = min(bx1, ws), min(by1, hs)
        if cx1 <= cx0 or cy1 <= cy0 or total == 0:
            continue
        lc = loc[cy0 - by0:cy1 - by0, cx0 - bx0:cx1 - bx0]
        inframe = int(lc.sum())
        if inframe == 0:
            continue
        idc = ids[cy0:cy1, cx0:cx1]
        vis = int((lc.astype(bool) & ((idc == i + 1) | (idc == 0))).sum())
        if vis == 0:
            continue  # in frame but completely hidden (e.g. under a hand)
        hi, lo = o['face'].split('-')
        tiles_out.append({'face': '%s-%s' % (hi, lo), 'corners': [[r3(x), r3(y)] for x, y in cor],
                          'visible': r3(min(1.0, vis / total))})
    illum = np.mean([L['rgb'] * L['I'] for L in lights], 0) + amb
    out = camera_sim(img, W_img, H_img, rng, illum, meta)
    meta['n_objects'] = len(objects)
    meta['n_face_down_in_scene'] = int(sum(1 for o in objects if o['kind'] == 'tile' and not o['face_up']))
    meta['n_face_down_with_visible_pixels'] = n_fd_seen
    ann = {'width': W_img, 'height': H_img, 'tiles': tiles_out, 'face_down': n_fd, 'meta': meta}
    return out, ann


def to_jsonable(x):
    if isinstance(x, dict):
        return {str(k): to_jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [to_jsonable(v) for v in x]
    if isinstance(x, (np.floating,)):
        return float(x)
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, np.bool_):
        return bool(x)
    if isinstance(x, np.ndarray):
        return to_jsonable(x.tolist())
    return x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('outdir')
    ap.add_argument('--n', type=int, default=300)
    ap.add_argument('--seed', type=int, default=13000)
    ap.add_argument('--start', type=int, default=0, help='first scene index (scene i uses seed+i)')
    ap.add_argument('--verbose', action='store_true')
    args = ap.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    t0 = time.time()
    for i in range(args.start, args.start + args.n):
        t1 = time.time()
        img, ann = render_scene(i, args.seed)
        if args.verbose:
            print('%04d %-8s tiles=%2d face_down=%2d %.2fs' % (i, ann['meta']['scene_kind'], len(ann['tiles']),
                                                              ann['face_down'], time.time() - t1), flush=True)
        cv2.imwrite(os.path.join(args.outdir, '%04d.png' % i), img)
        with open(os.path.join(args.outdir, '%04d.json' % i), 'w') as f:
            json.dump(to_jsonable(ann), f)
    print('rendered %d scenes in %.1f s' % (args.n, time.time() - t0))


if __name__ == '__main__':
    main()
