"""Outside logs as data: real Tenhou games in tenhou.net/6 JSON, mjlog XML and mjai JSON Lines
(shared/realgames) read as decisions. The expected values come from the logs themselves, parsed
here independently of the engine: each seat's sequence of actions (discards with their tile and
whether it was the drawn tile, riichi declarations, calls, kans, wins, nine-terminal draws)
equals the sequence of the actions at that seat's decisions, in order."""
import json
import os
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import mahjong_rl as mr

SHARED = os.environ.get("MJ_SHARED_DIR", os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared"))
REAL = os.path.join(SHARED, "realgames")
B = mr.ACTION_BASE

# One Tenhou game (a hanchan with calls and riichi) in each format, for the smaller checks.
GAMES = ["2011020417gm-00a9-0000-b67fcaa3", "2018040923gm-00a9-0000-1833afca", "2016081523gm-00a9-0000-122c42dc"]


def whole_games(folder, ext):
    """Every whole game of a folder (tenhou6/hands/ holds fragments of games, which do not import;
    the two mjlog records cut short are refused, as test_a_directory_of_logs_and_a_log_cut_short
    checks)."""
    directory = os.path.join(REAL, folder)
    return sorted(os.path.join(directory, n) for n in os.listdir(directory)
                  if n.endswith(ext) and n != "MANIFEST.json" and "-no-" not in n)


needs_realgames = pytest.mark.skipif(not os.path.isdir(REAL), reason="shared/realgames is not next to the worktree")


def face_of_kind(kind, red):
    """Our action face: a plain kind 0..33, or 34..36 for the red 5m, 5p, 5s."""
    return 34 + kind // 9 if red else kind


# ---- expected tokens from the logs -------------------------------------------------------

def tenhou_code(code):
    """tenhou.net/6 tile code -> (kind, red)."""
    if code in (51, 52, 53):
        return (code - 51) * 9 + 4, True
    suit, num = divmod(code, 10)
    return (suit - 1) * 9 + num - 1, False


def tenhou6_tokens(path):
    """Per seat, the actions the tenhou.net/6 record shows, in order."""
    doc = json.load(open(path))
    seats = [[] for _ in range(4)]
    for kyoku in doc["log"]:
        for p in range(4):
            takes, discards = kyoku[5 + 3 * p], kyoku[6 + 3 * p]
            riichi = False
            for i, take in enumerate(takes):
                if isinstance(take, str):
                    letter = next(ch for ch in take if ch.isalpha())
                    seats[p].append({"c": ("chi",), "p": ("pon",), "m": ("minkan",)}[letter])
                if i >= len(discards):
                    continue
                d = discards[i]
                if isinstance(d, str) and d.startswith("r"):
                    code = int(d[1:])
                    seats[p].append(("riichi", "tsumogiri" if code == 60 else face_of_kind(*tenhou_code(code))))
                    riichi = True
                elif isinstance(d, str):  # ankan "343434a34" or kakan "k18181818"
                    letter = next(ch for ch in d if ch.isalpha())
                    kind, _ = tenhou_code(int(d[d.index(letter) + 1:][:2]))
                    seats[p].append(("ankan" if letter == "a" else "kakan", kind))
                elif d == 0 or riichi:
                    pass  # a daiminkan's placeholder; after riichi the discard is forced
                elif d == 60:
                    seats[p].append(("tsumogiri",))
                else:
                    seats[p].append(("discard", face_of_kind(*tenhou_code(d))))
        result = kyoku[16]
        if result[0] == "和了":
            for info in result[2::2]:
                seats[info[0]].append(("tsumo",) if info[0] == info[1] else ("ron",))
        elif result[0] == "九種九牌":
            # The seat that drew and made no discard.
            who = [p for p in range(4) if len(kyoku[5 + 3 * p]) > len(kyoku[6 + 3 * p])]
            assert len(who) == 1
            seats[who[0]].append(("kyushu",))
    return seats


def mjlog_tokens(path):
    """Per seat, the actions the mjlog XML record shows, in order (tsumogiri: the discarded id is
    the id the seat drew just before)."""
    root = ET.parse(path).getroot()
    red = True
    seats = [[] for _ in range(4)]
    drawn = [None] * 4
    riichi = [False] * 4
    declaring = [False] * 4
    last_drawer = None
    for el in root:
        tag = el.tag
        if tag == "GO":
            red = not (int(el.get("type")) & 0x02)
        elif tag == "INIT":
            drawn, riichi, declaring = [None] * 4, [False] * 4, [False] * 4
        elif tag[0] in "TUVW" and tag[1:].isdigit():
            last_drawer = "TUVW".index(tag[0])
            drawn[last_drawer] = int(tag[1:])
        elif tag[0] in "DEFG" and tag[1:].isdigit():
            p, tile = "DEFG".index(tag[0]), int(tag[1:])
            kind, is_red = tile // 4, red and tile in (16, 52, 88)
            tsumogiri = tile == drawn[p]
            drawn[p] = None
            if declaring[p]:
                seats[p].append(("riichi", "tsumogiri" if tsumogiri else face_of_kind(kind, is_red)))
                declaring[p], riichi[p] = False, True
            elif not riichi[p]:
                seats[p].append(("tsumogiri",) if tsumogiri else ("discard", face_of_kind(kind, is_red)))
        elif tag == "REACH" and el.get("step") == "1":
            declaring[int(el.get("who"))] = True
        elif tag == "N":
            p, m = int(el.get("who")), int(el.get("m"))
            drawn[p] = None
            if m & 0x4:
                seats[p].append(("chi",))
            elif m & 0x8:
                seats[p].append(("pon",))
            elif m & 0x10:
                seats[p].append(("kakan", (m >> 9) // 3))
            elif m & 3 == 0:
                seats[p].append(("ankan", (m >> 8) // 4))
            else:
                seats[p].append(("minkan",))
        elif tag == "AGARI":
            who, src = int(el.get("who")), int(el.get("fromWho"))
            seats[who].append(("tsumo",) if who == src else ("ron",))
        elif tag == "RYUUKYOKU" and el.get("type") == "yao9":
            seats[last_drawer].append(("kyushu",))
    return seats


def mjai_kind(name):
    """mjai tile name -> (kind, red)."""
    honors = "ESWNPFC"
    if name in honors:
        return 27 + honors.index(name), False
    return "mps".index(name[1]) * 9 + int(name[0]) - 1, name.endswith("r")


def mjai_tokens(path):
    """Per seat, the actions the mjai event log shows, in order."""
    seats = [[] for _ in range(4)]
    riichi, declaring = [False] * 4, [False] * 4
    last_drawer = None
    for line in open(path):
        e = json.loads(line)
        t, p = e["type"], e.get("actor")
        if t == "start_kyoku":
            riichi, declaring = [False] * 4, [False] * 4
        elif t == "tsumo":
            last_drawer = p
        elif t == "reach":
            declaring[p] = True
        elif t == "dahai":
            face = face_of_kind(*mjai_kind(e["pai"]))
            if declaring[p]:
                seats[p].append(("riichi", "tsumogiri" if e["tsumogiri"] else face))
                declaring[p], riichi[p] = False, True
            elif not riichi[p]:
                seats[p].append(("tsumogiri",) if e["tsumogiri"] else ("discard", face))
        elif t in ("chi", "pon"):
            seats[p].append((t,))
        elif t == "daiminkan":
            seats[p].append(("minkan",))
        elif t in ("ankan", "kakan"):
            seats[p].append((t, mjai_kind(e["consumed"][0])[0]))
        elif t == "hora":
            seats[p].append(("tsumo",) if p == e["target"] else ("ron",))
        elif t == "ryukyoku" and e.get("reason") == "kyushukyuhai":
            seats[last_drawer].append(("kyushu",))
    return seats


# ---- the same tokens from the decisions' action indices ---------------------------------

def decision_token(action):
    if action < B["TSUMOGIRI"]:
        return ("discard", action)
    if action == B["TSUMOGIRI"]:
        return ("tsumogiri",)
    if action < B["OPEN_RIICHI"]:
        face = action - B["RIICHI"]
        return ("riichi", "tsumogiri" if face == 43 else face)
    if B["ANKAN"] <= action < B["KAKAN"]:
        return ("ankan", action - B["ANKAN"])
    if B["KAKAN"] <= action < B["TSUMO"]:
        return ("kakan", action - B["KAKAN"])
    if B["CHI"] <= action < B["PON"]:
        return ("chi",)
    if B["PON"] <= action < B["DAIMINKAN"]:
        return ("pon",)
    return {B["TSUMO"]: ("tsumo",), B["RON"]: ("ron",), B["NINE_TERMINALS"]: ("kyushu",),
            B["DAIMINKAN"]: ("minkan",), B["PASS"]: None}[action]


def decision_tokens(batch, game):
    """Per seat, the actions taken at its decisions, passes left out and, as in the expected
    sequences, the discards of a seat already in riichi (mostly forced, not always asked)."""
    seats = [[] for _ in range(4)]
    own_riichi = batch["scalars"][:, 16]
    for i in np.flatnonzero(batch["game"] == game):
        token = decision_token(int(batch["action"][i]))
        if token is None or (token == ("tsumogiri",) and own_riichi[i] == 1):
            continue
        seats[int(batch["seat"][i])].append(token)
    return seats


def check_same(expected, got, path):
    for seat in range(4):
        e, g = expected[seat], got[seat]
        first = next((k for k in range(min(len(e), len(g))) if e[k] != g[k]), min(len(e), len(g)))
        assert e == g, f"{path} seat {seat}: {len(e)} actions in the log, {len(g)} decided; first difference at " \
                       f"{first}: log {e[first:first + 3]}, decisions {g[first:first + 3]}"


FORMATS = [("tenhou6", ".json", tenhou6_tokens), ("mjlog", ".mjlog", mjlog_tokens), ("mjai", ".jsonl", mjai_tokens)]


@needs_realgames
@pytest.mark.parametrize("folder,ext,tokens", FORMATS, ids=[f[0] for f in FORMATS])
def test_decisions_of_outside_logs_are_the_logged_actions(folder, ext, tokens):
    # Every whole game of the corpus (about 83,000 decisions over the three formats): kans, chankan, double ron, pao, nine
    # terminals and riichi among them.
    paths = whole_games(folder, ext)
    assert len(paths) >= 33
    batch = mr.read_decisions(paths, masks=False, threads=2)
    assert batch["errors"] == []
    rows = np.arange(len(batch["action"]))
    assert len(rows) > 15000
    # The action taken is always one of the legal ones.
    legal = batch["legal"]
    assert (legal == batch["action"][:, None]).any(axis=1).all()
    for game, path in enumerate(paths):
        check_same(tokens(path), decision_tokens(batch, game), path)


@needs_realgames
def test_the_same_game_in_three_formats_gives_the_same_decisions():
    game = GAMES[0]
    got = [mr.read_decisions([os.path.join(REAL, folder, game + ext)]) for folder, ext, _ in FORMATS]
    for other in got[1:]:
        for key in ("seat", "action", "planes", "scalars", "mask", "legal_count"):
            assert (other[key] == got[0][key]).all(), key


@needs_realgames
def test_a_directory_of_logs_and_a_log_cut_short(tmp_path):
    # A directory stands for its logs as for our replays; a log that ends mid-game is refused
    # with its name and the reason, and nothing of it is returned.
    for name in (GAMES[1] + ".mjlog", "2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog"):
        (tmp_path / name).write_bytes(open(os.path.join(REAL, "mjlog", name), "rb").read())
    batch = mr.read_decisions(str(tmp_path))
    assert len(batch["files"]) == 2
    assert len(batch["errors"]) == 1 and "no-game-end" in batch["errors"][0]
    assert set(batch["game"].tolist()) == {1}  # files sorted by name: the cut log is game 0
    assert mr.read_replay(os.path.join(REAL, "tenhou6", GAMES[0] + ".json"))["imported"]
