#!/usr/bin/python3
"""Speed of the Python module (docs/PYTHON.md, numbers in docs/PERFORMANCE.md).

    PYTHONPATH=build/python /usr/bin/python3 bench/python_env.py [--quick] [--rounds 5]

1. VecEnv with random legal actions chosen in numpy, observations and masks written every step:
   agent steps per second on one thread and on two (wall-clock, and per CPU second of this
   process, which stays meaningful on a loaded machine for one thread).
2. A match in which one seat is a trivial Python agent against the same match with a built-in
   agent in that seat: games per second of each.
3. Replay iteration: decisions per second read back from replays with their observations and
   masks, on one thread.
"""
import argparse
import os
import tempfile
import time

import numpy as np

import mahjong_rl as mr


def vec_env_rate(rules, n, threads, seconds, steps_wanted=0):
    """Agent steps per wall-clock second and per CPU second, and where the CPU time of a step
    goes: `serial` runs on the calling thread alone (choosing the actions in numpy, the binding,
    checking the answers), `work` is the stepping of the tables (shared by the threads)."""
    env = mr.VecEnv(n, rules, threads=threads)
    obs, info = env.reset(seed=1)
    before = env.parallel_times
    rng = np.random.default_rng(0)
    rows = np.arange(n)
    legal, count = info["legal"], info["legal_count"]
    steps = 0
    start = time.perf_counter()
    cpu = time.process_time()
    # With steps_wanted, exactly that many steps (the same seed and the same numpy choices: the same
    # work whatever the thread count, so two runs compare like for like); else as many as fit.
    while (steps < steps_wanted) if steps_wanted else (time.perf_counter() - start < seconds):
        for _ in range(50):
            actions = legal[rows, (rng.random(n) * count).astype(np.int64)]
            env.step(actions)
        steps += 50
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    work = env.parallel_times["work"] - before["work"]
    split = {"serial_us": (cpu - work) / steps * 1e6, "work_us": work / steps * 1e6}
    return steps * n / elapsed, steps * n / cpu, env.games_finished, split


def vec_env_interleaved(rules, n, steps, block):
    """One thread against two on the same work, interleaved: two VecEnvs of n tables, reset with the
    same seed and given the same numpy choices (a VecEnv's tables do not depend on its thread count,
    so both play exactly the same games), stepped `block` steps at a time in turn, the order of the
    pair alternating. The machine's speed drifts over seconds (shared host); each block pair sees
    the same machine, so the ratio of the summed wall-clock times is what a second thread gains."""
    envs = [mr.VecEnv(n, rules, threads=t) for t in (1, 2)]
    rngs = [np.random.default_rng(0), np.random.default_rng(0)]
    infos = [env.reset(seed=1)[1] for env in envs]
    rows = np.arange(n)
    wall = [0.0, 0.0]
    done = 0
    while done < steps:
        order = (0, 1) if (done // block) % 2 == 0 else (1, 0)
        for i in order:
            env, rng, info = envs[i], rngs[i], infos[i]
            legal, count = info["legal"], info["legal_count"]
            start = time.perf_counter()
            for _ in range(block):
                env.step(legal[rows, (rng.random(n) * count).astype(np.int64)])
            wall[i] += time.perf_counter() - start
        done += block
    same = np.array_equal(infos[0]["legal"], infos[1]["legal"]) and envs[0].games_finished == envs[1].games_finished
    return steps * n / wall[0], steps * n / wall[1], same


class FirstLegal:
    """A trivial Python agent: the first legal action."""
    name = "first-legal"

    def act(self, obs, mask):
        return int(mask.argmax())


def match_rate(rules, seat0, games):
    start = time.process_time()
    result = mr.play_match(rules, [seat0, "random", "random", "random"], games=games, seed=3)
    elapsed = time.process_time() - start
    assert not result["problems"], result["problems"]
    return games / elapsed


def replay_rate(rules, games, threads):
    with tempfile.TemporaryDirectory() as d:
        mr.play_match(rules, ["greedy", "defensive", "greedy", "defensive"], games=games, seed=5, out_dir=d)
        start = time.process_time()
        batch = mr.read_decisions(d, masks=True, threads=threads)
        elapsed = time.process_time() - start
        assert not batch["errors"], batch["errors"]
        return len(batch["action"]) / elapsed, len(batch["action"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rules", default="riichi")
    parser.add_argument("--tables", type=int, default=256)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=1, help="alternating one- and two-thread runs")
    parser.add_argument("--steps", type=int, default=0,
                        help="VecEnv runs of exactly this many steps (a multiple of 50) instead of --seconds: "
                             "both thread counts then do the same work")
    parser.add_argument("--interleave", type=int, default=0, metavar="STEPS",
                        help="also one thread against two interleaved in blocks of 10 steps over STEPS steps "
                             "(the same games on both: drift of the machine's speed cancels)")
    parser.add_argument("--quick", action="store_true", help="short runs (a smoke test)")
    args = parser.parse_args()
    seconds = 0.5 if args.quick else args.seconds
    games = 4 if args.quick else 40
    print(f"mahjong_rl {args.rules}: {os.cpu_count()} CPUs")
    print(f"load average {os.getloadavg()[0]:.1f} (the wall-clock figures mean little when it is above the CPUs)")
    # One and two threads alternate `rounds` times: the machine's speed drifts (shared cores,
    # frequency), and each ratio compares two runs taken one after the other; the median is reported.
    ratios = []
    for r in range(args.rounds):
        one, one_cpu, g1, split1 = vec_env_rate(args.rules, args.tables, 1, seconds, args.steps)
        print(f"VecEnv({args.tables}) random legal actions, 1 thread : {one:12,.0f} agent steps/s "
              f"({one_cpu:,.0f} per CPU second, {g1} games)")
        two, two_cpu, g2, split2 = vec_env_rate(args.rules, args.tables, 2, seconds, args.steps)
        ratios.append(two / one)
        print(f"VecEnv({args.tables}) random legal actions, 2 threads: {two:12,.0f} agent steps/s "
              f"({two_cpu:,.0f} per CPU second, {g2} games, {two / two_cpu:.2f} cores busy), x{two / one:.2f} wall-clock")
    if len(ratios) > 1:
        print(f"two threads against one, {len(ratios)} alternating rounds: "
              + ", ".join(f"x{x:.2f}" for x in ratios) + f"; median x{sorted(ratios)[len(ratios) // 2]:.2f}")
    # Amdahl: the serial part runs alone, the stepping is shared by the threads. From one
    # thread's CPU split: the best two idle cores can do, with no cost of sharing.
    s, w = split1["serial_us"], split1["work_us"]
    print(f"  CPU per step, 1 thread: serial {s:.0f} us ({s / (s + w):.1%}) + stepping {w:.0f} us; "
          f"2 threads: serial {split2['serial_us']:.0f} + stepping {split2['work_us']:.0f} us; "
          f"bound on two idle cores x{(s + w) / (s + w / 2):.2f}")
    if args.interleave:
        one, two, same = vec_env_interleaved(args.rules, args.tables, args.interleave, 10)
        print(f"VecEnv({args.tables}) interleaved, {args.interleave} steps each: 1 thread {one:,.0f} agent steps/s, "
              f"2 threads {two:,.0f}: x{two / one:.2f} wall-clock (same games on both: {same})")
    match_rate(args.rules, "random", 4)  # warm-up: the first games of a process are slower
    # The two matches alternate in rounds of a tenth of the games (the same seeds each round), so
    # both see the same machine; the rates are over the summed CPU times.
    rounds = 10 if games >= 10 else 1
    per = games // rounds
    builtin_time = python_time = 0.0
    for _ in range(rounds):
        builtin_time += per / match_rate(args.rules, "random", per)
        python_time += per / match_rate(args.rules, FirstLegal(), per)
    builtin, python = per * rounds / builtin_time, per * rounds / python_time
    print(f"match, seat 0 built-in random     : {builtin:8.1f} games per CPU second")
    print(f"match, seat 0 trivial Python agent: {python:8.1f} games per CPU second ({python / builtin:.2f} of built-in, "
          f"{rounds} alternating rounds)")
    rate, count = replay_rate(args.rules, max(4, games // 2), 1)
    print(f"replay iteration, 1 thread: {rate:12,.0f} decisions per CPU second ({count} decisions, "
          f"observations and masks)")


if __name__ == "__main__":
    main()
