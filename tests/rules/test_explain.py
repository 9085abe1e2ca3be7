"""`tiengow rules` and `hub.rules.explain`: every option in plain words, in three languages."""

from __future__ import annotations

import dataclasses
import re
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest

from hub.cli import main
from hub.commands.rules import lang_from_env
from hub.rules.explain import LANGS, ExplainError, explain, explain_items
from hub.rules.options import LiPai, Rules, ZhizunCapture, load_rules, preset, preset_names

RULE_FIELDS = [f.name for f in dataclasses.fields(Rules)]
LI_PAI_FIELDS = [f.name for f in dataclasses.fields(LiPai)]


def _other_values(rules: Rules, name: str) -> list[Any]:
    """Every other value worth trying for option ``name`` (all of them where few)."""
    f = next(f for f in dataclasses.fields(Rules) if f.name == name)
    value = getattr(rules, name)
    allowed = f.metadata.get("allowed")
    if isinstance(value, StrEnum):
        candidates: list[Any] = list(type(value))
    elif isinstance(value, bool):
        candidates = [not value]
    elif isinstance(value, LiPai):
        candidates = [
            dataclasses.replace(value, **{g: not getattr(value, g)}) for g in LI_PAI_FIELDS
        ]
    elif isinstance(value, tuple):
        candidates = [(), ("2-1",), ("5-1", "2-1")]
    elif allowed:
        candidates = list(allowed)
    elif isinstance(value, int):
        candidates = [value + 1, value + 3]
    else:
        candidates = [f"{value}-house"]
    return [c for c in candidates if c != value]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", preset_names())
def test_every_option_has_a_line(name: str, lang: str) -> None:
    items = explain_items(preset(name), lang)
    assert [key for key, _ in items] == RULE_FIELDS  # one line per field, in field order
    lines = [line for _, line in items]
    assert explain(preset(name), lang) == lines
    for line in lines:
        assert line.strip() and "\n" not in line and "{" not in line, line
    assert name in lines[0]  # the header names the preset …
    if lang != "en":
        han = sum(1 for line in lines if any("\u4e00" <= ch <= "\u9fff" for ch in line))
        assert han == len(lines)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("option", RULE_FIELDS)
def test_line_follows_the_value(option: str, lang: str) -> None:
    """Changing an option changes its own line (so no text ignores its value)."""
    base = preset("hk")
    before = dict(explain_items(base, lang))[option]
    others = _other_values(base, option)
    assert others, option
    for value in others:
        changed = dataclasses.replace(base, **{option: value})
        after = dict(explain_items(changed, lang))[option]
        assert after != before, (option, value, after)


def test_header_names_the_variant() -> None:
    assert "Hong Kong" in explain(preset("hk"), "en")[0]
    assert "香港" in explain(preset("hk"), "zh-Hant")[0]
    assert "内地" in explain(preset("mainland"), "zh-Hans")[0]
    assert "Culin" in explain(preset("culin1893"), "en")[0]


def test_wen_zun_line_differs() -> None:
    hk = preset("hk")
    with_wen_zun = dataclasses.replace(hk, wen_zun=True)
    for lang in LANGS:
        off = dict(explain_items(hk, lang))["wen_zun"]
        on = dict(explain_items(with_wen_zun, lang))["wen_zun"]
        assert off != on
        assert off.startswith("文尊") and on.startswith("文尊")
    assert "不打文尊" in dict(explain_items(hk, "zh-Hant"))["wen_zun"]
    # 擒尊 is only in play with 文尊
    assert "不適用" in dict(explain_items(hk, "zh-Hant"))["wen_zun_capture"]
    assert "不適用" not in dict(explain_items(with_wen_zun, "zh-Hant"))["wen_zun_capture"]


def test_regional_words() -> None:
    hant = "\n".join(explain(preset("hk"), "zh-Hant"))
    for word in (
        "莊",
        "棟",
        "結",
        "賀尊",
        "包尊",
        "么結",
        "擒",
        "七支",
        "八支",
        "例牌",
        "全白",
        "一點紅",
    ):
        assert word in hant, word
    hans = "\n".join(explain(preset("mainland"), "zh-Hans"))
    for word in ("庄", "戙", "结", "贺尊", "杂8对", "全码", "四喜"):
        assert word in hans, word
    assert "莊" not in hans and "棟" not in hans


OTHER_NAMES_HANS = {
    "丁三": "幺二",
    "斧头": "虎头",
    "屏风": "红头十",
    "拎冧六": "铜锤六",
    "人、和": "人、鹅",
}
"""Names a Simplified text must not give a tile, and the name the Simplified pages show for it
(rules.md §A.1's mainland names: `test_a_tile_is_named_the_hong_kong_way_...` in test_tiles)."""


@pytest.mark.parametrize("name", ["hk", "mainland"])
def test_the_simplified_texts_name_each_tile_as_the_simplified_pages_do(name: str) -> None:
    """The zh-Hans lines named 2-1 丁三, 6-5 斧头 and 6-4 屏风, 3-1 和 in 天、地、人、和, while the
    same pages draw those tiles named 幺二, 虎头, 红头十 and 鹅: one tile, two names on one page."""
    base = preset(name)
    lines = [line for _, line in explain_items(base, "zh-Hans")]
    for option in RULE_FIELDS:
        for value in _other_values(base, option):
            changed = dataclasses.replace(base, **{option: value})
            lines.append(dict(explain_items(changed, "zh-Hans"))[option])
    for other, shown in OTHER_NAMES_HANS.items():
        assert not [line for line in lines if other in line], (other, shown)
    text = "\n".join(lines)
    assert "二四（4-2）配幺二（2-1）" in text and "虎头" in text and "红头十" in text


def test_the_simplified_texts_call_zhizun_as_the_pages_do() -> None:
    """The pages name 4-2 + 2-1 至尊 in every language (describe_group, rules.md §B.3), but the
    Simplified lines of the 杂8对 capture said 猴王对 alone ('杂8对打最后一手的猴王对'): a
    group with two names on one page. [000]'s 猴王对 stays as the gloss of 至尊."""
    base = dataclasses.replace(preset("mainland"), zhizun_capture=ZhizunCapture.ZA8_PAIR)
    lines = [line for _, line in explain_items(base, "zh-Hans")]
    lines += [line for _, line in explain_items(preset("hk"), "zh-Hans")]  # (not in play there)
    alone = [line for line in lines if re.sub(r"至尊（[^）]*猴王对）", "", line).count("猴王对")]
    assert alone == []
    assert any("至尊" in line and "杂8对" in line for line in lines)


def test_banker_factor_in_words() -> None:
    line = dict(explain_items(preset("hk"), "en"))["banker_multiplier"]
    assert "×2 in his first term" in line and "×3" in line
    assert "首莊 ×2" in dict(explain_items(preset("hk"), "zh-Hant"))["banker_multiplier"]
    assert "×1" in dict(explain_items(preset("mainland"), "en"))["banker_multiplier"]


def test_li_pai_lists_the_agreed_hands() -> None:
    hk = dict(explain_items(preset("hk"), "zh-Hant"))["li_pai"]
    assert hk.index("全白") < hk.index("不計")  # agreed first, then the others
    mainland = dict(explain_items(preset("mainland"), "en"))["li_pai"]
    assert "none are played" in mainland


def test_si_da_he_per_player() -> None:
    three = dataclasses.replace(preset("mainland"), players=3, hand_size=9)
    line = dict(explain_items(three, "en"))["si_da_he"]
    assert "as many as there are players (3)" in line
    assert "每家付 4。" in dict(explain_items(preset("hk"), "zh-Hant"))["si_da_he"]


def test_unknown_language() -> None:
    with pytest.raises(ValueError, match="zh-Hant"):
        explain(preset("hk"), "fr")


def test_missing_text_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new option without a text is an error, not a silently missing line."""
    from hub.rules import explain as module

    texts = dict(module.TEXTS)
    del texts["wen_zun"]
    monkeypatch.setattr(module, "TEXTS", texts)
    with pytest.raises(ExplainError, match="wen_zun"):
        explain(preset("hk"), "en")


def test_command_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == explain(preset("hk"), "en")
    assert out[0].startswith("Tien Gow house rules") and "hk" in out[0]
    assert any(line.startswith("Banker factor:") for line in out)


def test_command_preset_and_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--rules", "mainland", "--lang", "zh-Hans", "--keys"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(RULE_FIELDS)
    assert out[0].endswith("[name]") and "mainland" in out[0]
    assert any("[zhizun_capture]" in line and "杂8对" in line for line in out)


def test_command_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "club.toml"
    path.write_text('base = "hk"\nname = "club"\nwen_zun = true\n', encoding="utf-8")
    assert main(["rules", "--rules", str(path), "--lang", "zh-Hant"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "club" in out[0]
    assert out == explain(load_rules(str(path)), "zh-Hant")
    assert any(line.startswith("文尊：打文尊") for line in out)


def test_command_bad_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--rules", "macau", "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "'macau'" in captured.err
    for name in preset_names():
        assert name in captured.err


def test_command_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("wen_zun = 3\n", encoding="utf-8")
    assert main(["rules", "--rules", str(path)]) == 2
    assert "wen_zun" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "zh_HK.UTF-8"}, "zh-Hant"),
        ({"LANG": "zh_TW.UTF-8"}, "zh-Hant"),
        ({"LANG": "zh_MO.UTF-8"}, "zh-Hant"),
        ({"LANG": "zh_CN.UTF-8"}, "zh-Hans"),
        ({"LANG": "zh_SG.UTF-8"}, "zh-Hans"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LC_ALL": "zh_HK.UTF-8", "LANG": "en_US.UTF-8"}, "zh-Hant"),
        ({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_lang_from_env(env: dict[str, str], lang: str) -> None:
    assert lang_from_env(env) == lang


def test_command_lang_from_env(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "zh_HK.UTF-8")
    assert main(["rules"]) == 0
    assert capsys.readouterr().out.splitlines() == explain(preset("hk"), "zh-Hant")
