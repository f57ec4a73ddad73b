"""Replays as data: the decisions read back from a replay are exactly the ones played."""
import numpy as np

import mahjong_rl as mr
from conftest import pick


CALLS = {mr.ACTION_BASE["RON"], mr.ACTION_BASE["DAIMINKAN"]} | set(range(mr.ACTION_BASE["CHI"], mr.ACTION_BASE["DAIMINKAN"]))


def test_decisions_of_a_replay_are_the_ones_played(tmp_path, preset):
    env = mr.Env(preset)
    rng = np.random.default_rng(2)
    obs, info = env.reset(seed=21)
    played = []
    while True:
        action = pick(rng, env.legal_actions())
        played.append((env.seat, obs["planes"].copy(), obs["scalars"].copy(), env.action_mask(), action))
        obs, _, done, _, info = env.step(action)
        if done:
            break
    path = str(tmp_path / "game.json")
    env.write_replay(path)
    got = mr.read_decisions([path])
    assert got["errors"] == []
    assert len(got["action"]) == len(played)
    overridden = 0
    for i, (seat, planes, scalars, mask, action) in enumerate(played):
        assert got["seat"][i] == seat
        if got["action"][i] != action:
            # A call another seat's call or ron overrode (a chi beaten by a pon, a second ron
            # where only the first counts) leaves no trace in a replay: read back, a pass.
            assert action in CALLS and got["action"][i] == mr.ACTION_BASE["PASS"], (i, action)
            overridden += 1
        assert (got["planes"][i] == planes).all()
        assert (got["scalars"][i] == scalars).all()
        assert (got["mask"][i] == mask).all()
        count = got["legal_count"][i]
        assert sorted(got["legal"][i][:count].tolist()) == np.flatnonzero(mask).tolist()
        assert (got["legal"][i][count:] == -1).all()
    assert overridden <= len(played) // 20


def test_match_replays_in_batches_on_threads(tmp_path):
    out = tmp_path / "m"
    mr.play_match("riichi", ["greedy", "defensive", "random", "greedy"], games=3, seed=4, out_dir=str(out))
    whole = mr.read_decisions(str(out), threads=2)
    assert whole["errors"] == []
    assert (whole["mask"][np.arange(len(whole["action"])), whole["action"]] == 1).all()
    parts = list(mr.DecisionReader(str(out), files_per_batch=2, threads=2))
    assert len(parts) == 2
    assert (np.concatenate([p["action"] for p in parts]) == whole["action"]).all()
    one = mr.read_decisions(str(out), threads=1)
    assert (one["planes"] == whole["planes"]).all()
    summary = mr.game_summary(str(out / "game-0001.json"))
    assert summary["game"] == 1
    replay = mr.read_replay(str(out / "game-0001.json"))
    assert replay["agents"] == ["greedy", "defensive", "random", "greedy"]


def test_unreadable_replay_is_reported(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    got = mr.read_decisions([str(bad)])
    assert len(got["errors"]) == 1 and "bad.json" in got["errors"][0]
    assert len(got["action"]) == 0
