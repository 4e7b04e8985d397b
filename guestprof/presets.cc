// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof/presets.cc: the presets' figures.  Geometries from Arm's
// technical reference manuals; latencies partly published, partly assumed:
// docs/guest-profile.md says which is which.
#include "presets.h"

namespace guestprof {

namespace {

constexpr uint64_t KiB = 1024, MiB = 1024 * 1024;

} // namespace

const std::vector<ModelSpec> &presets() {
  static const std::vector<ModelSpec> table = {
      // Neoverse N1 (AWS Graviton 2): 64 KiB 4-way L1I and L1D, 64 B lines
      // (N1 TRM, "L1 memory system"); L2 8-way, 64 B lines, 1 MiB as
      // Graviton 2 configures it (N1 TRM, "L2 memory system").  L2 hit: 11
      // cycles (Arm: 9-11 load-to-use); memory: assumed.
      {"n1", {64 * KiB, 4, 64}, {64 * KiB, 4, 64}, {1 * MiB, 8, 64}, {11, 200}},
      // Neoverse V1 (AWS Graviton 3): the same geometry (V1 TRM); L2 hit 13
      // cycles, memory: assumed.
      {"v1", {64 * KiB, 4, 64}, {64 * KiB, 4, 64}, {1 * MiB, 8, 64}, {13, 200}},
      // Small caches, made up so that the kernel's paths do not fit: 8 KiB
      // 2-way L1s, a 128 KiB 8-way L2; the n1 latencies.
      {"small", {8 * KiB, 2, 64}, {8 * KiB, 2, 64}, {128 * KiB, 8, 64}, {11, 200}},
  };
  return table;
}

std::string preset_names() {
  std::string out;
  for (const auto &p : presets())
    out += (out.empty() ? "" : ", ") + p.name;
  return out;
}

const ModelSpec *find_preset(const std::string &name) {
  for (const auto &p : presets())
    if (p.name == name)
      return &p;
  return nullptr;
}

} // namespace guestprof
