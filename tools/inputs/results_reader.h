// SPDX-License-Identifier: GPL-3.0-or-later
// Measured workload results, as `make bench-kernel` writes them, for
// `inlinetune correlate`, `report` and `db`.  Two CSV layouts (a header row
// first, columns found by name, extra columns ignored):
//
//   wide:  workload,metric,baseline,new           one row per workload and metric
//          [,runs][,iterations]
//          [,baseline_min,baseline_max,new_min,new_max]
//   long:  workload,metric,variant,value          one row per variant; the rows of
//          [,runs][,min,max][,iterations]         the base and new variants are paired
//
// runs, min, max and iterations are optional (older files have none of
// them): the number of runs the value sums up (make bench-kernel: the
// median over the boots), their spread, and the iterations each run timed
// (the workload's operations, make bench-kernel's `iterations`).  A
// malformed row (a field that is not a number or not a count, a
// missing field, a duplicate, a value outside its min..max) is reported as
// "FILE:LINE: ..." and skipped; a header without the columns of either
// layout, or with half of a min/max pair, is an Error.  docs/cli.md
// ("correlate").
#pragma once

#include "read/log_reader.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace inlinetune {

struct ResultRow {
  std::string workload, metric;
  double baseline = 0, next = 0;              // the metric in the base and the new build
  std::optional<int64_t> base_runs, new_runs; // "runs" (the wide layout's: both)
  std::optional<int64_t> base_iterations, new_iterations; // "iterations", as runs
  // The spread over the runs: min and max of each build's value (nullopt:
  // the file has none for this row).  min <= value <= max.
  std::optional<double> base_min, base_max, new_min, new_max;
  size_t line = 0; // where it was read (the base row's, long layout)

  // next / baseline - 1 (0.05 for 5% more), or nullopt when baseline is 0.
  std::optional<double> change() const;
};

struct Results {
  std::string path;
  enum class Layout { wide, long_ } layout = Layout::wide;
  std::string base_variant, new_variant; // long layout: the variants paired
  std::vector<ResultRow> rows;           // in file order
  size_t errors = 0;                     // rows reported and skipped
};

struct ResultsOptions {
  // Long layout: the variants to compare.  Empty base: "baseline" (or
  // "base").  Empty new: the one other variant, an Error when there are
  // several.  Ignored for the wide layout.
  std::string base_variant, new_variant;
};

// Parses TEXT read from PATH (the name used in messages).  Throws Error for
// a missing or unusable header or a variant not in the file.
Results parse_results(std::string_view text, const std::string &path, const ResultsOptions &options,
                      const DiagnosticSink &sink);
Results read_results(const std::string &path, const ResultsOptions &options,
                     const DiagnosticSink &sink);

} // namespace inlinetune
