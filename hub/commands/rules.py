"""`tiengow rules`: print the house rules in force, in plain words, one line per option.

The language defaults to the environment's locale (LC_ALL, then LC_MESSAGES, then
LANG): zh_TW / zh_HK / zh_MO give 繁體 (zh-Hant), zh_CN / zh_SG give 简体 (zh-Hans),
anything else English.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping

from hub.rules.errors import RulesError
from hub.rules.explain import LANGS, explain_items
from hub.rules.options import load_rules, preset_names

_LOCALE_LANGS: dict[str, str] = {
    "zh_TW": "zh-Hant",
    "zh_HK": "zh-Hant",
    "zh_MO": "zh-Hant",
    "zh_CN": "zh-Hans",
    "zh_SG": "zh-Hans",
}


def lang_from_env(env: Mapping[str, str] | None = None) -> str:
    """zh-Hant, zh-Hans or en from LC_ALL / LC_MESSAGES / LANG (the first one set)."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            locale = value.replace("-", "_")
            for prefix, lang in _LOCALE_LANGS.items():
                if locale.startswith(prefix):
                    return lang
            return "en"
    return "en"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        default="hk",
        metavar="PRESET|FILE.toml",
        help=f"a preset ({', '.join(preset_names())}) or a rules file (default: hk)",
    )
    parser.add_argument(
        "--lang",
        choices=LANGS,
        default=None,
        help="zh-Hant (繁體), zh-Hans (简体) or en (default: from LC_ALL / LANG)",
    )
    parser.add_argument(
        "--keys",
        action="store_true",
        help="end each line with the option's key, as written in a rules file",
    )


def run(args: argparse.Namespace) -> int:
    try:
        rules = load_rules(args.rules)
    except RulesError as e:
        print(f"tiengow rules: {e}", file=sys.stderr)
        return 2
    lang: str = args.lang or lang_from_env()
    for key, line in explain_items(rules, lang):
        print(f"{line}  [{key}]" if args.keys else line)
    return 0
