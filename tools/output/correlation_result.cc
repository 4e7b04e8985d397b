// SPDX-License-Identifier: GPL-3.0-or-later
// What `inlinetune correlate` prints, made from a Correlation:
// correlation_result.h.
#include "output/correlation_result.h"

#include "error.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <algorithm>
#include <cmath>

namespace inlinetune {

namespace {

// A fraction as a percentage rounded to 2 places; null for nullopt.
Cell percent(const std::optional<double> &fraction) {
  if (!fraction)
    return nullptr;
  return std::round(*fraction * 10000) / 100;
}

Cell rounded(double v) {
  return std::round(v * 100) / 100;
}

// A text bar: VALUE of MAX as up to WIDTH '#', at least one for a non-zero
// value.
std::string bar(double value, double max, size_t width = 20) {
  if (max <= 0 || value <= 0)
    return "";
  auto n = static_cast<size_t>(std::lround(value / max * static_cast<double>(width)));
  return std::string(std::max<size_t>(n, 1), '#');
}

} // namespace

Result correlation_result(const BuildDiff &d, const Results &results, const Correlation &c,
                          size_t errors, size_t top) {
  const std::vector<std::string> &base_paths = d.base_paths, &new_paths = d.new_paths;
  Result res;
  res.kind = "correlate";
  std::string workloads =
      fmt::format("{} workload result{} ({}{})", c.workloads.size(),
                  c.workloads.size() == 1 ? "" : "s", results.path,
                  results.layout == Results::Layout::long_
                      ? fmt::format(": {} against {}", results.new_variant, results.base_variant)
                      : "");
  std::string changed =
      fmt::format("{} changed function{} ({} flip{}: {} to inlined, {} to not inlined)",
                  c.functions.size(), c.functions.size() == 1 ? "" : "s", c.flips,
                  c.flips == 1 ? "" : "s", c.to_inlined, c.to_not_inlined);
  // The code-size side of every change: the .text growth of the TUs
  // compared, beside the measured changes.
  std::optional<int64_t> text_delta;
  Cell text_percent = nullptr;
  std::string text;
  if (c.text_base && c.text_new) {
    text_delta = *c.text_new - *c.text_base;
    text_percent = percent_change(*c.text_base, *c.text_new);
    text = fmt::format(".text growth: {} bytes ({}{} -> {} bytes of the functions in the {} "
                       "TU{} compared{})",
                       signed_number(*text_delta),
                       text_percent.is_null()
                           ? "" // from 0 bytes
                           : cell_text(Column("", true), text_percent, true) + "%; ",
                       *c.text_base, *c.text_new, c.tus, c.tus == 1 ? "" : "s",
                       c.text_tus < c.tus ? fmt::format(", {} of them without symbol tables: "
                                                        "not counted",
                                                        c.tus - c.text_tus)
                                          : "");
  } else {
    text = ".text growth: unknown (no symbol tables: logs read from .jsonl files)";
  }
  // Instruction counts are not time: say so wherever they are shown.
  std::vector<std::string> instruction_metrics;
  for (const WorkloadCorrelation &x : c.workloads)
    if (x.instructions && std::find(instruction_metrics.begin(), instruction_metrics.end(),
                                    x.metric) == instruction_metrics.end())
      instruction_metrics.push_back(x.metric);
  std::string metric_note =
      instruction_metrics.empty()
          ? ""
          : fmt::format("{}: instructions counted by QEMU's -icount, not cycles; code-size and "
                        "cache effects do not show in them, so read each change beside the "
                        ".text growth (text_delta, text_change).",
                        fmt::join(instruction_metrics, ", "));
  // The cache model's figures, per model in the order the results name them.
  std::vector<std::pair<std::string, std::vector<std::string>>> model_metrics;
  for (const WorkloadCorrelation &x : c.workloads) {
    if (x.cache_model.empty())
      continue;
    auto m = std::find_if(model_metrics.begin(), model_metrics.end(),
                          [&](const auto &e) { return e.first == x.cache_model; });
    if (m == model_metrics.end())
      m = model_metrics.insert(model_metrics.end(), {x.cache_model, {}});
    if (std::find(m->second.begin(), m->second.end(), x.metric) == m->second.end())
      m->second.push_back(x.metric);
  }
  for (const auto &[model, metrics] : model_metrics)
    metric_note += fmt::format("{}{}: the guest profiles' cache model {}: a model, not a "
                               "measurement of a real core.",
                               metric_note.empty() ? "" : " ", fmt::join(metrics, ", "), model);
  if (c.has_profile)
    res.headline = fmt::format(
        "{}; {}; profile of the {} build ({}, {}): {} of its weight in changed functions, "
        "{} in functions of the logs",
        workloads, changed, c.profile_build == ExecutionProfileBuild::base ? "base" : "new",
        c.profile_path, profile_format_name(c.profile_format),
        cell_text(Column(""), percent(c.changed_share), true) + "%",
        cell_text(Column(""),
                  percent(c.total > 0 ? std::optional<double>(c.matched / c.total) : std::nullopt),
                  true) +
            "%");
  else
    res.headline = fmt::format("{}; {}; no profile given: functions ranked by flips and byte "
                               "delta, and no share of the changes attributed to them",
                               workloads, changed);
  res.headline += "; " + text;
  res.summary = {
      {"base", base_paths},
      {"new", new_paths},
      {"results", results.path},
      {"base_variant", results.base_variant.empty() ? Cell(nullptr) : Cell(results.base_variant)},
      {"new_variant", results.new_variant.empty() ? Cell(nullptr) : Cell(results.new_variant)},
      {"workloads", c.workloads.size()},
      {"changed_functions", c.functions.size()},
      {"flips", c.flips},
      {"to_inlined", c.to_inlined},
      {"to_not_inlined", c.to_not_inlined},
      {"profile", c.has_profile ? Cell(c.profile_path) : Cell(nullptr)},
      {"profile_format",
       c.has_profile ? Cell(profile_format_name(c.profile_format)) : Cell(nullptr)},
      {"profile_build", c.has_profile
                            ? Cell(c.profile_build == ExecutionProfileBuild::base ? "base" : "new")
                            : Cell(nullptr)},
      {"profile_unit", c.has_profile ? Cell(c.profile_unit) : Cell(nullptr)},
      {"profile_total", c.has_profile ? rounded(c.total) : Cell(nullptr)},
      {"profile_matched", c.has_profile ? rounded(c.matched) : Cell(nullptr)},
      {"profile_symbols", c.symbols},
      {"profile_matched_symbols", c.matched_symbols},
      {"profile_ambiguous_symbols", c.ambiguous_symbols},
      {"changed_weight", c.has_profile ? rounded(c.changed_weight) : Cell(nullptr)},
      {"changed_share", percent(c.changed_share)},
      {"text_base", c.text_base ? Cell(*c.text_base) : Cell(nullptr)},
      {"text_new", c.text_new ? Cell(*c.text_new) : Cell(nullptr)},
      {"text_delta", text_delta ? Cell(*text_delta) : Cell(nullptr)},
      {"text_percent", text_percent},
      {"text_tus", c.text_tus},
      {"metric_note", metric_note.empty() ? Cell(nullptr) : Cell(metric_note)},
      {"errors", errors}};

  auto cut = [&](Table &t, std::vector<Cell> row) {
    if (top && t.rows.size() == top)
      ++t.omitted;
    else
      t.rows.push_back(std::move(row));
  };

  // The changed functions, ranked.
  Table f;
  f.name = "functions";
  f.title = c.has_profile ? "Changed functions, by profile weight:"
                          : "Changed functions, by flips and byte delta (no profile):";
  Column moved("moved", ItemText([](const Cell &m) {
                 return fmt::format("{} {} {}", m["direction"].get<std::string>(),
                                    m["function"].get<std::string>(),
                                    cell_text(Column(""), m["weight"], true));
               }));
  f.columns = {
      {"rank"}, {"function"},   {"file"},           {"status"},      {"weight"},          {"share"},
      {"bar"},  {"to_inlined"}, {"to_not_inlined"}, {"delta", true}, {"est_delta", true}, moved};
  double max_key = 0;
  for (const FunctionCorrelation &fc : c.functions)
    max_key =
        std::max(max_key, c.has_profile ? fc.weight
                                        : static_cast<double>(fc.to_inlined + fc.to_not_inlined));
  for (size_t i = 0; i < c.functions.size(); ++i) {
    const FunctionCorrelation &fc = c.functions[i];
    Cell mv = Cell::array();
    for (const WeightMove &m : fc.moved_in)
      mv.push_back({{"direction", "from"}, {"function", m.symbol}, {"weight", rounded(m.weight)}});
    for (const WeightMove &m : fc.moved_out)
      mv.push_back({{"direction", "to"}, {"function", m.symbol}, {"weight", rounded(m.weight)}});
    cut(f,
        {i + 1, fc.name, fc.tu, function_status_name(fc.status),
         c.has_profile ? rounded(fc.weight) : Cell(nullptr), percent(fc.share),
         bar(c.has_profile ? fc.weight : fc.to_inlined + fc.to_not_inlined, max_key), fc.to_inlined,
         fc.to_not_inlined, fc.delta ? Cell(*fc.delta) : Cell(nullptr), fc.est_delta, mv});
  }

  // The workloads.
  Table w;
  w.name = "workloads";
  w.title = "Workloads (change: new / baseline - 1, in percent; spread: min..max over the runs; "
            "text: the .text growth beside each change):";
  w.note = metric_note;
  // A spread as "min..max" (JSON: [min, max]); the runs as "base/new".
  auto item_number = [](const Cell &v) { return cell_text(Column(""), v, true); };
  Column base_spread("base_spread", ItemText(item_number), ".."),
      new_spread("new_spread", ItemText(item_number), ".."),
      runs("runs", ItemText(item_number), "/");
  // Null (JSON, CSV) where a spread is missing or comes from one run.
  Column within("within_spread");
  within.null_text = "not measured";
  // Each value beside its spread, and the change beside whether it is
  // within the spread and beside what it cost in .text.
  w.columns = {{"workload"},
               {"metric"},
               {"baseline"},
               base_spread,
               {"new"},
               new_spread,
               runs,
               {"change", true},
               within,
               {"text_delta", true},
               {"text_change", true},
               {"bar"},
               {"rate"},
               {"changed_share"},
               {"needed", true},
               {"explainable"}};
  auto spread = [](const std::optional<double> &lo, const std::optional<double> &hi) {
    return lo && hi ? Cell::array({*lo, *hi}) : Cell(nullptr);
  };
  double max_change = 0;
  for (const WorkloadCorrelation &x : c.workloads)
    if (x.change)
      max_change = std::max(max_change, std::fabs(*x.change));
  for (const WorkloadCorrelation &x : c.workloads) {
    std::string b;
    if (x.change && *x.change != 0)
      b = (*x.change > 0 ? "+" : "-") + bar(std::fabs(*x.change), max_change);
    Cell run_counts = nullptr;
    if (x.base_runs || x.new_runs)
      run_counts = Cell::array({x.base_runs ? Cell(*x.base_runs) : Cell(nullptr),
                                x.new_runs ? Cell(*x.new_runs) : Cell(nullptr)});
    // Every workload: --top cuts the functions only.
    w.rows.push_back({x.workload, x.metric, x.baseline, spread(x.base_min, x.base_max), x.next,
                      spread(x.new_min, x.new_max), run_counts, percent(x.change),
                      x.within_spread ? Cell(*x.within_spread) : Cell(nullptr),
                      text_delta ? Cell(*text_delta) : Cell(nullptr), text_percent, b, x.rate,
                      percent(c.changed_share), percent(x.needed), percent(x.explainable)});
  }
  res.tables.push_back(std::move(f));
  res.tables.push_back(std::move(w));
  return res;
}

} // namespace inlinetune
