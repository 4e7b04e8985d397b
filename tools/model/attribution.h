// SPDX-License-Identifier: GPL-3.0-or-later
// Attribution of each workload's change to groups of functions: two guest
// profiles (inputs/guest_profile.h: what guestprof counted per kernel
// function in each measured region, one profile per build) joined with the
// two builds' decision logs (a BuildDiff with copies).  `inlinetune
// correlate --guest-profiles` prints it, `report` draws it.  Nothing here
// prints.
//
// The rule (docs/guest-profile.md, "Attribution"): inlining moves
// instructions between symbols, so a region's functions are compared over
// groups that stay comparable.  Two functions H and X that the region
// executed (in either build) are in one group when code moved between them:
// some TU where X has an out-of-line body (in either build) holds a
// different number of copies of X's code inside H in the two builds (inline
// copies by chain, any inliner, counted through the early inliner's inlining
// that every copy of a body inherits); groups are closed under that
// (union-find).  User space and [kernel unknown] are groups of their own.
// A group's change is the sum of its members'; the groups' changes add up to
// the region's, which attribute() checks on every run.
#pragma once

#include "glob.h"
#include "inputs/guest_profile.h"
#include "model/build_diff.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace inlinetune {

// Which of a cache model's two hierarchies the misses and modelled cycles
// shown are (--cycles): the model's own, set-associative, or the same
// caches fully associative (format 2's `_fa` counts: no conflict misses).
enum class CyclesKind { set_associative, fully_associative };

// "set-associative", "fully-associative": --cycles' values, JSON's
// cycles_kind.
const char *cycles_kind_name(CyclesKind kind);

struct AttributionOptions {
  std::vector<Glob> workloads;    // --workload: none for all
  std::vector<std::string> globs; // their text, for messages
  std::string model;              // --model: "" for the first of BASE's that NEW has
  double coverage = 0.9;          // the share of the change the listed groups cover at least
  // --cycles: which of the model's hierarchies (its misses, its cycles) is shown.
  CyclesKind cycles = CyclesKind::set_associative;
};

// One build's counts of a group (or of a region), both hierarchies' of
// the model chosen; misses_of() and cycles_of() pick the one shown.
struct GroupCounts {
  uint64_t insns = 0;
  Misses misses;       // set-associative (0 without a model)
  uint64_t cycles = 0; // modelled, over misses (insns without a model)
  Misses misses_fa;    // the same caches fully associative
  uint64_t cycles_fa = 0;

  const Misses &misses_of(CyclesKind k) const {
    return k == CyclesKind::fully_associative ? misses_fa : misses;
  }
  uint64_t cycles_of(CyclesKind k) const {
    return k == CyclesKind::fully_associative ? cycles_fa : cycles;
  }
  GroupCounts &operator+=(const GroupCounts &o) {
    insns += o.insns;
    misses += o.misses;
    cycles += o.cycles;
    misses_fa += o.misses_fa;
    cycles_fa += o.cycles_fa;
    return *this;
  }
  bool operator==(const GroupCounts &o) const {
    return insns == o.insns && misses == o.misses && cycles == o.cycles &&
           misses_fa == o.misses_fa && cycles_fa == o.cycles_fa;
  }
};

struct AttributionGroup {
  std::string name;                 // its member with the most instructions (either build)
  std::vector<std::string> members; // by instructions (the larger build's), then name
  GroupCounts base, next;
  double base_per_op = 0, new_per_op = 0, change = 0; // instructions per op; new - base
  // Indices into BuildDiff::flips: site and copy flips whose holder is a member.
  std::vector<size_t> flips;
  bool user = false, unknown = false; // [user], [kernel unknown]
};

struct WorkloadAttribution {
  std::string workload;
  std::optional<std::string> metric;
  std::optional<uint64_t> base_iterations, new_iterations;
  // Per op when both regions have their iterations, else per region (ops 1).
  bool per_op = false;
  double base_ops = 1, new_ops = 1;
  GroupCounts base, next;
  double change = 0; // instructions per op, new - base
  // Every group of the region (a member executed in either build), by
  // |change| (largest first), then name; the first LISTED cover at least
  // AttributionOptions::coverage of the sum of |change| over all.
  std::vector<AttributionGroup> groups;
  size_t listed = 0;
  double covered = 1;      // sum |change| of the listed / of all (1 when nothing changed)
  double other_change = 0; // the unlisted groups' change
  size_t other_groups = 0; // groups not listed
  double unexplained = 0;  // change - the sum over every group (0: the sum rule)
};

struct Attribution {
  std::string base_path, new_path;
  std::optional<CacheModel> model;              // the model whose misses and cycles are shown
  std::vector<std::string> models;              // the names in both profiles
  std::vector<WorkloadAttribution> workloads;   // in BASE's region order
  std::vector<std::string> only_base, only_new; // workloads in one profile only
  size_t joins = 0;      // pairs of functions that code moved between, from the logs
  double coverage = 0.9; // AttributionOptions::coverage, for the titles
  // AttributionOptions::cycles: which of the model's hierarchies is shown.
  CyclesKind cycles_kind = CyclesKind::set_associative;
};

// Throws UsageError for a --model no profile has or a --workload that matches
// no workload of both, Error when a model differs between the profiles or
// when the groups do not add up (an internal error).
Attribution attribute(const BuildDiff &diff, const GuestProfile &base, const GuestProfile &next,
                      const AttributionOptions &options);

} // namespace inlinetune
