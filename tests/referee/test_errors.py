"""Illegal events are refused with a message a player understands, at the right place."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from hub.referee.transcript import RefereeError, referee_json
from hub.rules.errors import TranscriptError

DEAL = {  # rules.md §J S01
    "E": ["2-2", "3-2", "4-2", "4-3", "4-4", "6-1", "6-2", "6-3"],
    "S": ["2-1", "4-4", "5-2", "5-3", "5-4", "6-4", "6-5", "6-6"],
    "W": ["1-1", "1-1", "3-1", "3-1", "4-1", "5-1", "5-1", "6-6"],
    "N": ["2-2", "3-3", "3-3", "5-5", "5-5", "6-1", "6-4", "6-5"],
}


def transcript(
    events: list[dict[str, Any]], deal: dict[str, list[str]] | None = DEAL, rules: Any = "hk"
) -> dict[str, Any]:
    hand: dict[str, Any] = {"banker": "E", "events": events}
    if deal is not None:
        hand["deal"] = deal
    return {
        "format": "tiengow-transcript/1",
        "rules": rules,
        "seats": ["E", "S", "W", "N"],
        "hands": [hand],
    }


def refused(tr: dict[str, Any]) -> RefereeError:
    with pytest.raises(RefereeError) as info:
        referee_json(tr)
    return info.value


def test_a_tie_does_not_beat() -> None:
    deal = {
        "E": ["6-6", "6-3", "1-1", "1-1", "2-2", "2-2", "3-3", "3-3"],
        "S": ["6-6", "5-4", "4-4", "4-4", "5-5", "5-5", "6-5", "6-5"],
        "W": ["6-2", "5-3", "5-2", "4-3", "4-2", "4-1", "3-2", "2-1"],
        "N": ["3-1", "3-1", "6-4", "6-4", "6-1", "6-1", "5-1", "5-1"],
    }
    e = refused(
        transcript(
            [{"seat": "E", "play": ["6-6", "6-3"]}, {"seat": "S", "play": ["6-6", "5-4"]}], deal
        )
    )
    assert (e.hand, e.event) == (0, 1)
    assert e.message == "S played 6-6+5-4: equal to the led 天九, a beat must be higher"


@pytest.mark.parametrize(
    ("events", "index", "pattern"),
    [
        ([{"seat": "S", "play": ["6-6"]}], 0, "S acted out of turn: E has the lead"),
        (
            [{"seat": "E", "play": ["6-3"]}, {"seat": "W", "discard": 1}],
            1,
            r"W acted out of turn: S is to act after E \(上家不打，下家不墊\)",
        ),
        ([{"seat": "E", "play": ["6-6"]}], 0, r"E does not hold 6-6; holds 4-4\+2-2\+6-1"),
        ([{"seat": "E", "play": ["6-3", "6-2"]}], 0, "E led 6-3\\+6-2: not a legal group"),
        ([{"seat": "E", "discard": ["6-3"]}], 0, "E discarded with the lead"),
        (
            [{"seat": "E", "play": ["6-3"]}, {"seat": "S", "play": ["5-4", "5-3"]}],
            1,
            "S played 2 tiles .*the lead was 1",
        ),
        (
            [{"seat": "E", "play": ["6-3"]}, {"seat": "S", "discard": 2}],
            1,
            "S discarded 2 tiles; the lead was 1",
        ),
        (
            [{"seat": "E", "play": ["2-2"]}, {"seat": "S", "play": ["5-4"]}],
            1,
            "S played 5-4: a different kind of group from the led 板對|S played 5-4: a different kind",
        ),
        (
            [
                {"seat": "E", "play": ["4-2"]},
                {"seat": "S", "play": ["5-2"]},
                {"seat": "W", "play": ["4-1"]},
            ],
            2,
            "W played 4-1: lower than the best so far, S's 雜七",
        ),
        (
            [{"seat": "E", "play": ["6-3"]}, {"seat": "S", "declare": "quan_bai"}],
            1,
            "after play began",
        ),
        (
            [{"seat": "E", "declare": "quan_bai"}],
            0,
            "E declared 'quan_bai' holding .*which is not that hand",
        ),
        ([{"seat": "E", "declare": "seven_mil"}], 0, "has not agreed .*li_pai.seven_mil = false"),
        ([{"seat": "E", "forfeit": True}], 0, "allow_forfeit = false"),
    ],
)
def test_illegal_events(events: list[dict[str, Any]], index: int, pattern: str) -> None:
    e = refused(transcript(events))
    assert (e.hand, e.event) == (0, index)
    assert e.to_json()["error"]["event"] == index

    assert re.search(pattern, e.message), e.message


def test_without_a_deal_a_face_cannot_appear_more_often_than_the_set_has_it() -> None:
    events = [
        {"seat": "E", "play": ["6-6"]},
        {"seat": "S", "discard": ["6-6"]},
        {"seat": "W", "discard": ["6-6"]},
    ]
    e = refused(transcript(events, deal=None))
    assert e.event == 2 and "every 6-6 of the set (2) has already been played" in e.message


@pytest.mark.parametrize(
    ("events", "message"),
    [
        (
            [{"seat": "E", "play": ["6-3", "6-3"]}],
            "E names 6-3 twice, but the set has only one",
        ),
        (
            [{"seat": "E", "play": ["2-2", "2-2", "2-2"]}],
            "E names 2-2 3 times, but the set has only two",
        ),
        (
            [
                {"seat": "E", "play": ["2-2"]},
                {"seat": "S", "discard": 1},
                {"seat": "W", "discard": 1},
                {"seat": "N", "discard": 1},
                {"seat": "E", "play": ["2-2", "2-2"]},
            ],
            "E names 2-2 twice, but the set has two and one has already been played",
        ),
    ],
)
def test_without_a_deal_a_play_naming_a_face_too_often_says_so(
    events: list[dict[str, Any]], message: str
) -> None:
    """Without a deal, a play naming 6-3 twice was refused saying 'every 6-3 of the set (1) has
    already been played', though none had been: the fault is the play's own (rules.md §A.1:
    each military face once, each civil face twice), and the message says so."""
    e = refused(transcript(events, deal=None))
    assert (e.hand, e.event) == (0, len(events) - 1)
    assert e.message == message


def test_an_unfinished_hand_must_be_the_last() -> None:
    tr = transcript([{"seat": "E", "play": ["6-3"]}])
    tr["hands"].append({"events": []})
    e = refused(tr)
    assert (e.hand, e.event) == (0, 1) and "only the last hand" in e.message


def test_an_unfinished_last_hand_is_reported_without_money() -> None:
    result = referee_json(transcript([{"seat": "E", "play": ["6-3"]}, {"seat": "S", "discard": 1}]))
    hand = result["hands"][0]
    assert hand["complete"] is False and hand["tricks"] == [] and "settlement" not in hand
    assert result["totals"] == {"E": 0, "S": 0, "W": 0, "N": 0}


@pytest.mark.parametrize(
    ("mutate", "pattern"),
    [
        (lambda t: t.update(format="x"), "'format' is 'x'; expected 'tiengow-transcript/1'"),
        (lambda t: t.update(seats=["E", "E", "W", "N"]), "2 to 4 different names"),
        # the message says the preset came from the transcript's rules, not a --rules flag
        (lambda t: t.update(rules="nowhere"), "^transcript rules: unknown rules preset 'nowhere'"),
        (
            lambda t: t.update(rules={"preset": "hkk", "wen_zun": True}),
            "^transcript rules: unknown rules preset 'hkk'; presets: culin1893, hk, mainland",
        ),
        (
            lambda t: t["hands"][0]["events"].append({"seat": "X", "play": ["6-6"]}),
            "unknown seat 'X'",
        ),
        (
            lambda t: t["hands"][0]["events"].append({"seat": "E", "play": ["7-7"]}),
            r"events\[0\].play\[0\]: unknown tile '7-7'",
        ),
        (
            lambda t: t["hands"][0]["events"].append({"seat": "E", "play": "6-6"}),
            "non-empty list of tiles",
        ),
        (
            lambda t: t["hands"][0]["events"].append({"seat": "E", "play": ["6-6"], "discard": 1}),
            "exactly one action",
        ),
        (
            lambda t: t["hands"][0]["deal"]["E"].append("6-6"),
            "dealt more often than the set has copies",
        ),
        (lambda t: t["hands"][0].pop("banker"), "the first hand must name its 'banker'"),
        (lambda t: t.update(rules={"preset": "hk", "qin_mult": 3}), "'qin_mult' has value 3"),
        (  # transcript.md: a discard names its tiles, or only their count
            lambda t: t["hands"][0]["events"].append({"seat": "E", "discard": True}),
            r"events\[0\].discard: expected the tiles discarded, a list such as \[\"6-6\"\], or "
            r"their count, a whole number ≥ 1; got True",
        ),
    ],
)
def test_not_a_transcript(mutate: Any, pattern: str) -> None:
    tr = transcript([])
    tr["hands"][0]["deal"] = {k: list(v) for k, v in DEAL.items()}
    mutate(tr)
    with pytest.raises(TranscriptError, match=pattern):
        referee_json(tr)


def test_a_table_of_three_names_its_hand_size_without_its_players() -> None:
    """§F: three players take 8, 9 or 10 tiles. The seats say how many play; a rules object
    naming the hand size alone was checked as a table of four (36 tiles) and refused."""
    from hub.referee.transcript import parse_transcript

    tr = {
        "format": "tiengow-transcript/1",
        "rules": {"preset": "mainland", "hand_size": 9},
        "seats": ["A", "B", "C"],
        "hands": [],
    }
    rules = parse_transcript(tr).rules
    assert (rules.players, rules.hand_size) == (3, 9)
    tr["seats"] = ["A", "B", "C", "D"]
    with pytest.raises(TranscriptError, match="hand_size 9 with 4 players needs 36 tiles"):
        parse_transcript(tr)
    tr["seats"], tr["rules"] = ["A", "B", "C"], {"preset": "hk", "wen_zun": True}
    with pytest.raises(TranscriptError, match="players=3, hand_size=8 is only played in the mai"):
        parse_transcript(tr)


def test_a_rules_object_naming_its_table_must_agree_with_the_seats_and_the_deal() -> None:
    """§F.3 / §N.6: the hand size decides the mainland base (4 for 8 tiles, 5 for 9 or 10). Rules
    naming hand_size 9 over a deal of 8 were refereed silently as the deal said; now the
    contradiction is refused, naming both."""
    from hub.referee.transcript import parse_transcript

    deal = {k: list(v) for k, v in DEAL.items() if k != "N"}
    tr: dict[str, Any] = {
        "format": "tiengow-transcript/1",
        "rules": {"preset": "mainland", "hand_size": 9},
        "seats": ["E", "S", "W"],
        "hands": [{"banker": "E", "deal": deal, "events": []}],
    }
    with pytest.raises(TranscriptError, match=r"8 tiles each, but the rules name hand_size=9"):
        parse_transcript(tr)
    tr["rules"] = {"preset": "mainland", "players": 4}  # fitted to the seats, as written out
    assert parse_transcript(tr).rules.players == 3
    tr["rules"] = {"preset": "mainland", "players": 3, "hand_size": 8}
    assert parse_transcript(tr).rules.hand_size == 8


def test_where_no_one_holds_a_six_six_the_banker_leads_first() -> None:
    """first_leader = heaven_holder (§I #4) on a mainland table of three, both 6-6s left
    undealt: no one holds one, and the banker leads (any seat could before)."""
    deal = {
        "A": ["1-1", "1-1", "2-2", "2-2", "3-1", "3-1", "4-4", "4-4"],
        "B": ["5-5", "5-5", "3-3", "3-3", "6-5", "6-5", "6-4", "6-4"],
        "C": ["6-1", "6-1", "5-1", "5-1", "6-3", "5-4", "6-2", "5-3"],
    }
    tr = {
        "format": "tiengow-transcript/1",
        "rules": {"preset": "mainland", "first_leader": "heaven_holder"},
        "seats": ["A", "B", "C"],
        "hands": [{"banker": "A", "deal": deal, "events": [{"seat": "B", "play": ["5-5"]}]}],
    }
    with pytest.raises(RefereeError, match="B acted out of turn: A has the lead"):
        referee_json(tr)
    tr["hands"][0]["events"] = [{"seat": "A", "play": ["1-1"]}]
    assert referee_json(tr)["hands"][0]["complete"] is False


@pytest.mark.parametrize(
    ("rules", "lead", "follow", "pattern"),
    [
        ("hk", ["4-2", "2-1"], ["6-3", "5-4"], r"nothing beats the led 至尊; discard 2 face down"),
        (
            "mainland",  # §F.2: the 杂8对 is what captures 至尊 there, and only it
            ["4-2", "2-1"],
            ["6-3", "5-4"],
            r"only a 雜八對 beats the led 至尊; discard 2 face down",
        ),
        (
            {"preset": "hk", "wen_zun": True},  # §B.5: the 高腳七 pair captures 文尊 (擒尊)
            ["5-1", "5-1"],
            ["6-6", "6-6"],
            r"only a 高腳七對 beats the led 文尊; discard 2 face down",
        ),
    ],
)
def test_a_refused_beat_of_a_zun_names_what_would_beat_it(
    rules: Any, lead: list[str], follow: list[str], pattern: str
) -> None:
    e = refused(
        transcript(
            [{"seat": "E", "play": lead}, {"seat": "S", "play": follow}], deal=None, rules=rules
        )
    )
    assert (e.hand, e.event) == (0, 1)
    assert re.search(pattern, e.message), e.message


@pytest.mark.parametrize(
    ("rules", "over"),
    [
        ({"preset": "hk", "wen_zun": True}, ["6-6", "6-6"]),  # a higher civil pair
        ({"preset": "mainland", "wen_zun": True}, ["6-5", "6-5"]),  # a higher 幺 pair
    ],
)
def test_a_gao_jiao_pair_that_captured_a_led_wen_zun_wins_the_trick(
    rules: Any, over: list[str]
) -> None:
    """§B.5: nothing but the 高腳七 pair beats a led 文尊, and a beat must be of the lead's class
    (§B.4), so a pair played over the capture is refused; §E.2: the capturer wins the trick and
    collects the 尊錢. A higher pair used to overtake it and take the trick, with no 尊錢."""
    deal = {
        "E": ["5-1", "5-1", "2-2", "2-2", "3-3", "3-3", "5-5", "5-5"],
        "S": ["6-1", "6-1", "6-4", "6-4", "1-1", "1-1", "3-1", "3-1"],
        "W": ["6-6", "6-6", "6-5", "6-5", "4-4", "4-4", "6-3", "5-4"],
        "N": ["6-2", "5-3", "5-2", "4-3", "4-2", "4-1", "3-2", "2-1"],
    }
    capture = [{"seat": "E", "play": ["5-1", "5-1"]}, {"seat": "S", "play": ["6-1", "6-1"]}]
    e = refused(transcript([*capture, {"seat": "W", "play": over}], deal, rules))
    assert (e.hand, e.event) == (0, 2)
    assert e.message == (
        f"W played {'+'.join(over)}: S's 高腳七對 captured the led 文尊 and wins the trick; "
        "nothing beats it; discard 2 face down"
    )
    events = [*capture, {"seat": "W", "discard": 2}, {"seat": "N", "discard": 2}]
    hand = referee_json(transcript(events, deal, rules))["hands"][0]
    assert hand["tricks"] == [{"leader": "E", "winner": "S", "size": 2}]


@pytest.mark.parametrize(
    "term", [0, 1_000_001, int("9" * 4300)], ids=["zero", "a-million-and-one", "4300-digits"]
)
def test_a_banker_term_out_of_range_is_not_a_transcript(term: int) -> None:
    """banker_term is a count of consecutive hands (transcript.md): one that no session reaches
    is refused with the value and what is accepted. A 4300-digit term was taken, and its
    factor made amounts too long to print: a traceback instead of a result or an error."""
    tr = transcript([])
    tr["hands"][0]["banker_term"] = term
    with pytest.raises(
        TranscriptError, match=r"banker_term: a whole number from 1 to 1000000, got"
    ):
        referee_json(tr)


def test_dice_thrown_after_the_hand_ended_are_refused() -> None:
    """transcript.md: a hand ends by itself when every tile has been played (or by a 例牌
    claim); nothing happens in it after that. A play or a forfeit there was refused as acting
    after the hand ended, but a dice event was taken (and a last hand with it was complete and
    paid as if nothing followed), though no lead remains for the residual-tile dice to decide
    (§F.5) and the 牌頭 throw of the next deal belongs to the next hand."""
    golden = Path(__file__).resolve().parent.parent / "golden" / "G01-banker-term2-wins-ru-er.json"
    tr = json.loads(golden.read_text(encoding="utf-8"))["transcript"]
    events = tr["hands"][0]["events"]
    events.append({"seat": "E", "dice": [3, 4]})
    e = refused(tr)
    assert (e.hand, e.event) == (0, len(events) - 1)
    assert e.message == "E acted after the hand ended: every tile has been played"

    claim = transcript(
        [{"seat": "S", "declare": "quan_bai"}, {"seat": "W", "dice": [6, 6]}],
        deal={
            "E": ["6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1"],
            "S": ["5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5", "6-5"],
            "W": ["6-4", "6-4", "6-1", "6-1", "5-1", "5-1", "6-3", "5-4"],
            "N": ["6-2", "5-3", "5-2", "4-3", "4-2", "4-1", "3-2", "2-1"],
        },
    )
    e = refused(claim)
    assert (e.hand, e.event) == (0, 1)
    assert e.message == "W acted after the hand ended: S claimed the 例牌 'quan_bai'"


def test_claims_shown_without_a_deal_must_fit_in_one_set() -> None:
    """A live table's 例牌 claim shows the hand ("tiles"); two claims of one deal show two
    different hands of the same 32 tiles (§A.1: 5-5 twice, 6-3 once ...). The second claim was
    checked alone, so W's 全白 reusing S's 5-5, 3-3 and 2-2 was taken; it is refused, naming the
    tile and whose claim showed it, and a claim that fits beside the first is still weighed."""
    s_hand = ["5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5", "6-5"]
    s_claim = {"seat": "S", "declare": "quan_bai", "tiles": s_hand}
    w_hand = ["5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-3", "6-2"]
    e = refused(transcript([s_claim, {"seat": "W", "declare": "quan_bai", "tiles": w_hand}], None))
    assert (e.hand, e.event) == (0, 1)
    assert e.message == (
        "W showed 5-5 for 'quan_bai', but the set has 2 and S's claim showed them already"
    )

    civil = ["6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1"]
    rules = {"preset": "hk", "li_pai": {"eight_civil": True}}
    events = [s_claim, {"seat": "W", "declare": "eight_civil", "tiles": civil}]
    hand = referee_json(transcript(events, None, rules))["hands"][0]
    assert hand["winner"] == "S" and hand["finish"] == ["li_pai"]


def test_a_claim_showing_other_tiles_than_the_deal_is_refused() -> None:
    """With a deal, the hand shown for a 例牌 ("tiles") must be the seat's dealt hand: when
    every tile can be checked against its holder (transcript.md, deal), S showing a 全白 he was
    not dealt was taken, the shown tiles ignored."""
    deal = {
        "E": ["6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1"],
        "S": ["5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5", "6-5"],
        "W": ["6-4", "6-4", "6-1", "6-1", "5-1", "5-1", "6-3", "5-4"],
        "N": ["6-2", "5-3", "5-2", "4-3", "4-2", "4-1", "3-2", "2-1"],
    }
    shown = ["5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5", "6-2"]
    e = refused(transcript([{"seat": "S", "declare": "quan_bai", "tiles": shown}], deal))
    assert (e.hand, e.event) == (0, 0)
    assert e.message == (
        "S showed 5-5+5-5+3-3+3-3+2-2+2-2+6-5+6-2 for 'quan_bai' but was dealt "
        "5-5+5-5+3-3+3-3+2-2+2-2+6-5+6-5"
    )
    shown[-1] = "6-5"  # the dealt hand, shown: the claim stands
    hand = referee_json(transcript([{"seat": "S", "declare": "quan_bai", "tiles": shown}], deal))
    assert hand["hands"][0]["winner"] == "S"


@pytest.mark.parametrize("dice", [[1, 7], [1, 2, 3], [0, 3], [], [6], [-1, 4]])
def test_dice_no_die_can_show_are_not_a_transcript(dice: list[int]) -> None:
    """transcript.md: a dice event is two dice, [a, b]. Two numbers no die shows, or a count of
    dice other than two, are no throw at all: input that is not a transcript (exit 2), as an
    unknown tile is (interfaces.md), not an illegal event of a throw that could have happened.
    They were refused as an illegal event (exit 1), while "12" for [1, 2] was exit 2."""
    tr = transcript([{"seat": "E", "dice": dice}])
    with pytest.raises(
        TranscriptError,
        match=re.escape(
            f"hands[0].events[0].dice: two dice, each showing 1 to 6 such as [3, 5]; got {dice!r}"
        ),
    ):
        referee_json(tr)


def test_a_claim_of_no_li_pai_is_not_a_transcript() -> None:
    """transcript.md names the 例牌 a declare event may claim (rules.md §I #21: quan_bai ...
    four_pairs). Another name is no claim at all: input that is not a transcript (exit 2), as an
    unknown tile or action is, not an illegal event (exit 1); a 例牌 the table has not agreed
    stays an illegal event."""
    tr = transcript([{"seat": "E", "declare": "tian_hu"}])
    with pytest.raises(
        TranscriptError,
        match=re.escape(
            "hands[0].events[0].declare: 'tian_hu' is no 例牌; the 例牌 are quan_bai, "
            "yi_dian_hong, seven_civil, eight_civil, seven_mil, eight_mil, four_pairs"
        ),
    ):
        referee_json(tr)
    e = refused(transcript([{"seat": "E", "declare": "seven_mil"}]))
    assert (e.hand, e.event) == (0, 0)


@pytest.mark.parametrize(
    ("drop", "message"),
    [
        (
            lambda t: t.pop("format"),
            '\'format\' is missing: a transcript starts with "format": "tiengow-transcript/1"',
        ),
        (
            lambda t: t.pop("seats"),
            "'seats' is missing: the players' names in playing order, 2 to 4 of them, such as "
            '["E", "S", "W", "N"]',
        ),
        (
            lambda t: t.pop("hands"),
            '\'hands\' is missing: a list of hands, each such as {"banker": "E", "events": [...]}',
        ),
        (
            lambda t: t["hands"][0].pop("events"),
            "hands[0]: 'events' is missing: the hand's actions in order, a list (empty before "
            "the first action)",
        ),
        (
            lambda t: t["hands"][0]["events"][0].pop("seat"),
            "hands[0].events[0]: 'seat' is missing: the player who acts, one of 'E', 'S', 'W', 'N'",
        ),
    ],
)
def test_a_missing_required_field_is_said_missing(drop: Any, message: str) -> None:
    """transcript.md: format, seats, hands, a hand's events and an event's seat are required.
    A transcript without one was refused as if the field held null ("'format' is None",
    "unknown seat None"), a value nobody wrote; the message now says which field is missing
    and what it holds."""
    tr = transcript([{"seat": "E", "play": ["6-3"]}])
    drop(tr)
    with pytest.raises(TranscriptError) as info:
        referee_json(tr)
    assert str(info.value) == message


@pytest.mark.parametrize("where", ["rules", "preset"])
def test_a_transcript_naming_a_rules_file_is_refused(tmp_path: Path, where: str) -> None:
    """transcript.md: 'rules' is a preset name (hk, mainland, culin1893) or an object of options;
    a rules file is --rules' (interfaces.md). A transcript naming a path was read from the
    referee's disk, so it refereed differently on another machine, and a path such as
    /dev/zero or a FIFO hung the referee instead of refusing the input."""
    club = tmp_path / "club.toml"
    club.write_text('base = "hk"\nwen_zun = true\n', encoding="utf-8")
    tr = transcript([])
    tr["rules"] = str(club) if where == "rules" else {"preset": str(club)}
    with pytest.raises(
        TranscriptError,
        match=re.escape(
            f"transcript rules: unknown rules preset {str(club)!r}; presets: culin1893, hk, "
            f"mainland (a rules file is for --rules: a transcript gives its options in an "
            f'object such as {{"preset": "hk", "wen_zun": true}})'
        ),
    ):
        referee_json(tr)
