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
#pragma once

#include "options.h"

#include <optional>
#include <string>
#include <string_view>

namespace inlinetune {

struct ReplaySlice {
  bool in_scope = false;               // replay-tus matches the TU, or is not given
  std::optional<std::string> log_text; // the TU's recorded log; nullopt when PATH holds none
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
