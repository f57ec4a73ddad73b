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


def test_python_agent_beside_an_mjai_bot_process_makes_the_replays_of_cpp(tmp_path):
    # Seat 1 is a bot process speaking mjai on stdio (this build's own mjai client playing
    # greedy): the game is played at the same MjaiTable as `mahjong match` plays it, and the
    # Python agent's decisions are the built-in agent's, so the replays are the same bytes. Two
    # games in flight, each with its own bot process, the Python agent asked in batches.
    bot = "mjai-stdio:" + program() + " mjai-client --stdio --dialect batched --agent greedy"
    agents = ["defensive", bot, "random", "greedy"]
    cli = cli_match(tmp_path, "riichi", agents, 2, 9)
    py_dir = tmp_path / "py"
    result = mr.play_match("riichi", [BatchedDefensive(), bot, "random", "greedy"], games=2, seed=9,
                           out_dir=str(py_dir), in_flight=2)
    assert result["problems"] == []
    assert result["entries"] == agents
    assert replay_files(cli) == replay_files(py_dir) == ["game-0001.json", "game-0002.json"]
    for f in replay_files(cli):
        assert filecmp.cmp(cli / f, py_dir / f, shallow=False), f
    assert json.loads((py_dir / "game-0001.json").read_text())["agents"][1] == bot


def test_a_bot_that_cannot_start_is_its_seats_fault(tmp_path):
    result = mr.play_match("riichi", [PythonDefensive(), "mjai-stdio:/nonexistent/bot", "random", "greedy"],
                           games=1, seed=3, out_dir=str(tmp_path))
    assert len(result["problems"]) == 1 and "/nonexistent/bot" in result["problems"][0]


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


class FreshBatchedDefensive(BatchedDefensive):
    """BatchedDefensive with a new built-in agent for every game (begin_game), as a playtest plays
    the same game seeds under each ruleset."""

    def begin_game(self, seat, seed):
        agent = mr.BuiltinAgent("defensive")
        agent.begin_game(seat, seed)
        self.agents[seed] = agent

    def act_batch(self, obs, masks):
        out = [self.agents[mr.agent_seed(d.game_seed, d.seat)].choose(d) for d in obs["decisions"]]
        assert all(masks[i, a] == 1 for i, a in enumerate(out))
        return out


def test_playtest_with_a_python_agent_is_the_playtest_command(tmp_path):
    # The same duplicate design under two rulesets: `mahjong playtest` with built-in agents, and
    # mr.playtest with a Python agent answering as `defensive` in one entry give the same
    # per-ruleset statistics and the same comparison (ranking, paired differences, verdicts).
    summary = tmp_path / "playtest.json"
    agents = ["greedy", "defensive", "greedy", "defensive"]
    subprocess.run([program(), "playtest", "--rules", "riichi,dunpai", "--agents", ",".join(agents), "--games", "8",
                    "--seed", "3", "--summary", str(summary)], check=True, capture_output=True)
    want = json.loads(summary.read_text())
    got = mr.playtest(["riichi", "dunpai"], ["greedy", FreshBatchedDefensive(), "greedy", "defensive"], games=8, seed=3,
                      in_flight=3, out_dir=str(tmp_path / "replays"))
    assert [r["rules"] for r in got["rulesets"]] == ["riichi", "dunpai"]
    assert got["agents"] == agents and got["baseline"] == "riichi"
    for mine, theirs in zip(got["rulesets"], want["rulesets"]):
        assert mine["statistics"] == theirs["summary"]["statistics"]
    assert got["comparison"] == want["comparison"]
    assert len(os.listdir(tmp_path / "replays" / got["rulesets"][1]["folder"])) == 8


def test_playtest_refuses_a_design_it_cannot_compare():
    with pytest.raises(ValueError, match="multiple of 4"):
        mr.playtest(["riichi", "dunpai"], ["greedy", "defensive", "greedy", "defensive"], games=6)
    with pytest.raises(ValueError, match="nothing to play"):
        mr.playtest(["riichi"], ["greedy", "defensive", "greedy", "defensive"], games=4)
