// SPDX-License-Identifier: GPL-3.0-or-later
// What `inlinetune correlate --guest-profiles` adds to correlate's Result
// (table.h), from an Attribution (model/attribution.h): per workload one
// sentence (the table format's prologue: "stat -161.00 insns/op: vfs_statx
// -90.00 (...), ... (other: 3 groups, -5.00; unexplained 0)"), the table
// `groups` (the listed groups of every workload and an "other" row each;
// the main table, the CSV's), the table `guest_workloads` (one row per
// workload, the sentence in its `attribution` column) and the summary's
// `guest_profiles`.  `report` shows the same.
#pragma once

#include "model/attribution.h"
#include "model/build_diff.h"
#include "output/table.h"

namespace inlinetune {

// Cache figures are a model: said wherever they are shown.
extern const char *const kCacheModelNote;

// A Result of its own (kind "correlate"), for correlate without --results.
Result attribution_only_result(const Attribution &a, size_t errors);
// Adds A to RES: groups first (the main table), guest_workloads last.
void add_attribution(Result &res, const BuildDiff &d, const Attribution &a);

} // namespace inlinetune
