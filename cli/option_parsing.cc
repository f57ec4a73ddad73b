#include "cli/option_parsing.h"

#include <iostream>

#include "mjai/stdio_bots.h"
#include "mjai/wire_events.h"
#include "rules/scoring_module.h"

namespace po = boost::program_options;

namespace mj::cli {

std::optional<int> ParseOptions(const char* name, const std::vector<std::string>& args,
                                const po::options_description& desc, po::variables_map& vm,
                                const po::positional_options_description& positional) {
  try {
    po::store(po::command_line_parser(args).options(desc).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << name << ": " << e.what() << "\n" << desc;
    return 2;
  }
  if (vm.count("help")) {
    std::cout << desc;
    return 0;
  }
  return std::nullopt;
}

Result<Ruleset> ReadRulesOption(const std::string& name) {
  auto rules = LoadRuleset(name);
  if (!rules) return Error{"--rules: " + rules.error()};
  if (FindScoringModule(rules->scoring) == nullptr)
    return Error{"--rules: \"" + name + "\" names unknown scoring module \"" + rules->scoring + "\""};
  return rules;
}

void AddBotFlags(po::options_description& desc, BotFlags& flags, const char* default_exchange,
                 long default_timeout_ms) {
  desc.add_options()(
      "bot-exchange", po::value<std::string>(&flags.exchange)->default_value(default_exchange),
      "mjai bots: lockstep (one event a line, every event answered: the reference server's) or batched "
      "(the events since the last answer as one JSON array, asked only to act); docs/MJAI.md")(
      "bot-timeout", po::value<long>(&flags.timeout_ms)->default_value(default_timeout_ms),
      "mjai bots: ms per answer (1 .. 3600000)")(
      "bot-fault", po::value<std::string>(&flags.fault)->default_value("end"),
      "a bot's error ends the game (end, like the reference server) or the seat plays tsumogiri/pass from "
      "then on (substitute)")(
      "bot-dialect", po::value<std::string>(&flags.dialect)->default_value("gimite"),
      "mjai field conventions sent to bots: gimite (the reference server) or mortal (mjai.app)")(
      "max-line", po::value<long>(&flags.max_line)->default_value(65536),
      "mjai bots: the longest line read from a bot or player, in bytes (256 .. 16777216); a longer one is "
      "the bot's fault (an answer is under 200 bytes)");
}

Result<bool> ReadBotFlags(const BotFlags& flags, BotOptions* out) {
  if (!ParseExchange(flags.exchange, &out->exchange))
    return Error{"--bot-exchange must be lockstep or batched, got \"" + flags.exchange + "\""};
  if (!ParseFaultPolicy(flags.fault, &out->on_fault))
    return Error{"--bot-fault must be end or substitute, got \"" + flags.fault + "\""};
  if (!ParseMjaiDialect(flags.dialect, &out->dialect))
    return Error{"--bot-dialect must be gimite or mortal, got \"" + flags.dialect + "\""};
  if (flags.timeout_ms < 1 || flags.timeout_ms > 3600000)
    return Error{"--bot-timeout must be a number of ms from 1 to 3600000, got " + std::to_string(flags.timeout_ms)};
  out->timeout = std::chrono::milliseconds(flags.timeout_ms);
  if (flags.max_line < 256 || flags.max_line > (16L << 20))
    return Error{"--max-line must be a number of bytes from 256 to 16777216, got " + std::to_string(flags.max_line)};
  out->max_line = static_cast<size_t>(flags.max_line);
  return true;
}

}  // namespace mj::cli
