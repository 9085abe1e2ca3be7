"""Throwaway builder/checker for tests/golden/*.json (NOT a rules engine).

It only does bookkeeping: expands compact trick lines into events, fills
unnamed discards from the undealt pool, checks the deal is an exact partition,
per-seat tile accounting, turn order (leader = previous trick's last face-up
player, seats in playing order), counts stacks from those trick winners and
checks zero-sums.  Legality of plays and all money were derived by hand and are
written into each scenario (see the note fields)."""
import json, random, sys, pathlib
from collections import Counter

CIVIL = "66 11 44 31 55 33 22 65 64 61 51".split()
MIL = "63 54 62 53 52 43 42 41 32 21".split()
DECK = Counter({t: 2 for t in CIVIL}); DECK.update(MIL)
RED = {"66": 6, "11": 2, "44": 8, "31": 1, "55": 0, "33": 0, "22": 0, "65": 0, "64": 4, "61": 1,
       "51": 1, "63": 0, "54": 4, "62": 0, "53": 0, "52": 0, "43": 4, "42": 4, "41": 5, "32": 0, "21": 1}
OUT = pathlib.Path(__file__).resolve().parents[2] / "tests" / "golden"

def face(t): return f"{t[0]}-{t[1]}"

def parse_trick(line):
    acts = []
    for part in line.split(","):
        seat, what = part.split()
        if what == "d":
            acts.append((seat, "d", None))
        elif what.startswith("d:"):
            acts.append((seat, "d", what[2:].split("+")))
        else:
            acts.append((seat, "p", what.split("+")))
    return acts

def build_hand(h, seats, pool, seed):
    tricks = [parse_trick(t) for t in h["tricks"]]
    named = Counter()
    for tr in tricks:
        for s, k, tl in tr:
            if tl: named.update(tl)
    pool = Counter(pool); left = pool - named
    assert not (named - pool), f"named tiles not in pool: {named - pool}"
    fill = sorted(left.elements()); random.Random(seed).shuffle(fill)
    hands = {s: [] for s in seats}; events = []; winners = []; stacks = {s: 0 for s in seats}
    leader = h["banker"]
    pre = h.get("pre", [])
    events.extend(pre)
    for tr in tricks:
        k = len(tr[0][2]); assert tr[0][1] == "p" and tr[0][0] == leader, (tr, leader)
        i0 = seats.index(leader)
        assert [a[0] for a in tr] == [seats[(i0 + j) % len(seats)] for j in range(len(seats))], tr
        win = leader
        for s, kind, tl in tr:
            if kind == "d" and tl is None:
                tl = [fill.pop() for _ in range(k)]
            assert len(tl) == k, tr
            hands[s].extend(tl)
            if kind == "p":
                win = s; events.append({"seat": s, "play": [face(t) for t in tl]})
            else:
                events.append({"seat": s, "discard": [face(t) for t in tl]})
        winners.append(win); stacks[win] += k; leader = win
    assert not fill, f"unused tiles {fill}"
    n = len(hands[seats[0]])
    assert all(len(v) == n for v in hands.values()), {s: len(v) for s, v in hands.items()}
    assert Counter(t for v in hands.values() for t in v) == pool
    # accidental 例牌 guard
    for s, v in hands.items():
        red = sum(RED[t] for t in v)
        if red <= 1 and len(v) == 8 and not any(e.get("declare") for e in pre):
            raise AssertionError(f"{s} holds a 例牌 hand unintentionally")
    return hands, events, winners, stacks

def order(tl):
    key = {t: i for i, t in enumerate(CIVIL + MIL)}
    return [face(t) for t in sorted(tl, key=lambda t: key[t])]

def scenario(name, note, rules, hands, seats=("E", "S", "W", "N"), totals=None, counts_only=False,
             error=None, keep_deal=True):
    seats = list(seats); th = []; eh = []
    for hi, h in enumerate(hands):
        pool = h.get("pool", DECK)
        if isinstance(pool, list): pool = Counter(pool)
        if "deal" in h:   # explicit deal (例牌)
            dealt = {s: h["deal"][s].split() for s in seats}
            assert Counter(t for v in dealt.values() for t in v) == pool
            events = h["pre"]; winners = []; stacks = None
        else:
            dealt, events, winners, stacks = build_hand(h, seats, pool, seed=name + str(hi))
        ev = events[: h["cut"]] if "cut" in h else events
        for m in h.get("mutate", []):
            m(ev)
        t = {}
        if "banker" in h and not h.get("omit_banker"): t["banker"] = h["banker"]
        if "term" in h and not h.get("omit_banker"): t["banker_term"] = h["term"]
        if keep_deal and not counts_only:
            t["deal"] = {s: order(dealt[s]) for s in seats}
        if counts_only:
            ev = [{"seat": e["seat"], "discard": len(e["discard"])} if "discard" in e else e for e in ev]
        t["events"] = ev
        th.append(t)
        if error is None:
            x = h["expect"]; e = {}
            if winners: e["tricks"] = winners; e["winner"] = winners[-1]
            if "winner" in x: e["winner"] = x["winner"]
            if stacks is not None:
                assert x["stacks"] == [stacks[s] for s in seats], (name, x["stacks"], stacks)
                assert sum(stacks.values()) == (8 if len(dealt[seats[0]]) == 8 else len(dealt[seats[0]]))
                e["stacks"] = stacks
            e["finish"] = x["finish"]
            st = x["settlement"]; bo = x.get("bonuses", [0] * len(seats))
            assert sum(st) == 0 and sum(bo) == 0, name
            e["settlement"] = dict(zip(seats, st)); e["bonuses"] = dict(zip(seats, bo))
            e["net"] = {s: a + b for s, a, b in zip(seats, st, bo)}
            if "net" in x: assert x["net"] == [a + b for a, b in zip(st, bo)], name
            if "next" in x: e["next_banker"], e["next_banker_term"] = x["next"]
            eh.append(e)
    doc = {"name": name, "note": note,
           "transcript": {"format": "tiengow-transcript/1", "rules": rules, "seats": seats, "hands": th}}
    if error is not None:
        doc["expect"] = {"error": {"hand": error[0], "event": error[1]}}
    else:
        doc["expect"] = {"hands": eh}
        if totals is not None:
            tot = {s: sum(h["net"][s] for h in eh) for s in seats}
            assert [tot[s] for s in seats] == totals, (name, tot, totals)
            assert sum(totals) == 0
            doc["expect"]["totals"] = tot
    (OUT / f"{name}.json").write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    return doc
