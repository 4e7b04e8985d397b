// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof/presets.h: the named cache models (docs/guest-profile.md,
// "Cache presets", which cites the sources of each figure) and the parsing
// of the plugin's cache= argument.  QEMU-free.
#pragma once

#include "cache_model.h"

#include <string>
#include <vector>

namespace guestprof {

// The presets in the order the docs list them: n1, v1, small.
const std::vector<ModelSpec> &presets();

// Their names, for messages ("n1, v1, small").
std::string preset_names();

// The preset NAME, or nullptr.
const ModelSpec *find_preset(const std::string &name);

} // namespace guestprof
