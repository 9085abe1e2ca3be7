"""Scenario data for tests/golden (run: python3 docs/notes/golden_scenarios.py)."""
import copy
from golden_build import scenario, DECK
from collections import Counter

HK = "hk"
def H(banker, term, tricks, **x):
    h = {"banker": banker, "term": term, "tricks": tricks}
    h.update(x); return h
def X(stacks, settlement, finish=("normal",), bonuses=None, nxt=None, **kw):
    e = {"stacks": stacks, "settlement": settlement, "finish": list(finish)}
    if bonuses: e["bonuses"] = bonuses
    if nxt: e["next"] = list(nxt)
    e.update(kw); return e

T = {}
T["G01"] = ["E 51, S 61, W d, N d", "S 66, W d, N d, E d", "S 66, W d, N d, E d", "S 63, W d, N d, E d",
            "S 54, W d, N d, E d", "S 11, W d, N d, E d", "S 55+55, W d, N d, E 44+44"]
T["G02"] = ["E 32, S 42, W d, N d", "S 65, W 22, N 33, E d", "N 55, E d, S d, W 31", "W 44, N d, E d, S d",
            "W 11+11, N d, E d, S 66+66", "S 43, W 62, N d, E d", "W 53, N d, E d, S 63"]
T["G03"] = ["E 66, S d, W d, N d", "E 66, S d, W d, N d", "E 63, S d, W d, N d", "E 54, S d, W d, N d",
            "E 11, S d, W d, N d", "E 65, S d, W 33, N d", "W 61+61, N d, E d, S 22+22"]
T["G04"] = ["E 63, S d, W d, N d", "E 32, S 43, W d, N d", "S 42+21, W d, N d, E d", "S 11, W 66, N d, E d",
            "W 55, N 44, E d, S d", "N 66, E d, S d, W d", "N 31, E d, S d, W d"]
T["G05"] = ["E 42+21, S d, W d, N d", "E 52, S 62, W d, N d", "S 33, W 55, N 31, E d", "N 64, E d, S 22, W d",
            "S 63, W d, N d, E d", "S 54, W d, N d, E d", "S 66, W d, N d, E d"]
T["G06"] = ["E 66, S d, W d, N d", "E 51, S 61, W d, N d", "S 63, W d, N d, E d", "S 22, W 33, N d, E d",
            "W 11, N d, E d, S d", "W 44, N d, E d, S d", "W 42+21, N d, E d, S d"]
T["G07"] = ["E 65, S 66, W d, N d", "S 66, W d, N d, E d", "S 63, W d, N d, E d", "S 11, W d, N d, E d",
            "S 54, W d, N d, E d", "S 61, W d, N 64, E d", "N 44, E d, S d, W d", "N 21, E d, S d, W d"]
T["G08"] = ["E 66, S d, W d, N d", "E 22, S 33, W d, N d", "S 11, W d, N d, E d", "S 63, W d, N d, E d",
            "S 64, W 65, N d, E d", "W 44, N d, E d, S d", "W 55, N d, E 31, S d", "E 51, S d, W d, N d"]
T["G09"] = ["E 66, S d, W d, N d", "E 63, S d, W d, N d", "E 32, S 42, W d, N d", "S 33, W 31, N d, E d",
            "W 11, N d, E d, S d", "W 55, N 44, E d, S d", "N 65, E d, S d, W 22", "W 51, N 61, E d, S d"]
T["G10"] = ["E 66, S d, W d, N d", "E 33, S 31, W d, N d", "S 66, W d, N d, E d", "S 11, W d, N d, E d",
            "S 63, W d, N d, E d", "S 54, W d, N d, E d", "S 61, W 64, N d, E d", "W 21, N d, E 42, S d"]
T["G11"] = ["E 66, S d, W d, N d", "E 63, S d, W d, N d", "E 44, S 11, W d, N d", "S 55, W 31, N d, E d",
            "W 65, N 22, E d, S d", "N 33, E d, S d, W d", "N 66, E d, S d, W d", "N 21, E 42, S 43, W d"]
T["G12"] = ["E 32, S 43, W d, N d", "S 11+11+62+53, W 66+66+63+54, N d, E d", "W 44, N d, E d, S d",
            "W 55, N 31, E d, S d", "N 44, E d, S d, W d"]
T["G13"] = ["E 66, S d, W d, N d", "E 31, S 11, W d, N d", "S 63, W d, N d, E d", "S 65, W 22, N d, E 33",
            "E 44+44+52+43, S d, W d, N d"]
T["G14"] = ["E 32, S 42, W d, N d"] + [f"S {t}, W d, N d, E d" for t in "66 66 63 54 62 53 33".split()]
T["G15"] = [f"E {t}, S d, W d, N d" for t in "66 63 11 44 31 55 22+22".split()]
T["G16"] = ["E 61, S d, W 64, N d"] + [f"W {t}, N d, E d, S d" for t in "66 66 63 54 62 53 11".split()]
T["G17"] = [f"E {t}, S d, W d, N d" for t in "66 66 63 54 11 11 42+21".split()]
T["G20"] = ["E 43, S 62, W d, N d", "S 51+51, W d, N 61+61, E d", "N 66, E d, S d, W d", "N 55, E 44, S d, W d",
            "E 63, S d, W d, N d", "E 11, S d, W d, N d", "E 22, S 33, W d, N d"]
T["S01"] = ["E 63, S d:21, W d:41, N d:61", "E 22, S 66, W d:51, N d:64", "S 44, W d:51, N d:65, E d:61",
            "S 54, W d:31, N d:22, E d:43", "S 53, W d:31, N d:55, E d:62", "S 52, W d:66, N d:33, E d:42",
            "S 65, W d:11, N 55, E d:44", "N 33, E d:32, S d:64, W 11"]
T["G25"] = ["E 32, S 42, W d, N d"] + [f"S {t}, W d, N d, E d" for t in "66 66 63 54 11 11 51".split()]
T["G28"] = ["E 42+21, S d, W 62+53, N d", "W 66, N d, E d, S d", "W 22, N 33, E d, S d", "N 64, E 65, S d, W d",
            "E 41, S 52, W 54, N d", "W 11, N d, E d, S d", "W 55, N d, E d, S d"]
T["G29"] = ["E 66, S d:55", "E 11, S d:65", "E 63, S d:64", "E 62, S d:41", "E 44, S d:21", "E 52, S 54",
            "S 31, E d:22", "S 33, E d:61"]
T["G30"] = ["E 51, S 61, W d", "S 66, W d, E d", "S 63, W d, E d", "S 33, W 31, E d", "W 11, E d, S d",
            "W 44, E d, S d", "W 54, E d, S d", "W 62, E d, S d", "W 55, E d, S d"]
T["G31"] = ["E 66, S d, W d, N d", "E 51, S d, W 61, N d", "W 66, N d, E d, S d", "W 63, N d, E d, S d",
            "W 44, N d, E d, S 11", "S 42+21, W d, N d, E d", "S 54, W d, N d, E d"]
T["H3"] = ["S 63, W d, N d, E d", "S 32, W 43, N d, E d", "W 42+21, N d, E d, S d", "W 11, N 66, E d, S d",
           "N 55, E 44, S d, W d", "E 66, S d, W d, N d", "E 31, S d, W d, N d"]

T["G34"] = [f"E {t}, S d, W d, N d" for t in "66 66 63 54 11 11 44 44".split()]
T["G35"] = ["E 31+31+41+32, S d, W d, N d", "E 66, S d, W d, N d", "E 44, S 11, W d, N d", "S 63, W d, N d, E d",
            "S 54, W d, N d, E d"]
T["G36"] = ["E 42+21, S d, W d, N d", "E 66, S d, W d, N d", "E 22, S 33, W d, N d", "S 11, W d, N d, E d",
            "S 63, W d, N d, E d", "S 44, W d, N d, E d", "S 55, W d, N d, E d"]

N = {}  # notes
N["G01"] = ("Banker E in term 2 (f=3) wins the last trick with a pair; S holds 6 stacks (入二). §D.1: W=banker so B=f for every loser: "
            "S u=4-6=-2 -> paid 2x3=6; W and N 空棟 u=5 -> 15 each; E +30-6=24. T1 6-1 beats 5-1; T7 人人 beats 梅梅 (§B.3 civil pairs).")
N["G02"] = ("Banker E term 3 (f=4) loses with 0 stacks (空棟): pays 5x4=20 (§D.1 banker pays xf). W 3 stacks pays 1, N 1 stack pays 3; S +24. "
            "HK single ranks: 2-2 beats 6-5, 3-3 beats 2-2 (T2), 3-1 beats 5-5 (T3); T5 天天 over 地地.")
N["G03"] = ("Banker E term 2 loses holding 5 stacks: u=-1 and the banker is paid at x1 (光榮撤退, §D.1, §I#3 banker_surplus_multiplied=false) -> E +1. "
            "W u=3, N 空棟 5; S (結 with a final 板 pair over 高腳七 pair, no eligibility limit on pairs §C.2) +3+5-1=7.")
N["G04"] = ("賀尊 by a non-banker (§E.1): S leads 至尊 mid-hand (T3): banker E pays 2f=4, W and N 2 each -> S +8 (bonuses). "
            "Settlement N 結: E (banker, 1 stack) 3x2=6, S 1, W 3 -> N +10.")
N["G05"] = ("賀尊 by the banker (§E.1): E (term 2, f=3) opens with 至尊 -> each other pays 2f=6, E +18. Banker later loses: S 結 with 5 stacks; "
            "E pays (4-2)x3=6, W 空棟 5, N 3 -> S +14. Mid-hand money is separate from settlement (§E.7).")
N["G06"] = ("包尊 (§E.4): W leads 至尊 as the last trick -> F=2 and no 尊錢. E (banker f=2, 1 stack) 3x2x2=12, S 2x2=4, N 空棟 5x2=10 -> W +26.")
N["G07"] = ("么結 with 2-1 (§E.4, x2): N leads 2-1 last and nobody beats (S with 5 stacks chooses to discard; E, W have 0 stacks). "
            "E banker 空棟 5x2x2=20, W 5x2=10, S surplus u=-1 paid 1x2=2 (§N.1 finish_mult_applies_to_surplus) -> N +28.")
N["G08"] = ("么結 with 5-1 by the banker (E term 1, f=2): F=2 and B=2 for all: S 1x2x2=4, W 2x2x2=8, N 空棟 5x2x2=20 -> E +32. "
            "yao_jie_5_1_needs_wen_zun=false by default so 5-1 counts without 文尊.")
N["G09"] = ("擒 (么雙擒四, §E.4/E.5): W leads 5-1 on the last trick, N (1 stack, eligible) wins it with 6-1 -> F=4 and W pays every due (包): "
            "E banker 2x2x4=16 + S 3x4=12 + W own 1x4=4 = 32 -> N +32; E and S pay nothing.")
N["G10"] = ("擒 with 2-1 captured by 4-2 (§E.4): banker E term 2 (f=3) wins, F=4. Dues: W 3x3x4=36, N 空棟 5x3x4=60 -> W pays 96 (包); "
            "S surplus 5 stacks u=-1 is paid 1x3x4=12 by the winner E (§E.5 + §N.1). E +96-12=84.")
N["G11"] = ("A 么 lead overtaken (§E.4 notes): N leads 2-1 last, E plays 4-2 (6>3), S overtakes with 4-3 (7>6) and wins -> ordinary finish, no 擒. "
            "S 結: E banker 2 stacks (4-2)x2=4, W 3, N 1 -> S +8.")
N["G12"] = ("四大賀 overtaken (§E.3): S leads 地地88, W plays the higher quad 天天99 and collects 4 each, banker E 4xf=8 (si_da_he_banker_mult) -> W +16. "
            "Settlement N 結: E 空棟 5x2=10, S 3, W 5 stacks paid 1 -> N +12.")
N["G13"] = ("四大包 / 賀四結 (§E.4): banker E (term 1) wins the last trick with quad 人人77 -> F=4, B=2 (x8 for a first-term banker, §E.6). "
            "S 2x2x4=16, W and N 空棟 5x2x4=40 -> E +96. No 四大賀 money on a final quad (final_quad_collects_si_da_he=false).")
N["G14"] = ("七支 (§E.8, x2): S beats T1 then leads the rest and takes all 8 stacks; the final single 3-3 is not guaranteed (地/人/和/梅 unseen) "
            "and wins only because all opponents have 0 stacks. E banker 5x2x2=20, W and N 5x2=10 -> S +40.")
N["G15"] = ("八支 with a combination finish (§E.8, x4): banker E term 2 (f=3) takes all 8 stacks, last trick the pair 2-2+2-2. "
            "Each opponent 空棟 5x3x4=60 -> E +180. Others may discard even when able to beat (§B.4).")
N["G16"] = ("八支 with a guaranteed single (§E.8): W's last tile 1-1 (地) after both 6-6 were shown face up. x4: E banker 5x2x4=40, S and N 5x4=20 -> W +80.")
N["G17"] = ("八支 + 包尊 (§E.6 example): first-term banker E takes 8 stacks and ends with 至尊: F=4x2, B=2 -> 5x2x4x2=80 each, E +240; no 尊錢 on a final 至尊.")
N["G18"] = ("例牌 全白 (§E.9): S's hand 5-5 5-5 3-3 2-2 6-5 6-3 6-2 5-3 has no red pip (§A.1 red column). Value 八枝: each other pays 5x4xB: "
            "banker E 5x4x2=40, W and N 20 -> S +80; S is next banker term 1 (§N.5). stacks/tricks not asserted.")
N["G19"] = ("例牌 一點紅 by the banker (E term 2, f=3): 5-5 5-5 3-3 3-3 2-2 6-5 6-3 2-1 shows exactly one red pip (the 2-1's 1). Value 七枝: "
            "each other pays 5x2x3=30 -> E +90; E stays banker, term 3.")
N["G20"] = ("rules hk + wen_zun (§B.5, §E.2): S leads 文尊 5-1+5-1 mid-hand, N captures with the 高腳七 pair 6-1+6-1 (擒尊) and collects 尊錢 from the other three: "
            "banker E 2f=4, S 2, W 2 -> N +8; the 文尊 player collects nothing. S 結: E (3 stacks, banker) 1x2=2, W 5, N 1 -> S +8.")
N["G21"] = ("banker_multiplier=double (§D.3): f=2 whatever the term (term 3 here). Banker E wins: S 入二 paid 2x2=4, W and N 空棟 5x2=10 -> E +16.")
N["G22"] = ("banker_multiplier=none (§D.3): f=1. Banker E term 3 loses with 0 stacks and pays just 5; W 1, N 3 -> S +9 (same plays as G02 which gives -20).")
N["G23"] = ("banker_multiplier=streak (§D.3, [004]): the banker's k-th consecutive win pays xk; read as f=n (the term count) when the banker wins, "
            "so term 3 -> f=3: S paid 2x3=6, W and N 5x3=15 -> E +24 (default streak_plus_one would give f=4). See ambiguities.")
N["G24"] = ("early_death=false (§C.4, §I#15): the S01/X01 plays where W, holding 0 stacks, beats the final single 3-3 with 1-1 and becomes 結. "
            "E banker 1 stack 3x2=6, S 5 stacks paid 1, N 1 stack 3 -> W +8.")
N["G25a"] = ("yao_single_is_ba_zhi=false (§E.8): S takes all 8 stacks ending with a single 5-1 that is not guaranteed -> 七支 x2, and 么結 x2 stacks on it (§N.2): "
             "F=4. E banker 5x2x4=40, W and N 20 -> S +80.")
N["G25b"] = ("Default yao_single_is_ba_zhi=true (§E.8, [002]): same plays as G25a; the 么 single finish counts as 八支 x4, times 么結 x2 (§N.2): F=8. "
             "E banker 5x2x8=80, W and N 40 -> S +160.")
N["G26"] = ("final_quad_mult=2 (§I#14): G13's plays; banker E term 1 ends with quad 人人77 -> F=2, B=2: S 2x2x2=8, W and N 5x2x2=20 -> E +48.")
N["G27"] = ("qin_mult=2 (§I#17): G09's plays; 擒 at x2 with 包: W pays E's 2x2x2=8 + S's 3x2=6 + own 1x2=2 = 16 -> N +16.")
N["G28"] = ("mainland (§F, §N.6): banker E opens with 至尊 (賀尊 trigger), W captures with 杂8对 6-2+5-3 (§F.2) and later 結, so the 尊钱 is void: bonuses 0. "
            "3 systems: 3-3 beats 2-2 (宫), 6-5 beats 6-4 (幺), 杂7 then 杂9 over 杂5. base_table base 4, no banker factor: E 1 stack 3, S 0 stacks 5, N 3 -> W +11.")
N["G29"] = ("mainland 2 players x 8 tiles (16 dealt, §F.3): base 4 (§N.6); E ends with 5 stacks > base and is paid the difference 1 by the 結 player S (no banker factor).")
N["G30"] = ("mainland 3 players x 9 tiles (27 dealt, 5 out, §F.3): base 5 for 9-tile hands (§N.6): E 0 stacks pays base+1=6, S 3 stacks pays 5-3=2 -> W +8. "
            "6-1 beats 5-1 inside 幺门; 3-1 beats 3-3 inside 宫门.")
N["G31"] = ("culin1893 (§G, §N.9): S wins a mid-hand trick with 至尊: paid 4 by the banker E, 2 by W and N (bonuses S +8). S 結; E 1 trick pays 3 x2 (banker double) = 6, "
            "W 3 tricks pays 1, N 0 tricks pays 5 -> S +12. (Chosen so the tricks-vs-stacks reading does not matter.)")
N["G32"] = ("Session of 3 hands with derived bankers (transcript.md): h1 = G08 (E term 1 wins, 么結 5-1) -> next E term 2; h2 has banker/term omitted -> E term 2 "
            "(f=3) loses with 5 stacks (paid x1) to S -> next S term 1; h3 omitted -> S term 1: W 賀尊 (S banker pays 4, E and N 2), E 結: S 3x2=6, W 1, N 3. Totals sum 0.")
N["G33"] = ("G09 (擒, 包) with discards given only as counts and no deal: same result as with named discards (transcript.md discard count form).")

N["G34"] = ("mainland 全码 (§F.6, §N.6): banker E takes every trick (8 stacks); base_table with no banker factor: each loser has 0 stacks and pays base+1=5, "
            "doubled for 全码 -> 10 each, E +30.")
N["G35"] = ("四大賀 by the banker, not overtaken (§E.3 + si_da_he_banker_mult): E (term 1, f=2) opens with quad 和和55 (3-1 3-1 4-1 3-2; 4-1 and 3-2 are the two fives) "
            "-> each other pays 4x2=8, E +24. E later loses with 5 stacks and is paid at x1 (光榮撤退): +1; W and N 空棟 5 each -> S +9.")
N["G36"] = ("mainland 贺尊 standing (§F.6): banker E's opening 至尊 is not captured -> each other player pays 2 flat (no banker factor in mainland), E +6. "
            "S 結 with 5 stacks; base_table: E 3 stacks pays 1, W and N 0 stacks pay 5 -> S +11.")

def run():
    sc = scenario
    sc("G01-banker-term2-wins-ru-er", N["G01"], HK, [H("E", 2, T["G01"], expect=X([2, 6, 0, 0], [24, 6, -15, -15], nxt=("E", 3)))])
    sc("G02-banker-term3-loses-kong-dong", N["G02"], HK, [H("E", 3, T["G02"], expect=X([0, 4, 3, 1], [-20, 24, -1, -3], nxt=("S", 1)))])
    sc("G03-banker-term2-loses-with-surplus", N["G03"], HK, [H("E", 2, T["G03"], expect=X([5, 2, 1, 0], [1, 7, -3, -5], nxt=("S", 1)))])
    sc("G04-he-zun-non-banker", N["G04"], HK, [H("E", 1, T["G04"], expect=X([1, 3, 1, 3], [-6, -1, -3, 10], bonuses=[-4, 8, -2, -2], nxt=("N", 1)))])
    sc("G05-he-zun-banker", N["G05"], HK, [H("E", 2, T["G05"], expect=X([2, 5, 0, 1], [-6, 14, -5, -3], bonuses=[18, -6, -6, -6], nxt=("S", 1)))])
    sc("G06-bao-zun", N["G06"], HK, [H("E", 1, T["G06"], expect=X([1, 2, 5, 0], [-12, -4, 26, -10], finish=["bao_zun"], nxt=("W", 1)))])
    sc("G07-yao-jie-2-1", N["G07"], HK, [H("E", 1, T["G07"], expect=X([0, 5, 0, 3], [-20, 2, -10, 28], finish=["yao_jie"], nxt=("N", 1)))])
    sc("G08-yao-jie-5-1-banker", N["G08"], HK, [H("E", 1, T["G08"], expect=X([3, 3, 2, 0], [32, -4, -8, -20], finish=["yao_jie"], nxt=("E", 2)))])
    sc("G09-qin-5-1-by-6-1", N["G09"], HK, [H("E", 1, T["G09"], expect=X([2, 1, 3, 2], [0, 0, -32, 32], finish=["qin"], nxt=("N", 1)))])
    sc("G10-qin-2-1-by-4-2-banker", N["G10"], HK, [H("E", 2, T["G10"], expect=X([2, 5, 1, 0], [84, 12, -96, 0], finish=["qin"], nxt=("E", 3)))])
    sc("G11-yao-lead-overtaken", N["G11"], HK, [H("E", 1, T["G11"], expect=X([2, 2, 1, 3], [-4, 8, -3, -1], nxt=("S", 1)))])
    sc("G12-si-da-he-overtaken", N["G12"], HK, [H("E", 1, T["G12"], expect=X([0, 1, 5, 2], [-10, -3, 1, 12], bonuses=[-8, -4, 16, -4], nxt=("N", 1)))])
    sc("G13-si-da-bao", N["G13"], HK, [H("E", 1, T["G13"], expect=X([6, 2, 0, 0], [96, -16, -40, -40], finish=["si_da_bao"], nxt=("E", 2)))])
    sc("G14-qi-zhi", N["G14"], HK, [H("E", 1, T["G14"], expect=X([0, 8, 0, 0], [-20, 40, -10, -10], finish=["qi_zhi"], nxt=("S", 1)))])
    sc("G15-ba-zhi-combo-banker-term2", N["G15"], HK, [H("E", 2, T["G15"], expect=X([8, 0, 0, 0], [180, -60, -60, -60], finish=["ba_zhi"], nxt=("E", 3)))])
    sc("G16-ba-zhi-guaranteed-single", N["G16"], HK, [H("E", 1, T["G16"], expect=X([0, 0, 8, 0], [-40, -20, 80, -20], finish=["ba_zhi"], nxt=("W", 1)))])
    sc("G17-ba-zhi-bao-zun-x16", N["G17"], HK, [H("E", 1, T["G17"], expect=X([8, 0, 0, 0], [240, -80, -80, -80], finish=["bao_zun", "ba_zhi"], nxt=("E", 2)))])
    sc("G18-li-pai-quan-bai", N["G18"], HK, [{"banker": "E", "term": 1, "pre": [{"seat": "S", "declare": "quan_bai"}],
        "deal": {"E": "66 11 44 31 64 61 51 54", "S": "55 55 33 22 65 63 62 53", "W": "66 11 44 31 33 64 61 43", "N": "51 22 65 52 42 41 32 21"},
        "expect": {"winner": "S", "settlement": [-40, 80, -20, -20], "finish": ["li_pai"], "next": ["S", 1]}}])
    sc("G19-li-pai-yi-dian-hong-banker", N["G19"], HK, [{"banker": "E", "term": 2, "pre": [{"seat": "E", "declare": "yi_dian_hong"}],
        "deal": {"E": "55 55 33 33 22 65 63 21", "S": "66 11 44 31 22 64 61 62", "W": "66 11 44 31 65 64 61 53", "N": "51 51 54 52 43 42 41 32"},
        "expect": {"winner": "E", "settlement": [90, -30, -30, -30], "finish": ["li_pai"], "next": ["E", 3]}}])
    sc("G20-wen-zun-qin-zun", N["G20"], {"preset": "hk", "wen_zun": True},
       [H("E", 1, T["G20"], expect=X([3, 2, 0, 3], [-2, 8, -5, -1], bonuses=[-4, -2, -2, 8], nxt=("S", 1)))])
    sc("G21-banker-mult-double", N["G21"], {"preset": "hk", "banker_multiplier": "double"},
       [H("E", 3, T["G01"], expect=X([2, 6, 0, 0], [16, 4, -10, -10], nxt=("E", 4)))])
    sc("G22-banker-mult-none", N["G22"], {"preset": "hk", "banker_multiplier": "none"},
       [H("E", 3, T["G02"], expect=X([0, 4, 3, 1], [-5, 9, -1, -3], nxt=("S", 1)))])
    sc("G23-banker-mult-streak", N["G23"], {"preset": "hk", "banker_multiplier": "streak"},
       [H("E", 3, T["G01"], expect=X([2, 6, 0, 0], [24, 6, -15, -15], nxt=("E", 4)))])
    sc("G24-early-death-off", N["G24"], {"preset": "hk", "early_death": False},
       [H("E", 1, T["S01"], expect=X([1, 5, 1, 1], [-6, 1, 8, -3], nxt=("W", 1)))])
    sc("G25a-yao-single-not-ba-zhi", N["G25a"], {"preset": "hk", "yao_single_is_ba_zhi": False},
       [H("E", 1, T["G25"], expect=X([0, 8, 0, 0], [-40, 80, -20, -20], finish=["yao_jie", "qi_zhi"], nxt=("S", 1)))])
    sc("G25b-yao-single-ba-zhi-default", N["G25b"], HK,
       [H("E", 1, T["G25"], expect=X([0, 8, 0, 0], [-80, 160, -40, -40], finish=["yao_jie", "ba_zhi"], nxt=("S", 1)))])
    sc("G26-final-quad-mult-2", N["G26"], {"preset": "hk", "final_quad_mult": 2},
       [H("E", 1, T["G13"], expect=X([6, 2, 0, 0], [48, -8, -20, -20], finish=["si_da_bao"], nxt=("E", 2)))])
    sc("G27-qin-mult-2", N["G27"], {"preset": "hk", "qin_mult": 2},
       [H("E", 1, T["G09"], expect=X([2, 1, 3, 2], [0, 0, -16, 16], finish=["qin"], nxt=("N", 1)))])
    sc("G28-mainland-za8-captures-zhizun", N["G28"], "mainland",
       [H("E", 1, T["G28"], expect=X([1, 0, 6, 1], [-3, -5, 11, -3], nxt=("W", 1)))])
    p29 = Counter("66 55 11 65 63 64 62 41 44 21 52 54 31 22 33 61".split())
    sc("G29-mainland-2p-8", N["G29"], "mainland", [H("E", 1, T["G29"], pool=p29, expect=X([5, 3], [1, -1], nxt=("S", 1)))], seats=("E", "S"))
    p30 = DECK - Counter("66 11 53 43 21".split())
    sc("G30-mainland-3p-9", N["G30"], "mainland", [H("E", 1, T["G30"], pool=p30, expect=X([0, 3, 6], [-6, -2, 8], nxt=("W", 1)))], seats=("E", "S", "W"))
    sc("G31-culin1893", N["G31"], "culin1893",
       [H("E", 1, T["G31"], expect=X([1, 4, 3, 0], [-6, 12, -1, -5], bonuses=[-4, 8, -2, -2], nxt=("S", 1)))])
    sc("G32-session-derived-banker", N["G32"], HK, [
        H("E", 1, T["G08"], expect=X([3, 3, 2, 0], [32, -4, -8, -20], finish=["yao_jie"], nxt=("E", 2))),
        H("E", 2, T["G03"], omit_banker=True, expect=X([5, 2, 1, 0], [1, 7, -3, -5], nxt=("S", 1))),
        H("S", 1, T["H3"], omit_banker=True, expect=X([3, 1, 3, 1], [10, -6, -1, -3], bonuses=[-2, -4, 8, -2], nxt=("E", 1)))],
       totals=[41, -7, -4, -30])
    sc("G33-counts-only-qin", N["G33"], HK,
       [H("E", 1, T["G09"], expect=X([2, 1, 3, 2], [0, 0, -32, 32], finish=["qin"], nxt=("N", 1)))], counts_only=True)

    sc("G34-mainland-quan-ma", N["G34"], "mainland",
       [H("E", 1, T["G34"], expect=X([8, 0, 0, 0], [30, -10, -10, -10], finish=["quan_ma"], nxt=("E", 2)))])
    sc("G35-si-da-he-banker", N["G35"], HK,
       [H("E", 1, T["G35"], expect=X([5, 3, 0, 0], [1, 9, -5, -5], bonuses=[24, -8, -8, -8], nxt=("S", 1)))])
    sc("G36-mainland-he-zun-stands", N["G36"], "mainland",
       [H("E", 1, T["G36"], expect=X([3, 5, 0, 0], [-1, 11, -5, -5], bonuses=[6, -2, -2, -2], nxt=("S", 1)))])

    # ---- illegal transcripts ----
    def swap12(ev): ev[1], ev[2] = ev[2], ev[1]
    sc("X02-out-of-turn", "W discards before S has acted on E's lead (上家不打，下家不墊, §B.4): first illegal event is W's at index 1.", HK,
       [H("E", 2, T["G01"], mutate=[swap12])], error=(0, 1))
    fill6 = [f"S {t}, W d, N d, E d" for t in "11 11 44 31 55 33".split()]
    sc("X03-tie-does-not-beat", "E leads 天九 6-6+6-3; S plays 天九 6-6+5-4 face up: equal groups never beat (§B.3 note, §B.4; S27 'S04 T1').", HK,
       [H("E", 1, ["E 66+63, S 66+54, W d, N d"] + fill6, cut=2)], error=(0, 1))
    sc("X04-different-class", "E leads the mixed pair 地八 1-1+6-2; W plays the civil pair 人人 4-4+4-4 face up: a civil pair never beats a mixed pair (§B.4). Error at W's event (index 6).", HK,
       [H("E", 1, ["E 63, S d, W d, N d", "E 11+62, S d, W 44+44, N d", "W 66, N d, E d, S d", "W 66, N d, E d, S d",
                   "W 54, N d, E d, S d", "W 55, N d, E d, S d", "W 33, N d, E d, S d"], cut=7)], error=(0, 6))
    sc("X05-non-group-lead", "E leads 6-4+6-1: not one of the groups of §B.3 (S27 first row). Error at event 0.", HK,
       [H("E", 1, ["E 64+61, S d, W d, N d"] + [f"E {t}, S d, W d, N d" for t in "66 66 63 54 11 11".split()], cut=1)], error=(0, 0))
    g07bad = T["G07"][:-1] + ["N 21, E 42, S d, W d"]
    sc("X06-early-death", "G07's plays, but on the last single (2-1 led by N) E, holding 0 stacks, plays 4-2 face up: forbidden by the eligibility rule (§C.2). Event index 29.", HK,
       [H("E", 1, g07bad, cut=30)], error=(0, 29))
    def replay63(ev): ev[16] = {"seat": "S", "play": ["6-3"]}
    sc("X07-tile-not-held", "G14's plays; at T5 S leads 6-3 again although her only 6-3 went face up at T4 (event 12): a play must come from the seat's remaining tiles (transcript.md deal). Event 16.", HK,
       [H("E", 1, T["G14"], mutate=[replay63], cut=17)], error=(0, 16))
    def short(ev): ev[25] = {"seat": ev[25]["seat"], "discard": ev[25]["discard"][:1]}
    sc("X08-wrong-count", "G01's plays; at T7 S leads the pair 5-5+5-5 and W discards only one tile: each follower must put down exactly as many tiles as were led (§B.4). Event 25.", HK,
       [H("E", 2, T["G01"], mutate=[short], cut=26)], error=(0, 25))
    sc("X09-san-wu-over-san-wen", "E leads 三文 人人7 (4-4+4-4+4-3); S plays 三武 天99 (6-6+6-3+5-4) face up: 三武 never beats 三文 (§B.4, S27). Event 1.", HK,
       [H("E", 1, ["E 44+44+43, S 66+63+54, W d, N d"] + [f"S {t}, W d, N d, E d" for t in "11 11 66 31 33".split()], cut=2)], error=(0, 1))
    sc("X10-mainland-2-2-over-6-5", "mainland: E leads 6-5 (幺门), S plays 2-2 (宫门) face up: different systems never beat each other (§F.1, S27). Legal in HK. Event 1.", "mainland",
       [H("E", 1, ["E 65, S 22, W d, N d"] + [f"S {t}, W d, N d, E d" for t in "66 66 11 11 63 54 44".split()], cut=2)], error=(0, 1))
    sc("X11-mainland-za9-over-zhizun", "mainland: E leads 至尊; S plays 杂9对 6-3+5-4 directly on it: only a 杂8对 may beat 至尊 (§F.2, S27). Event 1.", "mainland",
       [H("E", 1, ["E 42+21, S 63+54, W d, N d"] + [f"S {t}, W d, N d, E d" for t in "66 66 11 11 44 44".split()], cut=2)], error=(0, 1))
    sc("X12-must-beat-best-so-far", "E leads 3-2 (5), S beats with 4-3 (7), W plays 4-2 (6): higher than the lead but not than the best face-up play (§B.4). Event 2.", HK,
       [H("E", 1, ["E 32, S 43, W 42, N d"] + [f"W {t}, N d, E d, S d" for t in "66 66 11 11 63 54 44".split()], cut=3)], error=(0, 2))
    sc("X13-hk-zhizun-cannot-beat", "HK: E leads the pair 2-2+2-2; S plays 至尊 4-2+2-1 face up: 至尊 can never be used to beat anything (§B.5). Event 1.", HK,
       [H("E", 1, ["E 22+22, S 42+21, W d, N d"] + [f"S {t}, W d, N d, E d" for t in "66 66 11 11 63 54".split()], cut=2)], error=(0, 1))

if __name__ == "__main__":
    run(); print("ok")
