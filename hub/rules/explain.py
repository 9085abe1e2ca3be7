"""The house rules in force, in plain words: one line per option (`tiengow rules`).

Every field of `Rules` has a text in each of `LANGS`; the texts are data
(`TEXTS`: option -> language -> template), not code paths. A template is given
the option's value and the whole `Rules` (some sentences quote a neighbouring
option, e.g. the number of players). `NOT_IN_PLAY` adds a short note to the
line of an option that these rules never consult (擒 without any 么 tile, …).

zh-Hant uses the Hong Kong club words (莊, 閒家, 棟, 結, 賀尊, 包尊, 么結, 擒,
七支/八支, 例牌); zh-Hans the mainland ones where they exist (庄, 闲家, 戙, 结,
幺, 杂, 全码, 四喜).

>>> from hub.rules.options import preset
>>> explain(preset("hk"), "en")[0]
'Tien Gow house rules — preset: hk; game: Hong Kong club standard'
>>> [line for line in explain(preset("hk"), "zh-Hant") if line.startswith("文尊")]
['文尊：不打文尊，一對拎冧六（5-1）只是最細的文對；至尊只有二四（4-2）配丁三（2-1）。']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any

from hub.rules.options import (
    BankerBaZhiRule,
    BankerMultiplier,
    DiceThrower,
    Direction,
    FirstLeader,
    LiPai,
    NoSplitLead,
    PaiGowTie,
    PaiGowTiebreak,
    ResidualDiceFour,
    Rules,
    Settlement,
    Slam,
    Variant,
    ZhizunCapture,
)
from hub.rules.tiles import FACES, N_TILES, parse_face

LANGS: tuple[str, ...] = ("en", "zh-Hant", "zh-Hans")
"""The languages, in the order of the text tuples below."""

Template = Callable[[Any, Rules], str]
"""(value of the option, the whole rules) -> one line."""

Tr = tuple[str, str, str]
"""One text in each of `LANGS`: (en, zh-Hant, zh-Hans)."""


class ExplainError(LookupError):
    """An option or language without a text (a new `Rules` field needs one here)."""


def _extras(r: Rules) -> dict[str, Any]:
    """Numbers some texts quote, worked out from the rules."""
    used = r.players * r.hand_size
    base = 4 if r.hand_size == 8 else 5
    return {"used": used, "left": N_TILES - used, "base": base, "base1": base + 1}


def _render(text: str, v: Any, r: Rules) -> str:
    return text.format(v=v, r=r, **_extras(r))


def fmt(en: str, hant: str, hans: str) -> dict[str, Template]:
    """Format strings with ``{v}`` (the value), ``{r.<option>}`` and the numbers of `_extras`."""

    def one(text: str) -> Template:
        return lambda v, r: _render(text, v, r)

    return {lang: one(text) for lang, text in zip(LANGS, (en, hant, hans), strict=True)}


def when(test: Callable[[Any, Rules], bool], yes: Tr, no: Tr) -> dict[str, Template]:
    """The first texts when ``test(value, rules)`` holds, else the second."""

    def one(i: int) -> Template:
        return lambda v, r: _render(yes[i] if test(v, r) else no[i], v, r)

    return {lang: one(i) for i, lang in enumerate(LANGS)}


def yes_no(yes: Tr, no: Tr) -> dict[str, Template]:
    """A true/false option: the first texts when it is on, the second when off."""
    return when(lambda v, r: bool(v), yes, no)


def pick(table: Mapping[Any, Tr]) -> dict[str, Template]:
    """An option with named values (an enum, or a few numbers): one text per value."""

    def one(i: int) -> Template:
        def line(v: Any, r: Rules) -> str:
            if v not in table:
                raise ExplainError(f"no text for value {v!r}")
            return _render(table[v][i], v, r)

        return line

    return {lang: one(i) for i, lang in enumerate(LANGS)}


def face_name(face: str, lang: str) -> str:
    """``5-1`` -> ``拎冧六（5-1）`` / ``铜锤六（5-1）`` / ``the 5-1``."""
    f = FACES[parse_face(face)]
    if lang == "en":
        return f"the {f.text}"
    return f"{f.name_hant if lang == 'zh-Hant' else f.name_hans}（{f.text}）"


def _faces(faces: tuple[str, ...], lang: str) -> str:
    names = [face_name(t, lang) for t in faces]
    if lang == "en":
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return "、".join(names)


def _yao_tiles(lang: str, label: str, none: str) -> Template:
    sep, end = (": ", ".") if lang == "en" else ("：", "。")
    return lambda v, r: label + sep + (_faces(v, lang) + end if v else none)


# 四大賀: the sentence, a fixed amount, and "as many as there are players".
SI_DA_HE_TEXTS: dict[str, Tr] = {
    "en": (
        "四大賀 (a quad wins a trick before the last): each other player pays {x}.",
        "{v}",
        "as many as there are players ({n})",
    ),
    "zh-Hant": (
        "四大賀（最後一手之前以四大贏一手）：每家付{x}。",
        " {v}",
        "與人數相同之數，即 {n}",
    ),
    "zh-Hans": (
        "四大贺（四喜：最后一手之前以四大赢一墩）：每家付{x}。",
        " {v} 戙",
        "与人数相同的戙数，即 {n} 戙",
    ),
}


def _si_da_he(lang: str) -> Template:
    text, amount, per_player = SI_DA_HE_TEXTS[lang]
    return lambda v, r: text.format(
        x=(per_player if v == "n_players" else amount).format(v=v, n=r.players)
    )


# 例牌 (§E.9): what the hand is, and its value (2 = 七枝, 4 = 八枝).
LI_PAI_TEXTS: dict[str, tuple[Tr, int]] = {
    "quan_bai": (("全白 (no red pip at all)", "全白（全手無紅點）", "全白（全手没有红点）"), 4),
    "yi_dian_hong": (
        (
            "一點紅 (exactly one red pip)",
            "一點紅（全手只得一粒紅點）",
            "一点红（全手只有一个红点）",
        ),
        2,
    ),
    "seven_civil": (("exactly 7 civil tiles", "七隻文牌", "七张文牌"), 2),
    "eight_civil": (("8 civil tiles", "八隻全文", "八张全文"), 4),
    "seven_mil": (("exactly 7 military tiles", "七隻武牌", "七张武牌"), 2),
    "eight_mil": (("8 military tiles", "八隻全武", "八张全武"), 4),
    "four_pairs": (("four natural pairs", "四對", "四对"), 4),
}
LI_PAI_VALUE: dict[int, Tr] = {
    2: (" as 七枝 ×2", "算七枝 ×2", "算七枝 ×2"),
    4: (" as 八枝 ×4", "算八枝 ×4", "算八枝 ×4"),
}
# label, the agreed ones, the others, none agreed, separator of agreed, separator of others
LI_PAI_FRAME: dict[str, tuple[str, str, str, str, str, str]] = {
    "en": (
        "例牌 (instant-win hands, declared when the tiles are first seen; each other player "
        "pays 5 × the value, × the banker factor with the banker)",
        ": {agreed}.",
        " Not played: {off}.",
        ": none are played.",
        "; ",
        ", ",
    ),
    "zh-Hant": (
        "例牌（開牌即贏，每家付 5 × 倍數，涉及莊家再乘莊家倍數）",
        "：{agreed}。",
        "不計：{off}。",
        "：全部不計。",
        "；",
        "、",
    ),
    "zh-Hans": (
        "例牌（亮牌即赢，每家付 5 × 倍数，涉及庄家再乘庄家倍数）",
        "：{agreed}。",
        "不计：{off}。",
        "：全部不计。",
        "；",
        "、",
    ),
}


def _li_pai(lang: str) -> Template:
    i = LANGS.index(lang)
    label, agreed_fmt, off_fmt, none_fmt, sep_on, sep_off = LI_PAI_FRAME[lang]

    def line(v: LiPai, r: Rules) -> str:
        on: list[str] = []
        off: list[str] = []
        for g in fields(LiPai):
            if g.name not in LI_PAI_TEXTS:
                raise ExplainError(f"例牌 li_pai.{g.name} has no text in LI_PAI_TEXTS")
            name, value = LI_PAI_TEXTS[g.name]
            if getattr(v, g.name):
                on.append(name[i] + LI_PAI_VALUE[value][i])
            else:
                off.append(name[i])
        if not on:
            return label + none_fmt
        out = label + agreed_fmt.format(agreed=sep_on.join(on))
        return out + (off_fmt.format(off=sep_off.join(off)) if off else "")

    return line


VARIANT_NAMES: dict[Variant, Tr] = {
    Variant.HK: ("Hong Kong club standard", "香港標準玩法", "香港标准玩法"),
    Variant.MAINLAND: (
        "mainland three-system game (宫, 杂, 幺)",
        "內地三門打法（宮、雜、么）",
        "内地三门打法（宫、杂、幺）",
    ),
    Variant.CULIN1893: ("Culin 1893 (historical)", "Culin 1893 古法", "Culin 1893 古法"),
}


def _header(lang: str) -> Template:
    i = LANGS.index(lang)
    text = (
        "Tien Gow house rules — preset: {v}; game: {game}",
        "天九規則——預設：{v}；玩法：{game}",
        "天九规则——预设：{v}；玩法：{game}",
    )[i]
    return lambda v, r: text.format(v=v, game=VARIANT_NAMES[r.variant][i])


SM = BankerMultiplier
TEXTS: dict[str, dict[str, Template]] = {
    "name": {lang: _header(lang) for lang in LANGS},
    "variant": pick(
        {
            Variant.HK: (
                "Game: Hong Kong standard — civil (文) and military (武) tiles; whoever wins "
                "the last trick (結) wins the hand.",
                "玩法：香港標準，牌分文、武兩門；最後一手贏者結，即贏全局。",
                "玩法：香港标准，牌分文、武两门；最后一手赢者结，即赢全局。",
            ),
            Variant.MAINLAND: (
                "Game: mainland three systems — 宫, 杂 and 幺 tiles never beat one another; "
                "whoever wins the last trick (结) wins the hand.",
                "玩法：內地三門，宮、雜、么三門的牌互不相打；最後一手贏者結。",
                "玩法：内地三门，宫、杂、幺三门的牌互不相打；最后一手赢者结。",
            ),
            Variant.CULIN1893: (
                "Game: Culin's 1893 account — the Hong Kong tiles and play; "
                "whoever wins the last trick wins the hand.",
                "玩法：依 Culin 1893 年的記載，牌及打法同香港；最後一手贏者結。",
                "玩法：依 Culin 1893 年的记载，牌及打法同香港；最后一手赢者结。",
            ),
        }
    ),
    "players": fmt(
        "Players: {v} at the table.",
        "人數：{v} 人一檯。",
        "人数：{v} 人一桌。",
    ),
    "hand_size": when(
        lambda v, r: v * r.players == N_TILES,
        (
            "Tiles: {v} each, all 32 dealt; a hand has {v} stacks.",
            "每人 {v} 隻牌，32 隻全部派出；每局共 {v} 棟。",
            "每人 {v} 张牌，32 张全部发出；每局共 {v} 戙。",
        ),
        (
            "Tiles: {v} each ({used} of the 32 in play, {left} left out face down); "
            "a hand has {v} stacks.",
            "每人 {v} 隻牌（用 {used} 隻，{left} 隻不用）；每局共 {v} 棟。",
            "每人 {v} 张牌（用 {used} 张，{left} 张不用）；每局共 {v} 戙。",
        ),
    ),
    "banker_multiplier": pick(
        {
            SM.STREAK_PLUS_ONE: (
                "Banker factor: the banker pays and receives ×(terms + 1): ×2 in his first "
                "term, ×3 in his second, ×4 in his third …",
                "莊家倍數：莊家輸贏按做莊次數加一計算（首莊 ×2，連莊 ×3、×4 …）。",
                "庄家倍数：庄家输赢按做庄次数加一计算（首庄 ×2，连庄 ×3、×4 …）。",
            ),
            SM.DOUBLE: (
                "Banker factor: the banker always pays and receives ×2, however long he "
                "keeps the bank.",
                "莊家倍數：莊家輸贏一律 ×2，連莊不加。",
                "庄家倍数：庄家输赢一律 ×2，连庄不加。",
            ),
            SM.STREAK: (
                "Banker factor: the banker pays and receives ×(terms): ×1 in his first term, "
                "×2 in his second, ×3 in his third …",
                "莊家倍數：按做莊次數計算（首莊 ×1，第二莊 ×2，第三莊 ×3 …）。",
                "庄家倍数：按做庄次数计算（首庄 ×1，第二庄 ×2，第三庄 ×3 …）。",
            ),
            SM.NONE: (
                "Banker factor: none — the banker pays and receives like everyone else (×1).",
                "莊家倍數：無，莊家輸贏同閒家一樣（×1）。",
                "庄家倍数：无，庄家输赢与闲家一样（×1）。",
            ),
        }
    ),
    "first_hand_counts_as_term": yes_no(
        (
            "First hand: the session's first hand already counts as the banker's first term.",
            "第一局：開檯第一局已算一莊，照計莊家倍數。",
            "第一局：开桌第一局已算一庄，照计庄家倍数。",
        ),
        (
            "First hand: the session's first hand is not a term — the banker plays it at ×1 "
            "and his terms start with the next hand.",
            "第一局：開檯第一局不算莊，莊家 ×1；下一局起才計做莊次數。",
            "第一局：开桌第一局不算庄，庄家 ×1；下一局起才计做庄次数。",
        ),
    ),
    "banker_surplus_multiplied": yes_no(
        (
            "Losing banker with more than 4 stacks: he is paid for the surplus × the banker "
            "factor too.",
            "莊家輸而多過四棟：多出的棟數亦乘莊家倍數收錢。",
            "庄家输而多于四戙：多出的戙数也乘庄家倍数收钱。",
        ),
        (
            "Losing banker with more than 4 stacks: he is paid for the surplus at ×1, without "
            "the banker factor (光榮撤退).",
            "莊家輸而多過四棟：多出的棟數只按 ×1 收錢，不乘莊家倍數（光榮撤退）。",
            "庄家输而多于四戙：多出的戙数只按 ×1 收钱，不乘庄家倍数。",
        ),
    ),
    "first_leader": pick(
        {
            FirstLeader.BANKER: (
                "First lead: the banker leads the first trick.",
                "首輪出牌：莊家先出。",
                "首轮出牌：庄家先出。",
            ),
            FirstLeader.HEAVEN_HOLDER: (
                "First lead: the first player from the banker round who holds a 天 (6-6) leads "
                "the first trick; the banker, if no one holds one.",
                "首輪出牌：由莊家起計，第一個手持天牌（6-6）的人先出；無人持天牌則莊家先出。",
                "首轮出牌：从庄家起算，第一个手持天牌（6-6）的人先出；无人持天牌则庄家先出。",
            ),
        }
    ),
    "direction": pick(
        {
            Direction.CCW: (
                "Playing order: always counter-clockwise (E → S → W → N).",
                "出牌次序：一律逆時針（東 → 南 → 西 → 北）。",
                "出牌次序：一律逆时针（东 → 南 → 西 → 北）。",
            ),
            Direction.ALTERNATE: (
                "Playing order: counter-clockwise, and clockwise every second hand.",
                "出牌次序：逆時針，每隔一局改為順時針。",
                "出牌次序：逆时针，每隔一局改为顺时针。",
            ),
        }
    ),
    "wen_zun": yes_no(
        (
            "文尊: played — a led pair of 5-1 counts as 至尊.",
            "文尊：打文尊，一對拎冧六（5-1）出牌當至尊。",
            "文尊：打文尊，一对铜锤六（5-1）出牌当至尊。",
        ),
        (
            "文尊: not played — a pair of 5-1 is just the lowest civil pair; only 4-2 + 2-1 "
            "is 至尊.",
            "文尊：不打文尊，一對拎冧六（5-1）只是最細的文對；至尊只有二四（4-2）配丁三（2-1）。",
            "文尊：不打文尊，一对铜锤六（5-1）只是最小的文对；至尊只有二四（4-2）配幺二（2-1）。",
        ),
    ),
    "wen_zun_capture": yes_no(
        (
            "擒尊: a pair of 高腳七 (6-1 + 6-1) beats a led 文尊, and its player collects the "
            "尊錢.",
            "擒尊：一對高腳七（6-1）可擒文尊，擒者收尊錢。",
            "擒尊：一对高脚七（6-1）可擒文尊，擒者收尊钱。",
        ),
        (
            "擒尊: not played — nothing beats a led 文尊.",
            "擒尊：不計，文尊出了無牌可打。",
            "擒尊：不计，文尊出了无牌可打。",
        ),
    ),
    "zhizun_capture": pick(
        {
            ZhizunCapture.NONE: (
                "至尊 (4-2 + 2-1): nothing beats a led 至尊.",
                "至尊（二四配丁三）：出至尊無牌可打。",
                "至尊（二四配幺二）：出至尊无牌可打。",
            ),
            ZhizunCapture.ZA8_PAIR: (
                "至尊 (4-2 + 2-1): a pair of 雜八 (6-2 + 5-3) beats a led 至尊, and a pair of "
                "雜九 may then beat the 雜八 pair.",
                "至尊（二四配丁三）：雜八對（6-2 + 5-3）可打至尊，之後雜九對可再打雜八對。",
                "至尊（二四配幺二，猴王对）：杂8对（6-2 + 5-3）可打至尊，之后杂9对可再打杂8对。",
            ),
        }
    ),
    "zun_requires_first_lead": yes_no(
        (
            "賀尊: paid only when 至尊 is the banker's opening lead or a player's first lead "
            "of the hand.",
            "賀尊：只限莊家首出、或閒家第一次出牌時出至尊才賀。",
            "贺尊：只限庄家首出、或闲家第一次出牌时出至尊（猴王讨钱）。",
        ),
        (
            "賀尊: paid whenever a player leads 至尊 before the last trick.",
            "賀尊：最後一手之前，任何時候出至尊都要賀。",
            "贺尊：最后一手之前，任何时候出至尊都要贺。",
        ),
    ),
    "zun_money": fmt(
        "賀尊 money: each other player pays {v}.",
        "賀尊錢：每家付 {v}。",
        "贺尊钱：每家付 {v} 戙。",
    ),
    "zun_banker_mult": yes_no(
        (
            "賀尊 money to or from the banker is multiplied by the banker factor.",
            "賀尊錢涉及莊家時，乘莊家倍數。",
            "贺尊钱涉及庄家时，乘庄家倍数。",
        ),
        (
            "賀尊 money is flat: the banker pays and receives the same as everyone.",
            "賀尊錢莊閒一樣，不乘莊家倍數。",
            "贺尊钱庄闲一样，不乘庄家倍数。",
        ),
    ),
    "bao_zun_collects_zun_money": yes_no(
        (
            "包尊 (至尊 wins the last trick): the winner also collects 賀尊 money.",
            "包尊（最後一手出至尊結）：另外照收賀尊錢。",
            "包尊（最后一手出至尊结）：另外照收贺尊钱。",
        ),
        (
            "包尊 (至尊 wins the last trick): no 賀尊 money on top.",
            "包尊（最後一手出至尊結）：不另收賀尊錢。",
            "包尊（最后一手出至尊结）：不另收贺尊钱。",
        ),
    ),
    "bao_zun_mult": pick(
        {
            1: (
                "包尊 finish: no extra multiplier (×1).",
                "包尊結：不加倍（×1）。",
                "包尊结：不加倍（×1）。",
            ),
            2: (
                "包尊 finish: the end-of-hand money is doubled (×2).",
                "包尊結：全局輸贏 ×2。",
                "包尊结：全局输赢 ×2。",
            ),
        }
    ),
    "za9_overtake_voids_zun_if_jie": yes_no(
        (
            "A 杂9对 overtaking the 杂8对 that captured 至尊: if its player wins the hand, the "
            "至尊 money is void too.",
            "雜九對蓋過擒至尊的雜八對：雜九對者最後結，尊錢亦作廢。",
            "杂9对压过打至尊的杂8对：杂9对者最后结，尊钱也作废。",
        ),
        (
            "A 杂9对 overtaking the 杂8对 that captured 至尊 changes nothing: only the 杂8对 "
            "player winning the hand voids the 至尊 money.",
            "雜九對蓋過擒至尊的雜八對：不影響；只有雜八對者結，尊錢才作廢。",
            "杂9对压过打至尊的杂8对：不影响；只有杂8对者结，尊钱才作废。",
        ),
    ),
    "zun_capture_reward": fmt(
        "A 杂8对 that captures a finishing 至尊: each other player pays its player {v} extra.",
        "雜八對打最後一手的至尊：每家另付 {v} 給打者。",
        "杂8对打最后一手的至尊：每家另付 {v} 戙给打者。",
    ),
    "si_da_he": {lang: _si_da_he(lang) for lang in LANGS},
    "si_da_he_banker_mult": yes_no(
        (
            "四大賀 money to or from the banker is multiplied by the banker factor.",
            "四大賀錢涉及莊家時，乘莊家倍數。",
            "四大贺钱涉及庄家时，乘庄家倍数。",
        ),
        (
            "四大賀 money is flat: the banker pays and receives the same as everyone.",
            "四大賀錢莊閒一樣，不乘莊家倍數。",
            "四大贺钱庄闲一样，不乘庄家倍数。",
        ),
    ),
    "final_quad_mult": fmt(
        "賀四結 / 四大包 (a quad wins the last trick): the end-of-hand money ×{v}.",
        "賀四結／四大包（最後一手以四大結）：全局輸贏 ×{v}。",
        "四大包（最后一手以四大结）：全局输赢 ×{v}。",
    ),
    "final_quad_collects_si_da_he": yes_no(
        (
            "A quad on the last trick also collects 四大賀 money.",
            "最後一手四大結：另外照收四大賀錢。",
            "最后一手四大结：另外照收四大贺钱。",
        ),
        (
            "A quad on the last trick collects no 四大賀 money on top.",
            "最後一手四大結：不另收四大賀錢。",
            "最后一手四大结：不另收四大贺钱。",
        ),
    ),
    "early_death": yes_no(
        (
            "No stack, no 結: if the last trick is a single tile, a player with no stack may "
            "not beat it and must discard.",
            "無棟不能結：最後一手如出單隻，未有棟的人不可以打，只可以墊牌。",
            "无戙不能结：最后一手如出单张，没有戙的人不能打，只能垫牌。",
        ),
        (
            "Anyone may win the last trick, even with no stack.",
            "無棟亦可以結：最後一手任何人都可以打。",
            "无戙也可以结：最后一手任何人都可以打。",
        ),
    ),
    "yao_jie_tiles": {
        "en": _yao_tiles("en", "么 tiles (for 么結 and 擒)", "none — no 么結 and no 擒."),
        "zh-Hant": _yao_tiles("zh-Hant", "么牌（計么結、擒）", "無，不計么結、擒。"),
        "zh-Hans": _yao_tiles("zh-Hans", "幺牌（计幺结、擒）", "无，不计幺结、擒。"),
    },
    "yao_jie_5_1_needs_wen_zun": yes_no(
        (
            "The 5-1 is a 么 only when 文尊 is played.",
            "拎冧六（5-1）只在打文尊時才算么。",
            "铜锤六（5-1）只在打文尊时才算幺。",
        ),
        (
            "The 5-1 is a 么 with or without 文尊.",
            "拎冧六（5-1）打不打文尊都算么。",
            "铜锤六（5-1）打不打文尊都算幺。",
        ),
    ),
    "yao_jie_mult": fmt(
        "么結 (a single 么 led wins the last trick): the end-of-hand money ×{v}.",
        "么結（最後一手出單隻么牌結）：全局輸贏 ×{v}。",
        "幺结（最后一手出单张幺牌结）：全局输赢 ×{v}。",
    ),
    "qin_mult": fmt(
        "擒 / 么雙擒四 (on the last trick a led 5-1 is taken by a 6-1, or a led 2-1 by the "
        "4-2): ×{v}.",
        "擒／么雙擒四（最後一手高腳七擒拎冧六，或二四擒丁三）：全局輸贏 ×{v}。",
        "擒（最后一手高脚七擒铜锤六，或二四擒幺二）：全局输赢 ×{v}。",
    ),
    "qin_bao": yes_no(
        (
            "擒 is 包: the player whose 么 was captured pays everyone's dues.",
            "擒要包：被擒么牌的人包賠全檯。",
            "擒要包：被擒幺牌的人包赔全桌。",
        ),
        (
            "擒 is not 包: every loser pays his own dues.",
            "擒不包：各家照自己的數付。",
            "擒不包：各家照自己的数付。",
        ),
    ),
    "qin_zun_mult": fmt(
        "擒尊 on the last trick (a led 文尊 taken by a 高腳七 pair): ×{v}, and the 文尊 "
        "player pays for everyone (包).",
        "最後一手擒尊（高腳七對擒文尊）：全局輸贏 ×{v}，出文尊的人包賠。",
        "最后一手擒尊（高脚七对擒文尊）：全局输赢 ×{v}，出文尊的人包赔。",
    ),
    "finish_mult_applies_to_surplus": yes_no(
        (
            "Finish multipliers also apply to what the winner pays players holding more "
            "than 4 stacks.",
            "結的倍數亦適用於多過四棟者應收的錢。",
            "结的倍数也适用于多于四戙者应收的钱。",
        ),
        (
            "Players holding more than 4 stacks are paid without the finish multipliers.",
            "多過四棟者應收的錢，不乘結的倍數。",
            "多于四戙者应收的钱，不乘结的倍数。",
        ),
    ),
    "slam": pick(
        {
            Slam.QI_BA_ZHI: (
                "Taking every stack: scores as 七支 (×{r.qi_zhi_mult}) or 八支 (×{r.ba_zhi_mult}).",
                "全取所有棟：計七支（×{r.qi_zhi_mult}）或八支（×{r.ba_zhi_mult}）。",
                "全取所有戙：计七支（×{r.qi_zhi_mult}）或八支（×{r.ba_zhi_mult}）。",
            ),
            Slam.QUAN_MA: (
                "Taking every trick: scores as 全码 (×{r.quan_ma_mult}).",
                "全取所有棟：計全碼（×{r.quan_ma_mult}）。",
                "全取所有戙：计全码（×{r.quan_ma_mult}）。",
            ),
            Slam.NONE: (
                "Taking every stack earns nothing extra.",
                "全取所有棟：不另計。",
                "全取所有戙：不另计。",
            ),
        }
    ),
    "yao_single_is_ba_zhi": yes_no(
        (
            "Every stack, finished with a single 么: counts as 八支.",
            "全取而以單隻么牌結：當八支。",
            "全取而以单张幺牌结：当八支。",
        ),
        (
            "Every stack, finished with a single 么: only 七支.",
            "全取而以單隻么牌結：只當七支。",
            "全取而以单张幺牌结：只当七支。",
        ),
    ),
    "banker_ba_zhi_rule": pick(
        {
            BankerBaZhiRule.SAME_AS_OTHERS: (
                "The banker's 八支: the same test as everyone's.",
                "莊家八支：同閒家一樣計。",
                "庄家八支：与闲家一样计。",
            ),
            BankerBaZhiRule.TOP_BOTTOM_OR_COMBO: (
                "The banker's 八支: only if his last play is 天, a nine, the 5-1, the 2-1, "
                "or a pair or more.",
                "莊家八支：最後一手要出天、九、拎冧六、丁三，或一對以上。",
                "庄家八支：最后一手要出天、九、铜锤六、幺二，或一对以上。",
            ),
            BankerBaZhiRule.NO_TOP_OPENING_AND_COMBO: (
                "The banker's 八支: only if his opening lead was not 天, a nine or 至尊, and he "
                "finishes with a pair or more.",
                "莊家八支：首出不可以是天、九或至尊，而且要以一對以上結。",
                "庄家八支：首出不能是天、九或至尊，而且要以一对以上结。",
            ),
        }
    ),
    "qi_zhi_mult": fmt(
        "七支 (every stack; the last single won only because nobody else held a stack): ×{v}.",
        "七支（全取，最後單隻因各家無棟而贏）：×{v}。",
        "七支（全取，最后单张因各家无戙而赢）：×{v}。",
    ),
    "ba_zhi_mult": fmt(
        "八支 (every stack; finished with a combination or a single nobody could beat): ×{v}.",
        "八支（全取，以組合牌或無人能打的單隻結）：×{v}。",
        "八支（全取，以组合牌或无人能打的单张结）：×{v}。",
    ),
    "quan_ma_mult": fmt(
        "全码 (every trick): ×{v}.",
        "全碼（贏晒所有棟）：×{v}。",
        "全码（赢下所有戙）：×{v}。",
    ),
    "li_pai": {lang: _li_pai(lang) for lang in LANGS},
    "four_pairs_counts_zhizun": yes_no(
        (
            "Four-pairs 例牌: 至尊 (4-2 + 2-1), and 文尊 when played, counts as a pair.",
            "四對例牌：至尊（二四配丁三）及打文尊時的文尊當一對。",
            "四对例牌：至尊（二四配幺二）及打文尊时的文尊当一对。",
        ),
        (
            "Four-pairs 例牌: 至尊 (4-2 + 2-1), and 文尊 when played, is not a pair.",
            "四對例牌：至尊（二四配丁三）及打文尊時的文尊不當一對。",
            "四对例牌：至尊（二四配幺二）及打文尊时的文尊不当一对。",
        ),
    ),
    "six_six_red_pips": fmt(
        "Red pips on 天 (6-6): counted as {v} (for 全白 and 一點紅).",
        "天牌（6-6）紅點：當 {v} 粒（計全白、一點紅用）。",
        "天牌（6-6）红点：算 {v} 个（计全白、一点红用）。",
    ),
    "no_split_lead": pick(
        {
            NoSplitLead.OFF: (
                "Leading: any single tile or group may be led, even out of a combination held.",
                "出牌：可以拆牌出。",
                "出牌：可以拆牌出。",
            ),
            NoSplitLead.SERIES_MAX: (
                "Leading: 祇可拆打，不可拆出 — a tile of a 天/地/人/和 combination you hold "
                "must be led in the largest such combination.",
                "出牌：祇可拆打，不可拆出——手上有天、地、人、和組合的牌，要整副最大的組合一齊出。",
                "出牌：只可拆打，不可拆出——手上有天、地、人、鹅组合的牌，要整副最大的组合一起出。",
            ),
            NoSplitLead.ALL_COMBOS: (
                "Leading: 祇可拆打，不可拆出 — combinations and natural pairs you hold must be "
                "led whole.",
                "出牌：祇可拆打，不可拆出——組合牌及對子都要整副出。",
                "出牌：只可拆打，不可拆出——组合牌及对子都要整副出。",
            ),
        }
    ),
    "settlement": pick(
        {
            Settlement.HK: (
                "End-of-hand money: each loser pays the winner 4 minus his stacks (5 with no "
                "stack — 空棟); with more than 4 stacks he is paid the difference (入).",
                "結算：每家付結者（4 − 棟數），空棟付 5；多過四棟者反收多出之數（入）。",
                "结算：每家付结者（4 − 戙数），空戙付 5；多于四戙者反收多出之数。",
            ),
            Settlement.BASE_TABLE: (
                "End-of-hand money: each loser pays the winner {base} minus his stacks "
                "({base1} with no stack); with more than {base} he is paid the difference.",
                "結算：每家付結者（{base} − 棟數），空棟付 {base1}；多過 {base} 棟者反收多出之數。",
                "结算：每家付结者（{base} − 戙数），空戙付 {base1}；多于 {base} 戙者反收多出之数。",
            ),
            Settlement.CULIN1893: (
                "End-of-hand money: 3 stacks pay 1, 2 pay 2, 1 pays 3, none pays 5; 4 or more "
                "neither pay nor are paid.",
                "結算：三棟付 1，兩棟付 2，一棟付 3，空棟付 5；四棟或以上不付亦不收。",
                "结算：三戙付 1，两戙付 2，一戙付 3，空戙付 5；四戙或以上不付也不收。",
            ),
        }
    ),
    "cheng_lao_any_order": yes_no(
        (
            "撑老: when the lead can no longer be beaten, the others may discard in any order.",
            "撐老：出的牌已無牌可打時，其餘各家可不按次序墊牌。",
            "撑老：出的牌已无牌可打时，其余各家可不按次序垫牌。",
        ),
        (
            "Turn order: everyone plays or discards strictly in turn (上家不打，下家不墊).",
            "次序：一律輪流出牌或墊牌（上家不打，下家不墊）。",
            "次序：一律轮流出牌或垫牌（上家不打，下家不垫）。",
        ),
    ),
    "allow_forfeit": yes_no(
        (
            "Forfeit: a player holding none of 天, 地, the nines, the eights, 6-5 and 6-4 may "
            "drop out before the first lead.",
            "棄牌：手上無天、地、雜九、雜八、斧頭、紅頭十的人，可以在首輪出牌前棄牌。",
            "弃牌：手上没有天、地、杂九、杂八、虎头、红头十的人，可以在首轮出牌前弃牌。",
        ),
        (
            "No forfeit: everyone plays every hand out.",
            "不准棄牌：人人打到完。",
            "不准弃牌：人人打到底。",
        ),
    ),
    "forfeit_payment": fmt(
        "A player who forfeits pays the hand's winner {v}.",
        "棄牌者付 {v} 給結者。",
        "弃牌者付 {v} 戙给结者。",
    ),
    "residual_dice_four": pick(
        {
            ResidualDiceFour.ZA: (
                "Leftover-tile dice (advice only): 2–3 → 幺, 4–8 → 杂, 9–12 → 宫.",
                "剩牌擲骰（只作參考）：2–3 出么門，4–8 出雜門，9–12 出宮門。",
                "剩牌掷骰（仅作参考）：2–3 出幺门，4–8 出杂门，9–12 出宫门。",
            ),
            ResidualDiceFour.YAO: (
                "Leftover-tile dice (advice only): 2–4 → 幺, 5–8 → 杂, 9–12 → 宫.",
                "剩牌擲骰（只作參考）：2–4 出么門，5–8 出雜門，9–12 出宮門。",
                "剩牌掷骰（仅作参考）：2–4 出幺门，5–8 出杂门，9–12 出宫门。",
            ),
        }
    ),
    "dice_thrower": pick(
        {
            DiceThrower.OPPOSITE: (
                "Dice for 牌頭: thrown by the banker's opposite (recorded only).",
                "擲骰定牌頭：由莊家對家擲（只作記錄）。",
                "掷骰定牌头：由庄家对家掷（仅作记录）。",
            ),
            DiceThrower.BANKER: (
                "Dice for 牌頭: thrown by the banker (recorded only).",
                "擲骰定牌頭：由莊家擲（只作記錄）。",
                "掷骰定牌头：由庄家掷（仅作记录）。",
            ),
            DiceThrower.BY_PLAYER_COUNT: (
                "Dice for 牌頭: thrown by the other player with 2 players, the banker's 上家 "
                "with 3, the banker's opposite with 4 (recorded only).",
                "擲骰定牌頭：兩人由閒家擲，三人由莊家上家擲，四人由莊家對家擲（只作記錄）。",
                "掷骰定牌头：两人由闲家掷，三人由庄家上家掷，四人由庄家对家掷（仅作记录）。",
            ),
        }
    ),
    "gee_joon_wild": yes_no(
        (
            "Pai Gow: 4-2 and 2-1 may each count as 3 or 6.",
            "牌九：二四、丁三可當三點或六點。",
            "牌九：二四、幺二可当三点或六点。",
        ),
        (
            "Pai Gow: 4-2 and 2-1 count only their own pips (6 and 3).",
            "牌九：二四、丁三只按本身點數（六點、三點）。",
            "牌九：二四、幺二只按本身点数（六点、三点）。",
        ),
    ),
    "wong_enabled": yes_no(
        (
            "Pai Gow: 天九王 and 地九王 (天 or 地 with a nine) rank just below the pairs.",
            "牌九：有天九王、地九王（天或地配九），排在對子之下。",
            "牌九：有天九王、地九王（天或地配九），排在对子之下。",
        ),
        (
            "Pai Gow: no 王 hands — 天 or 地 with a nine counts its points.",
            "牌九：不計天九王、地九王，照點數計。",
            "牌九：不计天九王、地九王，照点数计。",
        ),
    ),
    "military_pairs_ranked": yes_no(
        (
            "Pai Gow: military pairs rank 雜九 > 雜八 > 雜七 > 雜五.",
            "牌九：雜對分大細（雜九 > 雜八 > 雜七 > 雜五）。",
            "牌九：杂对分大小（杂九 > 杂八 > 杂七 > 杂五）。",
        ),
        (
            "Pai Gow: military pairs are all equal.",
            "牌九：雜對不分大細。",
            "牌九：杂对不分大小。",
        ),
    ),
    "pai_gow_tie": pick(
        {
            PaiGowTie.BANKER: (
                "Pai Gow: an exact tie goes to the banker.",
                "牌九：完全相同，莊家贏。",
                "牌九：完全相同，庄家赢。",
            ),
            PaiGowTie.PUSH: (
                "Pai Gow: an exact tie is a push (和).",
                "牌九：完全相同，作和。",
                "牌九：完全相同，算和。",
            ),
        }
    ),
    "pai_gow_tiebreak": pick(
        {
            PaiGowTiebreak.TILE: (
                "Pai Gow: equal points are decided by the higher tile of each hand, tile by tile.",
                "牌九：同點比大牌，按單隻大細。",
                "牌九：同点比大牌，按单张大小。",
            ),
            PaiGowTiebreak.CLASS: (
                "Pai Gow: equal points are decided by the class of the higher tile (天, 地, 人, "
                "和, long, short, military); same class ties.",
                "牌九：同點比大牌的類別（天、地、人、和、長牌、短牌、雜牌），同類作平手。",
                "牌九：同点比大牌的类别（天、地、人、鹅、长牌、短牌、杂牌），同类算平手。",
            ),
        }
    ),
}


def _has_yao(r: Rules) -> bool:
    return bool(r.yao_faces())


def _has_banker_factor(r: Rules) -> bool:
    return r.banker_multiplier is not SM.NONE


NO_BANKER_FACTOR: Tr = ("no banker factor", "無莊家倍數", "无庄家倍数")


# Options these rules never consult: predicate "in play?" and the reason shown when not.
NOT_IN_PLAY: dict[str, tuple[Callable[[Rules], bool], Tr]] = {
    "first_hand_counts_as_term": (
        lambda r: r.banker_multiplier in (SM.STREAK_PLUS_ONE, SM.STREAK),
        ("the banker factor does not count terms", "莊家倍數不計做莊次數", "庄家倍数不计做庄次数"),
    ),
    "banker_surplus_multiplied": (_has_banker_factor, NO_BANKER_FACTOR),
    "zun_banker_mult": (_has_banker_factor, NO_BANKER_FACTOR),
    "si_da_he_banker_mult": (_has_banker_factor, NO_BANKER_FACTOR),
    "wen_zun_capture": (
        lambda r: r.wen_zun,
        ("only with 文尊", "只在打文尊時適用", "只在打文尊时适用"),
    ),
    "qin_zun_mult": (
        lambda r: r.wen_zun and r.wen_zun_capture,
        ("only with 文尊 and 擒尊", "只在打文尊及擒尊時適用", "只在打文尊及擒尊时适用"),
    ),
    "za9_overtake_voids_zun_if_jie": (
        lambda r: r.zhizun_capture is ZhizunCapture.ZA8_PAIR,
        ("only when a 杂8对 beats 至尊", "只在雜八對可打至尊時適用", "只在杂8对可打至尊时适用"),
    ),
    "zun_capture_reward": (
        lambda r: r.zhizun_capture is ZhizunCapture.ZA8_PAIR,
        ("only when a 杂8对 beats 至尊", "只在雜八對可打至尊時適用", "只在杂8对可打至尊时适用"),
    ),
    "yao_jie_5_1_needs_wen_zun": (
        lambda r: "5-1" in r.yao_jie_tiles,
        ("the 5-1 is not a 么 tile here", "此檯拎冧六不是么牌", "本桌铜锤六不是幺牌"),
    ),
    "yao_jie_mult": (_has_yao, ("no 么 tile", "無么牌", "无幺牌")),
    "qin_mult": (_has_yao, ("no 么 tile", "無么牌", "无幺牌")),
    "qin_bao": (_has_yao, ("no 么 tile", "無么牌", "无幺牌")),
    "yao_single_is_ba_zhi": (
        lambda r: _has_yao(r) and r.slam is Slam.QI_BA_ZHI,
        ("needs 么 tiles and 七支/八支", "要有么牌及七支／八支", "要有幺牌及七支／八支"),
    ),
    "banker_ba_zhi_rule": (
        lambda r: r.slam is Slam.QI_BA_ZHI,
        ("no 七支/八支", "不計七支／八支", "不计七支／八支"),
    ),
    "qi_zhi_mult": (
        lambda r: r.slam is Slam.QI_BA_ZHI,
        ("no 七支/八支", "不計七支／八支", "不计七支／八支"),
    ),
    "ba_zhi_mult": (
        lambda r: r.slam is Slam.QI_BA_ZHI,
        ("no 七支/八支", "不計七支／八支", "不计七支／八支"),
    ),
    "quan_ma_mult": (lambda r: r.slam is Slam.QUAN_MA, ("no 全码", "不計全碼", "不计全码")),
    "four_pairs_counts_zhizun": (
        lambda r: r.li_pai.four_pairs,
        ("the four-pairs 例牌 is not played", "不計四對例牌", "不计四对例牌"),
    ),
    "six_six_red_pips": (
        lambda r: r.li_pai.quan_bai or r.li_pai.yi_dian_hong,
        ("neither 全白 nor 一點紅 is played", "不計全白、一點紅", "不计全白、一点红"),
    ),
    "forfeit_payment": (lambda r: r.allow_forfeit, ("no forfeit", "不准棄牌", "不准弃牌")),
    "residual_dice_four": (
        lambda r: r.residual_dice_in_play,
        ("mainland game of 3–4 players only", "只用於內地三、四人玩法", "只用于内地三、四人玩法"),
    ),
}
NOT_IN_PLAY_FRAME: Tr = (
    " (not in play here: {why})",
    "（此檯不適用：{why}）",
    "（本桌不适用：{why}）",
)


def explain_items(rules: Rules, lang: str) -> list[tuple[str, str]]:
    """(option, line) for every field of `Rules`, in field order; ``name`` is the header."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; languages: {', '.join(LANGS)}")
    i = LANGS.index(lang)
    out: list[tuple[str, str]] = []
    for f in fields(Rules):
        texts = TEXTS.get(f.name)
        if texts is None or lang not in texts:
            raise ExplainError(f"option {f.name!r} has no {lang} text in hub.rules.explain.TEXTS")
        line = texts[lang](getattr(rules, f.name), rules)
        gate = NOT_IN_PLAY.get(f.name)
        if gate is not None and not gate[0](rules):
            line += NOT_IN_PLAY_FRAME[i].format(why=gate[1][i])
        out.append((f.name, line))
    return out


def explain(rules: Rules, lang: str) -> list[str]:
    """One plain line per house option, a header naming the preset and game first."""
    return [line for _, line in explain_items(rules, lang)]
