// SPDX-License-Identifier: GPL-3.0-or-later
// launcher/compiler_command.h: what inlinetune-cc needs to know of a GCC
// command line: the plugin's options among its arguments, and the one
// source file it compiles, if it compiles one.  GCC-free.
//
// A compiler cache (ccache) must tell the same apart from the different
// without running the compiler, and so must this: the source file is found
// as ccache finds it, by skipping the values of the options that take one
// in the next argument.  When in doubt (no -c, several inputs, a
// preprocessed file whose line markers name the TU, standard input, a
// response file) there is no TU, and the launcher slices nothing away.
#pragma once

#include "options.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace inlinetune {

struct CompilerCommand {
  // Indices into the arguments of -fplugin-arg-inlinetune-policy=FILE, in
  // order, and their files.
  std::vector<size_t> policy_args;
  std::vector<std::string> policy_files;
  std::optional<std::string> srctree; // -fplugin-arg-inlinetune-srctree=DIR
  bool replay = false;                // -fplugin-arg-inlinetune-replay=PATH
  std::optional<std::string> output;  // -o FILE (or -oFILE)
  // The C or C++ source the command compiles (-c, one input, not
  // preprocessed), as written.
  std::optional<std::string> source;
};

// Whether PROGRAM (a path or a name) is a compiler cache or a distributed
// compiler that takes the compiler as its first argument: ccache, sccache,
// distcc, icecc.
bool is_compiler_launcher(std::string_view program);

// ARGS are the compiler's arguments, without the program name.
CompilerCommand parse_compiler_command(const std::vector<std::string> &args);

// ARGS with the policy options replaced by one, naming POLICY, at the place
// of the first.
std::vector<std::string> with_policy(const std::vector<std::string> &args,
                                     const CompilerCommand &command, const std::string &policy);

// The plugin's options among ARGS (-fplugin-arg-inlinetune-KEY[=VALUE]), for
// parse_options.
std::vector<PluginArg> plugin_args(const std::vector<std::string> &args);

// ARGS with their replay options for one TU: replay= naming LOG (the TU's
// slice, launcher/replay_slice.h), replay-tus= gone (the TU is in it), and
// replay-functions= FUNCTIONS joined by ',' where given (the globs that
// name the TU's functions); or, LOG unset, every replay option gone (the
// TU is out of scope, so the plugin would not replay in it).
std::vector<std::string>
with_replay(const std::vector<std::string> &args, const std::optional<std::string> &log,
            const std::optional<std::vector<std::string>> &functions = std::nullopt);

} // namespace inlinetune
