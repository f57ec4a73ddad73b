#!/usr/bin/env python3
"""independent_claims.py's hand reader on the two hand-built riichi hands of
tests/hand_facts_test.cc (the same expected facts, worked by hand): a riichi ron let pass, a closed
hand's tsumo let pass, riichi faced, a deal-in to a riichi, first tenpai, point changes, leaders.
No agent in the engine lets a certain win pass, so the playtest replays never exercise that path."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from independent_claims import hand_facts  # noqa: E402

JUNK0 = ["1m", "5m", "9m", "1p", "5p", "9p", "1s", "5s", "9s", "E", "W", "N", "P", "F"]
JUNK = ["1m", "5m", "9m", "1p", "5p", "9p", "1s", "5s", "9s", "E", "W", "N", "C"]
ev = []


def act(t, a, pai=None):
    e = {"type": t, "actor": a}
    if pai:
        e["pai"] = pai
    ev.append(e)


def riichi(a, pai):
    act("reach", a)
    act("dahai", a, pai)
    act("reach_accepted", a)


def win(a, target, payment, scores):
    ev.append({"type": "hora", "actor": a, "target": target, "score": {"payment": payment}, "scores": scores})
    ev.append({"type": "end_kyoku"})


ev.append({"type": "start_game"})
ev.append({"type": "start_kyoku", "oya": 0, "scores": [25000] * 4,
           "tehais": [JUNK0, ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5p"], JUNK, JUNK]})
act("dahai", 0, "E")
act("tsumo", 1, "9s")
riichi(1, "9s")
act("tsumo", 2, "5p")
act("dahai", 2, "5p")
act("tsumo", 3, "C")
act("dahai", 3, "C")
act("tsumo", 0, "E")
act("dahai", 0, "E")
act("tsumo", 1, "5p")
win(1, 1, {"dealer": 2000, "non_dealer": 1000}, [23000, 29000, 24000, 24000])
ev.append({"type": "start_kyoku", "oya": 1, "scores": [23000, 29000, 24000, 24000],
           "tehais": [["1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1p", "1p", "2p", "2p"], JUNK0,
                      ["2m", "3m", "4m", "5m", "6m", "7m", "2p", "3p", "4p", "5p", "6p", "7p", "9s"], JUNK]})
act("dahai", 1, "E")
act("tsumo", 2, "W")
riichi(2, "W")
act("tsumo", 3, "N")
act("dahai", 3, "N")
act("tsumo", 0, "1p")
act("dahai", 0, "1p")
act("tsumo", 1, "N")
act("dahai", 1, "9s")
win(2, 1, {"ron": 3900}, [23000, 25100, 27900, 24000])

game = {"ruleset": {"scoring": "riichi", "minimum_han": 1,
                    "yaku": {"riichi": {"closed": 1, "open": 0, "enabled": True},
                             "menzen_tsumo": {"closed": 1, "open": 0, "enabled": True}}},
        "events": ev}
hands, leaders, first_winner = hand_facts(game)
want = [
    (0, 1, dict(declined=1, won=True, win_value=4000, delta=4000, first_tenpai=1, tenpai_end=True, faced=False)),
    (0, 0, dict(faced=True, shield_when_faced=False, dealt_in_to_riichi=False, declined=0, first_tenpai=-1, delta=-2000)),
    (0, 2, dict(faced=True, declined=0, first_tenpai=-1, delta=-1000)),
    (0, 3, dict(faced=True, declined=0, first_tenpai=-1)),
    (1, 0, dict(declined=1, first_tenpai=1, faced=True)),
    (1, 1, dict(faced=True, dealt_in_to_riichi=True, delta=-3900)),
    (1, 3, dict(dealt_in_to_riichi=False)),
    (1, 2, dict(declined=0, won=True, delta=3900)),
]
bad = [f"hand {h} seat {s} {k}: got {hands[h][s][k]}, want {v}"
       for h, s, facts in want for k, v in facts.items() if hands[h][s][k] != v]
if leaders != [1, 2] or first_winner != 1:
    bad.append(f"leaders {leaders}, first winner {first_winner}")
# Under Ningbo no certain win is counted.
game["ruleset"]["scoring"] = "ningbo"
if any(f["declined"] for four in hand_facts(game)[0] for f in four):
    bad.append("ningbo: declined wins counted")
print("\n".join(bad) or "independent_claims self-test: the hand-built hands read as worked by hand")
sys.exit(1 if bad else 0)
