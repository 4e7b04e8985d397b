// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune correlate BASE NEW --results FILE [--exec-profile FILE] [--top N]
//                      [--format table|csv|json] [-o FILE]
//
// The diff of two builds (tools/model/build_diff.h) joined with measured workload
// results and, when given, a profile (tools/model/correlation.h): per workload the
// measured change, and the changed functions ranked by their share of the
// profile (the hot ones first), with how much of each change they can
// account for.  Attribution by profile share, not causation: docs/cli.md
// ("correlate") states the model.  This file reads the inputs and prints
// correlate's Result (output/correlation_result.h, which report shows too).
#include "commands/commands.h"
#include "commands/option_groups.h"
#include "error.h"
#include "model/build_diff.h"
#include "model/correlation.h"
#include "output/correlation_result.h"
#include "output/output_file.h"
#include "output/table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>

namespace inlinetune {

namespace {

struct Options {
  TwoBuildsOptions builds;
  ResultsFileOptions results;
  ExecutionProfileOptions profile;
  RowOptions rows;
  TableOutputOptions table;
};

int run(const Options &options) {
  const size_t top = parse_top(options.table.top);
  const Format format = parse_format(options.table.format);
  options.profile.check();
  if (options.results.results.empty())
    throw UsageError("give the measured results with --results FILE "
                     "(workload,metric,baseline,new or workload,metric,variant,value,runs)");
  const auto [base_paths, new_paths] = options.builds.paths();
  // --top cuts the functions alone (the workloads are always all there):
  // the shaping's own --top is not used.
  const RowShaping shaping = options.rows.shaping(0);
  LoadOptions load;
  load.keep_tu = options.rows.keep_tu();
  Output out(options.table.output); // before reading: a bad -o fails at once

  // The small inputs first: a missing column fails before the builds load.
  const Results results = options.results.read();
  const std::optional<ExecutionProfile> profile = options.profile.read();
  const BuildDiff d = load_diff(base_paths, new_paths, report, load);
  if (std::string warning = tu_mismatch_warning(d); !warning.empty())
    fmt::print(stderr, "inlinetune: warning: {}\n", warning);
  const Correlation c = correlate(d, results, profile ? &*profile : nullptr);
  const size_t errors = d.errors() + results.errors + (profile ? profile->errors : 0);
  Result res = correlation_result(d, results, c, errors, shaping.cut_early() ? top : 0);
  shape(res, shaping);
  if (!shaping.cut_early() && top)
    for (Table &t : res.tables)
      if (t.name == "functions" && t.rows.size() > top) {
        t.omitted += t.rows.size() - top;
        t.rows.resize(top);
      }
  out.write(render(res, format));
  out.commit();
  return errors ? 1 : 0;
}

} // namespace

std::function<int()> setup_correlate(Args &args) {
  auto options = std::make_shared<Options>();
  options->builds.declare(args);
  options->results.declare(args, "Measured results (required): CSV workload,metric,baseline,new or "
                                 "workload,metric,variant,value,runs,min,max");
  options->profile.declare(
      args,
      "An execution profile: perf report --stdio or perf script output, or a symbol,weight CSV");
  options->rows.declare(args, "Sort rows by these columns (default: the functions by profile "
                              "weight, else by flips and bytes)");
  options->table.declare(args);
  return [options] { return run(*options); };
}

} // namespace inlinetune
