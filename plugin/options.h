// SPDX-License-Identifier: GPL-3.0-or-later
// The plugin's -fplugin-arg-inlinetune-KEY[=VALUE] options, from one table.
// GCC-free: plugin_init turns GCC's plugin_argument array into PluginArg.
#pragma once

#include "glob.h"

#include <optional>
#include <string>
#include <vector>

namespace inlinetune {

// What GCC puts before each option of a plugin named inlinetune.
inline constexpr const char *kPluginArgPrefix = "-fplugin-arg-inlinetune-";

struct PluginArg {
  std::string key;
  std::optional<std::string> value; // absent for "-fplugin-arg-inlinetune-verbose"
  std::string spelling() const;     // the whole flag, as the user wrote it
};

struct OptionSpec {
  const char *key;
  enum class Kind { Flag, Value } kind;
  const char *value_name; // "NAME", "FILE", ...; nullptr for flags
  const char *help;
};

// Every option the plugin knows, in the order --help lists them.
const std::vector<OptionSpec> &option_table();
// "profile=NAME ...; policy=FILE ...": the table as GCC's plugin help text.
std::string option_help_text();

struct Options {
  std::vector<std::string> profiles;       // profile=NAME, in order
  std::vector<std::string> policy_files;   // policy=FILE, in order
  std::vector<std::string> noinline_lists; // noinline=a,b,c, in order
  std::optional<std::string> srctree;      // srctree=DIR
  std::string tag;                         // tag=STRING
  std::string log = "obj";                 // log=obj|off|DIR
  // Replay (docs/replay.md): the log, the fallback for sites it does not
  // know (gcc, never, always), the scope (empty: everything).
  std::optional<std::string> replay;             // replay=PATH
  std::string replay_fallback = "gcc";           // replay-fallback=
  std::vector<Glob> replay_tus, replay_functions; // replay-tus=, replay-functions=
  bool verbose = false;
};

// Parses ARGS; appends a message per bad argument to ERRORS (each quotes the
// whole flag) and returns false if there was any.
bool parse_options(const std::vector<PluginArg> &args, Options *out,
                   std::vector<std::string> *errors);

} // namespace inlinetune
