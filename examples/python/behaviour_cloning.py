#!/usr/bin/python3
"""Behaviour cloning with PyTorch from replays of a built-in teacher, then a duplicate match.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/behaviour_cloning.py

1. The teacher (`expert`, the strongest built-in agent; --teacher picks another agent spec)
   plays --games games against itself; the replays go to out/bc/teacher/.
2. Every decision of those replays is read back as (seat, observation, mask, action): the
   observation planes and scalars the teacher saw, and the teacher's answer.
3. A small policy network (convolutions along the tile kinds, a discard's logit read off its
   kind) is trained by masked cross-entropy on the decisions of 80% of the games; its action
   accuracy is measured on the other 20%.
4. The policy plays a duplicate match against three `defensive` agents (every seating of each
   set of walls); its mean rank is printed with its 95% interval. 2.5 is an equal player.
"""
import argparse
import os
import shutil
import time

import numpy as np
import torch
from torch import nn

import mahjong_rl as mr


class Policy(nn.Module):
    """Convolutions along the 34 tile kinds (the observation planes are the channels), so what
    is learnt about a kind carries over to the others; a discard's logit is read off its kind's
    features, every other action's from the whole observation."""

    def __init__(self, channels=32, hidden=128):
        super().__init__()
        self.kinds = nn.Sequential(
            nn.Conv1d(mr.NUM_PLANES, channels, 3, padding=1), nn.ReLU(),
            nn.Conv1d(channels, channels, 3, padding=1), nn.ReLU(),
            nn.Conv1d(channels, channels, 3, padding=1), nn.ReLU())
        self.discard = nn.Conv1d(channels, 2, 1)  # per kind: discard it, riichi with it
        self.whole = nn.Sequential(
            nn.Linear(channels * mr.NUM_KINDS + mr.NUM_SCALARS, hidden), nn.ReLU(),
            nn.Linear(hidden, mr.NUM_ACTIONS))
        # The faces of the discard and riichi blocks: kinds 0..33, then the red 5m, 5p, 5s (the
        # peach faces of Dunpai, 37..42, are left to the whole-observation head).
        self.register_buffer("face_kind", torch.tensor(list(range(34)) + [4, 13, 22]))

    def forward(self, planes, scalars, mask):
        x = planes.float() / 4.0
        h = self.kinds(x)
        logits = self.whole(torch.cat([h.flatten(1), scalars], dim=1))
        per_kind = self.discard(h)                                # (B, 2, 34)
        drawn = x[:, mr.PLANE["DRAWN"], :] * 4.0                  # one-hot of the drawn tile
        faces = per_kind[:, :, self.face_kind]                    # (B, 2, 37)
        tsumogiri = (per_kind * drawn[:, None, :]).sum(2)         # (B, 2): the drawn tile's kind
        riichi = mr.ACTION_BASE["RIICHI"]
        extra = torch.zeros_like(logits)
        extra[:, 0:37] = faces[:, 0]
        extra[:, mr.ACTION_BASE["TSUMOGIRI"]] = tsumogiri[:, 0]
        extra[:, riichi:riichi + 37] = faces[:, 1]
        extra[:, riichi + 43] = tsumogiri[:, 1]
        return (logits + extra).masked_fill(mask == 0, -1e9)


def tensors(batch, rows):
    """A mini-batch; its masks are made from the decisions' legal index lists (-1 padded), which
    take far less memory than a dense mask per decision."""
    legal = torch.from_numpy(batch["legal"][rows]).long()
    mask = torch.zeros(len(rows), mr.NUM_ACTIONS + 1, dtype=torch.uint8)
    mask.scatter_(1, torch.where(legal < 0, mr.NUM_ACTIONS, legal), 1)
    return (torch.from_numpy(batch["planes"][rows]), torch.from_numpy(batch["scalars"][rows]),
            mask[:, :mr.NUM_ACTIONS], torch.from_numpy(batch["action"][rows]).long())


def accuracy(model, batch, rows):
    model.eval()
    hits = 0
    with torch.no_grad():
        for i in range(0, len(rows), 4096):
            planes, scalars, mask, action = tensors(batch, rows[i:i + 4096])
            hits += (model(planes, scalars, mask).argmax(1) == action).sum().item()
    return hits / len(rows)


class TorchAgent:
    """The policy at the table: every pending decision of the games in flight in one batch."""
    name = "bc-policy"

    def __init__(self, model):
        self.model = model.eval()

    def act_batch(self, obs, masks):
        with torch.no_grad():
            logits = self.model(torch.from_numpy(obs["planes"]), torch.from_numpy(obs["scalars"]),
                                torch.from_numpy(masks))
        return logits.argmax(1).tolist()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rules", default="riichi")
    parser.add_argument("--teacher", default="expert")
    parser.add_argument("--games", type=int, default=100, help="teacher games")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--sets", type=int, default=25, help="duplicate sets of 4 games")
    parser.add_argument("--out", default="out/bc")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    teacher_dir = os.path.join(args.out, "teacher")

    start = time.perf_counter()
    shutil.rmtree(args.out, ignore_errors=True)  # replays of an earlier run are not this run's data
    mr.play_match(args.rules, [args.teacher] * 4, games=args.games, seed=args.seed, out_dir=teacher_dir)
    batch = mr.read_decisions(teacher_dir, masks=False, threads=2)
    assert not batch["errors"], batch["errors"]
    n = len(batch["action"])
    held_out_games = batch["game"] % 5 == 4
    train = np.flatnonzero(~held_out_games)
    test = np.flatnonzero(held_out_games)
    legal = batch["legal_count"][test]
    print(f"teacher {args.teacher}, {args.rules}: {args.games} games, {n} decisions "
          f"({len(train)} training, {len(test)} held out) in {time.perf_counter() - start:.1f} s")
    print(f"held-out: a uniformly random legal action would be right {np.mean(1.0 / legal):.1%} of the time")

    model = Policy()
    optimiser = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = nn.CrossEntropyLoss()
    rng = np.random.default_rng(args.seed)
    for epoch in range(args.epochs):
        model.train()
        order = rng.permutation(train)
        total = 0.0
        for i in range(0, len(order), 512):
            planes, scalars, mask, action = tensors(batch, np.sort(order[i:i + 512]))
            loss = loss_fn(model(planes, scalars, mask), action)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += loss.item() * len(action)
        print(f"epoch {epoch + 1}: loss {total / len(train):.3f}, held-out action accuracy "
              f"{accuracy(model, batch, test):.1%}")

    start = time.perf_counter()
    games = 4 * args.sets
    result = mr.play_match(args.rules, [TorchAgent(model), "defensive", "defensive", "defensive"], games=games,
                           seed=args.seed + 1000, rotations=4, in_flight=16,
                           out_dir=os.path.join(args.out, "duplicate"))
    stats = result["statistics"]
    for row in stats["agents"]:
        rank = row["mean_rank"]
        lo, hi = rank["ci95"]
        print(f"duplicate {games} games vs defensive: {row['agent']:>10} mean rank {rank['estimate']:.3f} "
              f"[{lo:.3f}, {hi:.3f}]")
    print(f"({time.perf_counter() - start:.1f} s; replays in {os.path.join(args.out, 'duplicate')})")


if __name__ == "__main__":
    main()
