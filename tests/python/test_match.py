"""Python agents at the table: a match with a Python agent makes the very replays of
`mahjong match` with the same decisions made in C++, and the same statistics."""
import filecmp
import json
import os
import subprocess

import numpy as np
import pytest

import mahjong_rl as mr
from conftest import program


class PythonDefensive:
    """A Python agent that answers what the built-in `defensive` agent answers."""
    name = "defensive"

    def __init__(self):
        self.inner = mr.BuiltinAgent("defensive")

    def begin_game(self, seat, seed):
        self.inner.begin_game(seat, seed)

    def act(self, obs, mask):
        action = self.inner.act(obs, mask)
        assert mask[action] == 1
        return action


class BatchedDefensive:
    """The same, asked for every pending decision of the games in flight at once: one built-in
    agent per game and seat, seeded as the game loop seeds an agent (mr.agent_seed)."""
    name = "defensive"

    def __init__(self):
        self.agents = {}

    def act_batch(self, obs, masks):
        out = []
        for i, d in enumerate(obs["decisions"]):
            key = (d.game_seed, d.seat)
            if key not in self.agents:
                self.agents[key] = mr.BuiltinAgent("defensive")
                self.agents[key].begin_game(d.seat, mr.agent_seed(d.game_seed, d.seat))
            out.append(self.agents[key].choose(d))
            assert masks[i, out[-1]] == 1
        return out


def cli_match(tmp_path, rules, agents, games, seed, duplicate=False):
    out = tmp_path / "cli"
    cmd = [program(), "match", "--rules", rules, "--agents", ",".join(agents), "--games", str(games),
           "--seed", str(seed), "--out", str(out)]
    if duplicate:
        cmd.append("--duplicate")
    subprocess.run(cmd, check=True, capture_output=True)
    return out


def replay_files(d):
    return sorted(f for f in os.listdir(d) if f.startswith("game-") and f.endswith(".json"))


@pytest.mark.parametrize("rules", ["riichi", "dunpai"])
def test_python_agent_makes_the_same_replays_as_cpp(tmp_path, rules):
    agents = ["defensive", "greedy", "random", "greedy"]
    cli = cli_match(tmp_path, rules, agents, 2, 5)
    py_dir = tmp_path / "py"
    result = mr.play_match(rules, [PythonDefensive(), "greedy", "random", "greedy"], games=2, seed=5,
                           out_dir=str(py_dir))
    assert result["entries"] == agents
    assert replay_files(cli) == replay_files(py_dir) == ["game-0001.json", "game-0002.json"]
    for f in replay_files(cli):
        assert filecmp.cmp(cli / f, py_dir / f, shallow=False), f
    # The statistics are those `mahjong stats` computes from the replays.
    assert result["statistics"] == mr.match_statistics(str(cli))


def test_duplicate_match_with_batched_agent_in_flight(tmp_path):
    agents = ["defensive", "greedy", "random", "greedy"]
    cli = cli_match(tmp_path, "riichi", agents, 4, 8, duplicate=True)
    py_dir = tmp_path / "py"
    result = mr.play_match("riichi", [BatchedDefensive(), "greedy", "random", "greedy"], games=4, seed=8,
                           rotations=4, out_dir=str(py_dir), in_flight=4, names=agents)
    for f in replay_files(cli):
        assert filecmp.cmp(cli / f, py_dir / f, shallow=False), f
    assert [g["game"] for g in result["games"]] == [1, 2, 3, 4]
    assert "luck_skill" in result["statistics"]


def test_illegal_answer_is_an_error():
    class Bad:
        def act(self, obs, mask):
            return int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not a legal action"):
        mr.play_match("riichi", [Bad(), "random", "random", "random"], games=1)
