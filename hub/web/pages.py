"""Minimal server-rendered pages: the scoreboard (``/``) and the stream overlay (``/overlay``).

The page is complete as served (seats, names, totals, the trick in play), and a
few lines of script replace it from the SSE stream, so it stays live without
reloads and catches up after a hub restart.
"""

from __future__ import annotations

from html import escape
from typing import Any

_SCRIPT = """
<script>
(function () {
  function render(s) {
    var root = document.getElementById('seats');
    if (!root || !s.seats) return;
    var hand = s.hand || {};
    var html = '';
    s.seats.forEach(function (p) {
      var turn = hand.to_act === p.name ? ' turn' : '';
      var bank = hand.banker === p.name ? ' <span class="banker">莊</span>' : '';
      var stacks = (hand.stacks || {})[p.name];
      html += '<div class="seat' + turn + '" data-seat="' + p.seat + '">' +
        '<div class="name">' + esc(p.name) + bank + (p.online ? '' : ' <span class="off">●</span>') + '</div>' +
        '<div class="score">' + (p.score > 0 ? '+' : '') + p.score + '</div>' +
        '<div class="stacks">' + (stacks === undefined ? '' : stacks + ' 棟') + '</div></div>';
    });
    root.innerHTML = html;
    var trick = document.getElementById('trick');
    if (trick) trick.innerHTML = (hand.trick || []).map(function (t) {
      return '<span class="play">' + esc(t.seat) + ': ' + (t.tiles ? esc(t.tiles.join(' ')) : '🂠×' + t.face_down) + '</span>';
    }).join(' ');
  }
  function esc(x) { var d = document.createElement('div'); d.textContent = String(x); return d.innerHTML; }
  var es = new EventSource('/api/stream');
  es.addEventListener('state', function (e) { render(JSON.parse(e.data)); });
})();
</script>
"""

_STYLE = """
<style>
body { font-family: "Noto Sans CJK TC", "Noto Sans CJK SC", sans-serif; margin: 0; }
#seats { display: flex; gap: 1rem; padding: 1rem; }
.seat { flex: 1; border-radius: .6rem; padding: 1rem; background: rgba(20, 40, 30, .85); color: #fff; }
.seat.turn { outline: .3rem solid #f5c542; }
.name { font-size: 2rem; } .score { font-size: 3rem; font-weight: bold; } .stacks { font-size: 1.4rem; }
.banker { color: #f5c542; } .off { color: #e55; }
#trick { padding: 0 1rem; font-size: 1.6rem; } .play { margin-right: 1.5rem; }
</style>
"""


def _seats_html(state: dict[str, Any]) -> str:
    hand = state.get("hand") or {}
    out = []
    for p in state.get("seats", []):
        name = escape(str(p["name"]))
        turn = " turn" if hand.get("to_act") == p["name"] else ""
        bank = ' <span class="banker">莊</span>' if hand.get("banker") == p["name"] else ""
        stacks = (hand.get("stacks") or {}).get(p["name"])
        score = f"{p['score']:+d}" if p["score"] else "0"
        out.append(
            f'<div class="seat{turn}" data-seat="{p["seat"]}"><div class="name">{name}{bank}</div>'
            f'<div class="score">{score}</div>'
            f'<div class="stacks">{"" if stacks is None else f"{stacks} 棟"}</div></div>'
        )
    return (
        "".join(out)
        or '<div class="seat"><div class="name">天九桌</div><div>no session yet</div></div>'
    )


def _page(title: str, body: str, extra_style: str = "") -> str:
    return (
        f'<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">{_STYLE}{extra_style}</head>'
        f"<body>{body}{_SCRIPT}</body></html>"
    )


def scoreboard_page(state: dict[str, Any]) -> str:
    body = (
        f'<h1 style="padding:0 1rem">天九桌 Tien Gow Table · {escape(str(state.get("table", "")))}</h1>'
        f'<div id="seats">{_seats_html(state)}</div><div id="trick"></div>'
    )
    return _page("天九桌 scoreboard", body, "<style>body{background:#0b3d2e;color:#fff}</style>")


def overlay_page(state: dict[str, Any], opaque: bool = False) -> str:
    bg = "#0b3d2e" if opaque else "transparent"
    body = f'<div id="seats">{_seats_html(state)}</div><div id="trick"></div>'
    return _page("天九桌 overlay", body, f"<style>html,body{{background:{bg}}}</style>")
