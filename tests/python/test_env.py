"""Env: reset/step/masks over every preset, rewards, errors."""
import numpy as np
import pytest

import mahjong_rl as mr
from conftest import pick


def play_random_game(env, seed):
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    steps, total = 0, np.zeros(4)
    seat_rewards = np.zeros(4)
    while True:
        mask = env.action_mask()
        legal = env.legal_actions()
        # The mask and the legal list agree, and every legal index is distinct.
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)
        assert len(set(legal)) == len(legal) == env.decision().num_legal
        assert info["seat"] == env.seat
        assert obs["planes"].shape == (mr.NUM_PLANES, 34) and obs["planes"].dtype == np.uint8
        assert obs["scalars"].shape == (mr.NUM_SCALARS,) and obs["scalars"].dtype == np.float32
        seat = env.seat
        obs, reward, terminated, truncated, info = env.step(pick(rng, legal))
        total += np.array(info["rewards"])
        steps += 1
        assert not truncated
        if terminated:
            return steps, total, info
        assert isinstance(reward, float)


def test_random_games_every_preset(preset):
    env = mr.Env(preset)
    for seed in range(2):
        steps, total, info = play_random_game(env, seed)
        assert info["complete"], info.get("error")
        assert steps > 50
        record = env.record()
        start = record["ruleset"]["starting_points"]
        final = info["final_scores"]
        # Score rewards add up to each seat's final score minus its starting points (thousands).
        assert np.allclose(total, (np.array(final) - start) / 1000.0, atol=1e-3)
        assert final == record["final"]["scores"]
        assert info["ranks"] == record["final"]["ranks"]
        assert sorted(info["ranks"]) == [1, 2, 3, 4]


def test_riichi_points_are_conserved():
    # Riichi: four players start at 25000; points only move between them (deposits left on the
    # table go to first place at the end), so the final scores add up to 100000.
    env = mr.Env("riichi")
    for seed in range(3):
        _, _, info = play_random_game(env, 100 + seed)
        assert sum(info["final_scores"]) == 100000


def test_single_agent_against_builtin_seats():
    env = mr.Env("riichi", seats=["outside", "defensive", "defensive", "defensive"])
    rng = np.random.default_rng(5)
    obs, info = env.reset(seed=3)
    total = 0.0
    while True:
        assert env.seat == 0  # only the outside seat is ever asked
        obs, reward, terminated, _, info = env.step(pick(rng, env.legal_actions()))
        total += reward
        if terminated:
            break
    assert abs(total - (info["final_scores"][0] - 25000) / 1000.0) < 1e-3
    assert env.record()["agents"][1] == "defensive"


def test_result_reward_is_the_end_game_result():
    env = mr.Env("riichi", seats=["outside", "greedy", "greedy", "greedy"], reward="result")
    rng = np.random.default_rng(1)
    env.reset(seed=9)
    rewards = []
    while True:
        _, reward, terminated, _, info = env.step(pick(rng, env.legal_actions()))
        rewards.append(reward)
        if terminated:
            break
    assert all(r == 0.0 for r in rewards[:-1])
    # The replay's end_game event carries the results (uma and oka) the reward must equal.
    end = [e for e in env.record()["events"] if e["type"] == "end_game"][0]
    assert abs(rewards[-1] - end["results"][0]) < 1e-4


def test_illegal_action_is_refused_and_nothing_changes():
    env = mr.Env("riichi")
    env.reset(seed=1)
    legal = env.legal_actions()
    before = env.observe()["planes"].copy()
    illegal = next(i for i in range(mr.NUM_ACTIONS) if i not in legal)
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    assert (env.observe()["planes"] == before).all()
    env.step(legal[0])


def test_same_seed_same_game():
    def trace(seed):
        env = mr.Env("dunpai")
        obs, _ = env.reset(seed=seed)
        out = [obs["planes"].tobytes()]
        for _ in range(200):
            legal = env.legal_actions()
            obs, _, done, _, _ = env.step(legal[len(legal) // 2])
            if done:
                break
            out.append(obs["planes"].tobytes())
        return out
    assert trace(4) == trace(4)
    assert trace(4) != trace(5)


def test_dunpai_offers_shields_exchanges_and_open_riichi():
    env = mr.Env("dunpai")
    rng = np.random.default_rng(0)
    seen = set()
    for seed in range(4):
        env.reset(seed=seed)
        while not env.done:
            legal = env.legal_actions()
            for i in legal:
                seen.add(mr.action_name(i).split()[0])
            env.step(pick(rng, legal))
    assert {"set-shield", "exchange", "discard", "tsumogiri", "riichi", "open-riichi", "pon", "chi"} <= seen
