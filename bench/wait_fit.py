#!/usr/bin/env python3
"""Fits the `expert` agent's wait reader (agents/expert_wait_reader.cc, issue 22) to games where
every hand is known: our own replays (`mahjong match ... --out DIR`; shields rulesets skipped).

For every discard moment (seat X to discard, X not in riichi) and every opponent Y in riichi,
one example per kind k that is not Y's genbutsu and has an unseen copy for X: the features
WaitFeatures computes (the layout below; the C++ and this script must agree) and the label "k is
one of Y's winning tiles" (its true hand: standard form, seven pairs, thirteen orphans). A
logistic regression (Newton's method, a small ridge) is fitted on the first 80% of the games and
compared on the rest with the table (DealInChance) and the river reading (ReadRiichiRiver):
log-loss, and after scaling each (moment, Y) to the table's total over the unseen copies, as the
agent does, the mean chance on Y's waits and on the other kinds (the closer apart, the less the
reading tells), and the AUC.

Feature layout (kind k, riichi seat Y, X's visible counts vis, Y's river r[0..], riichi tile at
index ri; phase of river index j: 0 if j < 6, else 1 if j < ri, 2 if j == ri, 3 after):
  0      logit of the table's chance (clipped to [1e-4, 1 - 1e-4])
  honours: 1 one; 2+min(vis[k],3) one; 6 yakuhai for Y; 7 dora; 8+phase: Y's honour discards
  numbers: 12+min(rank, 8-rank) (rank 0..8) one; 17+min(vis[k],3) one; 21 dora; 22 outside an
    early discard (ReadRiichiRiver's); for d in -4..4, d != 0, kind j = k+d in the suit:
    27+d vis[j]/4, 36+d j genbutsu, 45+d j dora; off the suit: 54+d one;
    per river tile: honour 60+phase, other suit 64+phase, same suit 122+phase and, at distance
    d = e-k in -4..4 before or at the riichi tile, 68 + (d+4)*6 + phase*2 + tsumogiri;
    126 ri/10; 127 share of drawn-and-thrown tiles before the riichi tile.

Usage: bench/wait_fit.py [--cpp] [--cache FILE.npz] DIR...   (numpy; Debian's /usr/bin/python3)
       bench/wait_fit.py --test-position   (the chances tests/expert_agent_test.cc expects)
"""
import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from danger_fit import WINDS, dora_next, kind, load_dirs, waits  # noqa: E402

NF = 128
EARLY = 6
EARLY_OUT = [0.45, 0.50, 0.59, 0.78, 0.78, 0.78, 0.59, 0.50, 0.45]  # ReadRiichiRiver's factors
NEXT_RT = [1.6, 1.45, 1, 1, 1, 1, 1, 1.45, 1.6]


def table_chance(k, genbutsu, vis):
    """DealInChance (agents/expert_threat.cc)."""
    if k in genbutsu:
        return 0.0
    if k >= 27:
        v = vis[k]
        return 0.0 if v >= 4 else .004 if v == 3 else .02 if v == 2 else .045 if v == 1 else .06
    r = k % 9 + 1
    p = .02 if r in (1, 9) else .028 if r in (2, 8) else .035
    if vis[k] >= 3:
        p *= .4

    def side(a, b, partner, pen):
        if partner is not None and partner in genbutsu:
            return 0.0
        if vis[a] >= 4 or vis[b] >= 4:
            return 0.0
        return (.025 if pen else .045) * (.5 if vis[a] == 3 or vis[b] == 3 else 1)
    if r <= 7:
        p += side(k + 1, k + 2, k + 3 if r <= 6 else None, r == 7)
    if r >= 3:
        p += side(k - 2, k - 1, k - 3 if r >= 4 else None, r == 3)
    return p


def early_outside(river):
    out = [False] * 34
    for j in range(min(EARLY, len(river))):
        e = river[j][0]
        if e >= 27:
            continue
        rank, suit = e % 9, e - e % 9
        if 2 <= rank <= 4:
            out[suit + rank - 1] = out[suit + rank - 2] = True
        if 4 <= rank <= 6:
            out[suit + rank + 1] = out[suit + rank + 2] = True
    return out


def phase(j, ri):
    return 0 if j < EARLY else 1 if j < ri else 2 if j == ri else 3


def features(k, table, vis, river, ri, genbutsu, dora, yakuhai, out):
    f = np.zeros(NF, dtype=np.float32)
    t = min(max(table, 1e-4), 1 - 1e-4)
    f[0] = math.log(t / (1 - t))
    if k >= 27:
        f[1] = 1
        f[2 + min(vis[k], 3)] = 1
        f[6] = k in yakuhai
        f[7] = k in dora
        for j, e in enumerate(river):
            if e[0] >= 27:
                f[8 + phase(j, ri)] += 1
        return f
    r, s = k % 9, k // 9
    f[12 + min(r, 8 - r)] = 1
    f[17 + min(vis[k], 3)] = 1
    f[21] = k in dora
    f[22] = out[k]
    for d in range(-4, 5):
        if d == 0:
            continue
        if 0 <= r + d <= 8:
            j = k + d
            f[27 + d] = vis[j] / 4.0
            f[36 + d] = j in genbutsu
            f[45 + d] = j in dora
        else:
            f[54 + d] = 1
    for j, e in enumerate(river):
        ph = phase(j, ri)
        if e[0] >= 27:
            f[60 + ph] += 1
        elif e[0] // 9 != s:
            f[64 + ph] += 1
        else:
            d = e[0] - k
            if abs(d) <= 4 and ph != 3:
                f[68 + (d + 4) * 6 + ph * 2 + (1 if e[1] else 0)] += 1
            f[122 + ph] += 1
    f[126] = ri / 10.0
    f[127] = sum(1 for e in river[:ri] if e[1]) / max(1, ri)
    return f


def extract(docs):
    """Features, labels, group ids (one per moment and riichi seat), and per example (table
    chance, unseen copies, river reading factor)."""
    X, Y, G, T = [], [], [], []
    gid = 0
    for doc in docs:
        st = None
        for e in doc["events"]:
            t = e["type"]
            if t == "start_kyoku":
                c = [[0] * 34 for _ in range(4)]
                for p, h in enumerate(e["tehais"]):
                    for tt in h:
                        c[p][kind(tt)] += 1
                st = {"c": c, "melds": [[] for _ in range(4)], "river": [[] for _ in range(4)],
                      "riichi": [False] * 4, "ri": [None] * 4, "decl": [False] * 4,
                      "after": [set() for _ in range(4)]}
                dora_ind = [kind(e["dora_marker"])] if e.get("dora_marker") else []
                bakaze = WINDS.index(e["bakaze"])
                oya = e["oya"]
            elif st is None:
                continue
            elif t == "tsumo":
                st["c"][e["actor"]][kind(e["pai"])] += 1
            elif t == "reach":
                st["decl"][e["actor"]] = True
            elif t == "reach_accepted":
                st["riichi"][e["actor"]] = True
            elif t == "dahai":
                x, k = e["actor"], kind(e["pai"])
                if not st["riichi"][x] and any(st["riichi"][y] for y in range(4) if y != x):
                    vis = list(st["c"][x])
                    for p in range(4):
                        for rr in st["river"][p]:
                            if not rr[2]:
                                vis[rr[0]] += 1
                        for ks in st["melds"][p]:
                            for kk in ks:
                                vis[kk] += 1
                    for kk in dora_ind:
                        vis[kk] += 1
                    vis = [min(a, 4) for a in vis]
                    dora = {dora_next(kk) for kk in dora_ind}
                    for y in range(4):
                        if y == x or not st["riichi"][y]:
                            continue
                        cy = st["c"][y]
                        if sum(cy) + 3 * len(st["melds"][y]) != 13:
                            continue
                        w = waits(cy, not st["melds"][y])
                        river, ri = st["river"][y], st["ri"][y]
                        genbutsu = {rr[0] for rr in river} | st["after"][y]
                        yakuhai = {31, 32, 33, 27 + bakaze, 27 + (y - oya) % 4}
                        out = early_outside(river)
                        gid += 1
                        for kk in range(34):
                            if kk in genbutsu or vis[kk] >= 4:
                                continue
                            tc = table_chance(kk, genbutsu, vis)
                            X.append(features(kk, tc, vis, river, ri, genbutsu, dora, yakuhai, out))
                            Y.append(kk in w)
                            G.append(gid)
                            fac = EARLY_OUT[kk % 9] if (kk < 27 and out[kk]) else 1.0
                            rk = river[ri][0]
                            if kk < 27 and rk < 27 and rk // 9 == kk // 9 and abs(rk - kk) == 1:
                                fac *= NEXT_RT[kk % 9]
                            T.append((tc, 4 - vis[kk], fac))
                st["c"][x][k] -= 1
                st["river"][x].append([k, bool(e.get("tsumogiri")), False])
                if st["decl"][x] and st["ri"][x] is None:
                    st["ri"][x] = len(st["river"][x]) - 1
                for y in range(4):
                    if y != x and st["riichi"][y]:
                        st["after"][y].add(k)
            elif t in ("chi", "pon", "daiminkan"):
                a = e["actor"]
                for cc in e["consumed"]:
                    st["c"][a][kind(cc)] -= 1
                st["melds"][a].append([kind(cc) for cc in e["consumed"]] + [kind(e["pai"])])
                st["river"][e["target"]][-1][2] = True
            elif t == "kakan":
                a, kk = e["actor"], kind(e["pai"])
                st["c"][a][kk] -= 1
                for ks in st["melds"][a]:
                    if len(ks) == 3 and ks[0] == kk and ks[1] == kk:
                        ks.append(kk)
                        break
            elif t == "ankan":
                a = e["actor"]
                for cc in e["consumed"]:
                    st["c"][a][kind(cc)] -= 1
                st["melds"][a].append([kind(cc) for cc in e["consumed"]])
            elif t == "dora":
                dora_ind.append(kind(e["dora_marker"]))
    return (np.array(X, dtype=np.float32).reshape(-1, NF), np.array(Y, dtype=float), np.array(G, dtype=np.int64),
            np.array(T, dtype=float).reshape(-1, 3))


def fit(X, y, ridge=1e-4, iters=30, chunk=200000, hessian_rows=1000000):
    """Logistic regression with a bias, by Newton's method: the gradient over every example, the
    Hessian over an evenly spaced subset of about `hessian_rows` examples (scaled up), so each step
    costs seconds; the fixed point (zero gradient) is the exact fit. Returns (weights, bias)."""
    n, m = len(y), X.shape[1] + 1
    stride = max(1, n // hessian_rows)
    w = np.zeros(m)

    def rows(a, b):
        return np.hstack([X[a:b].astype(np.float64), np.ones((b - a, 1))])
    for it in range(iters):
        g = ridge * n * w
        for i in range(0, n, chunk):
            A = rows(i, min(n, i + chunk))
            g += A.T @ (1 / (1 + np.exp(-(A @ w))) - y[i:i + chunk])
        if it % 3 == 0:  # the Hessian changes little near the fit
            S = np.hstack([X[::stride].astype(np.float64), np.ones((len(X[::stride]), 1))])
            p = 1 / (1 + np.exp(-(S @ w)))
            H = (S * (p * (1 - p))[:, None]).T @ S * stride + ridge * n * np.eye(m)
        step = np.linalg.solve(H, g)
        w -= step
        print(f"  Newton step {it + 1}: largest change {np.abs(step).max():.2e}", file=sys.stderr, flush=True)
        if np.abs(step).max() < 1e-5:
            break
    return w[:-1], w[-1]


def evaluate(name, p, y, G, T):
    p = np.clip(p, 1e-6, 1 - 1e-6)
    ll = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
    tc, unseen = T[:, 0], T[:, 1]
    tot_t = np.bincount(G, weights=unseen * tc)
    tot_p = np.bincount(G, weights=unseen * p)
    q = np.minimum(1.0, p * tot_t[G] / np.maximum(tot_p[G], 1e-12))
    wm = np.sum(q * y * unseen) / np.sum(y * unseen)
    nm = np.sum(q * (1 - y) * unseen) / np.sum((1 - y) * unseen)
    order = np.argsort(q, kind="stable")
    ranks = np.empty(len(q))
    ranks[order] = np.arange(len(q))
    npos = y.sum()
    auc = (ranks[y == 1].sum() - npos * (npos - 1) / 2) / (npos * (len(y) - npos))
    print(f"  {name:24s} log-loss {ll:.5f}   scaled to the table's total: waits {100 * wm:.2f}%,"
          f" other kinds {100 * nm:.2f}%   AUC {auc:.4f}")


def test_position():
    """The chances tests/expert_agent_test.cc (TheWaitReaderReadsARiichiRiverAsItsFitDoes) expects:
    this script's features for its position, with the weights agents/expert_wait_reader.cc holds."""
    import re
    src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "agents", "expert_wait_reader.cc")).read()
    b = float(re.search(r"kBias = ([-+0-9.e]+);", src).group(1))
    w = np.array([float(x) for x in
                  re.findall(r"([-+][0-9.]+)f", src.split("kWeights[kWaitFeatures] = {")[1].split("};")[0])])
    seat0 = ["9m", "1p", "N", "8s", "3m", "7p", "6m", "4m"]  # riichi on 4m
    others = ["E", "S", "W", "P", "9p", "1s", "9s"] * 2 + ["E", "S", "W", "P", "2p", "2p", "3s"]
    hand1 = ["2m", "5m", "3p", "6p", "8p", "9p", "2s", "4s", "5s", "7s", "F", "F", "C", "8m"]
    vis = [0] * 34
    for t in hand1 + seat0 + others + ["9s"]:  # 9s: the dora indicator
        vis[kind(t)] += 1
    river = [[kind(t), False, False] for t in seat0]
    genbutsu = {kind(t) for t in seat0}
    out = early_outside(river)
    for name in ["5m", "2m", "7m", "5s", "C", "1s"]:
        k = kind(name)
        tc = table_chance(k, genbutsu, vis)
        f = features(k, tc, vis, river, 7, genbutsu, {18}, {27, 31, 32, 33}, out)
        print(f"{name}: table {tc:.4f}, wait reader {1 / (1 + math.exp(-(float(f.astype(np.float64) @ w) + b))):.6g}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dirs", nargs="*")
    ap.add_argument("--cpp", action="store_true", help="print the weights as C++ for expert_wait_reader.cc")
    ap.add_argument("--cache", help="keep the examples in this .npz (read if it exists)")
    ap.add_argument("--test-position", action="store_true",
                    help="print the chances the C++ test expects for its position, and stop")
    args = ap.parse_args()
    if args.test_position:
        test_position()
        return
    if args.cache and os.path.exists(args.cache):
        z = np.load(args.cache)
        Xtr, ytr, Xte, yte, Gte, Tte, ngames = (z[k] for k in ("Xtr", "ytr", "Xte", "yte", "Gte", "Tte", "games"))
        ngames = int(ngames)
    else:
        docs = load_dirs(args.dirs)
        ngames = len(docs)
        cut = ngames * 4 // 5
        Xtr, ytr, _, _ = extract(docs[:cut])
        Xte, yte, Gte, Tte = extract(docs[cut:])
        if args.cache:
            np.savez(args.cache, Xtr=Xtr, ytr=ytr, Xte=Xte, yte=yte, Gte=Gte, Tte=Tte, games=ngames)
    cut = ngames * 4 // 5
    print(f"games {ngames} (fit on {cut}); examples {len(ytr)} ({int(ytr.sum())} waits), held out {len(yte)}"
          f" ({int(yte.sum())} waits)")
    w, b = fit(Xtr, ytr)
    print("held-out games:")
    evaluate("table", Tte[:, 0], yte, Gte, Tte)
    evaluate("table x river reading", Tte[:, 0] * Tte[:, 2], yte, Gte, Tte)
    evaluate("wait reader", 1 / (1 + np.exp(-(Xte.astype(np.float64) @ w + b))), yte, Gte, Tte)
    if args.cpp:
        print(f"\n// Fitted by bench/wait_fit.py on {cut} games ({len(ytr)} examples, {int(ytr.sum())} waits).")
        print(f"constexpr double kBias = {b:.5f};")
        print("constexpr float kWeights[kWaitFeatures] = {")
        for i in range(0, NF, 8):
            print("    " + ", ".join(f"{x:+.5f}f" for x in w[i:i + 8]) + f",  // {i}")
        print("};")


if __name__ == "__main__":
    main()
