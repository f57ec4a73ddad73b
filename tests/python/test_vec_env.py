"""VecEnv: arrays, automatic reset, determinism whatever the thread count."""
import hashlib

import numpy as np
import pytest

import mahjong_rl as mr


def policy(obs, info, n):
    """A deterministic choice that depends on the observation: legal[(hash of planes) % count]."""
    planes = obs["planes"].reshape(n, -1).astype(np.int64)
    h = (planes * (np.arange(planes.shape[1]) % 7 + 1)).sum(axis=1)
    return info["legal"][np.arange(n), h % info["legal_count"]]


def run(rules, threads, steps=600, n=6, seed=11):
    env = mr.VecEnv(n, rules, threads=threads)
    obs, info = env.reset(seed=seed)
    digest = hashlib.sha256()
    finished = 0
    for _ in range(steps):
        obs, reward, done, truncated, info = env.step(policy(obs, info, n))
        for a in (obs["planes"], obs["scalars"], info["action_mask"], info["seat"], reward, done):
            digest.update(a.tobytes())
        finished += int(done.sum())
        if done.any():
            digest.update(info["final_scores"][done].tobytes())
    return digest.hexdigest(), finished, env.games_finished


@pytest.mark.parametrize("rules", ["riichi", "dunpai"])
def test_same_results_on_one_and_two_threads(rules):
    one = run(rules, 1)
    two = run(rules, 2)
    assert one == two
    assert one[1] == one[2]


def test_same_results_whatever_thread_takes_a_chunk():
    # 40 tables are three chunks of 16 (the last short), taken by whichever thread asks first:
    # the bytes are those of one thread. parallel_times adds up each thread's CPU time.
    one = run("riichi", 1, steps=150, n=40)
    for threads in (2, 3):
        assert run("riichi", threads, steps=150, n=40) == one
    env = mr.VecEnv(40, "riichi", threads=2)
    obs, info = env.reset(seed=1)
    for _ in range(20):
        obs, _, _, _, info = env.step(policy(obs, info, 40))
    t = env.parallel_times
    assert t["calls"] == 21
    assert t["work"] > 0 and t["work"] / 2 <= t["critical"] + 1e-9 and t["critical"] <= t["work"] + 1e-9


def test_seed_changes_the_games():
    assert run("riichi", 1, steps=50)[0] != run("riichi", 1, steps=50, seed=12)[0]


def test_arrays_are_consistent():
    n = 4
    env = mr.VecEnv(n, "riichi", seats=["outside", "random", "outside", "random"])
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    games = 0
    for _ in range(3000):
        mask, legal, count = info["action_mask"], info["legal"], info["legal_count"]
        for i in range(n):
            assert sorted(legal[i, :count[i]].tolist()) == sorted(np.flatnonzero(mask[i]).tolist())
            assert (legal[i, count[i]:] == -1).all()
        assert set(info["seat"].tolist()) <= {0, 2}
        actions = legal[np.arange(n), (rng.random(n) * count).astype(np.int64)]
        obs, reward, done, _, info = env.step(actions)
        if done.any():
            games += int(done.sum())
            assert (info["final_scores"][done].sum(axis=1) == 100000).all()
            assert (np.sort(info["final_ranks"][done], axis=1) == [1, 2, 3, 4]).all()
    assert games > 0


def test_illegal_action_steps_nothing():
    env = mr.VecEnv(2, "riichi")
    obs, info = env.reset(seed=1)
    before = obs["planes"].copy()
    actions = info["legal"][:, 0].copy()
    actions[1] = mr.NUM_ACTIONS - 1
    with pytest.raises(ValueError, match="table 1"):
        env.step(actions)
    assert (env.planes == before).all()


def test_needs_an_outside_seat():
    with pytest.raises(ValueError, match="outside"):
        mr.VecEnv(2, "riichi", seats=["random"] * 4)
