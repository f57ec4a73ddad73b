#!/usr/bin/env python3
"""Draws the playtest report: reads the JSON that `mahjong playtest` wrote and writes one
self-contained HTML page (every plot inlined as SVG, no network) with captions, the exact
command, and the comparison figures. Plots by matplotlib.

    python3 make_report.py playtest.json index.html
"""
import html
import io
import json
import math
import sys

import warnings

import matplotlib

matplotlib.use("svg")
# Empty bins (no hand with 7 shields, no declined win) are NaN points: drawn as gaps, not warned.
warnings.filterwarnings("ignore", category=RuntimeWarning)
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams["svg.fonttype"] = "none"
plt.rcParams["font.size"] = 9
# Ruleset names are outside text: "$" in one must be a dollar sign, not TeX (mathtext).
plt.rcParams["text.parse_math"] = False


def est(f):
    v = f.get("estimate") if isinstance(f, dict) else None
    return float("nan") if v is None else v


def err(f):
    """Asymmetric error bar (below, above) of a figure; 0 where an end is missing."""
    e = est(f)
    lo, hi = (f.get("ci95") or [None, None]) if isinstance(f, dict) else (None, None)
    below = 0.0 if lo is None or math.isnan(e) else max(0.0, e - lo)
    above = 0.0 if hi is None or math.isnan(e) else max(0.0, hi - e)
    return below, above


def svg(fig):
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def bars(ax, groups, series, values, ylabel, percent=False):
    """Grouped bars with 95% error bars: values[s][g] is a figure."""
    n = len(series)
    width = 0.8 / max(1, n)
    for i, name in enumerate(series):
        xs = [g + (i - (n - 1) / 2) * width for g in range(len(groups))]
        ys = [est(values[i][g]) * (100 if percent else 1) for g in range(len(groups))]
        es = [err(values[i][g]) for g in range(len(groups))]
        scale = 100 if percent else 1
        yerr = [[b * scale for b, _ in es], [a * scale for _, a in es]]
        ax.bar(xs, ys, width, yerr=yerr, capsize=3, label=name)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups)
    ax.set_ylabel(ylabel)
    if n > 1:
        ax.legend(fontsize=8)
    ax.grid(axis="y", alpha=0.3)


def claim(stats_one, path):
    node = stats_one.get("claims", {})
    for part in path.split("/"):
        if isinstance(node, list):
            node = node[int(part)] if int(part) < len(node) else {}
        else:
            node = node.get(part, {}) if isinstance(node, dict) else {}
    return node


def short_name(name):
    """A swept ruleset's label: its base and the swept values ("dunpai 3" for
    "dunpai[shields.per_hand=3]")."""
    if "[" not in name or not name.endswith("]"):
        return name
    base, inside = name[:-1].split("[", 1)
    return base + " " + ",".join(part.split("=", 1)[-1] for part in inside.split(","))


def lines(ax, xs, names, stats, path_of, ylabel, percent=False):
    """One line per ruleset over xs, with 95% error bars; path_of(x) is the figure's claim path."""
    scale = 100 if percent else 1
    for i, (name, s) in enumerate(zip(names, stats)):
        fs = [claim(s, path_of(x)) for x in xs]
        ys = [est(f) * scale for f in fs]
        es = [err(f) for f in fs]
        shift = (i - (len(names) - 1) / 2) * 0.06
        ax.errorbar([j + shift for j in range(len(xs))], ys, yerr=[[b * scale for b, _ in es], [a * scale for _, a in es]],
                    marker="o", ms=3, capsize=2, label=name)
    ax.set_xticks(range(len(xs)))
    ax.set_xticklabels([str(x) for x in xs])
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)


CLAIM_FIGURES = [
    ("passive/first_hand_choice_share", "choice share of the first hand", False),
    ("win_and_run/first_winner_top_rate", "first winner finishes first, %", True),
    ("offence/tenpai_rate", "tenpai, % of player-hands", True),
    ("offence/first_tenpai_turn", "own discards to first tenpai", False),
    ("offence/win_value_share", "win value / point scale", False),
    ("defence/deal_in_vs_riichi_rate", "deal-in to a riichi faced, %", True),
    ("defence/push_rate", "tenpai or won against a riichi, %", True),
    ("waves/lead_changes_per_hand", "lead changes per hand", False),
    ("waves/carried_win_rate_difference", "win rate carrying - not, points", False),
    ("decline/declined_rate", "certain win declined, % of player-hands", True),
]


def claim_plots(names, stats, doc):
    if not all("claims" in s for s in stats):
        return []
    out = []
    short = [short_name(n) for n in names]

    def per_ruleset(ax, path, ylabel, percent=False):
        bars(ax, short, [ylabel], [[claim(s, path) for s in stats]], ylabel, percent=percent)
        ax.tick_params(axis="x", labelrotation=30 if len(names) > 3 else 0, labelsize=7)

    luck = [s.get("luck_skill", {}).get("luck_share", {}) for s in stats]
    fig, ax = plt.subplots(figsize=(5, 3))
    bars(ax, short, ["luck share"], [luck], "luck share of final points' variance")
    out.append(("claim-luck", "Claim 1, luck (運の割合が大きすぎる)", svg(fig),
                "The share of the variance of final points explained by the deal (duplicate deal position), per "
                "ruleset: lower means the deal decides less. Error bars: 95% bootstrap intervals over duplicate sets."))

    fig, ax = plt.subplots(figsize=(5, 3))
    per_ruleset(ax, "passive/first_hand_choice_share", "choice share")
    out.append(("claim-passive", "Claim 2, passive hand-building (手牌構成が受動的)", svg(fig),
                "The first hand of a game is dealt identically to the same seat in every seating of a duplicate "
                "set; the bar is the share of the variance of that seat's point change in the first hand NOT "
                "explained by the deal (1 - deal share): how much the players' choices, not the tiles, decide "
                "the hand. Higher: more active hand-building."))

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9, 3))
    fig.subplots_adjust(wspace=0.35)
    per_ruleset(ax1, "win_and_run/first_winner_top_rate", "first winner 1st, %", percent=True)
    ax1.axhline(25, color="grey", lw=0.8, ls="--")
    lines(ax2, list(range(1, 13)), short, stats, lambda k: f"win_and_run/leader_top_rate/{k - 1}",
          "leader after hand k finishes 1st, %", percent=True)
    ax2.set_xlabel("hand k")
    out.append(("claim-win-and-run", "Claim 3, win-and-run (最初の和了者がどんどん有利になる)", svg(fig),
                "Left: share of games whose first winner finished first (25% = no advantage, dashed). Right: "
                "share of games whose sole leader after hand k finished first, per k. Lower: the early lead "
                "decides less. 95% intervals."))

    fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(11, 3))
    fig.subplots_adjust(wspace=0.4)
    bins = list(range(8))
    label = lambda b: "7+" if b == 7 else str(b)
    lines(ax1, [label(b) for b in bins], short, stats, lambda b: f"offence/by_shields/{7 if b == '7+' else b}/tenpai_rate",
          "tenpai, % of player-hands", percent=True)
    lines(ax2, [label(b) for b in bins], short, stats,
          lambda b: f"offence/by_shields/{7 if b == '7+' else b}/first_tenpai_turn", "own discards to first tenpai")
    lines(ax3, [label(b) for b in bins], short, stats,
          lambda b: f"offence/by_shields/{7 if b == '7+' else b}/win_value_share", "win value / point scale")
    for ax in (ax1, ax2, ax3):
        ax.set_xlabel("face-down shields set at the deal")
    out.append(("claim-offence", "Claim 4, offence from shields (テンパイ速度・打点ともに大きく向上する)", svg(fig),
                "By the number of shields a player set at the deal (riichi: always 0): the share of its hands that "
                "reached tenpai, the number of own discards after which it was first tenpai (hands that reached "
                "it), and the payment of its wins as a share of the point scale. 95% intervals; empty bins have "
                "no point."))

    fig, ax = plt.subplots(figsize=(7, 3))
    keys = [("deal_in_vs_riichi_rate", "deal-in to\nriichi faced"), ("with_exchange_deal_in_rate", "... holding a\nface-down shield"),
            ("without_exchange_deal_in_rate", "... holding\nnone"), ("push_rate", "kept tenpai\nor won")]
    bars(ax, [k[1] for k in keys], short, [[claim(s, "defence/" + k[0]) for k in keys] for s in stats],
         "% of player-hands facing a riichi", percent=True)
    out.append(("claim-defence", "Claim 5, defence from shields (放銃率を大きく低減 / 安易にオリるのではなく)", svg(fig),
                "Of the player-hands in which another seat's riichi was accepted while the player was not in "
                "riichi: the share that dealt into that riichi, split by whether the player then held a face-down "
                "shield (a usable exchange), and the share that was tenpai after its last discard or won (kept "
                "pushing instead of folding). 95% intervals."))

    fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(11, 3))
    fig.subplots_adjust(wspace=0.4)
    bars(ax1, [label(b) for b in bins], short, [[claim(s, f"waves/shield_histogram/{b}") for b in bins] for s in stats],
         "% of player-hands", percent=True)
    ax1.set_xlabel("shields set at the deal")
    lines(ax2, list(range(1, 13)), short, stats, lambda k: f"waves/mean_shields_by_hand/{k - 1}", "mean shields at the deal")
    ax2.set_xlabel("hand k")
    bars(ax3, ["carrying", "not carrying", "lead changes\nper hand x100"], short,
         [[claim(s, "waves/win_rate_carried"), claim(s, "waves/win_rate_not_carried"),
           claim(s, "waves/lead_changes_per_hand")] for s in stats], "%", percent=True)
    out.append(("claim-waves", "Claim 6, waves (非和了者ほど多くの盾牌を持ちやすくなるため、ゲーム展開に波が生まれる)", svg(fig),
                "Left: distribution of the shields a player set at a deal. Middle: mean shields at the deal of "
                "hand k. Right: win rate of players who carried shields into the hand against those who carried "
                "none, and how often the sole leader changes from one hand to the next. 95% intervals."))

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9, 3))
    fig.subplots_adjust(wspace=0.35)
    per_ruleset(ax1, "decline/declined_rate", "% of player-hands", percent=True)
    bars(ax2, ["declined hands", "won hands"], short,
         [[claim(s, "decline/declined_delta_share"), claim(s, "decline/won_delta_share")] for s in stats],
         "point change / point scale")
    out.append(("claim-decline", "Claim 7, whether to win (アガるべきか否かの戦略性)", svg(fig),
                "Left: share of player-hands in which a certain win (a riichi hand's ron, a riichi or closed "
                "hand's tsumo) was let pass. Right: the player's point change in those hands against hands it "
                "won (what declining earned or cost). Null (no bar) where nothing was declined."))

    if doc.get("vary"):
        n = len(CLAIM_FIGURES)
        fig, axes = plt.subplots((n + 2) // 3, 3, figsize=(11, 2.6 * ((n + 2) // 3)), squeeze=False)
        fig.subplots_adjust(hspace=0.9, wspace=0.35)
        for ax, (path, ylabel, percent) in zip(axes.flat, CLAIM_FIGURES):
            per_ruleset(ax, path, ylabel, percent)
            ax.tick_params(axis="x", labelrotation=60, labelsize=6)
        for ax in list(axes.flat)[n:]:
            ax.axis("off")
        out.append(("sweep", "Sweep: every claim figure against the swept value", svg(fig),
                    "Each claim's headline figure for every ruleset played (the baseline first, then the swept "
                    "values in order: " + "; ".join(doc.get("vary", [])) + "). 95% intervals; which values "
                    "differ with confidence is listed above."))
    return out


def figure_text(f, d=3):
    show = lambda v: "-" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:.{d}f}"
    lo, hi = (f.get("ci95") or [None, None]) if isinstance(f, dict) else (None, None)
    return f"{show(est(f))} [{show(lo)}, {show(hi)}]"


def verdict_table(comp):
    rows = []
    for v in comp.get("verdicts", []):
        for c in v["claims"]:
            parts = "; ".join(
                f"{html.escape(p['figure'])}{'' if p['own'] else ' difference'} {figure_text(p['difference'])} "
                f"({p['verdict']})" for p in c["parts"])
            need = c.get("games_needed")
            if c["verdict"] == "no_shields":
                verdict = "no shields in this ruleset (the seed claims it of shields; no verdict)"
            else:
                verdict = c["verdict"] if c["verdict"] != "undecided" else (
                    "undecided at this sample size: " + (f"about {need} games per ruleset would decide"
                                                         if need is not None else "no difference seen"))
            rows.append(f"<tr class=\"{c['verdict']}\"><td>{html.escape(v['rules'])}</td><td>{html.escape(c['id'])}"
                        f"<br><small>{html.escape(c['seed'])}</small></td><td><b>{html.escape(verdict)}</b></td>"
                        f"<td>{html.escape(c['text'])}</td><td><small>{parts}</small></td></tr>")
    if not rows:
        return ""
    base = html.escape(comp.get("baseline") or "")
    return (f"<h2>Seed 003's claims against {base}</h2><p>Per ruleset and claim: supported when every part's paired "
            f"95% interval (ruleset - {base}, over duplicate sets) lies on the claimed side of 0, contradicted when "
            "any lies on the other side, otherwise undecided with the games a decision would need "
            "(docs/PLAYTEST.md).</p><table id=\"verdicts\"><tr><th>ruleset</th><th>claim</th><th>verdict</th>"
            "<th>what is claimed</th><th>parts</th></tr>" + "".join(rows) + "</table>")


def sweep_list(doc, comp):
    if not doc.get("vary"):
        return ""
    items = []
    for d in comp.get("differences", []):
        sig = []
        for figure, f in d.get("claims", {}).items():
            lo, hi = f.get("ci95") or [None, None]
            if lo is not None and hi is not None and (lo > 0 or hi < 0):
                sig.append(f"{html.escape(figure)} {est(f):.3f} [{lo:.3f}, {hi:.3f}]")
        items.append(f"<li>{html.escape(d['a'])} - {html.escape(d['b'])}: {'; '.join(sig) if sig else 'no claim figure differs'}</li>")
    rules = "".join(f"<li><code>{html.escape(r['rules'])}</code></li>" for r in doc["rulesets"])
    return (f"<h2>Sweep</h2><p>Rulesets played (each run's full ruleset is in playtest.json, key "
            f"<code>ruleset</code>):</p><ul id=\"sweep-rulesets\">{rules}</ul><p>Pairs whose claim figures differ with "
            f"95% confidence (paired intervals excluding 0):</p><ul id=\"sweep-differences\">{''.join(items)}</ul>")


def main(src, dst):
    with open(src) as f:
        doc = json.load(f)
    runs = doc["rulesets"]
    names = [r["rules"] for r in runs]
    stats = [r["summary"]["statistics"] for r in runs]
    comp = doc["comparison"]
    plots = []  # (id, title, svg, caption)

    # 1. Luck against skill.
    fig, ax = plt.subplots(figsize=(6, 3.2))
    ls = [s.get("luck_skill", {}) for s in stats]
    bars(ax, names, ["skill share (agent)", "luck share (deal)", "rest (interaction)"],
         [[l.get("skill_share", {}) for l in ls], [l.get("luck_share", {}) for l in ls],
          [l.get("rest_share", {}) for l in ls]], "share of the variance of final points")
    strong = ls[0].get("strong", "?")
    weak = ls[0].get("weak", "?")
    plots.append(("luck-skill", "Luck against skill", svg(fig),
                  "How much of the spread of final points is explained by who plays (skill share), by which "
                  "tiles the seat was dealt (luck share, the duplicate deal position) and by the rest; bars are "
                  "95% bootstrap intervals over duplicate sets. Higher skill share: the better agent wins more "
                  "reliably."))

    # 2. Rank advantage and games to lead.
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(8, 3))
    fig.subplots_adjust(wspace=0.45)
    bars(ax1, names, ["rank advantage"], [[l.get("rank_advantage", {}) for l in ls]],
         f"mean rank of {weak} - of {strong}")
    g2l = [l.get("games_to_lead", {}) for l in ls]
    ys = [est(g) for g in g2l]
    lo = [g.get("ci95", [None, None])[0] for g in g2l]
    hi = [g.get("ci95", [None, None])[1] for g in g2l]
    ax2.bar(range(len(names)), [0 if math.isnan(y) else y for y in ys], 0.5, color="tab:green")
    for i, (y, a, b) in enumerate(zip(ys, lo, hi)):
        if math.isnan(y):
            ax2.text(i, 0, "unbounded\n(not ahead)", ha="center", va="bottom", fontsize=7)
        else:
            top = b if b is not None else y * 3
            ax2.plot([i, i], [a if a is not None else y, top], color="black")
            ax2.text(i, top, "unbounded" if b is None else "", ha="center", va="bottom", fontsize=7)
    ax2.set_xticks(range(len(names)))
    ax2.set_xticklabels(names)
    ax2.set_ylabel("games to be ahead with 95%")
    ax2.grid(axis="y", alpha=0.3)
    plots.append(("rank-advantage", "Rank advantage and games to be ahead", svg(fig),
                  f"Left: how many places higher {strong} finishes than {weak} on average. Right: after how many "
                  f"games {strong} is ahead of {weak} in total points with 95% probability (normal approximation); "
                  "lines are 95% intervals."))

    # 3. Rates.
    keys = [("win_rate", "win"), ("draw_rate", "draw"), ("deal_in_rate", "deal-in"), ("riichi_rate", "riichi"),
            ("call_rate", "call")]
    fig, ax = plt.subplots(figsize=(7, 3.2))
    bars(ax, [k[1] for k in keys], names, [[s["rules"].get(k[0], {}) for k in keys] for s in stats],
         "% of hands (riichi, call: of player-hands)", percent=True)
    plots.append(("rates", "How hands end", svg(fig),
                  "Share of hands ending in a win, in a draw, in a deal-in (ron); riichi and calls per player-hand. "
                  "Error bars: 95% intervals."))

    # 4. Hand values.
    fig, ax = plt.subplots(figsize=(7, 3.2))
    edges = stats[0]["rules"].get("win_value_bin_edges", [])
    labels = []
    for i in range(len(edges) - 1):
        a, b = edges[i], edges[i + 1]
        labels.append(f"{a:g}-{b:g}" if b is not None else f">={a:g}")
    bars(ax, labels, names, [s["rules"].get("win_value_histogram", []) for s in stats],
         "% of wins", percent=True)
    ax.set_xlabel("payment of a win / point scale")
    plots.append(("hand-values", "Hand values", svg(fig),
                  "Distribution of the payment of each win, divided by the ruleset's point scale (its starting "
                  "points; for Dunpai, which starts at 0, half its 50,000 end gap; for Ningbo, which has neither, "
                  "3,750, so that its limit hand (300 a share) weighs what a riichi mangan does), so rulesets "
                  "compare. Error bars: 95% intervals."))

    # 5. Rank distributions per agent.
    fig, axes = plt.subplots(1, len(stats), figsize=(3.2 * len(stats), 3), squeeze=False)
    for ax, name, s in zip(axes[0], names, stats):
        agents = [a["agent"] for a in s["agents"]]
        bars(ax, ["1st", "2nd", "3rd", "4th"], agents, [a["rank_share"] for a in s["agents"]], "% of games",
             percent=True)
        ax.set_title(name)
    plots.append(("ranks", "Rank distributions", svg(fig),
                  "Share of each agent's games finished in each place, per ruleset (each agent's four bars sum to "
                  "100%). Error bars: 95% intervals."))

    # 6. Game length.
    fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(9, 2.8))
    fig.subplots_adjust(wspace=0.5)
    bars(ax1, names, ["hands per game"], [[s["rules"].get("hands_per_game", {}) for s in stats]], "hands per game")
    bars(ax2, names, ["draws per hand"], [[s["rules"].get("turns_per_hand", {}) for s in stats]],
         "draws from the wall per hand")
    bars(ax3, names, ["early end"], [[s["rules"].get("early_end_rate", {}) for s in stats]],
         "% of games ended early", percent=True)
    plots.append(("length", "Hand and game length", svg(fig),
                  "Hands per game, draws from the wall per hand, and the share of games ended early (a bust, or "
                  "Dunpai's point gap). Error bars: 95% intervals."))

    # 7. Shields, where a ruleset has them.
    shield_runs = [(n, s) for n, s in zip(names, stats) if "shields" in s["rules"]]
    if shield_runs:
        keys = [("shields_per_hand", "shields"), ("exchanges_per_hand", "exchanges"),
                ("deal_ins_avoided_per_hand", "deal-ins\navoided"), ("protected_per_hand", "protected\ntsumo")]
        fig, axes = plt.subplots(1, len(shield_runs), figsize=(5 * len(shield_runs), 3), squeeze=False)
        for ax, (name, s) in zip(axes[0], shield_runs):
            agents = [a["agent"] for a in s["agents"]]
            bars(ax, [k[1] for k in keys], agents,
                 [[a.get("shields", {}).get(k[0], {}) for k in keys] for a in s["agents"]], "per hand")
            ax.set_title(name)
        plots.append(("shields", "Shield statistics", svg(fig),
                      "Per agent and hand: face-down shields set at the deal, exchanges, exchanges that avoided a "
                      "deal-in, tsumo payments a face-up shield protected from. Error bars: 95% intervals."))

    plots += claim_plots(names, stats, doc)

    rows = []
    for r in comp.get("ranking", []):
        def fmt(f, d=3):
            e = est(f)
            lo_, hi_ = f.get("ci95", [None, None])
            show = lambda v: "-" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:.{d}f}"
            return f"{show(e)} [{show(lo_)}, {show(hi_)}]"
        g = r.get("games_to_lead", {})
        gl = lambda v: "unbounded" if v is None else f"{v:.0f}"
        rows.append(f"<tr><td>{html.escape(r['rules'])}</td><td>{fmt(r['skill_share'])}</td>"
                    f"<td>{fmt(r['luck_share'])}</td><td>{fmt(r['rank_advantage'])}</td>"
                    f"<td>{gl(g.get('estimate'))} [{gl(g.get('ci95', [None, None])[0])}, "
                    f"{gl(g.get('ci95', [None, None])[1])}]</td></tr>")
    diffs = []

    def diff_text(f):
        p = f.get("p_value")
        lo_, hi_ = f.get("ci95", [None, None])
        show = lambda v: "-" if v is None else f"{v:.3f}"
        return f"{show(f.get('estimate'))} [{show(lo_)}, {show(hi_)}], p = {'-' if p is None else f'{p:.3g}'}"

    for d in comp.get("differences", []):
        diffs.append(f"<li>{html.escape(d['a'])} - {html.escape(d['b'])}: skill share "
                     f"{diff_text(d.get('skill_share_difference', {}))}; luck share "
                     f"{diff_text(d.get('luck_share_difference', {}))}; rank advantage "
                     f"{diff_text(d.get('rank_advantage_difference', {}))}</li>")
    figures = "\n".join(
        f'<figure class="plot" id="{pid}"><h2>{html.escape(title)}</h2>{body}<figcaption>{html.escape(cap)}'
        f"</figcaption></figure>" for pid, title, body, cap in plots)
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<title>Playtest: {html.escape(', '.join(names))}</title>
<style>
body {{ font-family: sans-serif; max-width: 60em; margin: 1em auto; padding: 0 1em; color: #222; }}
figure.plot {{ margin: 1.5em 0; border-top: 1px solid #ccc; }}
figure.plot svg {{ max-width: 100%; height: auto; }}
figcaption {{ font-size: 0.9em; color: #444; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #ccc; padding: 0.2em 0.6em; }}
code, pre {{ background: #f4f4f4; padding: 0.1em 0.3em; white-space: pre-wrap; }}
</style></head><body>
<h1>Playtest: {html.escape(', '.join(names))}</h1>
<p>{doc['games_per_ruleset']} duplicate games per ruleset ({doc['rotations']} seatings per set, match seed
{html.escape(doc['seed'])}), agents {html.escape(', '.join(doc['agents']))}; luck against skill:
<b>{html.escape(strong)}</b> against <b>{html.escape(weak)}</b>. All intervals are 95% bootstrap intervals over
duplicate sets (docs/PLAYTEST.md).</p>
<p>Command: <code id="command">{html.escape(doc['command'])}</code></p>
<h2>Rulesets ranked by how much skill decides</h2>
<table id="ranking"><tr><th>ruleset</th><th>skill share</th><th>luck share</th><th>rank advantage</th>
<th>games to be ahead (95%)</th></tr>
{''.join(rows)}
</table>
<ul>{''.join(diffs)}</ul>
{verdict_table(comp)}
{sweep_list(doc, comp)}
{figures}
<p>Every figure with its interval and the per-game records: <a href="playtest.json">playtest.json</a>;
this page was drawn from it by <code>python3 make_report.py playtest.json index.html</code> (matplotlib).</p>
</body></html>
"""
    with open(dst, "w") as f:
        f.write(page)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: make_report.py PLAYTEST.json INDEX.html")
    main(sys.argv[1], sys.argv[2])
