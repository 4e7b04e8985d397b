// SPDX-License-Identifier: GPL-3.0-or-later
// launcher/replay_slice.h: the part of a replay (-fplugin-arg-inlinetune-
// replay=PATH, docs/replay.md) that can change one TU's code: the TU's own
// recorded log, or nothing when replay-tus leaves the TU out.  GCC-free.
//
// inlinetune-cc (launcher/main.cc) hands the plugin this slice, a file named
// by its content, instead of PATH, so that a compiler cache keys each
// object on the decisions recorded for its TU rather than on PATH (which
// ccache sees as a string): replaying another build's log, or the same
// log at another place, recompiles only the TUs whose recorded decisions
// differ, and a TU that replay-tus leaves out is compiled as without
// replay.  The TU is found as the plugin finds it (find_recorded_tu).
//
// replay-functions= is cut the same way: to the globs that name a function
// the TU's log records (a site's caller, or a function record), so that a
// list that changes elsewhere (a search's ddmin over functions of many
// TUs) recompiles only the TUs whose own functions changed, and a TU none
// of whose functions it names is compiled as without replay.  Exact where
// every function that replay could touch is in the log: the same source
// as the recorded build's, under replay-fallback=gcc (with never or
// always, a function the log does not record is replayed too, and the
// list is left whole).
#pragma once

#include "options.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace inlinetune {

struct ReplaySlice {
  bool in_scope = false;               // replay-tus and replay-functions leave the TU in
  std::optional<std::string> log_text; // the TU's recorded log; nullopt when PATH holds none
  // replay-functions= for the TU: the globs, in their order, that name a
  // function of its log; nullopt when the option is not given, or the
  // list stays whole (no log, a fallback other than gcc).
  std::optional<std::vector<std::string>> functions;
};

// OPTIONS' replay for the TU at TU_PATH (relative to the source tree, as
// replay-tus matches it) built to OBJECT.  Throws Error as
// find_recorded_tu does (a damaged log: the plugin then reports it).
ReplaySlice replay_slice_for_tu(const Options &options, std::string_view tu_path,
                                const std::string &object);

// The object the plugin names for a compile (its TU header's "object"):
// OUTPUT with its extension replaced by ".o", or without -o SOURCE's base
// name's (GCC's dump base, as plugin/inlinetune.cc's object_path reads it).
std::string compile_object(const std::optional<std::string> &output, const std::string &source);

} // namespace inlinetune
