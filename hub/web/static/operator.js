/* The operator's page: every button is one API call (so one ledger event). The admin token
   is typed once and kept in sessionStorage (this tab only). board.js keeps the state live. */
(function () {
  'use strict';
  var B = window.TG_BOOT, T = B.t;
  function t(id) { return T[id] || id; }
  function $(id) { return document.getElementById(id); }
  var KEY = 'tiengow-admin-token';
  var status = $('status');
  function say(text, bad) { status.textContent = text; status.className = bad ? 'bad' : 'ok'; }
  /* a refusal in the page's words (board.js), the referee's sentence under it; `also`: what
     follows it ("nothing changed") */
  function sayRefused(r, seat, also) {
    status.innerHTML = window.TGRefusal({ seat: seat, kind: r.kind, tiles: r.tiles, count: r.count,
      group_names: r.group_names, message: r.error },
      Math.round(parseFloat(getComputedStyle(status).fontSize) * 1.6));
    if (also) status.querySelector('.what').appendChild(document.createTextNode(' · ' + also));
    status.className = 'bad';
  }

  $('token').value = sessionStorage.getItem(KEY) || '';
  $('token-form').addEventListener('submit', function (e) {
    e.preventDefault();
    sessionStorage.setItem(KEY, $('token').value.trim());
    say(t('Done'));
  });

  function call(path, body) {
    var token = sessionStorage.getItem(KEY) || $('token').value.trim();
    return fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + token },
      body: JSON.stringify(body || {})
    }).then(function (r) {
      return r.json().then(function (d) {
        if (!r.ok) { /* a refusal of an event is the event's seat's */
          var err = new Error(d.error || r.status);
          err.refusal = d.kind ? d : null;
          err.seat = body && typeof body.seat === 'string' ? body.seat : '';
          throw err;
        }
        return d;
      });
    });
  }
  function done(d) { say(t('Done') + ' · #' + d.event_id); return d; }
  /* a refusal (the answer has its kind) is said in the page's words; any other error as it is */
  function fail(e) {
    if (e.refusal) sayRefused(e.refusal, e.seat, e.unchanged ? t('nothing changed') : '');
    else say(t('Error') + ': ' + e.message + (e.unchanged ? ' · ' + t('nothing changed') : ''), true);
    throw e;
  }

  /* each option's value is the name as typed: an option's text would come back with its
     spaces collapsed and an entity such as '&amp' read, a name no seat has */
  function fillNames(sel, names) {
    sel.replaceChildren.apply(sel, names.map(function (n) { return new Option(n, n); }));
  }

  var start = $('start-form');
  function players() {
    return Array.prototype.map.call(start.querySelectorAll('input[name=player]'), function (i) { return i.value.trim(); })
      .filter(function (v) { return v; });
  }
  function fillBankers() {
    var sel = start.elements.banker, cur = sel.value;
    fillNames(sel, players());
    if (cur) sel.value = cur;
  }
  start.addEventListener('input', fillBankers);
  fillBankers();
  /* the overrides over the rules chosen; a grouped option (li_pai) changes that option only,
     the group's others as the rules chosen have them */
  function overlay(rules, extra) {
    if (!extra || typeof extra !== 'object' || Array.isArray(extra))
      throw new Error('an object of options such as {"ba_zhi_mult": 4}, got ' + JSON.stringify(extra));
    Object.keys(extra).forEach(function (k) {
      var v = extra[k], was = rules[k];
      var group = v && was && typeof v === 'object' && typeof was === 'object' && !Array.isArray(v);
      rules[k] = group ? Object.assign({}, was, v) : v;
    });
    return rules;
  }
  start.addEventListener('submit', function (e) {
    e.preventDefault();
    /* a new session leaves the one running unended and the table moves on: asked, as End is */
    var now = window.TG_STATE || B.state;
    if (now && now.session != null && !now.ended && !window.confirm(t('Are you sure?'))) {
      say(t('nothing changed'));
      return;
    }
    var rules = start.elements.preset.value, extra = start.elements.options.value.trim();
    /* the hub's own rules, when no preset, are an object of options (as JSON) */
    if (rules.charAt(0) === '{') rules = JSON.parse(rules);
    if (extra) {
      try { rules = overlay(typeof rules === 'string' ? { preset: rules } : rules, JSON.parse(extra)); }
      catch (err) { say(t('Error') + ': ' + t('Option overrides (JSON)') + ': ' + err.message, true); return; }
    }
    call('/api/session', { format: 'tiengow-transcript/1', rules: rules, seats: players(),
      hands: [{ banker: start.elements.banker.value, events: [] }] }).then(done, fail).catch(function () {});
  });

  var ev = $('event-form');
  /* a palette of the 21 faces: a click adds the face to the tiles field */
  $('palette').innerHTML = Object.keys(B.faces).map(function (f) {
    return '<button type="button" data-face="' + f + '" title="' + B.faces[f] + ' ' + f + '">' +
      TGTiles.svg(f, { height: 64 }) + '<span>' + B.faces[f] + '</span></button>';
  }).join('');
  $('palette').addEventListener('click', function (e) {
    var b = e.target.closest('button[data-face]');
    if (!b) return;
    var cur = ev.elements.tiles.value.trim();
    ev.elements.tiles.value = (cur ? cur + ' ' : '') + b.getAttribute('data-face');
    /* a face after a count is a play; after a 例牌's name it is the hand shown */
    if (ev.elements.action.value.indexOf('count') >= 0) ev.elements.action.value = 'play';
  });
  function eventBody() {
    var seat = ev.elements.seat.value, kind = ev.elements.action.value, raw = ev.elements.tiles.value.trim();
    var tiles = raw.split(/[\s,+]+/).filter(function (x) { return x; });
    if (kind === 'play') return { seat: seat, play: tiles };
    if (kind === 'discard tiles') return { seat: seat, discard: tiles };
    if (kind === 'discard count') return { seat: seat, discard: parseInt(raw, 10) };
    if (kind === 'declare') { /* a live table has no deal: the claim is checked against the hand shown */
      /* the claim is the word that names a 例牌 (else the first, for the referee to refuse by
         name); the rest are tiles, written as any input takes them (4-5, 梅), which the hub reads */
      var at = tiles.findIndex(function (x) { return B.liPai[x] !== undefined; });
      if (at < 0 && tiles.length && B.faces[tiles[0]] === undefined) at = 0;
      var shown = tiles.filter(function (x, i) { return i !== at; });
      var body = { seat: seat, declare: at < 0 ? '' : tiles[at] };
      if (shown.length) body.tiles = shown;
      return body;
    }
    return { seat: seat, forfeit: true };
  }
  ev.addEventListener('submit', function (e) {
    e.preventDefault();
    var body = eventBody(), correct = e.submitter && e.submitter.value === 'correct';
    /* a correction the referee refuses puts the action taken back in again: nothing changes */
    var p = correct ? call('/api/undo', { reason: 'misread corrected by the operator' }).then(function (u) {
      return call('/api/events', body).catch(function (err) {
        return call('/api/events', u.undone).then(function () {
          err.unchanged = true;
          throw err;
        });
      });
    }) : call('/api/events', body);
    p.then(function (d) { ev.elements.tiles.value = ''; return done(d); }, fail).catch(function () {});
  });
  $('undo').addEventListener('click', function () {
    call('/api/undo', { reason: 'operator' }).then(done, fail).catch(function () {});
  });
  $('end').addEventListener('click', function () {
    if (!window.confirm(t('Are you sure?'))) return;
    call('/api/end', {}).then(done, fail).catch(function () {});
  });

  /* keep the seat list and the seat to act in step with the table */
  var seen = '';
  function sync(s) {
    var names = (s.seats || []).map(function (p) { return p.name; }), key = names.join('\u0000');
    var sel = ev.elements.seat;
    if (key !== seen) {
      seen = key;
      fillNames(sel, names);
    }
    /* a hand over, the next is the next banker's to lead (or to claim a 例牌 before it) */
    var h = s.hand, next = h && (h.to_act || (h.complete && h.result && h.result.next_banker));
    if (next) sel.value = next;
  }
  sync(B.state);
  window.TG_LISTENERS.push(sync);
})();
