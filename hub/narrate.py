"""A hand told in words: the deal, every trick, the 結, the finish and who pays what and why.

Used by ``tiengow demo`` so that a newcomer sees the rules at work. The story
is rebuilt by replaying the hand's actions through the real referee.
"""

from __future__ import annotations

from collections.abc import Iterator

from hub.referee.hand import Action, Discarded, Played, decide, evolve, table_for
from hub.referee.hand import Namer as SeatNames
from hub.referee.transcript import HandResult, HandSpec, start_hand
from hub.rules.groups import describe_group
from hub.rules.options import Rules, Settlement
from hub.rules.scoring import UNITS
from hub.rules.tiles import format_mask, name_of, tiles_in

FINISH_WORDS = {
    "normal": "an ordinary finish",
    "yao_jie": "么結: finished with a lone 么 (5-1 or 2-1) that nobody beat, ×2",
    "bao_zun": "包尊: finished with 至尊, ×2 instead of 賀尊 money",
    "qin_zun": "擒尊: the 文尊 was captured on the last trick, ×4 and its player pays for all",
    "si_da_bao": "賀四結 (四大包): finished with a quad",
    "qin": "么雙擒四: the 么 was captured on the last trick, its player pays for everyone",
    "qi_zhi": "七支: the winner took every stack, the last only because nobody else could win it, ×2",
    "ba_zhi": "八支: the winner took every stack with a sure last play, ×4",
    "li_pai": "例牌: a special hand, won at once",
    "quan_ma": "全码: the winner took every trick, ×2",
}
REASON_WORDS = {
    "settlement": "end of hand",
    "he_zun": "賀尊 (至尊 led)",
    "qin_zun": "擒尊 (文尊 captured)",
    "si_da_he": "四大賀 (a quad won a trick)",
    "li_pai": "例牌",
    "forfeit": "forfeit",
    "zun_capture": "杂8对 captured the finishing 至尊",
}


def tiles_words(mask: int) -> str:
    """``天 6-6 + 雜九 5-4``: each tile's Chinese name and face."""
    return " + ".join(f"{name_of(t)} {format_mask(1 << t)}" for t in tiles_in(mask))


def _units_words(rules: Rules, stacks: int) -> str:
    u = UNITS[rules.settlement](stacks, rules)
    if rules.settlement is Settlement.HK:
        if stacks == 0:
            return "空棟, no stack: 5"
        if stacks == 4:
            return "歸棟, 4 stacks: 0"
        return f"{stacks} stack{'s' if stacks != 1 else ''}: 4 − {stacks} = {u}"
    return f"{stacks} stacks: {u}"


def narrate_hand(
    rules: Rules,
    seats: list[str],
    index: int,
    deal: tuple[int, ...],
    actions: tuple[Action, ...],
    result: HandResult,
    previous: HandResult | None,
) -> Iterator[str]:
    table = table_for(rules)
    names = SeatNames(seats)
    spec = HandSpec(result.banker, result.term, deal, ())
    state = start_hand(rules, len(seats), index, spec, previous)
    banker = seats[state.banker]
    yield f"── Hand {index + 1}: banker {banker}, term {state.term} (banker factor ×{state.factor}) ──"
    for s, hand in enumerate(deal):
        yield f"  {seats[s]:>2} holds  {tiles_words(hand)}"
    line: list[str] = []
    for action in actions:
        event = decide(rules, table, state, action, names)
        who = seats[action.seat]
        if action.kind == "declare":
            yield f"  {who} shows the 例牌 {action.name} and wins at once"
        elif isinstance(event, Played):
            group = describe_group(event.mask, table)
            verb = "leads" if not state.trick else "beats with"
            line.append(f"{who} {verb} {group} ({format_mask(event.mask)})")
        elif isinstance(event, Discarded):
            line.append(f"{who} discards {event.n_tiles} face down")
        before = len(state.tricks)
        state = evolve(rules, table, state, event)
        if len(state.tricks) > before:
            t = state.tricks[-1]
            stacks = " ".join(f"{seats[s]}{state.stacks[s]}" for s in range(state.n))
            yield f"  trick {len(state.tricks)}: " + "; ".join(line)
            yield f"      → {seats[t.winner]} takes {t.size} stack{'s' if t.size > 1 else ''}  [{stacks}]"
            line = []
    winner = seats[result.winner]
    if result.state.tricks:
        yield f"  結: {winner} won the last trick and the hand"
    for label in result.finish:
        yield f"  finish: {FINISH_WORDS.get(label, label)}"
    for p in result.bonuses:
        yield f"  {seats[p.payer]} pays {seats[p.receiver]} {p.amount} — {REASON_WORDS.get(p.reason, p.reason)}"
    for p in result.settlement:
        loser = p.payer if p.receiver == result.winner else p.receiver
        why = REASON_WORDS.get(p.reason, p.reason)
        if p.reason == "settlement":
            n_stacks = result.state.stacks[loser]
            u = UNITS[rules.settlement](n_stacks, rules)
            if p.payer == result.bao:
                why = "包: pays everyone's dues"
            else:
                why = _units_words(rules, n_stacks)
                if u and p.amount // abs(u) != 1:
                    why += f", ×{p.amount // abs(u)}"
        yield f"  {seats[p.payer]} pays {seats[p.receiver]} {p.amount}  ({why})"
    net = result.money(len(seats), "net")
    yield "  net: " + ", ".join(f"{seats[s]} {net[s]:+d}" for s in range(len(seats)))
    term = f"term {result.next_term}" if result.next_banker == result.banker else "new banker"
    yield f"  next banker: {seats[result.next_banker]} ({term})"
