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
#include "model/attribution.h"
#include "model/build_diff.h"
#include "model/correlation.h"
#include "output/attribution_result.h"
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
  GuestProfileOptions guest;
  RowOptions rows;
  TableOutputOptions table;
};

// The results of the workloads --workload names (all without it).  Each
// glob must match a result, unless guest profiles are given (their
// workloads are checked by attribute()).
Results select_workloads(Results results, const AttributionOptions &a, bool guest) {
  if (a.workloads.empty())
    return results;
  std::vector<ResultRow> kept;
  std::vector<bool> used(a.workloads.size());
  for (ResultRow &r : results.rows) {
    bool keep = false;
    for (size_t g = 0; g < a.workloads.size(); ++g)
      if (a.workloads[g].matches(r.workload))
        keep = used[g] = true;
    if (keep)
      kept.push_back(std::move(r));
  }
  if (!guest)
    for (size_t g = 0; g < used.size(); ++g)
      if (!used[g])
        throw UsageError("--workload '{}': no workload of {} matches it", a.globs[g], results.path);
  results.rows = std::move(kept);
  return results;
}

int run(const Options &options) {
  const size_t top = parse_top(options.table.top);
  const Format format = parse_format(options.table.format);
  options.profile.check();
  const AttributionOptions attribution = options.guest.options();
  if (options.results.results.empty() && !options.guest.given())
    throw UsageError("give the measured results with --results FILE "
                     "(workload,metric,baseline,new or workload,metric,variant,value,runs), or "
                     "the builds' guest profiles with --guest-profiles BASE NEW");
  if (options.results.results.empty() && !options.profile.profile.empty())
    throw UsageError("--exec-profile needs --results: the profile weighs the functions that "
                     "explain the measured results");
  options.results.check_variants();
  const auto [base_paths, new_paths] = options.builds.paths();
  // --top cuts the functions alone (the workloads are always all there):
  // the shaping's own --top is not used.
  const RowShaping shaping = options.rows.shaping(0);
  LoadOptions load;
  load.keep_tu = options.rows.keep_tu();
  // The attribution's joins and flips count inline copies.
  load.copies = options.guest.given();
  Output out(options.table.output); // before reading: a bad -o fails at once

  // The small inputs first: a missing column fails before the builds load.
  std::optional<Results> results;
  if (!options.results.results.empty())
    results = select_workloads(options.results.read(), attribution, options.guest.given());
  const std::optional<ExecutionProfile> profile = options.profile.read();
  std::optional<std::pair<GuestProfile, GuestProfile>> guest;
  if (options.guest.given())
    guest = options.guest.read();
  const BuildDiff d = load_diff(base_paths, new_paths, report, load);
  if (std::string warning = tu_mismatch_warning(d); !warning.empty())
    fmt::print(stderr, "inlinetune: warning: {}\n", warning);
  const size_t errors =
      d.errors() + (results ? results->errors : 0) + (profile ? profile->errors : 0);
  std::optional<Attribution> a;
  if (guest) {
    a = attribute(d, guest->first, guest->second, attribution);
    GuestProfileOptions::warn(*a);
  }
  Result res;
  if (results) {
    const Correlation c = correlate(d, *results, profile ? &*profile : nullptr);
    res = correlation_result(d, *results, c, errors, shaping.cut_early() ? top : 0);
  } else {
    res = attribution_only_result(*a, errors);
  }
  if (a)
    add_attribution(res, d, *a);
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
  options->results.declare(
      args, "Measured results (or --guest-profiles): CSV workload,metric,baseline,new or "
            "workload,metric,variant,value,runs,min,max");
  options->profile.declare(
      args,
      "An execution profile: perf report --stdio or perf script output, or a symbol,weight CSV");
  options->guest.declare(args);
  options->rows.declare(args, "Sort rows by these columns (default: the functions by profile "
                              "weight, else by flips and bytes)");
  options->table.declare(args);
  return [options] { return run(*options); };
}

} // namespace inlinetune
