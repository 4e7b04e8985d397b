// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof/args.h: the plugin's arguments (QEMU's -plugin
// FILE,KEY=VALUE,...), parsed into a Config.  QEMU-free: the plugin's glue
// (plugin.cc) passes argv here, and the unit tests test every error.
//
//   vmlinux=PATH          the booted kernel's vmlinux (required)
//   out=PATH              the profile to write at exit (required)
//   cache=M[+M...]|none   the models: presets (n1, v1, small) or custom;
//                         default n1, or custom alone when a custom
//                         geometry is given
//   l1i=, l1d=, l2=       the custom model's caches, SIZE:WAYS:LINE
//   latency=L2HIT:MEM     the custom model's latencies in cycles
// docs/guest-profile.md documents them.
#pragma once

#include "cache_model.h"

#include <string>
#include <vector>

namespace guestprof {

struct Config {
  std::string vmlinux, out;
  std::vector<ModelSpec> models; // empty for cache=none
};

// Parses ARGS (each "KEY=VALUE"); throws inlinetune::Error with a message
// that quotes the argument at fault whole ("argument 'l1i=3K:4:64': ...").
Config parse_args(const std::vector<std::string> &args);

} // namespace guestprof
