"""House rules as data: one frozen `Rules` object, built from TOML presets.

Every option of rules.md §I is a field here, with the value the spec gives as the
HK default. Presets (``presets/*.toml``) name a ``base`` preset and override
keys; a transcript may override keys of a preset too. Every value is checked:
a bad key, type or value raises `RulesError` naming the source, the key, the
value and what would have been accepted.
"""

from __future__ import annotations

import dataclasses
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from hub.rules.errors import RulesError
from hub.rules.tiles import TileError, parse_face

PRESET_DIR = Path(__file__).with_name("presets")


class Variant(StrEnum):
    HK = "hk"
    MAINLAND = "mainland"
    CULIN1893 = "culin1893"


class BankerMultiplier(StrEnum):
    STREAK_PLUS_ONE = "streak_plus_one"
    DOUBLE = "double"
    STREAK = "streak"
    NONE = "none"


class FirstLeader(StrEnum):
    BANKER = "banker"
    HEAVEN_HOLDER = "heaven_holder"


class Direction(StrEnum):
    CCW = "ccw"
    ALTERNATE = "alternate"


class ZhizunCapture(StrEnum):
    NONE = "none"
    ZA8_PAIR = "za8_pair"


class BankerBaZhiRule(StrEnum):
    SAME_AS_OTHERS = "same_as_others"
    TOP_BOTTOM_OR_COMBO = "top_bottom_or_combo"
    NO_TOP_OPENING_AND_COMBO = "no_top_opening_and_combo"


class NoSplitLead(StrEnum):
    OFF = "off"
    SERIES_MAX = "series_max"
    ALL_COMBOS = "all_combos"


class DiceThrower(StrEnum):
    OPPOSITE = "opposite"
    BANKER = "banker"
    BY_PLAYER_COUNT = "by_player_count"


class Settlement(StrEnum):
    """How the end-of-hand money is computed (§D, §G, §N.6)."""

    HK = "hk"
    BASE_TABLE = "base_table"
    CULIN1893 = "culin1893"


class Slam(StrEnum):
    """What taking every stack is worth: 七支/八支 (HK), 全码 (mainland) or nothing."""

    QI_BA_ZHI = "qi_ba_zhi"
    QUAN_MA = "quan_ma"
    NONE = "none"


class ResidualDiceFour(StrEnum):
    ZA = "za"
    YAO = "yao"


class PaiGowTie(StrEnum):
    BANKER = "banker"
    PUSH = "push"


class PaiGowTiebreak(StrEnum):
    TILE = "tile"
    CLASS = "class"


MAX_WHOLE = 1_000_000
"""The largest amount, multiplier or count an option (or a transcript's banker_term) may
take: far above any table's, and low enough that every result prints as a plain number."""


def _opt(default: Any, doc: str, allowed: tuple[Any, ...] | None = None) -> Any:
    return field(default=default, metadata={"doc": doc, "allowed": allowed})


@dataclass(frozen=True, slots=True)
class LiPai:
    """Which 例牌 (instant-win hands, §E.9) the table has agreed to."""

    quan_bai: bool = _opt(True, "全白: no red pip in the hand (八枝, ×4)")
    yi_dian_hong: bool = _opt(True, "一點紅: exactly one red pip (七枝, ×2)")
    seven_civil: bool = _opt(False, "exactly 7 civil tiles (七枝, ×2)")
    eight_civil: bool = _opt(False, "8 civil tiles (八枝, ×4)")
    seven_mil: bool = _opt(False, "exactly 7 military tiles (七枝, ×2)")
    eight_mil: bool = _opt(False, "8 military tiles (八枝, ×4)")
    four_pairs: bool = _opt(False, "four natural pairs (八枝, ×4)")


@dataclass(frozen=True, slots=True)
class Rules:
    """Every house option of rules.md §I. Build with `load_rules` or `resolve_rules`."""

    name: str = _opt("hk", "the preset these rules were built from")
    variant: Variant = _opt(
        Variant.HK, "which game: HK standard, mainland three systems, Culin 1893"
    )
    players: int = _opt(4, "players at the table", (2, 3, 4))
    hand_size: int = _opt(8, "tiles per player", (8, 9, 10))
    # banker (§D.3, §I 1-4)
    banker_multiplier: BankerMultiplier = _opt(
        BankerMultiplier.STREAK_PLUS_ONE, "banker factor: terms+1, ×2 flat, ×terms, or none"
    )
    first_hand_counts_as_term: bool = _opt(True, "the session's first hand counts as a term (×2)")
    banker_surplus_multiplied: bool = _opt(
        False, "a losing banker with more than 4 stacks is paid at the banker factor too"
    )
    first_leader: FirstLeader = _opt(FirstLeader.BANKER, "who leads the first trick")
    direction: Direction = _opt(
        Direction.CCW, "playing order: always the seats' order, or reversed every other hand"
    )
    # 至尊 / 文尊 (§B.5, §E.1-E.2, §I 8-12)
    wen_zun: bool = _opt(False, "文尊: a pair of 5-1 counts as 至尊")
    wen_zun_capture: bool = _opt(True, "a 高腳七 pair (6-1+6-1) captures a led 文尊 (擒尊)")
    zhizun_capture: ZhizunCapture = _opt(
        ZhizunCapture.NONE, "what beats a led 至尊: nothing, or 杂8对 (mainland)"
    )
    zun_requires_first_lead: bool = _opt(False, "賀尊 only on a player's first lead of the hand")
    zun_money: int = _opt(2, "賀尊 money each other player pays")
    zun_banker_mult: bool = _opt(
        True, "賀尊 money to or from the banker is multiplied by the banker factor"
    )
    bao_zun_collects_zun_money: bool = _opt(
        False, "包尊 (至尊 on the last trick) collects 賀尊 money as well"
    )
    bao_zun_mult: int = _opt(2, "multiplier of a 包尊 finish", (1, 2))
    za9_overtake_voids_zun_if_jie: bool = _opt(
        False, "mainland: a 杂9对 overtaking a 杂8 capture voids the 尊钱 if its player 結s"
    )
    zun_capture_reward: int = _opt(
        2, "mainland: each other player pays the 杂8对 that captured a finishing 至尊"
    )
    # 四大賀 (§E.3, §I 13-14)
    si_da_he: int | str = _opt(4, "四大賀 money each other player pays", (4, "n_players"))
    si_da_he_banker_mult: bool = _opt(
        True, "四大賀 money to or from the banker is multiplied by the banker factor"
    )
    final_quad_mult: int = _opt(4, "multiplier of a quad finish (賀四結 / 四大包)", (1, 2, 4))
    final_quad_collects_si_da_he: bool = _opt(False, "a quad finish also collects 四大賀 money")
    # end of hand (§C, §E.4-E.8, §I 15-20)
    early_death: bool = _opt(True, "a player with no stack may not win a last single trick")
    yao_jie_tiles: tuple[str, ...] = _opt(
        ("5-1", "2-1"), "the 么 tiles for 么結 and 擒", ("5-1", "2-1")
    )
    yao_jie_5_1_needs_wen_zun: bool = _opt(False, "5-1 is a 么 only when 文尊 is played")
    yao_jie_mult: int = _opt(2, "multiplier of a 么結 finish", (1, 2))
    qin_mult: int = _opt(
        4, "multiplier of 么雙擒四 (a 么 captured by 6-1 / 4-2 on the last trick)", (2, 4)
    )
    qin_bao: bool = _opt(True, "the captured 么 player pays everyone's dues (包)")
    qin_zun_mult: int = _opt(4, "multiplier when a led 文尊 is captured on the last trick", (2, 4))
    finish_mult_applies_to_surplus: bool = _opt(
        True, "finish multipliers also apply to what the winner pays players above 4 stacks"
    )
    slam: Slam = _opt(Slam.QI_BA_ZHI, "what taking every stack is worth")
    yao_single_is_ba_zhi: bool = _opt(True, "all stacks finishing with a single 么 counts as 八支")
    banker_ba_zhi_rule: BankerBaZhiRule = _opt(
        BankerBaZhiRule.SAME_AS_OTHERS, "the banker's 八支 test"
    )
    qi_zhi_mult: int = _opt(2, "multiplier of 七支")
    ba_zhi_mult: int = _opt(4, "multiplier of 八支")
    quan_ma_mult: int = _opt(2, "mainland: multiplier of 全码")
    li_pai: LiPai = _opt(LiPai(), "the agreed 例牌")
    four_pairs_counts_zhizun: bool = _opt(
        False, "至尊 (and 文尊 when played) counts as a pair for the four-pairs 例牌"
    )
    six_six_red_pips: int = _opt(
        6, "red pips on the 6-6", (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
    )
    # leading (§B.6, §I 22)
    no_split_lead: NoSplitLead = _opt(NoSplitLead.OFF, "must a combination held be led whole")
    # settlement (§D, §F.6, §G)
    settlement: Settlement = _opt(Settlement.HK, "the end-of-hand money table")
    # mainland (§F, §N.6)
    cheng_lao_any_order: bool = _opt(
        False, "撑老: when the lead cannot be beaten, the others may discard in any order"
    )
    allow_forfeit: bool = _opt(False, "a weak hand may drop out before the first lead")
    forfeit_payment: int = _opt(2, "what a player who forfeits pays the hand's winner")
    residual_dice_four: ResidualDiceFour = _opt(
        ResidualDiceFour.ZA, "residual-tile dice: 4 means 杂 or 幺"
    )
    dice_thrower: DiceThrower = _opt(
        DiceThrower.OPPOSITE, "who throws the dice for 牌頭 (logged only)"
    )
    # Pai Gow comparison mode (§H)
    gee_joon_wild: bool = _opt(True, "Pai Gow: 4-2 and 2-1 count as 3 or 6")
    wong_enabled: bool = _opt(True, "Pai Gow: 天九王 / 地九王 class")
    military_pairs_ranked: bool = _opt(True, "Pai Gow: military pairs ranked 9 > 8 > 7 > 5")
    pai_gow_tie: PaiGowTie = _opt(PaiGowTie.BANKER, "Pai Gow: exact ties go to the banker or push")
    pai_gow_tiebreak: PaiGowTiebreak = _opt(
        PaiGowTiebreak.TILE, "Pai Gow: equal points broken by tile or class"
    )

    def __post_init__(self) -> None:
        # Code may build Rules(direction="alternate"): keep every knob an Enum, so that
        # comparisons with `is` in the engine cannot silently fail on a plain string.
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(f.default, StrEnum) and not isinstance(value, StrEnum):
                object.__setattr__(self, f.name, type(f.default)(value))

    @property
    def stacks_per_hand(self) -> int:
        return self.hand_size

    @property
    def residual_dice_in_play(self) -> bool:
        """§F.5: the leftover-tile dice are the mainland game's, and not for a table of two."""
        return self.variant is Variant.MAINLAND and self.players > 2

    def yao_faces(self) -> frozenset[int]:
        """Face indices that count as 么 for 么結 and 擒."""
        return _yao_faces(self.yao_jie_tiles, self.yao_jie_5_1_needs_wen_zun and not self.wen_zun)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able values, the fully resolved rules."""
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, LiPai):
                v = {g.name: getattr(v, g.name) for g in fields(v)}
            elif isinstance(v, tuple):
                v = list(v)
            elif isinstance(v, StrEnum):
                v = str(v)
            out[f.name] = v
        return out


@cache
def _yao_faces(tiles: tuple[str, ...], without_5_1: bool) -> frozenset[int]:
    faces = {parse_face(t) for t in tiles}
    if without_5_1:
        faces.discard(parse_face("5-1"))
    return frozenset(faces)


OPTION_FIELDS = {f.name: f for f in fields(Rules)}
LI_PAI_FIELDS = {f.name: f for f in fields(LiPai)}
SPEC_NAMES = {"mainland_settlement": "settlement"}
"""Options that rules.md §I names otherwise than the field that holds them."""


def _describe(f: dataclasses.Field[Any]) -> str:
    allowed = f.metadata.get("allowed")
    if isinstance(f.default, StrEnum):
        return " | ".join(repr(str(e)) for e in type(f.default))
    if isinstance(f.default, tuple):
        listed = " and/or ".join(repr(a) for a in allowed or ())
        return f"a list of {listed}, e.g. {list(f.default)} or []"
    if allowed:
        return " | ".join(repr(a) for a in allowed)
    if isinstance(f.default, bool):
        return "true | false"
    if isinstance(f.default, int):
        return f"a whole number from 0 to {MAX_WHOLE}"
    return type(f.default).__name__


def _coerce(source: str, key: str, f: dataclasses.Field[Any], value: Any) -> Any:
    """The value for field ``f`` or a RulesError naming key, value and what is allowed."""

    def bad(why: str = "") -> RulesError:
        extra = f" ({why})" if why else ""
        return RulesError(
            f"{source}: option {key!r} has value {value!r}{extra}; allowed: {_describe(f)}"
        )

    default = f.default
    allowed = f.metadata.get("allowed")
    if isinstance(default, StrEnum):
        try:
            return type(default)(value)
        except ValueError:
            raise bad() from None
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise bad()
        return value
    if isinstance(default, tuple):
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise bad()
        out = []
        for v in value:
            try:
                face = parse_face(v)
            except TileError as e:
                raise bad(str(e)) from None
            from hub.rules.tiles import FACES

            text = FACES[face].text
            if allowed and text not in allowed:
                # §E.4: 么結 and 擒 are defined for the lowest tiles only (5-1 by 6-1, 2-1 by 4-2)
                raise bad(f"{text} is not a 么")
            out.append(text)
        return tuple(out)
    if key == "si_da_he":  # §I #13: 4 | n_players, a number or a word
        if value == "n_players" or (type(value) is int and value in (allowed or ())):  # not 4.0
            return value
        raise bad()
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("not a whole number")
        if allowed and value not in allowed:
            raise bad()
        if value < 0:
            raise bad("negative")
        if value > MAX_WHOLE:
            raise bad("too large")
        return value
    if isinstance(default, str):
        if not isinstance(value, str):
            raise bad()
        return value
    raise bad()  # pragma: no cover - every field type is handled above


def _apply(base: Rules, overrides: Mapping[str, Any], source: str) -> Rules:
    changes: dict[str, Any] = {}
    li_pai: dict[str, bool] = {}
    for key, value in overrides.items():
        if key in ("base", "preset"):
            continue
        if key.startswith("li_pai."):  # §I #21 names them so: "li_pai.seven_mil": true
            _li_pai(li_pai, {key.removeprefix("li_pai."): value}, source)
            continue
        f = OPTION_FIELDS.get(SPEC_NAMES.get(key, key))
        if f is None:
            known = ", ".join(sorted([*OPTION_FIELDS, *SPEC_NAMES]))
            raise RulesError(
                f"{source}: unknown option {key!r} with value {value!r}; known options: {known}"
            )
        if key == "li_pai":
            if not isinstance(value, Mapping):
                raise RulesError(
                    f"{source}: option 'li_pai' has value {value!r}; allowed: a table of "
                    f"{', '.join(LI_PAI_FIELDS)} = true | false"
                )
            _li_pai(li_pai, value, source)
        else:
            changes[f.name] = _coerce(source, key, f, value)
    if li_pai:
        changes["li_pai"] = dataclasses.replace(base.li_pai, **li_pai)
    rules = dataclasses.replace(base, **changes)
    _check_consistency(rules, source)
    return rules


def _li_pai(into: dict[str, bool], value: Mapping[str, Any], source: str) -> None:
    """Checked 例牌 switches from ``value`` into ``into``."""
    for k, v in value.items():
        g = LI_PAI_FIELDS.get(k)
        if g is None:
            raise RulesError(
                f"{source}: unknown 例牌 'li_pai.{k}' with value {v!r}; "
                f"known: {', '.join(LI_PAI_FIELDS)}"
            )
        into[k] = _coerce(source, f"li_pai.{k}", g, v)


def _check_consistency(rules: Rules, source: str) -> None:
    if rules.players == 4 and rules.hand_size != 8:
        raise RulesError(
            f"{source}: hand_size {rules.hand_size} with 4 players needs "
            f"{4 * rules.hand_size} tiles; four players take 8 tiles each (32 tiles)"
        )
    if rules.variant is not Variant.MAINLAND and (rules.players != 4 or rules.hand_size != 8):
        raise RulesError(
            f"{source}: players={rules.players}, hand_size={rules.hand_size} is only played in "
            f"the mainland variant; variant {str(rules.variant)!r} needs 4 players of 8 tiles"
        )


def _variant_base(base: Rules, overrides: Mapping[str, Any]) -> Rules:
    """§I #29: ``variant`` names a game; rules that change it start from that game's preset."""
    value = overrides.get("variant")
    if value == base.variant or value not in [str(v) for v in Variant]:
        return base  # unchanged, or a value that `_apply` refuses
    return preset(str(value))


def preset_names() -> list[str]:
    return sorted(p.stem for p in PRESET_DIR.glob("*.toml"))


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except OSError as e:
        raise RulesError(f"cannot read rules file {str(path)!r}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise RulesError(f"rules file {str(path)!r} is not valid TOML: {e}") from None
    except ValueError:  # an integer longer than Python converts (sys.get_int_max_str_digits)
        raise RulesError(
            f"rules file {str(path)!r} holds a number of more than "
            f"{sys.get_int_max_str_digits()} digits; option values are small whole numbers"
        ) from None


@cache
def preset(name: str) -> Rules:
    """A named preset (``hk``, ``mainland``, ``culin1893``), resolved through its bases."""
    return _resolve_file(PRESET_DIR / f"{name}.toml", name, ())


def _resolve_file(path: Path, label: str, seen: tuple[str, ...]) -> Rules:
    if not path.is_file() and path.parent != PRESET_DIR:
        raise RulesError(f"cannot read rules file {str(path)!r}: no such file")
    if not path.is_file():
        raise RulesError(
            f"unknown rules preset {label!r}; presets: {', '.join(preset_names())}, "
            f"or the path of a .toml file"
        )
    data = _read_toml(path)
    base_name = data.get("base", data.get("preset"))
    if base_name is None:
        base = Rules()
    else:
        if not isinstance(base_name, str):
            raise RulesError(f"{path}: 'base' must name a preset, got {base_name!r}")
        if base_name in seen:
            raise RulesError(f"{path}: presets derive from each other in a circle: {seen}")
        base = _resolve_file(PRESET_DIR / f"{base_name}.toml", base_name, (*seen, label))
    if path.parent != PRESET_DIR:  # a club's file; the presets themselves define the variants
        base = _variant_base(base, data)
    data.setdefault("name", label)
    return _apply(base, data, str(path))


def load_rules(spec: str) -> Rules:
    """Rules from a preset name or a TOML file path (``--rules``)."""
    if spec.endswith(".toml") or "/" in spec:
        return _resolve_file(Path(spec), spec, ())
    return preset(spec)


def resolve_rules(value: Any, source: str = "transcript") -> Rules:
    """Rules from a transcript's ``rules``: a preset name or ``{"preset": ..., option: ...}``."""
    if isinstance(value, str):
        return _load_named(value, source)
    if isinstance(value, Mapping):
        base_name = value.get("preset", value.get("base", "hk"))
        if not isinstance(base_name, str):
            raise RulesError(f"{source}: 'preset' must be a preset name, got {base_name!r}")
        return _apply(_variant_base(_load_named(base_name, source), value), value, source)
    raise RulesError(
        f"{source}: 'rules' is {value!r}; expected a preset name ({', '.join(preset_names())}) "
        f'or an object such as {{"preset": "hk", "wen_zun": true}}'
    )


def _load_named(spec: str, source: str) -> Rules:
    """The preset a transcript or a session names, its error saying where the name was read.
    Never a file: a transcript carries its rules, so it referees alike on every machine, and a
    path such as /dev/zero would hang the referee (a rules file is for --rules)."""
    if spec not in preset_names():
        raise RulesError(
            f"{source}: unknown rules preset {spec!r}; presets: {', '.join(preset_names())} "
            f"(a rules file is for --rules: a transcript gives its options in an object such as "
            f'{{"preset": "hk", "wen_zun": true}})'
        )
    return preset(spec)


def rules_json(rules: Rules) -> str | dict[str, Any]:
    """How a transcript names these rules: the preset's name, or every option written out."""
    try:
        if preset(rules.name) == rules:
            return rules.name
    except RulesError:
        pass
    spec_name = {field: name for name, field in SPEC_NAMES.items()}
    return {"preset": "hk", **{spec_name.get(k, k): v for k, v in rules.to_dict().items()}}
