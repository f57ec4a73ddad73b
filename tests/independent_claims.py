"""Seed 003's claim measures (docs/PLAYTEST.md, "Seed 003's claims") recomputed from replays
alone, with a hand reader of its own (none of the engine's code): used by independent_stats.py.

Per player-hand: shields set at the deal, shields carried, the number of own discards after which
the seat was first tenpai, tenpai after its last discard, whether another seat's riichi was
accepted while it was not in riichi (and whether it then held a face-down shield), whether it dealt
into such a riichi, the certain wins it let pass (a riichi seat not in furiten passing a winning
discard that nobody won on; a riichi or closed hand drawing its winning tile and not winning), its
win and payment, its point change. Per game: the leader after each hand (unique top), the first
winner."""
from fractions import Fraction

HONORS = ["E", "S", "W", "N", "P", "F", "C"]
ORPHANS = [0, 8, 9, 17, 18, 26] + list(range(27, 34))


def kind(name):
    if name in HONORS:
        return 27 + HONORS.index(name)
    return "mps".index(name[1]) * 9 + int(name[0]) - 1


_suits = {}


def _suit(counts, pair):
    """One suit's nine counts split into runs and triplets (and one pair when `pair`)."""
    key = (counts, pair)
    if key in _suits:
        return _suits[key]
    c = list(counts)

    def sets_only(k):
        while k < 9 and c[k] == 0:
            k += 1
        if k == 9:
            return True
        if c[k] >= 3:
            c[k] -= 3
            ok = sets_only(k)
            c[k] += 3
            if ok:
                return True
        if k <= 6 and c[k + 1] and c[k + 2]:
            c[k] -= 1; c[k + 1] -= 1; c[k + 2] -= 1
            ok = sets_only(k)
            c[k] += 1; c[k + 1] += 1; c[k + 2] += 1
            if ok:
                return True
        return False

    if not pair:
        ok = sets_only(0)
    else:
        ok = False
        for p in range(9):
            if c[p] >= 2:
                c[p] -= 2
                ok = sets_only(0)
                c[p] += 2
                if ok:
                    break
    _suits[key] = ok
    return ok


_groups = {}


def _group(honours, counts):
    """(valid, holds the pair) of one group: a suit's nine counts or the seven honours', which
    must split into sets, with one pair where the count leaves 2 modulo 3."""
    key = (honours, counts)
    if key not in _groups:
        r = sum(counts) % 3
        pair = r == 2
        if r == 1:
            ok = False
        elif honours:
            ok = sorted(x for x in counts if x not in (0, 3)) == ([2] if pair else [])
        else:
            ok = _suit(counts, pair)
        _groups[key] = (ok, pair)
    return _groups[key]


def waits(c, melds):
    """Kinds that complete a 13 - 3 * melds tile hand (four sets and a pair in all, counting the
    melds; with no meld also seven distinct pairs or thirteen orphans); a kind all four of which
    it holds is none. A complete hand is one pair and sets in every group (suit or honours), so a
    tile can only complete the hand in the one group that is not yet complete, if there is one."""
    found = set()
    if sum(c) != 13 - 3 * melds:
        return []
    groups = [tuple(c[0:9]), tuple(c[9:18]), tuple(c[18:27]), tuple(c[27:34])]
    state = [_group(g == 3, groups[g]) for g in range(4)]
    invalid = [g for g in range(4) if not state[g][0]]
    pairs = sum(p for _, p in state)
    for g in (invalid if len(invalid) == 1 else range(4) if not invalid else []):
        rest = pairs - state[g][1]
        for i in range(7 if g == 3 else 9):
            if groups[g][i] >= 4:
                continue
            grown = list(groups[g])
            grown[i] += 1
            valid, pair = _group(g == 3, tuple(grown))
            if valid and pair + rest == 1:
                found.add(9 * g + i)
    if melds == 0:
        if c.count(2) == 6 and c.count(1) == 1:  # seven pairs: the single tile's kind
            found.add(c.index(1))
        if sum(c[o] for o in ORPHANS) == 13:  # thirteen orphans
            missing = [o for o in ORPHANS if c[o] == 0]
            if len(missing) == 1:
                found.add(missing[0])
            elif not missing:
                found.update(ORPHANS)
    return sorted(k for k in found if c[k] < 4)


def han(v):
    if isinstance(v, str):
        return Fraction(v)
    return Fraction(v)


def certain_wins_counted(ruleset):
    yaku = ruleset.get("yaku", {})
    need = han(ruleset.get("minimum_han", 1) or 0)
    ok = ruleset["scoring"] != "ningbo"
    for name in ("riichi", "menzen_tsumo"):
        y = yaku.get(name, {})
        ok = ok and y.get("enabled", False) and han(y.get("closed", 0)) >= need
    return ok


def hand_facts(game):
    """(hands: [[facts] * 4], leaders, first_winner) of one replay."""
    certain = certain_wins_counted(game["ruleset"])
    hands, leaders, first_winner = [], [], -1
    seats = facts = before = after = None
    pend_ron, pend_tsumo = [False] * 4, [False] * 4

    def new_seat():
        return dict(c=[0] * 34, melds=0, open=False, river=set(), temp=False, rfur=False, riichi=False,
                    declared=False, down=0, discards=0, exchanged=None, faced=set(), w=None)

    def wait_kinds(p):
        """The seat's waits, computed again only after its tiles or melds changed ("w" None)."""
        s = seats[p]
        if s["w"] is None:
            s["w"] = waits(s["c"], min(s["melds"], 4))
        return s["w"]

    def change(p, k, n):
        seats[p]["c"][k] += n
        seats[p]["w"] = None

    for e in game["events"]:
        t = e["type"]
        if facts is not None and t not in ("start_kyoku", "dora", "protection"):
            cleared = t in ("hora", "ryukyoku")
            for p in range(4):
                if not cleared:
                    facts[p]["declined"] += pend_ron[p] + pend_tsumo[p]
                pend_ron[p] = pend_tsumo[p] = False
        a = e.get("actor")
        if t == "start_kyoku":
            seats = [new_seat() for _ in range(4)]
            carried = e.get("shields_carried", [0] * 4)
            facts = [dict(shields=0, carried=carried[p], first_tenpai=-1, tenpai_end=False, faced=False,
                          shield_when_faced=False, dealt_in_to_riichi=False, declined=0, won=False, win_value=0,
                          delta=0) for p in range(4)]
            for p in range(4):
                for tile in e["tehais"][p]:
                    seats[p]["c"][kind(tile)] += 1
            before = list(e["scores"])
            after = list(e["scores"])
        elif t == "shield_set":
            change(a, kind(e["pai"]), -1)
            seats[a]["down"] += 1
            facts[a]["shields"] += 1
        elif t == "tsumo":
            s = seats[a]
            k = kind(e["pai"])
            if certain and (s["riichi"] or not s["open"]) and k in wait_kinds(a):
                pend_tsumo[a] = True
            change(a, k, 1)
        elif t == "reach":
            seats[a]["declared"] = True
        elif t == "reach_accepted":
            seats[a]["riichi"] = True
            for q in range(4):
                if q != a and not seats[q]["declared"]:
                    seats[q]["faced"].add(a)
                    if not facts[q]["faced"]:
                        facts[q]["faced"] = True
                        facts[q]["shield_when_faced"] = seats[q]["down"] > 0
        elif t == "exchange":
            s = seats[a]
            k = kind(e["pai"])
            change(a, k, -1)
            s["river"].add(k)
            s["exchanged"] = e["shield"]
            s["down"] -= 1
        elif t == "dahai":
            s = seats[a]
            k = kind(e["pai"])
            if s["exchanged"] is not None and s["exchanged"] == e["pai"]:
                s["exchanged"] = None
            else:
                change(a, k, -1)
            s["river"].add(k)
            s["temp"] = False
            s["discards"] += 1
            if wait_kinds(a):
                facts[a]["tenpai_end"] = True
                if facts[a]["first_tenpai"] < 0:
                    facts[a]["first_tenpai"] = s["discards"]
            else:
                facts[a]["tenpai_end"] = False
            for p in range(4):
                if p == a:
                    continue
                w = wait_kinds(p)
                if k in w:
                    q = seats[p]
                    if certain and q["riichi"] and not (q["temp"] or q["rfur"] or any(x in q["river"] for x in w)):
                        pend_ron[p] = True
                    q["temp"] = True
                    if q["riichi"]:
                        q["rfur"] = True
        elif t in ("chi", "pon", "daiminkan"):
            s = seats[a]
            for tile in e["consumed"]:
                change(a, kind(tile), -1)
            s["melds"] += 1
            s["w"] = None
            s["open"] = True
        elif t == "kakan":
            k = kind(e["pai"])
            change(a, k, -1)
            for p in range(4):
                if p != a and k in wait_kinds(p):
                    seats[p]["temp"] = True
                    if seats[p]["riichi"]:
                        seats[p]["rfur"] = True
        elif t == "ankan":
            s = seats[a]
            for tile in e["consumed"]:
                change(a, kind(tile), -1)
            s["melds"] += 1
            s["w"] = None
        elif t == "hora":
            if first_winner < 0:
                first_winner = a
            facts[a]["won"] = True
            pay = e["score"]["payment"]
            facts[a]["win_value"] += pay["ron"] if "ron" in pay else (
                3 * pay["each"] if "each" in pay else pay["dealer"] + 2 * pay["non_dealer"])
            after = list(e["scores"])
            tgt = e["target"]
            if tgt != a and a in seats[tgt]["faced"]:
                facts[tgt]["dealt_in_to_riichi"] = True
        elif t == "ryukyoku":
            after = list(e["scores"])
        elif t == "end_kyoku":
            for p in range(4):
                facts[p]["delta"] = after[p] - before[p]
            hands.append(facts)
            top = max(after)
            leaders.append(after.index(top) if after.count(top) == 1 else -1)
    return hands, leaders, first_winner


def claim_sums(games, scale, sets_of, rotations):
    """The numerator and denominator of every ratio figure under /claims, and the first hand's
    choice share (None unless duplicate), from the replays (a list of parsed games)."""
    r = {}

    def add(path, num, den):
        n, d = r.get(path, (Fraction(0), Fraction(0)))
        r[path] = (n + num, d + den)

    facts = [hand_facts(g) for g in games]
    player_hands = 0
    bins = [0] * 8
    first = {}  # set -> [(seat, delta)] of its complete games
    set_games = {}
    for g, (hands, leaders, fw) in zip(games, facts):
        set_games.setdefault(sets_of(g), []).append((g, hands))
        if g.get("complete"):
            ranks = g["final"]["ranks"]
            if fw >= 0:
                add("win_and_run/first_winner_top_rate", ranks[fw] == 1, 1)
            for k, leader in enumerate(leaders[:12]):
                if leader >= 0:
                    add(f"win_and_run/leader_top_rate/{k}", ranks[leader] == 1, 1)
        for k in range(1, len(leaders)):
            add("waves/lead_changes_per_hand",
                leaders[k] >= 0 and leaders[k - 1] >= 0 and leaders[k] != leaders[k - 1], 1)
        for k, four in enumerate(hands):
            for f in four:
                player_hands += 1
                b = min(f["shields"], 7)
                bins[b] += 1
                tenpai = f["first_tenpai"] >= 0
                for at in ("offence/", f"offence/by_shields/{b}/"):
                    add(at + "tenpai_rate", tenpai, 1)
                    if tenpai:
                        add(at + "first_tenpai_turn", f["first_tenpai"], 1)
                    add(at + "win_rate", f["won"], 1)
                    if f["won"]:
                        add(at + "win_value_share", Fraction(f["win_value"], scale), 1)
                if k < 12:
                    add(f"waves/mean_shields_by_hand/{k}", f["shields"], 1)
                add("waves/win_rate_carried" if f["carried"] > 0 else "waves/win_rate_not_carried", f["won"], 1)
                add("defence/faced_riichi_rate", f["faced"], 1)
                if f["faced"]:
                    add("defence/deal_in_vs_riichi_rate", f["dealt_in_to_riichi"], 1)
                    add("defence/with_exchange_deal_in_rate" if f["shield_when_faced"] else
                        "defence/without_exchange_deal_in_rate", f["dealt_in_to_riichi"], 1)
                    add("defence/push_rate", f["won"] or f["tenpai_end"], 1)
                add("decline/declined_rate", f["declined"] > 0, 1)
                if f["declined"] > 0:
                    add("decline/declined_hand_won_rate", f["won"], 1)
                    add("decline/declined_delta_share", Fraction(f["delta"], scale), 1)
                if f["won"]:
                    add("decline/won_delta_share", Fraction(f["delta"], scale), 1)
    for b in range(8):
        r[f"waves/shield_histogram/{b}"] = (Fraction(bins[b]), Fraction(player_hands))
    choice = None
    if rotations:
        # Whole sets whose games all ended normally with a first hand: y = the seat's point change
        # in the first hand; cells = (set, seat), R games each.
        ys, cells = [], {}
        for k, lst in set_games.items():
            if len(lst) == rotations and all(g.get("complete") and hands for g, hands in lst):
                for g, hands in lst:
                    for seat in range(4):
                        y = hands[0][seat]["delta"]
                        ys.append(y)
                        cells.setdefault((k, seat), []).append(y)
        if len(ys) >= 2:
            mean = sum(ys) / len(ys)
            total = sum((y - mean) ** 2 for y in ys)
            deal = sum(len(v) * (sum(v) / len(v) - mean) ** 2 for v in cells.values())
            choice = 1 - deal / total if total > 0 else None
    return r, choice
