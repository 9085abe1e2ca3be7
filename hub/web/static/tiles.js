/* Tien Gow tiles drawn as SVG: ivory (or black) tiles, pips in the Chinese dice layouts,
   1s and 4s red, the 6-6 (天) with its upper six red. window.TGTiles.svg(face, opts). */
(function () {
  'use strict';
  var LAYOUT = {
    1: [[0.5, 0.5]],
    2: [[0.5, 0.27], [0.5, 0.73]],
    3: [[0.24, 0.22], [0.5, 0.5], [0.76, 0.78]],
    4: [[0.28, 0.28], [0.72, 0.28], [0.28, 0.72], [0.72, 0.72]],
    5: [[0.26, 0.24], [0.74, 0.24], [0.5, 0.5], [0.26, 0.76], [0.74, 0.76]],
    6: [[0.28, 0.2], [0.72, 0.2], [0.28, 0.5], [0.72, 0.5], [0.28, 0.8], [0.72, 0.8]]
  };
  var THEMES = {
    ivory: { face: '#f6efdc', edge: '#cbbd97', line: '#b9a77a', pip: '#15171a', red: '#c8102e' },
    black: { face: '#16181b', edge: '#000', line: '#3a3d42', pip: '#f3f3f3', red: '#ff3b4e' }
  };
  function half(n, top, red6, th, W) {
    var out = '', y0 = top ? 6 : 6 + W;
    var r = n === 1 ? W * 0.16 : W * 0.085;
    LAYOUT[n].forEach(function (p) {
      var red = n === 1 || n === 4 || red6;
      var cx = 12 + p[0] * (W - 12), cy = y0 + 6 + p[1] * (W - 12);
      out += '<circle cx="' + cx.toFixed(1) + '" cy="' + cy.toFixed(1) + '" r="' + r.toFixed(1) +
        '" fill="' + (red ? th.red : th.pip) + '"/>';
    });
    return out;
  }
  function svg(face, opts) {
    opts = opts || {};
    var th = THEMES[opts.theme || 'ivory'] || THEMES.ivory;
    var h = opts.height || 96, W = 50, H = 2 * W + 12;
    var label = opts.label ? ' aria-label="' + opts.label + '"' : '';
    var head = '<svg class="tile" role="img"' + label + ' viewBox="0 0 ' + (W + 12) + ' ' + H +
      '" height="' + h + '" width="' + (h * (W + 12) / H).toFixed(1) + '">';
    var body = '<rect x="1.5" y="1.5" width="' + (W + 9) + '" height="' + (H - 3) +
      '" rx="8" fill="' + th.face + '" stroke="' + th.edge + '" stroke-width="3"/>';
    if (!face) { // face down: the back
      return head + '<rect x="1.5" y="1.5" width="' + (W + 9) + '" height="' + (H - 3) +
        '" rx="8" fill="#1d5c45" stroke="#0d2e22" stroke-width="3"/>' +
        '<rect x="9" y="9" width="' + (W - 6) + '" height="' + (H - 18) +
        '" rx="5" fill="none" stroke="#3f8d6d" stroke-width="2" stroke-dasharray="4 3"/></svg>';
    }
    var hl = face.split('-'), hi = +hl[0], lo = +hl[1];
    body += '<line x1="8" x2="' + (W + 4) + '" y1="' + (H / 2) + '" y2="' + (H / 2) +
      '" stroke="' + th.line + '" stroke-width="2"/>';
    body += half(hi, true, face === '6-6', th, W) + half(lo, false, false, th, W);
    return head + body + '</svg>';
  }
  window.TGTiles = { svg: svg, LAYOUT: LAYOUT };
})();
