// SPDX-License-Identifier: GPL-3.0-or-later
// The join of a two-build diff with measured workload results and, when
// given, an execution profile: `inlinetune correlate` prints it, `report`
// plots it.  Nothing here prints.
//
// The model (docs/cli.md, "correlate"), attribution by profile share, not
// causation:
// - a function is *changed* when diff lists it (FunctionDiff::changed());
// - its *weight* is the profile weight of its symbols (foo, foo.constprop.0,
//   foo.cold, ...) in the build the profile was recorded on; a symbol that
//   names functions in several TUs (static functions of one name) is split
//   evenly among them;
// - with a BASE profile, the weight of a function that vanished moves to the
//   functions that hold its inlined copies in NEW (the holders of its
//   flipped call sites), split evenly per flipped site and per holder, since
//   NEW runs that code inside them; with a NEW profile that already happened;
// - the changed share is the weight of the changed functions over the whole
//   profile.  If nothing but the changed functions changed, a measured change
//   of C needed their own cost to change by `needed`, and they can account
//   for at most `explainable` of C (a BASE profile bounds decreases: the
//   changed code cannot get cheaper than free; a NEW profile bounds
//   increases).
#pragma once

#include "inputs/execution_profile.h"
#include "inputs/results_reader.h"
#include "model/build_diff.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace inlinetune {

struct WorkloadCorrelation {
  std::string workload, metric;
  double baseline = 0, next = 0;
  std::optional<double> change; // next / baseline - 1 (nullopt: baseline 0)
  // As the results have them (ResultRow): the runs and the spread over them.
  std::optional<int64_t> base_runs, new_runs;
  std::optional<double> base_min, base_max, new_min, new_max;
  // With both spreads: whether they overlap, i.e. the change is no larger
  // than the spread over the runs (nullopt: not measured, when a spread is
  // missing or comes from fewer than two runs).
  std::optional<bool> within_spread;
  // Whether the metric counts instructions (is_instruction_metric).
  bool instructions = false;
  // The cache model a "NAME:MODEL" metric comes from (cache_model_of), else
  // empty.
  std::string cache_model;
  // A rate (higher is better: "ops_per_sec", "throughput", ".../s"): its cost
  // is 1 / metric.  cost_change is the change in cost, the one the bounds
  // use: change itself for a cost metric (time, instructions per op).
  bool rate = false;
  std::optional<double> cost_change;
  // With a profile (else nullopt): the relative change of the changed
  // functions' own cost that alone would give cost_change (nullopt when no
  // change of theirs can), and the fraction of cost_change they can account
  // for at most (1: all of it).
  std::optional<double> needed, explainable;
};

// Where part of a function's weight came from or went to.
struct WeightMove {
  std::string symbol; // the vanished function (moved_in) or the holder (moved_out)
  double weight = 0;
};

struct FunctionCorrelation {
  size_t function = 0; // index into BuildDiff::functions
  std::string tu, name, symbol;
  FunctionStatus status = FunctionStatus::same;
  int64_t to_inlined = 0, to_not_inlined = 0; // its flips (FunctionDiff::flips), by direction
  std::optional<int64_t> delta;               // bytes NEW - BASE (nullopt: not known)
  int64_t est_delta = 0;
  // Execution profile weight, in ExecutionProfile::unit: on its own symbols in the profiled
  // build, moved in from vanished functions, moved out to holders; weight =
  // own + in - out.  All 0 without a profile.
  double own_weight = 0, weight = 0;
  std::vector<WeightMove> moved_in, moved_out;
  std::optional<double> share; // weight / ExecutionProfile::total (nullopt: no profile)
};

struct Correlation {
  // The profile (has_profile false: none was given, and the weights are 0).
  bool has_profile = false;
  std::string profile_path, profile_unit;
  ExecutionProfileFormat profile_format = ExecutionProfileFormat::perf_report;
  ExecutionProfileBuild profile_build = ExecutionProfileBuild::next;
  double total = 0;          // ExecutionProfile::total
  double matched = 0;        // weight on symbols of functions in the profiled build's logs
  double changed_weight = 0; // weight of the changed functions
  std::optional<double> changed_share; // changed_weight / total
  size_t symbols = 0, matched_symbols = 0, ambiguous_symbols = 0;

  size_t flips = 0, to_inlined = 0, to_not_inlined = 0;
  // What the code-size side of the change cost: the real bytes of the
  // functions of the TUs compared (diff's total), in each build; nullopt
  // when none of those TUs has symbol tables in both builds (text_tus: how
  // many have).
  std::optional<int64_t> text_base, text_new;
  size_t text_tus = 0, tus = 0;
  std::vector<WorkloadCorrelation> workloads; // in the results' order
  std::vector<FunctionCorrelation> functions; // the changed functions, ranked (below)
};

// The changed functions of DIFF, ranked by weight (then by flips, byte and
// estimated delta) with a PROFILE, else by flips (to inlined plus to not
// inlined), then byte delta (estimated when bytes are unknown) by size; ties
// by TU and symbol.  PROFILE may be null.
Correlation correlate(const BuildDiff &diff, const Results &results,
                      const ExecutionProfile *profile);

// Whether METRIC names a rate (higher is better): "per_sec", "per_second",
// "/s", "throughput", "rps", "qps", "tps", "ops_s", "bandwidth".
bool is_rate_metric(const std::string &metric);

// Whether METRIC is an instruction count: its name starts with
// "instructions" (instructions_per_op, instructions_per_request; any case).
// make bench-kernel counts them with QEMU's -icount: instructions, not
// cycles, so code-size and cache effects do not show in them.
bool is_instruction_metric(const std::string &metric);

// The cache model of METRIC when it names one as "NAME:MODEL" (the guest
// profiles' metrics in results.csv: l1i_misses_per_op:n1,
// modelled_cycles_per_op:small, ...; docs/guest-profile.md), else "".  Such
// figures come from a model of caches, not from a real core.
std::string cache_model_of(const std::string &metric);

} // namespace inlinetune
