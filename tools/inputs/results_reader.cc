// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/results_reader.h"

#include "error.h"
#include "inputs/csv_reader.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

namespace inlinetune {

std::optional<double> ResultRow::change() const {
  if (baseline == 0)
    return std::nullopt;
  return next / baseline - 1;
}

namespace {

std::string trim_lower(std::string s) {
  size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  s = a == std::string::npos ? "" : s.substr(a, b - a + 1);
  for (char &c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(const std::string &s) {
  size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

void set_spread(const std::optional<std::pair<double, double>> &spread, std::optional<double> *min,
                std::optional<double> *max) {
  if (spread) {
    *min = spread->first;
    *max = spread->second;
  }
}

} // namespace

Results parse_results(std::string_view text, const std::string &path, const ResultsOptions &options,
                      const DiagnosticSink &sink) {
  Results results;
  results.path = path;
  auto error = [&](size_t line, const std::string &message) {
    sink({Diagnostic::Level::error, fmt::format("{}:{}", path, line), message});
    ++results.errors;
  };
  std::vector<CsvRow> rows = parse_csv(text);
  if (rows.empty())
    throw Error("{}: no header row (workload,metric,baseline,new or "
                "workload,metric,variant,value,runs)",
                path);
  const CsvRow &header = rows.front();
  if (!header.error.empty())
    throw Error("{}:{}: the header row: {}", path, header.line, header.error);
  std::map<std::string, size_t> column;
  for (size_t i = 0; i < header.fields.size(); ++i)
    column.emplace(trim_lower(header.fields[i]), i);
  auto has = [&](std::initializer_list<const char *> names) {
    return std::all_of(names.begin(), names.end(),
                       [&](const char *n) { return column.count(n) != 0; });
  };
  auto missing = [&](std::initializer_list<const char *> names) {
    std::vector<std::string> out;
    for (const char *n : names)
      if (!column.count(n))
        out.push_back(n);
    return fmt::format("{}", fmt::join(out, ", "));
  };
  if (has({"workload", "metric", "baseline", "new"}))
    results.layout = Results::Layout::wide;
  else if (has({"workload", "metric", "variant", "value"}))
    results.layout = Results::Layout::long_;
  else if (column.count("variant") || column.count("value"))
    throw Error("{}:{}: the header has no column {} (the long layout is "
                "workload,metric,variant,value[,runs][,min,max])",
                path, header.line, missing({"workload", "metric", "variant", "value"}));
  else
    throw Error("{}:{}: the header has no column {} (the results are "
                "workload,metric,baseline,new or workload,metric,variant,value,runs)",
                path, header.line, missing({"workload", "metric", "baseline", "new"}));
  const bool wide = results.layout == Results::Layout::wide;
  const size_t c_workload = column["workload"], c_metric = column["metric"];
  // npos: no runs (iterations) column.  (Not a std::optional: GCC 12 -O2
  // gives a false -Wmaybe-uninitialized for one here.)
  const size_t no_column = std::string::npos;
  const size_t c_runs = column.count("runs") ? column["runs"] : no_column;
  const size_t c_iterations = column.count("iterations") ? column["iterations"] : no_column;
  // The spread columns, optional (files written before make bench-kernel
  // wrote them have none), but never half of a pair.
  struct SpreadColumns {
    const char *value, *min, *max;
    bool present = false;
  };
  std::vector<SpreadColumns> spreads =
      wide ? std::vector<SpreadColumns>{{"baseline", "baseline_min", "baseline_max"},
                                        {"new", "new_min", "new_max"}}
           : std::vector<SpreadColumns>{{"value", "min", "max"}};
  for (SpreadColumns &s : spreads) {
    const bool lo = column.count(s.min) != 0, hi = column.count(s.max) != 0;
    if (lo != hi)
      throw Error("{}:{}: the header has a column {} but no {} (the spread needs both)", path,
                  header.line, lo ? s.min : s.max, lo ? s.max : s.min);
    s.present = lo;
  }

  // One checked row: its key fields and numbers.
  struct Row {
    size_t line;
    std::string workload, metric, variant;
    double a = 0, b = 0; // wide: baseline, new; long: value
    std::optional<int64_t> runs, iterations;
    std::optional<std::pair<double, double>> spread_a, spread_b; // min and max of a, b
  };
  std::vector<Row> good;
  std::map<std::tuple<std::string, std::string, std::string>, size_t> seen; // -> line
  auto duplicate = [&](const Row &g) {
    auto [it, fresh] = seen.emplace(std::make_tuple(g.workload, g.metric, g.variant), g.line);
    if (!fresh)
      error(g.line, fmt::format("a second row for workload '{}', metric '{}'{} (the first is "
                                "line {}); skipped",
                                g.workload, g.metric,
                                wide ? "" : fmt::format(", variant '{}'", g.variant), it->second));
    return !fresh;
  };
  for (size_t r = 1; r < rows.size(); ++r) {
    const CsvRow &row = rows[r];
    if (!row.error.empty()) {
      error(row.line, row.error);
      continue;
    }
    if (row.fields.size() != header.fields.size()) {
      error(row.line, fmt::format("{} field{}, the header has {}", row.fields.size(),
                                  row.fields.size() == 1 ? "" : "s", header.fields.size()));
      continue;
    }
    Row g;
    g.line = row.line;
    g.workload = trim(row.fields[c_workload]);
    g.metric = trim(row.fields[c_metric]);
    if (g.workload.empty() || g.metric.empty()) {
      error(row.line, g.workload.empty() ? "no workload" : "no metric");
      continue;
    }
    auto number = [&](const char *name, double *out) {
      const std::string &f = row.fields[column[name]];
      std::optional<double> v = parse_number(f);
      if (!v)
        error(row.line, fmt::format("{}: '{}' is not a number", name, f));
      else
        *out = *v;
      return v.has_value();
    };
    if (wide) {
      if (!number("baseline", &g.a) || !number("new", &g.b))
        continue;
    } else {
      g.variant = trim(row.fields[column["variant"]]);
      if (g.variant.empty()) {
        error(row.line, "no variant");
        continue;
      }
      if (!number("value", &g.a))
        continue;
    }
    // min..max: both fields or neither, around the value.
    auto spread = [&](const SpreadColumns &s, double value,
                      std::optional<std::pair<double, double>> *out) {
      if (!s.present)
        return true;
      const std::string &lo = row.fields[column[s.min]], &hi = row.fields[column[s.max]];
      if (trim(lo).empty() && trim(hi).empty())
        return true;
      double l = 0, h = 0;
      if (!number(s.min, &l) || !number(s.max, &h))
        return false;
      if (l > h) {
        error(row.line, fmt::format("{} '{}' is above {} '{}'", s.min, trim(lo), s.max, trim(hi)));
        return false;
      }
      if (value < l || value > h) {
        error(row.line,
              fmt::format("{} '{}' is outside {}..{} ({}..{})", s.value,
                          trim(row.fields[column[s.value]]), s.min, s.max, trim(lo), trim(hi)));
        return false;
      }
      *out = std::make_pair(l, h);
      return true;
    };
    if (!spread(spreads[0], g.a, &g.spread_a) || (wide && !spread(spreads[1], g.b, &g.spread_b)))
      continue;
    // A count: empty (none for this row) or a whole number >= 0.
    auto count = [&](const char *name, size_t c, std::optional<int64_t> *out) {
      if (c == no_column || trim(row.fields[c]).empty())
        return true;
      std::optional<double> v = parse_number(row.fields[c]);
      if (!v || *v < 0 || std::floor(*v) != *v || *v > 9e18) {
        error(row.line, fmt::format("{}: '{}' is not a count", name, row.fields[c]));
        return false;
      }
      *out = static_cast<int64_t>(*v);
      return true;
    };
    if (!count("runs", c_runs, &g.runs) || !count("iterations", c_iterations, &g.iterations))
      continue;
    if (duplicate(g))
      continue;
    good.push_back(std::move(g));
  }

  if (wide) {
    for (const Row &g : good) {
      ResultRow out;
      out.workload = g.workload;
      out.metric = g.metric;
      out.baseline = g.a;
      out.next = g.b;
      out.base_runs = out.new_runs = g.runs;
      out.base_iterations = out.new_iterations = g.iterations;
      set_spread(g.spread_a, &out.base_min, &out.base_max);
      set_spread(g.spread_b, &out.new_min, &out.new_max);
      out.line = g.line;
      results.rows.push_back(std::move(out));
    }
    return results;
  }

  // The long layout: choose the variants, then pair their rows.
  std::vector<std::string> variants; // in file order
  for (const Row &g : good)
    if (std::find(variants.begin(), variants.end(), g.variant) == variants.end())
      variants.push_back(g.variant);
  auto in_file = [&](const std::string &v) {
    return std::find(variants.begin(), variants.end(), v) != variants.end();
  };
  std::string base = options.base_variant, next = options.new_variant;
  if (base.empty())
    base = in_file("baseline") ? "baseline" : in_file("base") ? "base" : "";
  if (base.empty())
    throw Error("{}: no variant 'baseline' (variants: {}); name the base one with "
                "--base-variant",
                path, fmt::join(variants, ", "));
  if (!in_file(base))
    throw Error("{}: no rows for the base variant '{}' (variants: {})", path, base,
                fmt::join(variants, ", "));
  if (next.empty()) {
    std::vector<std::string> others;
    for (const std::string &v : variants)
      if (v != base)
        others.push_back(v);
    if (others.size() != 1)
      throw Error(
          others.empty()
              ? fmt::format("{}: only the variant '{}'; nothing to compare it with", path, base)
              : fmt::format("{}: {} variants besides '{}' ({}); choose one with "
                            "--new-variant",
                            path, others.size(), base, fmt::join(others, ", ")));
    next = others.front();
  }
  if (!in_file(next))
    throw Error("{}: no rows for the new variant '{}' (variants: {})", path, next,
                fmt::join(variants, ", "));
  if (next == base)
    throw Error("{}: the base and the new variant are both '{}'", path, base);
  results.base_variant = base;
  results.new_variant = next;

  struct Pair {
    const Row *base = nullptr, *next = nullptr;
  };
  std::vector<std::pair<std::string, std::string>> order;
  std::map<std::pair<std::string, std::string>, Pair> pairs;
  for (const Row &g : good) {
    if (g.variant != base && g.variant != next)
      continue;
    auto key = std::make_pair(g.workload, g.metric);
    auto [it, fresh] = pairs.emplace(key, Pair{});
    if (fresh)
      order.push_back(key);
    (g.variant == base ? it->second.base : it->second.next) = &g;
  }
  for (const auto &key : order) {
    const Pair &p = pairs[key];
    if (!p.base || !p.next) {
      const Row *only = p.base ? p.base : p.next;
      sink({Diagnostic::Level::warning, fmt::format("{}:{}", path, only->line),
            fmt::format("workload '{}', metric '{}' has no row for the {} variant '{}'; left out",
                        key.first, key.second, p.base ? "new" : "base", p.base ? next : base)});
      continue;
    }
    ResultRow out;
    out.workload = key.first;
    out.metric = key.second;
    out.baseline = p.base->a;
    out.next = p.next->a;
    out.base_runs = p.base->runs;
    out.new_runs = p.next->runs;
    out.base_iterations = p.base->iterations;
    out.new_iterations = p.next->iterations;
    set_spread(p.base->spread_a, &out.base_min, &out.base_max);
    set_spread(p.next->spread_a, &out.new_min, &out.new_max);
    out.line = p.base->line;
    results.rows.push_back(std::move(out));
  }
  return results;
}

Results read_results(const std::string &path, const ResultsOptions &options,
                     const DiagnosticSink &sink) {
  return parse_results(read_text_file(path), path, options, sink);
}

} // namespace inlinetune
