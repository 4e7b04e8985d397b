// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune: the command that reads the decision logs of the inlinetune GCC
// plugin.  Subcommands come from the table in commands.cc; this file alone
// knows CLI11.  Exit status: 0, 1 when anything failed, 2 for a usage error.
#include "commands/commands.h"
#include "error.h"
#include "project_version.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <memory>

namespace {

// Positionals named by their words ("BASE NEW", "FILE PATH"): CLI11 2.4 and
// later (Debian 13's, testing's) refuse a name with a space, which 2.1
// (Debian 12's) took.  The name is registered with '_' for each space, and
// --help and the error messages show the words again (same width: the
// columns do not move).
std::vector<std::pair<std::string, std::string>> &spaced_names() {
  static std::vector<std::pair<std::string, std::string>> names;
  return names;
}

std::string with_spaces(std::string text) {
  for (const auto &[registered, shown] : spaced_names())
    for (size_t at = text.find(registered); at != std::string::npos;
         at = text.find(registered, at + shown.size()))
      text.replace(at, registered.size(), shown);
  return text;
}

class SpacedNamesFormatter : public CLI::Formatter {
public:
  std::string make_help(const CLI::App *app, std::string name,
                        CLI::AppFormatMode mode) const override {
    return with_spaces(CLI::Formatter::make_help(app, std::move(name), mode));
  }
};

class CliArgs : public inlinetune::Args {
public:
  explicit CliArgs(CLI::App &app) : app_(app) {}
  void positionals(const char *name, std::vector<std::string> *values, bool required,
                   const char *help) override {
    std::string registered = name;
    std::replace(registered.begin(), registered.end(), ' ', '_');
    if (registered != name)
      spaced_names().emplace_back(registered, name);
    app_.add_option(registered, *values, help)->type_name("")->required(required);
  }
  void option(const char *flags, const char *value_name, std::string *value,
              const char *help) override {
    app_.add_option(flags, *value, help)->type_name(value_name);
  }
  void multi_option(const char *flags, const char *value_name, std::vector<std::string> *values,
                    const char *help) override {
    // One value per occurrence: "--base a b" leaves b to the positionals.
    app_.add_option(flags, *values, help)->type_name(value_name)->allow_extra_args(false);
  }
  void option_pair(const char *flags, const char *value_names, std::vector<std::string> *values,
                   const char *help) override {
    // One or two words (CLI11 would show "x 2" in --help for exactly two);
    // GuestProfileOptions-style callers check that both came.
    app_.add_option(flags, *values, help)->type_name(value_names)->expected(1, 2);
  }
  void flag(const char *flags, bool *value, const char *help) override {
    app_.add_flag(flags, *value, help);
  }

private:
  CLI::App &app_;
};

} // namespace

int main(int argc, char **argv) {
  using namespace inlinetune;
  CLI::App app{"Reads the inlining decision logs of the inlinetune GCC plugin "
               "(docs/log-format.md).",
               "inlinetune"};
  app.set_version_flag("--version", kVersionLine,
                       "Print the version and the git commit it was built from, and exit");
  app.require_subcommand(1);
  app.formatter(std::make_shared<SpacedNamesFormatter>()); // before the subcommands copy it
  std::vector<std::pair<CLI::App *, std::function<int()>>> runs;
  for (const Command &command : commands()) {
    CLI::App *sub = app.add_subcommand(command.name, command.summary);
    CliArgs args(*sub);
    runs.emplace_back(sub, command.setup(args));
  }
  app.failure_message([&runs](const CLI::App *, const CLI::Error &e) {
    std::string usage = "inlinetune";
    for (const auto &[sub, run] : runs)
      if (sub->parsed())
        usage += " " + sub->get_name();
    return fmt::format("inlinetune: error: {}\nRun '{} --help' for usage.\n", with_spaces(e.what()),
                       usage);
  });
  // CLI11 would call an unknown word "not expected" or ask for a subcommand.
  if (argc > 1 && argv[1][0] != '-') {
    std::string known;
    bool found = false;
    for (const Command &command : commands()) {
      known += std::string(known.empty() ? "" : ", ") + command.name;
      found = found || argv[1] == std::string(command.name);
    }
    if (!found) {
      fmt::print(stderr,
                 "inlinetune: error: unknown subcommand '{}' (one of: {})\n"
                 "Run 'inlinetune --help' for usage.\n",
                 argv[1], known);
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    return app.exit(e) == 0 ? 0 : 2; // --help is a ParseError too
  }
  std::string usage = "inlinetune";
  try {
    for (const auto &[sub, run] : runs)
      if (sub->parsed()) {
        usage += " " + sub->get_name();
        return run();
      }
  } catch (const UsageError &e) {
    fmt::print(stderr, "inlinetune: error: {}\nRun '{} --help' for usage.\n", e.what(), usage);
    return 2;
  } catch (const Error &e) {
    fmt::print(stderr, "inlinetune: error: {}\n", e.what());
  } catch (const std::exception &e) {
    fmt::print(stderr, "inlinetune: error: internal error: {}\n", e.what());
  }
  return 1;
}
