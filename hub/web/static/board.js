/* The scoreboard (/) and the stream overlay (/overlay): drawn from the /api/state JSON,
   kept live by the SSE stream (/api/stream). EventSource reconnects by itself after a hub
   restart; every `state` message carries the whole table, so nothing is ever missed. */
(function () {
  'use strict';
  var B = window.TG_BOOT, T = B.t, FACES = B.faces;
  var lastHands = '', hands = null, slide = 0, slideTimer = null;
  var COLORS = ['#f5c542', '#5ec8ff', '#ff7a90', '#8ee07a'];

  function t(id, vars) {
    var s = T[id] || id;
    Object.keys(vars || {}).forEach(function (k) { s = s.split('{' + k + '}').join(vars[k]); });
    return s;
  }
  function esc(x) {
    return String(x).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }
  /* a player's name as typed, set apart: a right-to-left override typed in it (U+202E) with no
     end turned the rest of its line around, a payment of 12 read 21, +5 read 5+ */
  function who(name) { return '<bdi>' + esc(name) + '</bdi>'; }
  function signed(n) { return n > 0 ? '+' + n : String(n); }
  function $(id) { return document.getElementById(id); }
  function tile(face, h) {
    return TGTiles.svg(face, { height: h, theme: B.theme, label: face ? (FACES[face] || face) + ' ' + face : 'face down' });
  }

  /* a refusal in the page's words, from its kind, tiles and count (hub/web/refusals.py): the
     tiles drawn and named as a trick's are, a play by its group (天对, not 天 天); `h` their
     height */
  function refusalHTML(r, h) {
    var words = (B.refusals || {})[r.kind] || B.refusals.other, tiles = r.tiles || [];
    var text = tiles.length && words.tiles ? words.tiles : words.text;
    var shown = '<span class="rtiles">' + tiles.map(function (f) { return tile(f, h); }).join('') +
      ' <b>' + esc(playWords(tiles, r.group_names)) + '</b></span>';
    return esc(text).split('{n}').join(esc(r.count)).split('{tiles}').join(shown);
  }
  /* "Refused · seat: what" over the referee's own sentence, smaller */
  function refusedHTML(r, h) {
    var head = r.seat ? esc(t('Refused · {seat}: {refusal}')).split('{seat}').join(who(r.seat))
      : esc(t('Refused')) + ' · {refusal}';
    return '<div class="what">' + head.split('{refusal}').join(refusalHTML(r, h)) + '</div>' +
      '<div class="why" lang="en">' + esc(r.message) + '</div>';
  }
  window.TGRefusal = refusedHTML;

  function seatsHTML(s) {
    var hand = s.hand || {};
    var pads = s.seats.some(function (p) { return p.online; }); // no pads at all: no offline marks
    return s.seats.map(function (p, i) {
      var stacks = (hand.stacks || {})[p.name], left = (hand.remaining || {})[p.name];
      var cls = 'seat' + (hand.to_act === p.name ? ' turn' : '') + (hand.banker === p.name ? ' banker' : '');
      var badges = '';
      if (hand.banker === p.name) badges += '<span class="badge bank">' + esc(t('Banker')) + '</span>';
      if (hand.to_act === p.name) badges += '<span class="badge act">' + esc(t('to play')) + '</span>';
      if ((hand.forfeited || []).indexOf(p.name) >= 0) badges += '<span class="badge out">' + esc(t('forfeit')) + '</span>';
      /* a lost pad said in words: a dot with a tooltip told the room nothing */
      if (pads && !p.online) badges += '<span class="badge off">' + esc(t('offline')) + '</span>';
      var marks = '';
      for (var k = 0; k < (stacks || 0); k++) marks += '<i></i>';
      return '<div class="' + cls + '" data-seat="' + p.seat + '" style="--c:' + COLORS[i % 4] + '">' +
        '<div class="name" title="' + esc(p.name) + '"><span class="nm">' + who(p.name) + '</span>' +
        (badges ? '<span class="badges">' + badges + '</span>' : '') + '</div>' +
        '<div class="score' + (p.score < 0 ? ' neg' : p.score === 0 ? ' zero' : '') + '" data-score="' + p.score + '">' + signed(p.score) + '</div>' +
        '<div class="meta"><span class="stacks">' + (stacks === undefined ? '' : esc(t('{n} stacks', { n: stacks }))) +
        '<span class="marks">' + marks + '</span></span>' +
        (left === undefined ? '' : '<span class="left">' + esc(t('{n} tiles in hand', { n: left })) + '</span>') + '</div></div>';
    }).join('');
  }

  /* a face-up play in words: the group's name (天九, Teen Gow), else its tiles' names */
  function playWords(faces, names) {
    return (names || {})[B.lang] || faces.map(function (f) { return FACES[f] || f; }).join(' ');
  }

  function trickHTML(s, h) {
    var hand = s.hand || {};
    var plays = hand.trick || [];
    if (!plays.length && hand.tricks && hand.tricks.length) { // between tricks: the last one's winner
      var last = hand.tricks[hand.tricks.length - 1];
      var label = hand.complete ? t('won the hand') : '✓ ' + t('{n} stacks', { n: last.size });
      return '<div class="play won"><div class="who">' + who(last.winner) + ' ' + esc(label) +
        '</div><div class="tiles">' + last.win.map(function (f) { return tile(f, h); }).join('') + '</div>' +
        '<div class="words">' + esc(playWords(last.win, last.group_names)) + '</div></div>';
    }
    return plays.map(function (p) {
      var tiles = p.tiles ? p.tiles.map(function (f) { return tile(f, h); }).join('')
        : new Array(p.face_down + 1).join(tile(null, h));
      var words = p.tiles ? playWords(p.tiles, p.group_names) : t('face down');
      return '<div class="play' + (p.tiles ? '' : ' down') + '" data-seat-name="' + esc(p.seat) + '">' +
        '<div class="who">' + who(p.seat) + '</div><div class="tiles">' + tiles + '</div>' +
        '<div class="words">' + esc(words) + '</div></div>';
    }).join('');
  }

  function resultHTML(s, r) {
    if (!r || !r.complete) return '';
    var mult = s.multipliers || {};
    /* which 例牌 won, and how it is paid: the finish says only 例牌 */
    var li = r.li_pai && (B.liPai || {})[r.li_pai];
    var finish = (r.finish || []).map(function (f) {
      if (f === 'li_pai' && li) return '<span class="finish">' + esc(t(f) + ' · ' + li.name + ' ' + li.value) + '</span>';
      return '<span class="finish">' + esc(t(f)) + (mult[f] ? ' ×' + mult[f] : '') + '</span>';
    }).join(' ');
    var pays = (r.payments || []).map(function (p) {
      var why = p.reason === 'li_pai' && li ? t(p.reason) + ' · ' + li.name : t(p.reason);
      if (p.reason === 'settlement' && r.stacks && r.stacks[p.from] === 0 && p.from !== r.winner) why = t('no stack');
      return '<li class="pay reason-' + esc(p.reason) + '"><b>' + who(p.from) + '</b> ' + esc(t('pays')) + ' <b>' +
        who(p.to) + '</b> <span class="amt">' + p.amount + '</span> <span class="why">' + esc(why) + '</span></li>';
    }).join('');
    var net = Object.keys(r.net || {}).map(function (n) {
      return '<span class="net' + (r.net[n] < 0 ? ' neg' : '') + '">' + who(n) + ' ' + signed(r.net[n]) + '</span>';
    }).join(' ');
    return '<div class="res-head">' + esc(t('Winner')) + ' <b>' + who(r.winner) + '</b> ' + finish + '</div>' +
      '<ul class="pays">' + pays + '</ul><div class="nets">' + net + '</div>';
  }

  function chartSVG(data) {
    var seats = data.seats || [], hs = data.hands || [];
    if (!seats.length || !hs.length) return '';
    /* the scale's numbers are 16 px on screen at least (the svg is 20vh high, board.css) */
    var box = $('chart'), k = Math.min((box && box.clientWidth || 640) / 640, window.innerHeight * 0.2 / 260);
    var FS = Math.max(20, Math.ceil(16 / k));
    var W = 640, H = 260, L = Math.max(46, Math.round(FS * 2.3)), R = 12, TOP = Math.round(FS * 0.6), BOT = FS + 8;
    var series = seats.map(function (n) { return [0].concat(hs.map(function (h) { return h.running[n]; })); });
    var all = [].concat.apply([0], series), lo = Math.min.apply(null, all), hi = Math.max.apply(null, all);
    if (hi === lo) { hi += 1; lo -= 1; }
    var nx = Math.max(1, hs.length);
    function X(i) { return L + (W - L - R) * i / nx; }
    function Y(v) { return TOP + (H - TOP - BOT) * (hi - v) / (hi - lo); }
    var out = '<svg class="chart" viewBox="0 0 ' + W + ' ' + H + '" font-size="' + FS + '" role="img" aria-label="' + esc(t('Totals hand by hand')) + '">';
    out += '<line x1="' + L + '" x2="' + (W - R) + '" y1="' + Y(0) + '" y2="' + Y(0) + '" class="zero"/>';
    out += '<text x="' + (L - 6) + '" y="' + (Y(hi) + FS / 4) + '" class="ax" text-anchor="end">' + hi + '</text>';
    out += '<text x="' + (L - 6) + '" y="' + (Y(lo) + FS / 4) + '" class="ax" text-anchor="end">' + lo + '</text>';
    out += '<text x="' + (L - 6) + '" y="' + (Y(0) + FS / 4) + '" class="ax" text-anchor="end">0</text>';
    var step = Math.max(1, Math.ceil(hs.length / 12));
    for (var i = step; i <= hs.length; i += step) out += '<text x="' + X(i) + '" y="' + (H - 8) + '" class="ax" text-anchor="middle">' + i + '</text>';
    series.forEach(function (pts, k) {
      var d = pts.map(function (v, i) { return (i ? 'L' : 'M') + X(i).toFixed(1) + ' ' + Y(v).toFixed(1); }).join(' ');
      out += '<path d="' + d + '" fill="none" stroke="' + COLORS[k % 4] + '" stroke-width="4" stroke-linejoin="round" data-player="' + esc(seats[k]) + '"/>';
      var v = pts[pts.length - 1];
      out += '<circle cx="' + X(pts.length - 1) + '" cy="' + Y(v) + '" r="6" fill="' + COLORS[k % 4] + '"/>';
    });
    return out + '</svg><div class="legend">' + seats.map(function (n, k) {
      return '<span style="--c:' + COLORS[k % 4] + '">' + who(n) + '</span>';
    }).join('') + '</div>';
  }

  var asked = 0;
  function refreshHands(s) {
    var key = s.session + ':' + s.hands_played; // a new session or a hand finished (or undone)
    if (key === lastHands && hands) return;
    lastHands = key;
    var mine = ++asked;
    fetch('/api/hands').then(function (r) { return r.json(); }).then(function (d) {
      /* only the answer to the last request: an earlier one that comes after it is stale */
      if (mine !== asked) return;
      hands = d;
      var c = $('chart'); if (c) c.innerHTML = chartSVG(d);
      render(window.TG_STATE);
    }).catch(function () { lastHands = ''; });
  }

  /* a session that ended leads the slides with its standings: the room sees how it ended */
  function slidesNow() {
    var s = window.TG_STATE;
    if (!s || !s.session || !s.ended || !s.seats.length) return B.slides;
    var ranked = s.seats.slice().sort(function (a, b) { return b.score - a.score; });
    return [{ title: t('Session ended') + ' · ' + t('Standings'), ranked: ranked }].concat(B.slides);
  }
  function attract(on) {
    var a = $('attract');
    if (!a) return;
    a.hidden = !on;
    document.body.classList.toggle('attracting', on);
    if (on && !slideTimer && slidesNow().length) {
      showSlide();
      slideTimer = setInterval(showSlide, B.slideMs || 9000);
    } else if (!on && slideTimer) { clearInterval(slideTimer); slideTimer = null; }
  }
  function showSlide() {
    var slides = slidesNow();
    var sl = slides[slide % slides.length]; slide++;
    var body = '<h2>' + esc(sl.title) + '</h2>';
    if (sl.tiles) body += '<div class="slide-tiles">' + sl.tiles.map(function (f) {
      return '<figure>' + tile(f.face, Math.round(window.innerHeight * 0.2)) + '<figcaption>' + esc(f.name) + '<small>' + esc(f.face) + '</small></figcaption></figure>';
    }).join('') + '</div>';
    if (sl.groups) body += '<div class="slide-groups">' + sl.groups.map(function (g) {
      return '<figure><div class="gtiles">' + g.faces.map(function (f) { return tile(f, Math.round(window.innerHeight * 0.14)); }).join('') +
        '</div><figcaption>' + esc(g.name) + '</figcaption></figure>';
    }).join('') + '</div>';
    if (sl.lines) body += '<ul class="slide-lines">' + sl.lines.map(function (l) { return '<li>' + esc(l) + '</li>'; }).join('') + '</ul>';
    if (sl.ranked) body += '<ul class="slide-lines">' + sl.ranked.map(function (p, i) {
      return '<li>' + (i + 1) + '. ' + who(p.name) + ' ' + signed(p.score) + '</li>';
    }).join('') + '</ul>';
    if (sl.steps) body += '<ol class="slide-lines steps">' + sl.steps.map(function (l) { return '<li>' + esc(l) + '</li>'; }).join('') + '</ol>';
    if (sl.note) body += '<p class="note">' + esc(sl.note) + '</p>';
    body += '<div class="dots">' + slides.map(function (_, i) {
      return '<i' + (i === (slide - 1) % slides.length ? ' class="on"' : '') + '></i>';
    }).join('') + '</div>';
    $('slide').innerHTML = body;
    fitSlide();
    $('slide').setAttribute('data-slide', String(slide));
  }
  /* a slide's lines are set smaller, step by step down to 16 px, until the last one ends above
     the slide dots: six long rules lines in English overran a 1280×720 TV */
  function fitSlide() {
    var list = document.querySelector('#slide .slide-lines'), dots = document.querySelector('#slide .dots');
    if (!list || !dots) return;
    var limit = dots.getBoundingClientRect().top - 4, px = parseFloat(getComputedStyle(list).fontSize);
    while (list.getBoundingClientRect().bottom > limit && px > 16) {
      px = Math.max(16, px * 0.92);
      list.style.fontSize = px + 'px';
    }
  }

  /* players' names are not in the page font: load a cut that has them as well */
  var nameChars = '';
  function nameFont(s) {
    var chars = {};
    s.seats.forEach(function (p) { Array.from(p.name).forEach(function (c) { if (c.charCodeAt(0) > 127) chars[c] = 1; }); });
    var want = Object.keys(chars).sort().join('');
    if (!want || want === nameChars || !window.FontFace) return;
    nameChars = want;
    var cut = B.lang === 'zh-Hans' ? 'hans' : 'hant';
    var face = new FontFace('TG CJK Names', 'url(/static/cjk-' + cut + '.otf?extra=' + encodeURIComponent(want) + ')');
    face.load().then(function (f) { document.fonts.add(f); document.body.classList.add('names-font'); }, function () {});
  }

  /* the TV's result panel has a fixed height: a hand of many payments in long words is set
     smaller, step by step down to 16 px, rather than run its last lines under the edge */
  function fitPanel(el) {
    el.style.fontSize = '';
    var px = parseFloat(getComputedStyle(el).fontSize);
    while (el.scrollHeight > el.clientHeight + 1 && px > 16) {
      px = Math.max(16, px * 0.92);
      el.style.fontSize = px + 'px';
    }
  }

  function render(s) {
    window.TG_STATE = s;
    nameFont(s);
    var idle = !s.session || s.ended;
    document.body.setAttribute('data-event-id', String(s.last_event_id === null ? '' : s.last_event_id));
    if (B.mode === 'board') attract(idle);
    var hand = s.hand || {};
    var head = $('handinfo');
    /* a session ended has no banker to come: its end takes the banker's place, which the two
       had no room for side by side (the term was written over it on a 1280 TV in English) */
    if (head) head.innerHTML = s.session ? '<span class="hno">' + esc(t('Hand {n}', { n: hand.number || 0 })) + '</span>' +
      (s.ended ? '<span class="ended">' + esc(t('Session ended')) + '</span>'
      : '<span class="bk">' + esc(t('Banker')) + ' <b title="' + esc(hand.banker || '') + '">' + who(hand.banker || '') + '</b><span class="term"> · ' +
      esc(t('term {n}', { n: hand.banker_term || 1 })) + (hand.banker_factor > 1 ? ' ×' + hand.banker_factor : '') + '</span></span>')
      : '<span>' + esc(t('Waiting for the next session')) + '</span>';
    $('seats').innerHTML = s.seats.length ? seatsHTML(s) : '';
    var big = B.mode === 'board' ? Math.round(window.innerHeight * 0.15) : (B.layout === 'corner' ? 60 : 70);
    $('trick').innerHTML = trickHTML(s, big);
    var res = $('result');
    if (res) {
      var r = hand.complete ? hand.result : (hands && hands.hands.length ? hands.hands[hands.hands.length - 1] : null);
      res.innerHTML = r ? '<h3>' + esc(hand.complete ? t('Hand {n}', { n: hand.number }) : t('Last hand')) + '</h3>' + resultHTML(s, r) : '';
      if (B.mode === 'board') fitPanel(res);
      if (B.mode === 'overlay' && !hand.complete && r) { /* the last hand gives way to the one in play */
        var box = $('board').getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight) res.innerHTML = '';
      }
    }
    var n = $('notice');
    if (n) { /* a seat's refusal in the page's words, or the camera's trouble (no seat) as it is */
      var no = s.notice;
      n.hidden = !no;
      n.setAttribute('data-kind', no && no.seat && no.kind || '');
      n.title = no && no.seat ? no.message : '';
      if (!no) n.textContent = '';
      else if (no.seat && no.kind) n.innerHTML = refusedHTML(no, Math.round(parseFloat(getComputedStyle(n).fontSize) * 1.6));
      else if (no.seat) n.innerHTML = esc(t('Refused')) + ' · ' + who(no.seat) + ': ' + esc(no.message);
      else n.textContent = no.message;
    }
    if (s.session && res) refreshHands(s);
  }

  window.TG_LISTENERS = window.TG_LISTENERS || [];
  function connect() {
    var es = new EventSource('/api/stream');
    /* (re)connected: the hands are fetched again with the next state, since a hand corrected
       while the page was away leaves as many hands played, so the same key, and a stale hand */
    es.onopen = function () { lastHands = ''; };
    es.addEventListener('state', function (e) {
      document.body.classList.remove('offline');
      var s = JSON.parse(e.data);
      render(s);
      window.TG_LISTENERS.forEach(function (f) { f(s); });
    });
    es.onerror = function () {
      document.body.classList.add('offline');
      if (es.readyState === 2) setTimeout(connect, 2000); // closed for good: open a new one
    };
    window.TG_ES = es;
  }

  var rulesBtn = $('rules-btn');
  if (rulesBtn) rulesBtn.addEventListener('click', function () {
    fetch('/api/rules?lang=' + encodeURIComponent(B.lang)).then(function (r) { return r.json(); }).then(function (d) {
      $('rules-list').innerHTML = d.lines.map(function (l) { return '<li data-option="' + esc(l.option) + '">' + esc(l.text) + '</li>'; }).join('');
      $('rules-dialog').showModal();
      $('rules-dialog').scrollTop = 0;
    });
  });
  var close = $('rules-close');
  if (close) close.addEventListener('click', function () { $('rules-dialog').close(); });
  render(B.state);
  connect();
})();
