// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/correlation.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <tuple>
#include <unordered_map>

namespace inlinetune {

bool is_rate_metric(const std::string &metric) {
  std::string m;
  for (char c : metric)
    m += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // Whole words only for the short ones: "tps" is not in "steps".
  auto word = [&](const std::string &w) {
    for (size_t at = m.find(w); at != std::string::npos; at = m.find(w, at + 1)) {
      bool left = at == 0 || !std::isalnum(static_cast<unsigned char>(m[at - 1]));
      size_t end = at + w.size();
      bool right = end == m.size() || !std::isalnum(static_cast<unsigned char>(m[end]));
      if (left && right)
        return true;
    }
    return false;
  };
  for (const char *part : {"per_sec", "per_second", "persec", "throughput", "bandwidth"})
    if (m.find(part) != std::string::npos)
      return true;
  if (m.size() >= 2 && m.compare(m.size() - 2, 2, "/s") == 0)
    return true;
  for (const char *w : {"rps", "qps", "tps", "ops_s", "iops", "ops/s", "req/s"})
    if (word(w))
      return true;
  return false;
}

bool is_instruction_metric(const std::string &metric) {
  static const std::string prefix = "instructions";
  if (metric.size() < prefix.size())
    return false;
  for (size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(metric[i])) != prefix[i])
      return false;
  return true;
}

std::string cache_model_of(const std::string &metric) {
  const size_t colon = metric.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == metric.size())
    return "";
  return metric.substr(colon + 1);
}

namespace {

// The bounds of docs/cli.md ("correlate") for a cost change C and a changed
// share S measured on the base (BASE_PROFILE) or the new build.
void bound(WorkloadCorrelation &w, double s, bool base_profile) {
  if (!w.cost_change)
    return;
  const double c = *w.cost_change;
  if (c == 0) {
    w.needed = 0.0;
    w.explainable = 1.0;
    return;
  }
  // The changed functions' cost in the base build, as a share of its total,
  // if they alone changed.
  const double base_share = base_profile ? s : s * (1 + c) - c;
  if (base_share > 0)
    w.needed = c / base_share;
  if (base_profile)
    // They cannot get cheaper than free: a decrease beyond S is not theirs.
    w.explainable = c < 0 ? std::min(1.0, s / -c) : (s > 0 ? 1.0 : 0.0);
  else
    // Their cost in NEW is at most all they can have added.
    w.explainable = c > 0 ? std::min(1.0, s * (1 + c) / c) : (s > 0 ? 1.0 : 0.0);
}

} // namespace

Correlation correlate(const BuildDiff &diff, const Results &results,
                      const ExecutionProfile *profile) {
  Correlation out;
  // Site flips: a copy flip changes no site's decision.
  out.flips = diff.site_flips;
  for (const Flip &f : diff.flips)
    if (!f.copy_flip())
      ++(f.to_inlined ? out.to_inlined : out.to_not_inlined);
  // .text: diff's total of real bytes (nulls, for TUs without symbol
  // tables, count 0 there too).
  out.tus = diff.common.size();
  out.text_tus = diff.common.size() - diff.tus_without_symbols;
  if (out.text_tus) {
    int64_t base = 0, next = 0;
    for (const FunctionDiff &fd : diff.functions) {
      base += fd.bytes_base.value_or(0);
      next += fd.bytes_new.value_or(0);
    }
    out.text_base = base;
    out.text_new = next;
  }

  // The changed functions.
  std::map<std::pair<std::string, std::string>, size_t> by_symbol; // (tu, symbol) -> row
  for (size_t i = 0; i < diff.functions.size(); ++i) {
    const FunctionDiff &fd = diff.functions[i];
    if (!fd.changed())
      continue;
    FunctionCorrelation fc;
    fc.function = i;
    fc.tu = fd.tu;
    fc.name = fd.name;
    fc.symbol = fd.symbol;
    fc.status = fd.status;
    for (auto [fi, side] : fd.flips)
      ++(diff.flips[fi].to_inlined ? fc.to_inlined : fc.to_not_inlined);
    if (fd.bytes_known)
      fc.delta = fd.delta;
    fc.est_delta = fd.est_delta;
    by_symbol.emplace(std::make_pair(fd.tu, fd.symbol), out.functions.size());
    out.functions.push_back(std::move(fc));
  }

  if (profile) {
    out.has_profile = true;
    out.profile_path = profile->path;
    out.profile_unit = profile->unit;
    out.profile_format = profile->format;
    out.profile_build = profile->build;
    out.total = profile->total;
    const bool base_profile = profile->build == ExecutionProfileBuild::base;
    const Build &pb = base_profile ? diff.base : diff.next;

    // Execution profile symbols to the profiled build's functions: the exact symbol,
    // else the function GCC made the piece from (foo.cold -> foo); among
    // several (static functions of one name in several TUs), those out of
    // line, the weight split evenly.
    std::unordered_map<std::string, std::vector<size_t>> functions_of;
    for (size_t i = 0; i < pb.functions.size(); ++i)
      functions_of[object_symbol(std::string(pb.str(pb.functions[i].symbol)))].push_back(i);
    std::vector<double> weight(pb.functions.size(), 0.0);
    out.symbols = profile->weights.size();
    for (const auto &[symbol, w] : profile->weights) {
      auto it = functions_of.find(symbol);
      if (it == functions_of.end())
        it = functions_of.find(symbol_base(symbol));
      if (it == functions_of.end())
        continue;
      std::vector<size_t> candidates;
      for (size_t f : it->second)
        if (pb.functions[f].emitted)
          candidates.push_back(f);
      if (candidates.empty())
        candidates = it->second;
      ++out.matched_symbols;
      out.ambiguous_symbols += candidates.size() > 1;
      out.matched += w;
      for (size_t f : candidates)
        weight[f] += w / static_cast<double>(candidates.size());
    }

    for (FunctionCorrelation &fc : out.functions) {
      const FunctionDiff &fd = diff.functions[fc.function];
      const std::optional<size_t> index = base_profile ? fd.base_index : fd.new_index;
      fc.own_weight = index ? weight[*index] : 0.0;
      fc.weight = fc.own_weight;
    }
    // A BASE profile: a vanished function's weight moves to the functions
    // that hold its inlined copies in NEW, evenly per flipped site (calls
    // of it now inlined) and per holder.
    if (base_profile)
      for (FunctionCorrelation &fc : out.functions) {
        if (fc.status != FunctionStatus::vanished || fc.own_weight <= 0)
          continue;
        const FunctionDiff &fd = diff.functions[fc.function];
        std::vector<std::vector<size_t>> sites; // per flipped call of it: the holders' rows
        for (auto [fi, side] : fd.flips) {
          const Flip &f = diff.flips[fi];
          if (side != FlipSide::callee || !f.to_inlined)
            continue;
          std::vector<size_t> holders;
          for (const std::string &h : f.new_holders)
            if (auto it = by_symbol.find({fd.tu, h});
                it != by_symbol.end() && &out.functions[it->second] != &fc)
              holders.push_back(it->second);
          if (!holders.empty())
            sites.push_back(std::move(holders));
        }
        if (sites.empty())
          continue;
        const double per_site = fc.own_weight / static_cast<double>(sites.size());
        std::map<size_t, double> moved; // holder row -> weight
        for (const std::vector<size_t> &holders : sites)
          for (size_t h : holders)
            moved[h] += per_site / static_cast<double>(holders.size());
        for (auto [h, w] : moved) {
          FunctionCorrelation &to = out.functions[h];
          to.moved_in.push_back({fc.symbol, w});
          to.weight += w;
          fc.moved_out.push_back({to.symbol, w});
          fc.weight -= w;
        }
        if (std::fabs(fc.weight) < 1e-9 * fc.own_weight)
          fc.weight = 0;
      }
    for (FunctionCorrelation &fc : out.functions) {
      if (out.total > 0)
        fc.share = fc.weight / out.total;
      out.changed_weight += fc.weight;
    }
    if (out.total > 0) // parse_execution_profile refuses an empty profile; a hand-made one may be
      out.changed_share = out.changed_weight / out.total;
  }

  // Ranked: by weight with a profile, else by flips and bytes.
  auto flips = [](const FunctionCorrelation &f) { return f.to_inlined + f.to_not_inlined; };
  auto size = [&](const FunctionCorrelation &f) {
    return std::llabs(f.delta ? *f.delta : f.est_delta);
  };
  std::stable_sort(out.functions.begin(), out.functions.end(),
                   [&](const FunctionCorrelation &a, const FunctionCorrelation &b) {
                     if (out.has_profile && a.weight != b.weight)
                       return a.weight > b.weight;
                     return std::make_tuple(-flips(a), -size(a), -std::llabs(a.est_delta),
                                            std::cref(a.tu), std::cref(a.symbol)) <
                            std::make_tuple(-flips(b), -size(b), -std::llabs(b.est_delta),
                                            std::cref(b.tu), std::cref(b.symbol));
                   });

  for (const ResultRow &r : results.rows) {
    WorkloadCorrelation w;
    w.workload = r.workload;
    w.metric = r.metric;
    w.baseline = r.baseline;
    w.next = r.next;
    w.change = r.change();
    w.base_runs = r.base_runs;
    w.new_runs = r.new_runs;
    w.base_min = r.base_min;
    w.base_max = r.base_max;
    w.new_min = r.new_min;
    w.new_max = r.new_max;
    // A spread needs two runs or more: one run (one layout, one boot) has
    // min = max = its value and says nothing about noise, so the overlap is
    // not measured (nullopt), rather than "no" for any change at all.  A
    // spread without a run count is taken as given (min = max can be runs
    // that agree: instruction counts under -icount often do).
    auto measured = [](const std::optional<int64_t> &runs) { return !runs || *runs >= 2; };
    if (r.base_min && r.new_min && measured(r.base_runs) && measured(r.new_runs))
      w.within_spread = *r.base_min <= *r.new_max && *r.new_min <= *r.base_max;
    w.instructions = is_instruction_metric(r.metric);
    w.cache_model = cache_model_of(r.metric);
    w.rate = is_rate_metric(r.metric);
    if (!w.rate)
      w.cost_change = w.change;
    else if (r.next != 0)
      w.cost_change = r.baseline / r.next - 1;
    if (out.changed_share)
      bound(w, *out.changed_share, out.profile_build == ExecutionProfileBuild::base);
    out.workloads.push_back(std::move(w));
  }
  return out;
}

} // namespace inlinetune
