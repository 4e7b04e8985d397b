// SPDX-License-Identifier: GPL-3.0-or-later
// What `inlinetune diff` prints, made from a BuildDiff: diff_result.h.
#include "output/diff_result.h"

#include "error.h"
#include "support/parallel.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <algorithm>
#include <cstdlib>
#include <map>

namespace inlinetune {

namespace {
// The objects below are made member by member, in order, where an
// initializer list would copy each value: a kernel's diff makes some 100 000
// flip cells.
Cell limit_cell(const std::optional<Limit> &l) {
  if (!l)
    return nullptr;
  Cell c = Cell::object();
  auto &members = c.get_ref<Cell::object_t &>();
  members.reserve(4);
  members.emplace_back("param", l->param);
  members.emplace_back("value", l->value);
  members.emplace_back("flip_at", l->flip_at ? Cell(*l->flip_at) : Cell("unknown"));
  members.emplace_back("params_of", l->params_of);
  return c;
}

} // namespace

// SIDE: "caller" (the call is written in the row's function), "copy" (written
// in a function inlined into it), "callee" (a call of the row's function).
Cell flip_cell(const Flip &f, FlipSide side) {
  Cell c = Cell::object();
  auto &members = c.get_ref<Cell::object_t &>();
  members.reserve(16);
  members.emplace_back("to", f.to_inlined ? "inlined" : "not inlined");
  members.emplace_back("side", flip_side_name(side));
  members.emplace_back("copy", f.copy_flip() ? Cell(fmt::format("{}", fmt::join(f.chain, " > ")))
                                             : Cell(nullptr));
  members.emplace_back("caller", f.caller);
  members.emplace_back("callee", f.callee);
  members.emplace_back("id", f.id);
  members.emplace_back("location", f.location);
  members.emplace_back("base_reason", f.base_reason);
  members.emplace_back("new_reason", f.new_reason);
  members.emplace_back("base_limit", limit_cell(f.base_limit));
  members.emplace_back("new_limit", limit_cell(f.new_limit));
  members.emplace_back("base_copies", f.base_copies);
  members.emplace_back("base_copies_inlined", f.base_copies_inlined);
  members.emplace_back("new_copies", f.new_copies);
  members.emplace_back("new_copies_inlined", f.new_copies_inlined);
  return c;
}

namespace {

// "+callee [id] (was REASON)", "-callee [id] (REASON)"; "caller->callee" for
// the other sides; a copy flip adds "in A > B", a site flip inlined in only
// some copies of a build "K/N copies" (BASE -> NEW).
std::string flip_text(const Cell &f) {
  bool in = f["to"] == "inlined";
  std::string who = f["side"] == "caller"
                        ? f["callee"].get<std::string>()
                        : f["caller"].get<std::string>() + "->" + f["callee"].get<std::string>();
  std::string where;
  if (!f["copy"].is_null())
    where = " in " + f["copy"].get<std::string>();
  std::string copies;
  const auto bn = f["base_copies"].get<int64_t>(), bi = f["base_copies_inlined"].get<int64_t>(),
             nn = f["new_copies"].get<int64_t>(), ni = f["new_copies_inlined"].get<int64_t>();
  if ((bi && bi != bn) || (ni && ni != nn))
    copies = fmt::format("; {}/{} -> {}/{} copies inlined", bi, bn, ni, nn);
  return fmt::format("{}{} [{}]{} ({}{}{})", in ? "+" : "-", who, f["id"].get<std::string>(), where,
                     in ? "was " : "", (in ? f["base_reason"] : f["new_reason"]).get<std::string>(),
                     copies);
}

Cell optional_cell(const std::optional<int64_t> &v) {
  return v ? Cell(*v) : Cell(nullptr);
}

} // namespace

Result diff_result(const BuildDiff &d, GroupBy by, size_t top) {
  const std::vector<std::string> &base_paths = d.base_paths, &new_paths = d.new_paths;
  const std::vector<Flip> &flips = d.flips;
  const std::vector<FunctionDiff> &rows = d.functions;

  // Each row's flips, as JSON objects (the flips column).
  auto row_flips = [&](const FunctionDiff &r) {
    Cell list = Cell::array();
    for (auto [fi, side] : r.flips)
      list.push_back(flip_cell(flips[fi], side));
    return list;
  };

  DiffTotals total;
  std::map<std::string, DiffTotals> groups; // by --by (dir, subsystem, file), and by subsystem
  std::map<std::string, DiffTotals> subsystems;
  // A TU's subsystem and group, looked up once for its rows in a row (rows
  // and flips come TU by TU; a kernel's diff has some 300 000 rows).
  struct Groups {
    const std::string *tu = nullptr;
    DiffTotals *subsystem = nullptr, *group = nullptr;
  } last;
  auto groups_of = [&](const std::string &tu) {
    if (!last.tu || *last.tu != tu) {
      last.tu = &tu;
      const std::string &source = d.source_of(tu); // "fs/x.c", not "fs/x.c (fs/a.o)"
      last.subsystem = &subsystems[subsystem_of(source)];
      last.group = by == GroupBy::function || by == GroupBy::reason
                       ? nullptr
                       : &groups[by == GroupBy::file ? tu : group_of(source, by)];
    }
    return last;
  };
  int64_t grown = 0, shrunk = 0, up = 0, down = 0, vanished = 0, appeared = 0;
  for (const FunctionDiff &r : rows) {
    const Groups g_of = groups_of(r.tu);
    for (DiffTotals *g : {&total, g_of.subsystem, g_of.group}) {
      if (!g)
        continue;
      g->bytes_base += r.bytes_base.value_or(0);
      g->bytes_new += r.bytes_new.value_or(0);
      g->est_base += r.est_base.value_or(0);
      g->est_new += r.est_new.value_or(0);
      g->vanished += r.status == FunctionStatus::vanished;
      g->appeared += r.status == FunctionStatus::appeared;
    }
    vanished += r.status == FunctionStatus::vanished;
    appeared += r.status == FunctionStatus::appeared;
    grown += r.status == FunctionStatus::grown;
    shrunk += r.status == FunctionStatus::shrunk;
    (r.delta > 0 ? up : down) += r.delta;
  }
  std::map<std::string, std::pair<int64_t, int64_t>> reasons; // reason -> (to in, to out)
  last = Groups();
  for (const Flip &f : flips) {
    const Groups g_of = groups_of(f.tu);
    if (f.copy_flip()) {
      for (DiffTotals *g : {&total, g_of.subsystem, g_of.group})
        if (g)
          ++(f.to_inlined ? g->copies_to_inlined : g->copies_to_not_inlined);
      continue;
    }
    for (DiffTotals *g : {&total, g_of.subsystem, g_of.group})
      if (g)
        ++(f.to_inlined ? g->to_inlined : g->to_not_inlined);
    auto &[in, outl] = reasons[f.to_inlined ? f.base_reason : f.new_reason];
    ++(f.to_inlined ? in : outl);
  }
  // The parts add up to the whole.
  if (up + down != total.bytes_new - total.bytes_base)
    throw Error("internal error: function deltas do not add up to the total");

  Result res;
  res.kind = "diff";
  const std::string bytes =
      d.tus_without_symbols == d.common.size()
          ? std::string("bytes: unknown (no symbol tables: logs read from .jsonl files)")
          : fmt::format("bytes: {} up, {} down; total: {} -> {} bytes ({}, {}%)", signed_number(up),
                        signed_number(down), total.bytes_base, total.bytes_new,
                        signed_number(total.bytes_new - total.bytes_base),
                        cell_text(Column("", true),
                                  percent_change(total.bytes_base, total.bytes_new), true));
  res.headline =
      fmt::format("sites: {} flipped to inlined, {} to not inlined; copies of sites inlined in "
                  "both: {} flipped to inlined, {} to not inlined; functions: {} "
                  "vanished, {} appeared, {} grown, {} shrunk; {}; estimated size: {} "
                  "-> {} ({})",
                  total.to_inlined, total.to_not_inlined, total.copies_to_inlined,
                  total.copies_to_not_inlined, vanished, appeared, grown, shrunk, bytes,
                  total.est_base, total.est_new, signed_number(total.est_new - total.est_base));
  if (d.tus_without_symbols && d.tus_without_symbols < d.common.size())
    res.headline += fmt::format(" [{} of {} TUs without symbol tables: no bytes for them]",
                                d.tus_without_symbols, d.common.size());
  res.summary = {{"base", base_paths},
                 {"new", new_paths},
                 {"tus", d.common.size()},
                 {"tus_only_base", d.only_base.size()},
                 {"tus_only_new", d.only_new.size()},
                 {"tus_without_symbols", d.tus_without_symbols},
                 {"sites", d.sites_common},
                 {"sites_only_base", d.sites_only_base},
                 {"sites_only_new", d.sites_only_new},
                 {"to_inlined", total.to_inlined},
                 {"to_not_inlined", total.to_not_inlined},
                 {"copies_to_inlined", total.copies_to_inlined},
                 {"copies_to_not_inlined", total.copies_to_not_inlined},
                 {"vanished", vanished},
                 {"appeared", appeared},
                 {"grown", grown},
                 {"shrunk", shrunk},
                 {"bytes_up", up},
                 {"bytes_down", down},
                 {"bytes_base", total.bytes_base},
                 {"bytes_new", total.bytes_new},
                 {"bytes_delta", total.bytes_new - total.bytes_base},
                 {"bytes_percent", percent_change(total.bytes_base, total.bytes_new)},
                 {"est_base", total.est_base},
                 {"est_new", total.est_new},
                 {"est_delta", total.est_new - total.est_base},
                 {"errors", d.errors()}};

  Column flips_column("flips", ItemText(flip_text));
  auto delta_order = [](int64_t da, int64_t ea, int64_t db, int64_t eb) {
    if (std::llabs(da) != std::llabs(db))
      return std::llabs(da) > std::llabs(db);
    if (da != db)
      return da > db;
    if (std::llabs(ea) != std::llabs(eb))
      return std::llabs(ea) > std::llabs(eb);
    return ea > eb;
  };
  auto signed_order = [](int64_t da, int64_t ea, int64_t db, int64_t eb) {
    return da != db ? da > db : ea > eb;
  };
  auto cut = [&](Table &t, std::vector<Cell> row) {
    if (top && t.rows.size() == top)
      ++t.omitted;
    else
      t.rows.push_back(std::move(row));
  };
  auto group_table = [&](const std::string &name, const std::string &title, const char *column,
                         const std::map<std::string, DiffTotals> &gs) {
    Table t;
    t.name = name;
    t.title = title;
    t.columns = {{column},        {"base"},           {"new"},
                 {"delta", true}, {"percent", true},  {"est_delta", true},
                 {"to_inlined"},  {"to_not_inlined"}, {"vanished"},
                 {"appeared"}};
    std::vector<std::pair<std::string, const DiffTotals *>> order;
    for (const auto &[k, g] : gs)
      order.emplace_back(k, &g);
    std::stable_sort(order.begin(), order.end(), [&](const auto &x, const auto &y) {
      return signed_order(
          x.second->bytes_new - x.second->bytes_base, x.second->est_new - x.second->est_base,
          y.second->bytes_new - y.second->bytes_base, y.second->est_new - y.second->est_base);
    });
    for (const auto &[k, g] : order)
      cut(t, {k, g->bytes_base, g->bytes_new, g->bytes_new - g->bytes_base,
              percent_change(g->bytes_base, g->bytes_new), g->est_new - g->est_base, g->to_inlined,
              g->to_not_inlined, g->vanished, g->appeared});
    return t;
  };

  if (by == GroupBy::function) {
    Table t;
    t.name = "functions";
    t.columns = {
        {"function"}, {"file"},    {"status"},          {"base"},    {"new"}, {"delta", true},
        {"est_base"}, {"est_new"}, {"est_delta", true}, flips_column};
    // The main table by signed byte delta, largest growth first and largest
    // shrinkage last (as bloat-o-meter); vanished and appeared by the size
    // of theirs.
    std::vector<const FunctionDiff *> changed;
    for (const FunctionDiff &r : rows)
      if (r.changed())
        changed.push_back(&r);
    std::vector<size_t> order(changed.size()), by_size;
    for (size_t i = 0; i < order.size(); ++i)
      order[i] = i;
    by_size = order;
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
      return signed_order(changed[x]->delta, changed[x]->est_delta, changed[y]->delta,
                          changed[y]->est_delta);
    });
    std::stable_sort(by_size.begin(), by_size.end(), [&](size_t x, size_t y) {
      return delta_order(changed[x]->delta, changed[x]->est_delta, changed[y]->delta,
                         changed[y]->est_delta);
    });
    Table gone, came;
    gone.name = "vanished";
    gone.title = "Vanished (out of line in base, not in new):";
    came.name = "appeared";
    came.title = "Appeared (out of line in new, not in base):";
    for (Table *x : {&gone, &came})
      x->columns = {{"function"}, {"file"},    {"base"},    {"new"},
                    {"est_base"}, {"est_new"}, flips_column};
    // Which rows each table shows (--top: the first TOP of each), decided
    // once: the flips cells of the shown rows are made on every core, and
    // the rows go in as decided.
    std::vector<char> in_main(changed.size()), in_side(changed.size());
    for (size_t k = 0; k < order.size(); ++k)
      in_main[order[k]] = !top || k < top;
    for (size_t k = 0, in_gone = 0, in_came = 0; k < by_size.size(); ++k) {
      const FunctionStatus status = changed[by_size[k]]->status;
      if (status == FunctionStatus::vanished)
        in_side[by_size[k]] = !top || in_gone++ < top;
      else if (status == FunctionStatus::appeared)
        in_side[by_size[k]] = !top || in_came++ < top;
    }
    std::vector<size_t> with_cell;
    for (size_t i = 0; i < changed.size(); ++i)
      if (in_main[i] || in_side[i])
        with_cell.push_back(i);
    std::vector<Cell> flip_cells(changed.size());
    in_order(
        with_cell.size(), worker_threads(0), with_cell.size(),
        [&](size_t k) { flip_cells[with_cell[k]] = row_flips(*changed[with_cell[k]]); },
        [](size_t) {});
    // Rows made cell by cell (an initializer list would copy each cell):
    // the flips cell moves into its row, or is copied into the main
    // table's for a row a side table shows too.
    for (size_t i : order) {
      const FunctionDiff *r = changed[i];
      if (!in_main[i]) {
        ++t.omitted;
        continue;
      }
      std::vector<Cell> &row = t.rows.emplace_back();
      row.reserve(t.columns.size());
      row.emplace_back(r->name);
      row.emplace_back(r->tu);
      row.emplace_back(function_status_name(r->status));
      row.push_back(optional_cell(r->bytes_base));
      row.push_back(optional_cell(r->bytes_new));
      row.push_back(r->bytes_known ? Cell(r->delta) : Cell(nullptr));
      row.push_back(optional_cell(r->est_base));
      row.push_back(optional_cell(r->est_new));
      row.emplace_back(r->est_delta);
      row.push_back(in_side[i] ? flip_cells[i] : std::move(flip_cells[i]));
    }
    for (size_t i : by_size) {
      const FunctionDiff *r = changed[i];
      if (r->status != FunctionStatus::vanished && r->status != FunctionStatus::appeared)
        continue;
      Table &side = r->status == FunctionStatus::vanished ? gone : came;
      if (!in_side[i]) {
        ++side.omitted;
        continue;
      }
      std::vector<Cell> &row = side.rows.emplace_back();
      row.reserve(side.columns.size());
      row.emplace_back(r->name);
      row.emplace_back(r->tu);
      row.push_back(optional_cell(r->bytes_base));
      row.push_back(optional_cell(r->bytes_new));
      row.push_back(optional_cell(r->est_base));
      row.push_back(optional_cell(r->est_new));
      row.push_back(std::move(flip_cells[i]));
    }
    res.tables.push_back(std::move(t));
    res.tables.push_back(std::move(gone));
    res.tables.push_back(std::move(came));
  } else if (by == GroupBy::reason) {
    Table t;
    t.name = "reasons";
    t.columns = {{"reason"}, {"to_inlined"}, {"to_not_inlined"}};
    std::vector<std::pair<std::string, std::pair<int64_t, int64_t>>> order(reasons.begin(),
                                                                           reasons.end());
    std::stable_sort(order.begin(), order.end(), [](const auto &x, const auto &y) {
      return x.second.first + x.second.second > y.second.first + y.second.second;
    });
    for (const auto &[reason, counts] : order)
      cut(t, {reason, counts.first, counts.second});
    res.tables.push_back(std::move(t));
  } else if (by != GroupBy::subsystem) {
    res.tables.push_back(
        group_table(group_by_name(by) + std::string("s"), "", group_by_name(by), groups));
  }
  res.tables.push_back(group_table(
      "subsystems", by == GroupBy::subsystem ? "" : "Per subsystem:", "subsystem", subsystems));
  return res;
}

} // namespace inlinetune
