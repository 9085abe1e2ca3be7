"""Rules as data: presets, derivation, validation (rules.md §I)."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import fields
from pathlib import Path

import pytest

from hub.rules.errors import RulesError
from hub.rules.options import (
    SPEC_NAMES,
    LiPai,
    Rules,
    load_rules,
    preset,
    preset_names,
    resolve_rules,
    rules_json,
)


def test_presets_load_and_derive() -> None:
    assert preset_names() == ["culin1893", "hk", "mainland"]
    hk = preset("hk")
    assert hk == Rules()  # hk.toml states every default of §I explicitly
    ml = preset("mainland")
    assert ml.variant == "mainland" and ml.banker_multiplier == "none" and not ml.early_death
    assert ml.wen_zun_capture == hk.wen_zun_capture  # inherited from hk


def test_every_option_of_the_spec_is_a_field(shared_dir: Path) -> None:
    text = (shared_dir / "spec" / "rules.md").read_text(encoding="utf-8")
    table = text[text.index("## I. Contradictions") : text.index("### I.1")]
    named = set(re.findall(r"`([a-z_0-9]+)(?::|`)", table))
    named -= {"li_pai"}  # its 例牌 are checked below
    names = {f.name for f in fields(Rules)} | set(SPEC_NAMES)
    assert named <= names | {"culin1893"}, named - names
    assert {f.name for f in fields(LiPai)} == {
        "quan_bai",
        "yi_dian_hong",
        "seven_civil",
        "eight_civil",
        "seven_mil",
        "eight_mil",
        "four_pairs",
    }


def test_a_preset_file_can_derive_from_another(tmp_path: Path) -> None:
    f = tmp_path / "club.toml"
    f.write_text('base = "hk"\nwen_zun = true\n[li_pai]\nfour_pairs = true\n', encoding="utf-8")
    r = load_rules(str(f))
    assert r.wen_zun and r.li_pai.four_pairs and r.li_pai.quan_bai and r.early_death


@pytest.mark.parametrize(
    ("body", "pattern"),
    [
        ("wen_zen = true", r"unknown option 'wen_zen' with value True; known options: .*wen_zun"),
        (
            'banker_multiplier = "triple"',
            r"'banker_multiplier' has value 'triple'; allowed: 'streak_plus_one' \| 'double'",
        ),
        ('early_death = "yes"', r"'early_death' has value 'yes'; allowed: true \| false"),
        ("qin_mult = 3", r"'qin_mult' has value 3; allowed: 2 \| 4"),
        # §I #13: si_da_he is 4 | n_players; 3 was taken though the message allowed only those
        ("si_da_he = 3", r"'si_da_he' has value 3; allowed: 4 \| 'n_players'"),
        ("si_da_he = 4.0", r"'si_da_he' has value 4.0; allowed: 4 \| 'n_players'"),
        ('si_da_he = "all"', r"'si_da_he' has value 'all'; allowed: 4 \| 'n_players'"),
        ("zun_money = -1", r"'zun_money' has value -1 \(negative\)"),
        # an absurd amount or multiplier is refused, not carried into the money
        (
            "zun_money = 10000000000",
            r"'zun_money' has value 10000000000 \(too large\); allowed: a whole number from 0 "
            r"to 1000000",
        ),
        ("ba_zhi_mult = 1000001", r"'ba_zhi_mult' has value 1000001 \(too large\)"),
        ("forfeit_payment = 9223372036854775807", r"'forfeit_payment' .* \(too large\)"),
        ('yao_jie_tiles = ["7-1"]', r"'yao_jie_tiles' has value \['7-1'\].*unknown tile"),
        # §I #16, §E.4: the 么 are 5-1 and 2-1 (擒 is 5-1 by 6-1, 2-1 by 4-2); 天 is no 么
        (
            'yao_jie_tiles = ["6-6"]',
            r"'yao_jie_tiles' has value \['6-6'\] \(6-6 is not a 么\); allowed: a list of "
            r"'5-1' and/or '2-1'",
        ),
        ("[li_pai]\nfive_pairs = true", r"unknown 例牌 'li_pai.five_pairs'"),
        ('base = "nowhere"', r"unknown rules preset 'nowhere'; presets: culin1893, hk, mainland"),
        ("players = 3", r"players=3.*mainland"),
        ("wen_zun = ", r"not valid TOML"),
    ],
)
def test_bad_rules_files_name_the_key_the_value_and_what_is_allowed(
    tmp_path: Path, body: str, pattern: str
) -> None:
    f = tmp_path / "bad.toml"
    f.write_text(body + "\n", encoding="utf-8")
    with pytest.raises(RulesError, match=pattern):
        load_rules(str(f))


@pytest.mark.parametrize(
    ("written", "pattern"),
    [
        ({"preset": "hk", "wen_zen": True}, r"unknown option 'wen_zen' with value True; known "),
        (
            {"preset": "hk", "li_pai": {"five_pairs": 1}},
            r"unknown 例牌 'li_pai.five_pairs' with value 1; known: quan_bai",
        ),
        (
            {"preset": "hk", "li_pai.tian_hu": "yes"},
            r"unknown 例牌 'li_pai.tian_hu' with value 'yes'",
        ),
    ],
)
def test_an_option_the_spec_does_not_name_is_refused_with_its_value(
    written: dict[str, object], pattern: str
) -> None:
    """A transcript's rules object naming an option rules.md §I does not name is refused naming
    the option, the value it was given and the options that exist (style.md: an error says the
    offending value), as a known option with a wrong value is."""
    with pytest.raises(RulesError, match=pattern):
        resolve_rules(written)


def test_missing_file() -> None:
    with pytest.raises(RulesError, match="cannot read rules file"):
        load_rules("/nonexistent/club.toml")


def test_a_rules_file_with_a_number_too_long_to_read_says_so(tmp_path: Path) -> None:
    """A number of more digits than Python converts is refused as a bad rules file (exit 2 of
    tiengow referee and selfplay), not a ValueError that ends them in a traceback."""
    f = tmp_path / "club.toml"
    f.write_text('base = "hk"\nzun_money = ' + "9" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(RulesError, match=r"club.toml' holds a number of more than 4300 digits"):
        load_rules(str(f))


def test_transcript_overrides_nest() -> None:
    r = resolve_rules({"preset": "hk", "li_pai": {"seven_mil": True}, "wen_zun": True})
    assert r.li_pai.seven_mil and r.li_pai.quan_bai and r.wen_zun
    with pytest.raises(RulesError, match="transcript"):
        resolve_rules(42)


def test_the_options_named_in_the_spec_are_accepted_under_their_names() -> None:
    """§I #30 names the mainland settlement option `mainland_settlement` (§N.6: base_table)."""
    assert resolve_rules({"preset": "mainland", "mainland_settlement": "base_table"}) == preset(
        "mainland"
    )
    assert resolve_rules({"preset": "mainland", "mainland_settlement": "hk"}).settlement == "hk"
    with pytest.raises(RulesError, match=r"'mainland_settlement' has value 'table'; allowed: 'hk'"):
        resolve_rules({"preset": "mainland", "mainland_settlement": "table"})


def test_rules_written_out_name_the_options_as_the_spec_does() -> None:
    """Transcripts and the API write rules under rules.md §I's names (spec/transcript.md), so
    §I #30 is `mainland_settlement`, and what is written reads back as the same rules."""
    r = resolve_rules({"preset": "mainland", "wen_zun": True})
    written = rules_json(r)
    assert isinstance(written, dict)
    assert written["mainland_settlement"] == "base_table" and "settlement" not in written
    assert resolve_rules(written) == r


@pytest.mark.parametrize("variant", ["culin1893", "mainland", "hk"])
def test_the_variant_option_selects_that_game(variant: str) -> None:
    """§I #29 (`variant: culin1893`): naming a variant plays that game, not HK money under its name."""
    for base in ("hk", "mainland", "culin1893"):
        assert resolve_rules({"preset": base, "variant": variant}) == preset(variant)
    r = resolve_rules({"preset": "hk", "variant": variant, "zun_money": 3})
    assert r == dataclasses.replace(preset(variant), zun_money=3)


def test_a_club_file_naming_a_variant_plays_that_game(tmp_path: Path) -> None:
    f = tmp_path / "club.toml"
    f.write_text('base = "hk"\nvariant = "culin1893"\n', encoding="utf-8")
    assert dataclasses.replace(load_rules(str(f)), name="culin1893") == preset("culin1893")


def test_rules_are_frozen_and_hashable() -> None:
    r = preset("hk")
    with pytest.raises(AttributeError):
        r.wen_zun = True  # type: ignore[misc]
    assert hash(r) == hash(Rules())
    assert r.to_dict()["li_pai"]["quan_bai"] is True


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [([], ()), (["2-1"], ("2-1",)), (["1-5", "丁三"], ("5-1", "2-1"))],
)
def test_the_yao_tiles_are_some_of_5_1_and_2_1(tiles: list[str], expected: tuple[str, ...]) -> None:
    """§I #16: 5-1 and 2-1 ([001]), 2-1 only ([004]), or none; written in any tile notation."""
    assert resolve_rules({"preset": "hk", "yao_jie_tiles": tiles}).yao_jie_tiles == expected


def test_a_li_pai_option_may_be_named_as_the_spec_writes_it(tmp_path: Path) -> None:
    """rules.md §I #21 names the 例牌 options `li_pai.seven_mil` etc., and spec/transcript.md
    takes option names from §I: a rules object (or a TOML quoted key) may use that name whole,
    as well as nesting it, and gets the same rules."""
    nested = resolve_rules({"preset": "hk", "li_pai": {"seven_mil": True, "quan_bai": False}})
    flat = resolve_rules({"preset": "hk", "li_pai.seven_mil": True, "li_pai.quan_bai": False})
    both = resolve_rules({"preset": "hk", "li_pai": {"seven_mil": True}, "li_pai.quan_bai": False})
    assert flat == nested == both and flat.li_pai.seven_mil and flat.li_pai.yi_dian_hong
    f = tmp_path / "club.toml"
    f.write_text('"li_pai.seven_mil" = true\n', encoding="utf-8")
    assert load_rules(str(f)).li_pai.seven_mil
    with pytest.raises(
        RulesError, match=r"unknown 例牌 'li_pai.seven_mill' with value True; known: quan_bai"
    ):
        resolve_rules({"preset": "hk", "li_pai.seven_mill": True})
    with pytest.raises(RulesError, match=r"'li_pai.seven_mil' has value 'yes'; allowed: true"):
        resolve_rules({"preset": "hk", "li_pai.seven_mil": "yes"})
