#!/usr/bin/env python3
"""Fits the `expert` agent's defence model (agents/expert_threat.cc) to games where every hand is
known (issue 22): our own replays (`mahjong match ... --out DIR`) and real Tenhou games imported
as replays (`mahjong replay import ../shared/realgames/tenhou6/ -o DIR`, the same for mjlog/;
a game present in both is read once).

For every discard moment (seat X to discard, X not in riichi) and every opponent Y:
- Y in riichi: for each kind X holds, the features DealInChance uses (genbutsu; for honours the
  copies X can see and whether it is a yakuhai for Y; for number tiles the class 1-9 / 2-8 / 3-7 /
  4-6 / 5, the state of each two-sided side, inner and outer: closed (suji, i.e. its partner in
  Y's river or passed after the riichi, or kabe: four copies of a shape tile visible), one-chance
  (three visible) or open, and the copies of the kind X can see) and whether the kind is one of
  Y's winning tiles (its true hand: every kind that completes it, standard form, seven pairs,
  thirteen orphans; a kind whose four copies Y holds is not a wait). Extra features reported:
  the riichi tile's suji and its neighbours, early (first six discards) outside tiles, dora.
- Y not in riichi: whether Y is tenpai, by open melds x discards (and a run of three tsumogiri);
  and when Y is open and tenpai, the same deal-in table features, by open melds.
Also the points a ron takes, by the winner's style (riichi, closed dama, open) and dealer.

Every win checks the reading: the tracked concealed hand must be the one the win shows and the
winning tile one of its waits (printed on the first line). Rates are aggregated per feature cell
with counts. The table the agent uses (--cpp) is the
riichi rate per cell, smoothed towards its coarser cell (prior weight M samples): cell (class,
sides, own copies seen) -> (class, sides) -> (class).

Usage: bench/danger_fit.py [--only-opp AGENT] [--cpp] [--json OUT] DIR...
"""
import argparse
import glob
import hashlib
import json
import os
from collections import defaultdict
from functools import lru_cache

HONORS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}
WINDS = "ESWN"


def kind(name):
    if name in HONORS:
        return HONORS[name]
    return "mps".index(name[1]) * 9 + int(name[0]) - 1


# ---------------------------------------------------------------- winning tiles (exact)

@lru_cache(maxsize=None)
def suit_complete(c, honors):
    """Can the counts `c` (one suit) be split into sets plus at most one pair? Returns a frozenset
    of the pair flags possible (False: sets only, True: sets and one pair)."""
    c = list(c)
    i = 0
    while i < len(c) and c[i] == 0:
        i += 1
    if i == len(c):
        return frozenset([False])
    out = set()
    if c[i] >= 3:
        c[i] -= 3
        out |= suit_complete(tuple(c), honors)
        c[i] += 3
    if not honors and i + 2 < len(c) and c[i + 1] and c[i + 2]:
        c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1
        out |= suit_complete(tuple(c), honors)
        c[i] += 1; c[i + 1] += 1; c[i + 2] += 1
    if c[i] >= 2:
        c[i] -= 2
        rest = suit_complete(tuple(c), honors)
        if False in rest:
            out.add(True)
        c[i] += 2
    return frozenset(out)


def complete(counts, closed):
    pairs = 0
    for lo, hi, hon in ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True)):
        opts = suit_complete(tuple(counts[lo:hi]), hon)
        if not opts:
            break
        if False in opts:
            continue
        pairs += 1  # only with a pair
    else:
        if pairs == 1:
            return True
    if closed and sum(counts) == 14:
        if sum(1 for x in counts if x == 2) == 7:
            return True
        orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        if all(counts[k] >= 1 for k in orphans) and sum(counts[k] for k in orphans) == 14:
            return True
    return False


_wait_cache = {}


def waits(counts, closed):
    key = (tuple(counts), closed)
    w = _wait_cache.get(key)
    if w is None:
        w = set()
        c = list(counts)
        for k in range(34):
            if c[k] >= 4:
                continue
            c[k] += 1
            if complete(c, closed):
                w.add(k)
            c[k] -= 1
        w = frozenset(w)
        if len(_wait_cache) > 500000:
            _wait_cache.clear()
        _wait_cache[key] = w
    return w


# ---------------------------------------------------------------- features

def side_state(a, b, partner, genbutsu, vis):
    """0 closed by suji, 1 closed by kabe / no-chance, 2 one-chance, 3 open."""
    if partner is not None and partner in genbutsu:
        return 0
    if vis[a] >= 4 or vis[b] >= 4:
        return 1
    if vis[a] == 3 or vis[b] == 3:
        return 2
    return 3


def sides(k, genbutsu, vis):
    """(rank class, inner side state, outer side state or None) of number kind k."""
    r = k % 9 + 1
    up = down = None
    if r <= 7:
        up = side_state(k + 1, k + 2, k + 3 if r <= 6 else None, genbutsu, vis)
    if r >= 3:
        down = side_state(k - 2, k - 1, k - 3 if r >= 4 else None, genbutsu, vis)
    cls = min(r, 10 - r)
    if r < 5:
        inner, outer = up, down
    elif r > 5:
        inner, outer = down, up
    else:
        inner, outer = max(up, down), min(up, down)
    return cls, inner, outer


def table_state(s):
    """The agent's three side states: 0 closed (suji or kabe), 1 one-chance, 2 open."""
    return None if s is None else (0 if s <= 1 else s - 1)


def vis_class(v):
    return min(max(v, 1), 4) - 1  # 0: one copy seen (X's own), 1: two, 2: three, 3: four


CLS_NAMES = {1: "1-9", 2: "2-8", 3: "3-7", 4: "4-6", 5: "5"}
SIDE_NAMES = {0: "closed", 1: "one-chance", 2: "open", None: "-"}


class Rates:
    def __init__(self):
        self.n = defaultdict(int)
        self.pos = defaultdict(int)

    def add(self, key, hit):
        self.n[key] += 1
        self.pos[key] += 1 if hit else 0

    def rate(self, key):
        n = self.n.get(key, 0)
        return (self.pos.get(key, 0) / n) if n else float("nan")


# ---------------------------------------------------------------- reading games

class Seat:
    def __init__(self, tiles):
        self.c = [0] * 34
        for t in tiles:
            self.c[kind(t)] += 1
        self.melds = []        # (type, kinds)
        self.river = []        # [kind, tsumogiri, called]
        self.riichi = False
        self.riichi_at = None  # global discard index of the declaration
        self.riichi_kind = None
        self.declaring = False

    def open_melds(self):
        return sum(1 for t, _ in self.melds if t != "ankan")


def fingerprint(doc):
    for e in doc["events"]:
        if e["type"] == "start_kyoku":
            return hashlib.sha1(json.dumps([e["tehais"], e.get("dora_marker")]).encode()).hexdigest()
    return None


class Fit:
    def __init__(self, only_opp):
        self.only_opp = only_opp
        self.riichi = Rates()        # key: cell
        self.riichi_extra = Rates()  # key: (feature, cls, value)
        self.riichi_soto = Rates()   # key: (table cell, outside an early discard)
        self.open = Rates()          # key: (melds, coarse cell)
        self.pending_open = []       # (melds, one-suit key, cell, hit) of open tenpai opponents
        self.tenpai = Rates()        # key: (melds, discards, tsumogiri3)
        self.values = defaultdict(list)
        self.wins_checked = [0, 0]   # [mismatched, matched]: hands and waits read against each win
        self.games = 0
        self.hands = 0
        self.table = None

    def read(self, doc):
        self.games += 1
        agents = doc.get("agents", ["?"] * 4)
        seats = None
        discards = 0
        dora_ind = []
        last_draw = [None] * 4
        for e in doc["events"]:
            t = e["type"]
            if t == "start_kyoku":
                self.hands += 1
                seats = [Seat(h) for h in e["tehais"]]
                discards = 0
                dora_ind = [kind(e["dora_marker"])] if e.get("dora_marker") else []
                bakaze = WINDS.index(e["bakaze"])
                oya = e["oya"]
                riichi_moves = []  # (declarer, discard index) in order
                after = []         # every discard kind with its index
            elif seats is None:
                continue
            elif t == "tsumo":
                seats[e["actor"]].c[kind(e["pai"])] += 1
            elif t == "reach":
                seats[e["actor"]].declaring = True
            elif t == "dahai":
                x = e["actor"]
                k = kind(e["pai"])
                if not seats[x].riichi:
                    self.moment(seats, x, dora_ind, after, agents, bakaze, oya)
                seats[x].c[k] -= 1
                seats[x].river.append([k, bool(e.get("tsumogiri")), False])
                if seats[x].declaring:
                    seats[x].riichi_at = discards
                    seats[x].riichi_kind = k
                after.append((discards, k))
                discards += 1
            elif t == "reach_accepted":
                s = seats[e["actor"]]
                s.riichi, s.declaring = True, False
            elif t in ("chi", "pon", "daiminkan"):
                a = seats[e["actor"]]
                for c in e["consumed"]:
                    a.c[kind(c)] -= 1
                a.melds.append((t, [kind(c) for c in e["consumed"]] + [kind(e["pai"])]))
                seats[e["target"]].river[-1][2] = True
            elif t == "kakan":
                a = seats[e["actor"]]
                kk = kind(e["pai"])
                a.c[kk] -= 1
                for i, (mt, ks) in enumerate(a.melds):
                    if mt == "pon" and ks[0] == kk:
                        a.melds[i] = ("kakan", ks + [kk])
                        break
            elif t == "ankan":
                a = seats[e["actor"]]
                for c in e["consumed"]:
                    a.c[kind(c)] -= 1
                a.melds.append(("ankan", [kind(c) for c in e["consumed"]]))
            elif t == "dora":
                dora_ind.append(kind(e["dora_marker"]))
            elif t == "hora":
                w, tg = e["actor"], e["target"]
                # Check of the reading: the tracked concealed hand is the one shown, and the
                # winning tile is one of its waits by the routine above.
                c = list(seats[w].c)
                if w == tg:
                    c[kind(e["pai"])] -= 1
                shown = [0] * 34
                for x in e.get("hora_tehais", []):
                    shown[kind(x)] += 1
                ok = shown == c and kind(e["pai"]) in waits(c, not seats[w].melds)
                self.wins_checked[ok] += 1
                if w != tg and seats is not None:
                    s = seats[w]
                    style = "riichi" if s.riichi else ("open" if s.open_melds() else "dama")
                    self.values[(style, w == oya)].append(-e["deltas"][tg])

    def visible(self, seats, x, dora_ind):
        v = list(seats[x].c)
        for s in seats:
            for k, _, called in s.river:
                if not called:
                    v[k] += 1
            for _, ks in s.melds:
                for k in ks:
                    v[k] += 1
        for k in dora_ind:
            v[k] += 1
        return [min(a, 4) for a in v]

    def moment(self, seats, x, dora_ind, after, agents, bakaze, oya):
        vis = None
        dora = {dora_next(k) for k in dora_ind}
        for y in range(4):
            if y == x:
                continue
            if self.only_opp and agents[y].split(":")[0] != self.only_opp:
                continue
            sy = seats[y]
            m = sy.open_melds()
            hand_tiles = sum(sy.c)
            if hand_tiles + 3 * len(sy.melds) != 13:
                continue  # mid-call
            w = waits(sy.c, not sy.melds)
            tenpai = bool(w)
            if not sy.riichi:
                nd = len(sy.river)
                tg3 = nd >= 3 and all(r[1] for r in sy.river[-3:])
                self.tenpai.add((min(m, 4), min(nd, 18), tg3), tenpai)
                if m == 0 or not tenpai:
                    continue
            if vis is None:
                vis = self.visible(seats, x, dora_ind)
            genbutsu = {r[0] for r in sy.river}
            if sy.riichi:
                genbutsu |= {k for i, k in after if i > sy.riichi_at}
            yakuhai = {31, 32, 33, 27 + bakaze, 27 + (y - oya) % 4}
            early = [r[0] for r in sy.river[:6]]
            for k in range(34):
                if seats[x].c[k] == 0:
                    continue
                hit = k in w and k not in genbutsu
                if k in genbutsu:
                    cell = ("genbutsu",)
                elif k >= 27:
                    cell = ("honor", vis_class(vis[k]), k in yakuhai)
                else:
                    cls, inner, outer = sides(k, genbutsu, vis)
                    cell = ("num", cls, table_state(inner), table_state(outer), vis_class(vis[k]))
                if sy.riichi:
                    self.riichi.add(cell, hit)
                    if cell[0] == "num":
                        self.extras(k, cell, hit, sy, early, dora, genbutsu, vis)
                else:
                    one_suit = one_suit_of(sy)
                    self.open.add((min(m, 3), coarse(cell)), hit)
                    self.pending_open.append((min(m, 3), one_suit_key(k, one_suit), cell, hit))

    def extras(self, k, cell, hit, sy, early, dora, genbutsu, vis):
        r = k % 9 + 1
        cls = cell[1]
        rk = sy.riichi_kind
        if rk is not None and rk < 27 and rk // 9 == k // 9:
            d = abs(rk - k)
            self.riichi_extra.add(("riichi tile suji (k = riichi tile +-3)", cls, d == 3), hit)
            self.riichi_extra.add(("next to riichi tile (+-1, +-2)", cls, d in (1, 2)), hit)
        # outside of an early discard of the same suit (soto: e.g. 1-2 for an early 3)
        soto = any(e < 27 and e // 9 == k // 9 and ((r < 5 and 0 < e - k <= 2 and e % 9 + 1 <= 5) or
                                                   (r > 5 and 0 < k - e <= 2 and e % 9 + 1 >= 5))
                   for e in early)
        self.riichi_extra.add(("outside an early discard", cls, soto), hit)
        self.riichi_soto.add((table_key(cell), soto), hit)
        self.riichi_extra.add(("dora", cls, k in dora), hit)

    # ------------------------------------------------------------ the agent's table

    def fitted_table(self, prior_weight=60):
        """Smoothed riichi rates: number tiles by (class, inner, outer) (the copies seen showed no
        steady effect and are pooled), smoothed towards the class; honours by copies seen
        (guest and yakuhai pooled: the two data sets disagree on which is the more dangerous)."""
        R = self.riichi
        agg = lambda pred: (sum(R.pos[c] for c in R.n if pred(c)), sum(R.n[c] for c in R.n if pred(c)))
        table = {}
        for cls in range(1, 6):
            p0, n0 = agg(lambda c: c[0] == "num" and c[1] == cls)
            base = p0 / n0 if n0 else 0.05
            out_states = [None] if cls in (1, 2) else [0, 1, 2]
            for i in range(3):
                for o in out_states:
                    if cls == 5 and o > i:
                        continue
                    p1, n1 = agg(lambda c: c[0] == "num" and c[1] == cls and c[2] == i and c[3] == o)
                    table[("num", cls, i, o)] = ((p1 + prior_weight * base) / (n1 + prior_weight), n1, p1)
        for v in range(4):
            p1, n1 = agg(lambda c: c[0] == "honor" and c[1] == v)
            table[("honor", v)] = (p1 / n1 if n1 else 0.0, n1, p1)
        return table


def table_key(cell):
    return cell[:4] if cell[0] == "num" else ("honor", cell[1])


def dora_next(ind):
    if ind >= 27:
        return 27 + (ind - 27 + 1) % 4 if ind < 31 else 31 + (ind - 31 + 1) % 3
    return ind - ind % 9 + (ind % 9 + 1) % 9


def one_suit_of(sy):
    suits = set()
    n = 0
    for t, ks in sy.melds:
        if t == "ankan":
            continue
        n += 1
        if ks[0] < 27:
            suits.add(ks[0] // 9)
    return next(iter(suits)) if n >= 2 and len(suits) == 1 else None


def one_suit_key(k, suit):
    if suit is None:
        return "mixed"
    return "one-suit: its suit or honour" if (k >= 27 or k // 9 == suit) else "one-suit: other suits"


def coarse(cell):
    if cell[0] == "genbutsu":
        return "genbutsu"
    if cell[0] == "honor":
        return f"honour, {cell[1] + 1} seen"
    sides_ = [s for s in cell[2:4] if s is not None]
    return f"{CLS_NAMES[cell[1]]}, open sides {sum(1 for s in sides_ if s == 2)}"


def load_dirs(dirs):
    seen = set()
    out = []
    for d in dirs:
        files = sorted(glob.glob(os.path.join(d, "**", "*.json"), recursive=True)) if os.path.isdir(d) else [d]
        for f in files:
            try:
                doc = json.load(open(f))
            except (OSError, ValueError):
                continue
            if doc.get("format") != "mahjong-replay" or not doc.get("complete", True):
                continue
            if doc.get("ruleset", {}).get("shields", {}).get("enabled"):
                continue
            if doc.get("imported"):  # the same real game read from two formats counts once
                fp = fingerprint(doc)
                if fp in seen:
                    continue
                seen.add(fp)
            out.append(doc)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--only-opp", default=None, help="only opponents (Y) played by this agent")
    ap.add_argument("--cpp", action="store_true", help="print the table as C++ for expert_threat.cc")
    ap.add_argument("--json", default=None, help="write the fitted tables to this file")
    ap.add_argument("--prior", type=int, default=60, help="smoothing weight in samples")
    args = ap.parse_args()
    fit = Fit(args.only_opp)
    for doc in load_dirs(args.dirs):
        fit.read(doc)
    print(f"games {fit.games}, hands {fit.hands}; wins whose shown hand and winning tile the reading"
          f" reproduces: {fit.wins_checked[1]} of {sum(fit.wins_checked)}")
    R = fit.riichi
    total = sum(R.n.values())
    print(f"\n== facing riichi: {total} (discard moment, opponent in riichi, kind held) samples ==")
    print(f"genbutsu: {R.n.get(('genbutsu',), 0)} samples, {R.pos.get(('genbutsu',), 0)} winning")
    print("honours (copies the discarder sees, yakuhai for the riichi seat): rate [n]")
    for v in range(4):
        row = []
        for y in (False, True):
            key = ("honor", v, y)
            row.append(f"{'yakuhai' if y else 'guest'} {100 * R.rate(key):5.2f}% [{R.n.get(key, 0)}]")
        print(f"  {v + 1} seen: " + "   ".join(row))
    print("number tiles by class, inner / outer side (closed = suji or kabe), copies seen 1/2/3/4: rate [n]")
    keys = sorted({c[1:4] for c in R.n if c[0] == "num"}, key=lambda t: (t[0], t[1], -1 if t[2] is None else t[2]))
    for cls, i, o in keys:
        cells = [("num", cls, i, o, v) for v in range(4)]
        n = sum(R.n.get(c, 0) for c in cells)
        p = sum(R.pos.get(c, 0) for c in cells)
        per = "  ".join(f"{100 * R.rate(c):5.2f}%[{R.n.get(c, 0)}]" if R.n.get(c, 0) else "   -   " for c in cells)
        print(f"  {CLS_NAMES[cls]:4s} inner {SIDE_NAMES[i]:10s} outer {SIDE_NAMES[o]:10s}: {100 * p / n:5.2f}% [{n}]   {per}")
    print("extra features (number tiles; with / without): rate [n]")
    feats = sorted({k[0] for k in fit.riichi_extra.n})
    E = fit.riichi_extra
    for f in feats:
        for cls in range(1, 6):
            a, b = (f, cls, True), (f, cls, False)
            if E.n.get(a, 0) >= 1:
                print(f"  {f:40s} {CLS_NAMES[cls]:4s}: {100 * E.rate(a):5.2f}% [{E.n.get(a, 0)}] / {100 * E.rate(b):5.2f}% [{E.n.get(b, 0)}]")
    table = fit.fitted_table(args.prior)
    fit.table = table
    # Open opponents: rates and the ratio to what the riichi table predicts.
    print("\n== open opponents, tenpai (true), not genbutsu: rate [n]; actual / riichi-table prediction ==")
    pred = defaultdict(float)
    cnt = defaultdict(int)
    pos = defaultdict(int)
    for m, osk, cell, hit in fit.pending_open:
        if cell[0] == "genbutsu":
            continue
        pr = table[table_key(cell)][0]
        pred[(m, osk)] += pr
        cnt[(m, osk)] += 1
        pos[(m, osk)] += hit
        pred[(m, "all")] += pr
        cnt[(m, "all")] += 1
        pos[(m, "all")] += hit
    for key in sorted(cnt, key=str):
        print(f"  melds {key[0]}{'+' if key[0] == 3 else ''} {key[1]:32s}: {100 * pos[key] / cnt[key]:5.2f}% [{cnt[key]}]  ratio {pos[key] / pred[key] if pred[key] else float('nan'):.2f}")
    print("  coarse cells:")
    for key in sorted(fit.open.n, key=str):
        print(f"    melds {key[0]} {key[1]:28s}: {100 * fit.open.rate(key):5.2f}% [{fit.open.n[key]}]")
    print("\n== tenpai of opponents not in riichi (per discard moment of another seat) ==")
    T = fit.tenpai
    for m in range(5):
        row = []
        for nd in range(0, 19, 1):
            keys_ = [(m, nd, False), (m, nd, True)]
            n = sum(T.n.get(k, 0) for k in keys_)
            p = sum(T.pos.get(k, 0) for k in keys_)
            row.append(f"{nd}:{100 * p / n:.0f}%[{n}]" if n else f"{nd}:-")
        print(f"  open melds {m}: " + " ".join(row))
        a = [k for k in T.n if k[0] == m and k[2]]
        b = [k for k in T.n if k[0] == m and not k[2] and k[1] >= 3]
        na, nb = sum(T.n[k] for k in a), sum(T.n[k] for k in b)
        if na and nb:
            # compare at the same discard counts: mean over a's counts of the rate without
            exp = sum(T.n[k] * T.rate((m, k[1], False)) for k in a if T.n.get((m, k[1], False)))
            print(f"    last three tsumogiri: {100 * sum(T.pos[k] for k in a) / na:.1f}% [{na}] "
                  f"against {100 * exp / na:.1f}% without at the same discard counts")
    print("\n== points a ron takes (mean [n]) ==")
    for key in sorted(fit.values):
        v = fit.values[key]
        print(f"  {key[0]:7s} {'dealer' if key[1] else 'non-dealer':10s}: {sum(v) / len(v):7.0f} [{len(v)}]")
    if args.json:
        out = {"games": fit.games, "hands": fit.hands,
               "riichi_table": {json.dumps(k): v for k, v in table.items()},
               "tenpai": {json.dumps(k): [T.n[k], T.pos[k]] for k in T.n},
               "open": {json.dumps(k): [cnt[k], pos[k], pred[k]] for k in cnt}}
        json.dump(out, open(args.json, "w"), indent=0)
    if args.cpp:
        print_cpp(table)
        print("// open (not riichi) tenpai seats: actual / the riichi table, [open melds 1, 2, 3+][mixed,\n"
              "// one suit: its suit and honours, one suit: the other suits] (samples)")
        print("constexpr float kOpenFactor[3][3] = {")
        cats = ["mixed", "one-suit: its suit or honour", "one-suit: other suits"]
        for m in (1, 2, 3):
            vals = []
            for c in cats:
                key = (m, c)
                r = pos[key] / pred[key] if pred.get(key) and cnt[key] >= 300 else (
                    pos[(m, "all")] / pred[(m, "all")] if pred.get((m, "all")) else 1.0)
                vals.append(f"{r:.3f}f")
            print("    {" + ", ".join(vals) + "},  // " + ", ".join(str(cnt.get((m, c), 0)) for c in cats))
        print("};")
        S = fit.riichi_soto
        vals = []
        for cls in range(1, 6):
            keys_ = [k for k in S.n if k[1] and k[0][1] == cls]
            n = sum(S.n[k] for k in keys_)
            pr = sum(S.n[k] * table[k[0]][0] for k in keys_)
            vals.append((sum(S.pos[k] for k in keys_) / pr if pr else 1.0, n))
        print("// a number tile outside one of the seat's first six discards (suit-mates: 1-2 for an early 3,\n"
              "// 8-9 for an early 7, 3-4 and 6-7 for an early 5): actual / the table, [class] (samples)")
        print("constexpr float kOutsideEarlyFactor[5] = {" + ", ".join(f"{v:.3f}f" for v, _ in vals) + "};  // " +
              ", ".join(str(n) for _, n in vals))
        print_tenpai_cpp(T)


def print_cpp(table):
    print("\n// P(winning tile | tenpai riichi seat), not genbutsu. Number tiles: [class 1-9, 2-8, 3-7, 4-6,\n"
          "// 5][inner side][outer side; 3 = none], sides 0 closed (suji or kabe), 1 one-chance, 2 open.")
    print("constexpr float kNumberDealIn[5][3][4] = {")
    for cls in range(1, 6):
        rows = []
        for i in range(3):
            vals = []
            for o in (0, 1, 2, None):
                key = ("num", cls, i, o)
                if cls == 5 and o is not None and o > i:
                    key = ("num", cls, o, i)
                vals.append(f"{table[key][0]:.4f}f" if key in table else "0.0f")
            rows.append("{" + ", ".join(vals) + "}")
        print("    {" + ", ".join(rows) + "},")
    print("};")
    print("// samples (winning) per number cell, in the order above:")
    for cls in range(1, 6):
        cells = [f"{table[k][1]} ({table[k][2]})" for k in sorted((k for k in table if k[0] == "num" and k[1] == cls),
                                                                 key=lambda k: (k[2], -1 if k[3] is None else k[3]))]
        print(f"//   {CLS_NAMES[cls]}: " + ", ".join(cells))
    print("// honours: [copies seen 1..4]")
    print("constexpr float kHonorDealIn[4] = {" + ", ".join(f"{table[('honor', v)][0]:.4f}f" for v in range(4)) + "};")
    print("//   samples (winning): " + ", ".join(f"{table[('honor', v)][1]} ({table[('honor', v)][2]})" for v in range(4)))


def isotonic(values, weights):
    """Weighted least-squares non-decreasing fit (pool adjacent violators)."""
    blocks = []  # [mean, weight, count]
    for v, w in zip(values, weights):
        blocks.append([v, w, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            b = blocks.pop()
            a = blocks[-1]
            tw = a[1] + b[1]
            a[0] = (a[0] * a[1] + b[0] * b[1]) / tw if tw else a[0]
            a[1], a[2] = tw, a[2] + b[2]
    out = []
    for m, _, c in blocks:
        out += [m] * c
    return out


def tenpai_table(T):
    """P(tenpai) by open melds 0..3 (3: three or more) and discards 0..18: the rates made
    non-decreasing in the discards (weighted isotonic fit; a cell with fewer than 20 samples
    takes its neighbour's rate and weighs nothing); and the rise after three tsumogiri in a row (against the rate without at the same
    discard counts)."""
    rows, bonus = [], []
    for m in range(4):
        ms = (m,) if m < 3 else (3, 4)
        vals, wts = [], []
        for d in range(19):
            n = sum(T.n.get((mm, d, g), 0) for mm in ms for g in (False, True))
            p = sum(T.pos.get((mm, d, g), 0) for mm in ms for g in (False, True))
            ok = n >= 20  # fewer samples: the neighbour's rate
            vals.append(p / n if ok else (vals[-1] if vals else None))
            wts.append(n if ok else 0)
        first = next((v for v in vals if v is not None), 0.0)
        vals = [first if v is None else v for v in vals]  # before the first cell with samples: its rate
        rows.append(isotonic(vals, wts))
        a = [k for k in T.n if k[0] in ms and k[2] and T.n.get((k[0], k[1], False))]
        na = sum(T.n[k] for k in a)
        exp = sum(T.n[k] * T.rate((k[0], k[1], False)) for k in a)
        bonus.append(max(0.0, (sum(T.pos[k] for k in a) - exp) / na) if na else 0.0)
    return rows, bonus


def print_tenpai_cpp(T):
    rows, bonus = tenpai_table(T)
    print("// P(tenpai) of a seat not in riichi: [open melds 0, 1, 2, 3+][discards 0..18]")
    print("constexpr float kTenpai[4][19] = {")
    for row in rows:
        print("    {" + ", ".join(f"{x:.3f}f" for x in row) + "},")
    print("};")
    print("// added after three tsumogiri in a row: [open melds 0, 1, 2, 3+]")
    print("constexpr float kTsumogiriRun[4] = {" + ", ".join(f"{x:.3f}f" for x in bonus) + "};")


if __name__ == "__main__":
    main()
