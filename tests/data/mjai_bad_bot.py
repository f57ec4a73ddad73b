#!/usr/bin/env python3
"""A misbehaving mjai stdio bot for the robustness tests (tests/mjai_stdio_test.cc).

Plays like examples/mjai_bot.py (tsumogiri, never calls) until its first own tsumo after
`--after` events, then misbehaves once as `--mode` says:
  wrong-actor  answers the dahai with another seat as actor
  illegal      adds a kan to a pon it does not have
  garbage      writes a line that is not JSON
  exit         exits without answering
  silent       never answers again (the server's timeout)
"""
import json
import sys
import time

mode = sys.argv[sys.argv.index("--mode") + 1]
after = int(sys.argv[sys.argv.index("--after") + 1]) if "--after" in sys.argv else 0
seen = 0
me = None
for line in sys.stdin:
    msg = json.loads(line)
    events = msg if isinstance(msg, list) else [msg]
    seen += len(events)
    for ev in events:
        if ev["type"] == "start_game":
            me = ev["id"]
    last = events[-1]
    if last["type"] in ("end_game", "error"):
        break
    answer = {"type": "none"}
    if last["type"] == "tsumo" and last["actor"] == me:
        answer = {"type": "dahai", "actor": me, "pai": last["pai"], "tsumogiri": True}
        if seen > after:
            if mode == "wrong-actor":
                answer["actor"] = (me + 1) % 4
            elif mode == "illegal":
                answer = {"type": "kakan", "actor": me, "pai": "E", "consumed": ["E", "E", "E"]}
            elif mode == "garbage":
                sys.stdout.write("{this is not json\n")
                sys.stdout.flush()
                continue
            elif mode == "exit":
                sys.exit(3)
            elif mode == "silent":
                time.sleep(60)
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
