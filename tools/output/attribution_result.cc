// SPDX-License-Identifier: GPL-3.0-or-later
// What correlate --guest-profiles prints: attribution_result.h.
#include "output/attribution_result.h"

#include "output/diff_result.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <cmath>

namespace inlinetune {

const char *const kCacheModelNote =
    "L1I, L1D and L2 misses and modelled cycles come from guestprof's cache model (a private "
    "L1I and L1D before a unified L2, LRU, no prefetch; cycles = instructions + L1 misses x L2 "
    "hit latency + L2 misses x memory latency): a model, not a measurement of a real core "
    "(docs/guest-profile.md).";

namespace {

Cell rounded(double v, int places = 2) {
  const double scale = std::pow(10.0, places);
  const double r = std::round(v * scale) / scale;
  return r == 0 ? 0.0 : r; // no -0
}

// "+12.50", "-3.00", "0.00".
std::string number(double v) {
  const double r = std::round(v * 100) / 100;
  return r == 0 ? "0.00" : fmt::format("{:+.2f}", r);
}

double per_op(uint64_t n, double ops) {
  return static_cast<double>(n) / ops;
}

// "+caller->callee", "-caller->callee in A > B" (a copy flip).
std::string flip_item(const Cell &f) {
  std::string s = fmt::format("{}{}->{}", f["to"] == "inlined" ? "+" : "-",
                              f["caller"].get<std::string>(), f["callee"].get<std::string>());
  if (!f["copy"].is_null())
    s += " in " + f["copy"].get<std::string>();
  return s;
}

// The cache columns of both tables (groups and workloads), one definition:
// misses per op of each level in both builds, then the modelled cycles.
const std::vector<Column> &cache_columns() {
  static const std::vector<Column> columns = {
      {"base_l1i"},    {"new_l1i"},    {"base_l1d"},           {"new_l1d"}, {"base_l2"}, {"new_l2"},
      {"base_cycles"}, {"new_cycles"}, {"cycles_change", true}};
  return columns;
}

// Appends cache_columns()' cells for BASE and NEXT, counted over W's ops,
// in the hierarchy KIND names.
void append_cache_cells(std::vector<Cell> &row, const GroupCounts &base, const GroupCounts &next,
                        const WorkloadAttribution &w, CyclesKind kind) {
  const Misses &bm = base.misses_of(kind), &nm = next.misses_of(kind);
  const double bc = per_op(base.cycles_of(kind), w.base_ops);
  const double nc = per_op(next.cycles_of(kind), w.new_ops);
  row.insert(row.end(),
             {rounded(per_op(bm.l1i, w.base_ops), 3), rounded(per_op(nm.l1i, w.new_ops), 3),
              rounded(per_op(bm.l1d, w.base_ops), 3), rounded(per_op(nm.l1d, w.new_ops), 3),
              rounded(per_op(bm.l2, w.base_ops), 3), rounded(per_op(nm.l2, w.new_ops), 3),
              rounded(bc), rounded(nc), rounded(nc - bc)});
}

std::string sentence(const BuildDiff &d, const WorkloadAttribution &w) {
  std::vector<std::string> parts;
  for (size_t i = 0; i < w.listed; ++i) {
    const AttributionGroup &g = w.groups[i];
    std::vector<std::string> what;
    if (g.members.size() > 1) {
      std::vector<std::string> with(g.members.begin() + 1,
                                    g.members.begin() + std::min<size_t>(g.members.size(), 4));
      what.push_back(fmt::format(
          "with {}{}", fmt::join(with, ", "),
          g.members.size() > 4 ? fmt::format(" and {} more", g.members.size() - 4) : ""));
    }
    if (!g.flips.empty()) {
      std::vector<std::string> flips;
      for (size_t k = 0; k < g.flips.size() && k < 3; ++k)
        flips.push_back(flip_item(flip_cell(d.flips[g.flips[k]], FlipSide::caller)));
      what.push_back(
          fmt::format("flips: {}{}", fmt::join(flips, ", "),
                      g.flips.size() > 3 ? fmt::format(" and {} more", g.flips.size() - 3) : ""));
    }
    parts.push_back(fmt::format("{} {}{}", g.name, number(g.change),
                                what.empty() ? "" : fmt::format(" ({})", fmt::join(what, "; "))));
  }
  return fmt::format("{} {} insns/{}: {}{}(other: {} group{}, {}; unexplained {})", w.workload,
                     number(w.change), w.per_op ? "op" : "region", fmt::join(parts, ", "),
                     parts.empty() ? "no change " : " ", w.other_groups,
                     w.other_groups == 1 ? "" : "s", number(w.other_change),
                     w.unexplained == 0 ? "0" : number(w.unexplained));
}

Cell optional_count(const std::optional<uint64_t> &v) {
  return v ? Cell(*v) : Cell(nullptr);
}

Cell share(double part, double whole) {
  return whole == 0 ? Cell(nullptr) : rounded(100 * part / whole);
}

// How the output names the model shown: "n1", "n1, fully associative".
std::string model_label(const Attribution &a) {
  return a.cycles_kind == CyclesKind::fully_associative ? a.model->name + ", fully associative"
                                                        : a.model->name;
}

std::string headline(const Attribution &a) {
  std::string h = fmt::format(
      "{} workload{} in both guest profiles ({}, {}); {} pair{} of functions joined where code "
      "moved between them",
      a.workloads.size(), a.workloads.size() == 1 ? "" : "s", a.base_path, a.new_path, a.joins,
      a.joins == 1 ? "" : "s");
  if (!a.only_base.empty())
    h += fmt::format("; only in base: {}", list_some(a.only_base));
  if (!a.only_new.empty())
    h += fmt::format("; only in new: {}", list_some(a.only_new));
  return h;
}

} // namespace

Result attribution_only_result(const Attribution &a, size_t errors) {
  Result res;
  res.kind = "correlate";
  res.headline = headline(a);
  res.summary = {{"errors", errors}};
  return res;
}

void add_attribution(Result &res, const BuildDiff &d, const Attribution &a) {
  const bool model = a.model.has_value();
  const std::string model_name = model ? model_label(a) : "";
  const CyclesKind kind = a.cycles_kind;
  res.summary["guest_profiles"] = {{"base", a.base_path},
                                   {"new", a.new_path},
                                   {"model", model ? Cell(a.model->name) : Cell(nullptr)},
                                   {"cycles_kind", cycles_kind_name(kind)},
                                   {"models", a.models},
                                   {"cache_note", kCacheModelNote},
                                   {"workloads", a.workloads.size()},
                                   {"only_base", a.only_base},
                                   {"only_new", a.only_new},
                                   {"joins", a.joins}};

  // The sentences.
  std::string prologue = fmt::format(
      "Attribution of each workload's change to groups of functions (guest profiles {}, {}; "
      "instructions per op{}):\n",
      a.base_path, a.new_path,
      model ? fmt::format("; misses and cycles of cache model {}: a model, not a measurement",
                          model_name)
            : "; no cache model in both profiles");
  for (const WorkloadAttribution &w : a.workloads)
    prologue += sentence(d, w) + "\n";
  res.prologue = prologue;

  // The groups: every workload's listed groups, then its "other" row.
  Table g;
  g.name = "groups";
  g.title = fmt::format("Groups (a function and those code moved between it and, in either "
                        "build; per op; largest change first, until {:g}% of each workload's "
                        "change is covered):",
                        std::round(a.coverage * 1e6) / 1e4);
  g.note = model ? fmt::format("Misses and cycles: cache model {}{}, a model, not a measurement "
                               "of a real core.",
                               model_name,
                               kind == CyclesKind::fully_associative ? " (no conflict misses)" : "")
                 : "No cache model in both profiles: misses are 0, cycles are instructions.";
  Column members("members");
  members.max_items = 5;
  Column flips("flips", ItemText(flip_item));
  flips.max_items = 5;
  g.columns = {{"workload"}, {"rank"}, {"function"},     members,
               {"base"},     {"new"},  {"change", true}, {"share"}};
  g.columns.insert(g.columns.end(), cache_columns().begin(), cache_columns().end());
  g.columns.push_back(flips);
  auto row = [&](const WorkloadAttribution &w, Cell rank, Cell name, Cell mem,
                 const GroupCounts &base, const GroupCounts &next, double change, Cell fl) {
    std::vector<Cell> r{w.workload,
                        std::move(rank),
                        std::move(name),
                        std::move(mem),
                        rounded(per_op(base.insns, w.base_ops)),
                        rounded(per_op(next.insns, w.new_ops)),
                        rounded(change),
                        share(change, w.change)};
    append_cache_cells(r, base, next, w, kind);
    r.push_back(std::move(fl));
    return r;
  };
  for (const WorkloadAttribution &w : a.workloads) {
    for (size_t i = 0; i < w.listed; ++i) {
      const AttributionGroup &x = w.groups[i];
      Cell fl = Cell::array();
      for (size_t f : x.flips)
        fl.push_back(
            flip_cell(d.flips[f], d.flips[f].copy_flip() ? FlipSide::copy : FlipSide::caller));
      g.rows.push_back(row(w, i + 1, x.name, x.members, x.base, x.next, x.change, std::move(fl)));
    }
    GroupCounts ob, on;
    for (size_t i = w.listed; i < w.groups.size(); ++i) {
      ob += w.groups[i].base;
      on += w.groups[i].next;
    }
    if (w.listed < w.groups.size())
      g.rows.push_back(row(w, nullptr,
                           fmt::format("(other: {} group{})", w.groups.size() - w.listed,
                                       w.groups.size() - w.listed == 1 ? "" : "s"),
                           Cell::array(), ob, on, w.other_change, Cell::array()));
  }

  // One row per workload.
  Table t;
  t.name = "guest_workloads";
  t.title = "Workloads in both guest profiles (per op: the region's counts over its iterations; "
            "covered: the listed groups' share of the sum of every group's |change|):";
  t.note = g.note;
  t.columns = {{"workload"}, {"metric"}, {"base_iterations"}, {"new_iterations"}, {"unit"},
               {"base"},     {"new"},    {"change", true},    {"percent", true}};
  t.columns.insert(t.columns.end(), cache_columns().begin(), cache_columns().end());
  t.columns.insert(t.columns.end(), {{"groups"},
                                     {"listed"},
                                     {"covered"},
                                     {"other_groups"},
                                     {"other_change", true},
                                     {"unexplained"},
                                     {"attribution"}});
  for (const WorkloadAttribution &w : a.workloads) {
    const double bi = per_op(w.base.insns, w.base_ops), ni = per_op(w.next.insns, w.new_ops);
    std::vector<Cell> r{w.workload,
                        w.metric ? Cell(*w.metric) : Cell(nullptr),
                        optional_count(w.base_iterations),
                        optional_count(w.new_iterations),
                        w.per_op ? "op" : "region",
                        rounded(bi),
                        rounded(ni),
                        rounded(w.change),
                        bi == 0 ? Cell(nullptr) : rounded(100 * (ni / bi - 1))};
    append_cache_cells(r, w.base, w.next, w, kind);
    r.insert(r.end(), {w.groups.size(), w.listed, rounded(100 * w.covered), w.other_groups,
                       rounded(w.other_change), rounded(w.unexplained), sentence(d, w)});
    t.rows.push_back(std::move(r));
  }
  res.tables.insert(res.tables.begin(), std::move(g));
  res.tables.push_back(std::move(t));
}

} // namespace inlinetune
