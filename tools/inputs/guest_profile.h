// SPDX-License-Identifier: GPL-3.0-or-later
// Guest profiles: what guestprof (the project's QEMU TCG plugin) counted per
// measured region and per kernel function, format 2 of docs/guest-profile.md
// (JSON Lines: a header, a run line, per region a region line and its
// function lines), for `inlinetune correlate`, `report` and `db`.  Not to be
// confused with execution profiles (inputs/execution_profile.h: perf's
// samples as weights per symbol).
//
// Format 2 counts each cache model's misses twice: in its set-associative
// hierarchy (`misses`, `cycles`) and in the same hierarchy with fully
// associative LRU caches of the same sizes and lines (`misses_fa`,
// `cycles_fa`: the `_fa` counts).  The fully associative misses are the
// compulsory and capacity ones; the set-associative minus them are the
// conflict misses (which can be negative: LRU is not optimal).
//
// The reader checks the whole file and refuses it (Error "FILE:LINE: ...")
// when it is not format 2, is incomplete ("complete": false, with the
// profile's own error), has a second header, a function line of a region
// not open, a miss count missing (any of the six per model), a region whose
// function lines do not sum to it (instructions and every miss count, `_fa`
// ones included), or modelled cycles (`cycles`, `cycles_fa`) that are not
// the documented formula: an attribution made from half a profile would be
// wrong, not partial.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace inlinetune {

struct CacheGeometry {
  uint64_t size = 0, ways = 0, line = 0;
  bool operator==(const CacheGeometry &o) const {
    return size == o.size && ways == o.ways && line == o.line;
  }
};

// One cache model of the header: "models": [{"name", "l1i", "l1d", "l2", "latency"}].
struct CacheModel {
  std::string name;
  CacheGeometry l1i, l1d, l2;
  uint64_t l2_hit = 0, memory = 0; // latencies, in cycles
  bool same_geometry(const CacheModel &o) const {
    return l1i == o.l1i && l1d == o.l1d && l2 == o.l2 && l2_hit == o.l2_hit && memory == o.memory;
  }
};

// One hierarchy's misses (its L2 sees its own L1s' misses): the model's
// set-associative one, or its fully associative twin.
struct Misses {
  uint64_t l1i = 0, l1d = 0, l2 = 0;
  Misses &operator+=(const Misses &o) {
    l1i += o.l1i;
    l1d += o.l1d;
    l2 += o.l2;
    return *this;
  }
  bool operator==(const Misses &o) const { return l1i == o.l1i && l1d == o.l1d && l2 == o.l2; }
};

// cycles = insns + (L1I + L1D misses) x L2 hit latency + L2 misses x memory
// latency (docs/guest-profile.md, "Modelled cycles"); over a region's
// `misses` its `cycles`, over its `misses_fa` its `cycles_fa`.
uint64_t modelled_cycles(const CacheModel &model, uint64_t insns, const Misses &misses);

struct GuestFunction {
  std::string function;            // the symbol, "[user]" or "[kernel unknown]"
  std::optional<std::string> addr; // "0xffff8000080123a0"; none for the buckets
  bool user = false;               // "space": "user"
  uint64_t insns = 0, calls = 0;
  std::vector<Misses> misses;    // per model, in the header's order
  std::vector<Misses> misses_fa; // per model: its fully associative hierarchy's
  size_t line = 0;
};

struct GuestRegion {
  uint64_t region = 0; // 1, 2, ...
  // Filled by the harness's join; nullopt in the plugin's own file.
  std::optional<std::string> workload, metric;
  std::optional<uint64_t> iterations;
  std::string name; // the workload, or "region1", "region2", ... when not joined
  uint64_t insns = 0;
  std::vector<Misses> misses;      // per model
  std::vector<Misses> misses_fa;   // per model, fully associative
  std::vector<uint64_t> cycles;    // per model
  std::vector<uint64_t> cycles_fa; // per model, over misses_fa
  std::vector<GuestFunction> functions;
  size_t line = 0;
};

struct GuestProfile {
  std::string path;
  std::string tool, vmlinux;
  std::optional<std::string> vmlinux_build_id;
  int64_t qemu_plugin_version = 0;
  std::vector<CacheModel> models;
  uint64_t run_insns = 0;
  std::vector<Misses> run_misses;    // per model
  std::vector<Misses> run_misses_fa; // per model, fully associative
  std::vector<GuestRegion> regions;

  // Index into models, or nullopt.
  std::optional<size_t> find_model(const std::string &name) const;
  const GuestRegion *find_region(const std::string &name) const;
};

inline constexpr const char *kGuestProfileFormat = "inlinetune-guest-profile";
inline constexpr int kGuestProfileVersion = 2;

// PATH names the file in messages.  Throws Error "PATH:LINE: ..." (or
// "PATH: ...") for anything the header comment lists.
GuestProfile parse_guest_profile(const std::string &text, const std::string &path);
GuestProfile read_guest_profile(const std::string &path);

} // namespace inlinetune
