#!/usr/bin/env python3
"""A small mjai bot for `mahjong match --agents ...,"mjai-stdio:python3 examples/mjai_bot.py",...`
and `mahjong serve --seats` (docs/MJAI.md). Standard library only.

It reads events on stdin and writes one action per line on stdout, in either exchange:
  - lock-step: one event per line, every event answered ({"type":"none"} when idle);
  - batched: a JSON array of the events since its last answer, sent only when it may act;
    it answers the last one.
It keeps its own hand, wins whenever "possible_actions" offers a hora, otherwise discards the
tile it drew (tsumogiri) and never calls. Under rulesets with shields (Dunpai) it sets its
first tiles as shields when "shield_set_due" asks and discards its last tile when "dahai_due"
asks (the dealer's first discard, which follows no draw).
"""
import json
import sys


class Bot:
    def __init__(self):
        self.id = None
        self.hand = []

    def observe(self, ev):
        t, me = ev.get("type"), ev.get("actor") == self.id
        if t == "start_game":
            self.id = ev["id"]
        elif t == "start_kyoku":
            self.hand = list(ev["tehais"][self.id])
        elif me and t == "tsumo":
            self.hand.append(ev["pai"])
        elif me and t in ("dahai", "shield_set", "exchange") and ev["pai"] in self.hand:
            self.hand.remove(ev["pai"])

    def answer(self, ev):
        """The action for the event `ev` (already observed)."""
        for action in ev.get("possible_actions") or []:
            if action["type"] == "hora":
                return action
        t = ev.get("type")
        if ev.get("shield_set_due"):
            return {"type": "shield_set", "actor": self.id, "pai": sorted(self.hand)[0]}
        if t == "tsumo" and ev["actor"] == self.id:
            return {"type": "dahai", "actor": self.id, "pai": ev["pai"], "tsumogiri": True}
        if ev.get("dahai_due"):
            return {"type": "dahai", "actor": self.id, "pai": self.hand[-1], "tsumogiri": False}
        return {"type": "none"}


def main():
    bot = Bot()
    for line in sys.stdin:
        msg = json.loads(line)
        events = msg if isinstance(msg, list) else [msg]
        for ev in events:
            bot.observe(ev)
        last = events[-1]
        if last.get("type") == "error":
            break
        if last.get("type") == "end_game":
            continue  # not answered; a kept bot (--bot-lifetime match) reads the next game's start_game
        sys.stdout.write(json.dumps(bot.answer(last)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
