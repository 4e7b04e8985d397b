// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune summary PATH... [--by dir|subsystem|file|function|reason]
//                            [--top N] [--format table|csv|json] [-o FILE]
//
// One build's inlining per group: call sites considered, inlined and refused,
// the IPA inliner's estimated growth and size, and the real bytes of the
// functions' symbols; with --by reason, the sites per reason instead.  Rows
// are sorted by bytes (then sites); the headline gives the totals, which the
// rows add up to.  docs/cli.md describes each column.
#include "commands/commands.h"
#include "commands/option_groups.h"
#include "error.h"
#include "model/build_model.h"
#include "output/output_file.h"
#include "output/table.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <set>

namespace inlinetune {

namespace {

struct Options {
  std::vector<std::string> paths;
  std::string by = "subsystem";
  RowOptions rows;
  TableOutputOptions table;
};

struct Totals {
  std::set<uint32_t> tus;
  int64_t functions = 0, emitted = 0, sites = 0, inlined = 0, refused = 0;
  int64_t into = 0, into_inlined = 0; // --by function: calls of the function
  int64_t est_growth = 0, est_size = 0;
  uint64_t bytes = 0;
  bool has_bytes = false;

  void add_site(const SiteModel &s) {
    ++sites;
    ++(s.inlined() ? inlined : refused);
  }
  void add_function(const FunctionModel &f) {
    ++functions;
    emitted += f.emitted;
    est_growth += f.est_growth();
    est_size += f.est_size();
    if (f.bytes) {
      bytes += *f.bytes;
      has_bytes = true;
    }
  }
  Cell bytes_cell() const { return has_bytes ? Cell(bytes) : Cell(nullptr); }
};

Cell pct(int64_t part, int64_t whole) {
  return whole ? Cell(std::round(10000.0 * static_cast<double>(part) / whole) / 100)
               : Cell(nullptr);
}

int run(const Options &options) {
  const GroupBy by = parse_group_by(options.by, {GroupBy::dir, GroupBy::subsystem, GroupBy::file,
                                                 GroupBy::function, GroupBy::reason});
  const size_t top = parse_top(options.table.top);
  const Format format = parse_format(options.table.format);
  const RowShaping shaping = options.rows.shaping(top);
  LoadOptions load;
  load.keep_tu = options.rows.keep_tu();
  Output out(options.table.output); // before reading: a bad -o fails at once
  const Build &b = keep_until_exit(load_build(options.paths, report, load));
  if (b.tus.empty())
    throw Error("no decision logs found in {}", fmt::join(options.paths, ", "));

  Totals all;
  for (size_t t = 0; t < b.tus.size(); ++t)
    all.tus.insert(static_cast<uint32_t>(t));
  for (const SiteModel &s : b.sites)
    all.add_site(s);
  for (const FunctionModel &f : b.functions)
    all.add_function(f);

  // Rows by key: the group's name, or (TU, function symbol) for --by function.
  std::map<std::pair<std::string, std::string>, Totals> groups;
  std::map<std::pair<std::string, std::string>, std::string> function_names;
  if (by == GroupBy::function) {
    // A function's sites are the calls written in it; a piece GCC split off
    // (foo.part.0) counts as its function when that has a record.
    auto key = [&](uint32_t tu, NameId symbol) {
      std::string s(b.str(symbol));
      if (!b.find_function(tu, s)) {
        std::string base = symbol_base(s);
        if (b.find_function(tu, base))
          s = base;
      }
      return std::make_pair(b.tus[tu].key, s);
    };
    for (const FunctionModel &f : b.functions) {
      auto k = std::make_pair(b.tus[f.tu].key, std::string(b.str(f.symbol)));
      groups[k].add_function(f);
      groups[k].tus.insert(f.tu);
      function_names[k] = b.str(f.name);
    }
    for (const SiteModel &s : b.sites) {
      auto k = key(s.tu, s.lexical_caller_symbol);
      groups[k].add_site(s);
      if (!function_names.count(k))
        function_names[k] = b.str(s.lexical_caller);
      if (auto callee = b.find_function(s.tu, b.str(s.callee_symbol))) {
        Totals &g = groups[{b.tus[s.tu].key, std::string(b.str(b.functions[*callee].symbol))}];
        ++g.into;
        g.into_inlined += s.inlined();
      }
    }
  } else if (by == GroupBy::reason) {
    for (const SiteModel &s : b.sites)
      groups[{std::string(b.str(s.reason)), ""}].add_site(s);
  } else {
    // Each TU's group, looked up once: a kernel has a million sites.  A
    // --by file row is one TU, by its key: a source compiled into two
    // objects is two rows, "SOURCE (OBJECT)" (as diff and db name them).
    std::vector<Totals *> group(b.tus.size());
    for (size_t t = 0; t < b.tus.size(); ++t) {
      group[t] =
          &groups[{by == GroupBy::file ? b.tus[t].key : group_of(b.tus[t].header.source, by), ""}];
      group[t]->tus.insert(static_cast<uint32_t>(t));
    }
    for (const SiteModel &s : b.sites)
      group[s.tu]->add_site(s);
    for (const FunctionModel &f : b.functions)
      group[f.tu]->add_function(f);
  }

  // The parts add up to the whole.
  Totals sum;
  for (const auto &[k, g] : groups) {
    sum.sites += g.sites;
    sum.inlined += g.inlined;
    sum.functions += g.functions;
    sum.bytes += g.bytes;
    sum.est_size += g.est_size;
  }
  if (sum.sites != all.sites || sum.inlined != all.inlined ||
      (by != GroupBy::reason &&
       (sum.functions != all.functions || sum.bytes != all.bytes || sum.est_size != all.est_size)))
    throw Error("internal error: the {} rows do not add up to the totals", group_by_name(by));

  std::vector<std::pair<std::pair<std::string, std::string>, const Totals *>> order;
  for (const auto &[k, g] : groups)
    order.emplace_back(k, &g);
  std::stable_sort(order.begin(), order.end(), [&](const auto &a, const auto &b) {
    if (by != GroupBy::reason && a.second->bytes != b.second->bytes)
      return a.second->bytes > b.second->bytes;
    return a.second->sites > b.second->sites;
  });

  Table t;
  t.name = "rows";
  auto reason_text = [&](const std::string &code) -> Cell {
    for (const TuModel &tu : b.tus)
      if (auto it = tu.header.reasons.find(code); it != tu.header.reasons.end())
        return it->second;
    return nullptr;
  };
  if (by == GroupBy::reason) {
    t.columns = {{"reason"}, {"text"}, {"sites"}, {"percent"}};
  } else {
    if (by == GroupBy::function)
      t.columns = {{"function"}, {"file"}};
    else if (by == GroupBy::file)
      t.columns = {{"file"}};
    else
      t.columns = {{group_by_name(by)}, {"tus"}};
    if (by != GroupBy::function)
      t.columns.push_back({"functions"});
    for (const char *c : {"sites", "inlined", "refused"})
      t.columns.push_back({c});
    if (by == GroupBy::function) {
      t.columns.push_back({"calls_in"});
      t.columns.push_back({"inlined_in"});
    }
    for (const char *c : {"est_growth", "est_size", "bytes"})
      t.columns.push_back({c});
  }
  for (const auto &[k, g] : order) {
    std::vector<Cell> row;
    if (by == GroupBy::reason) {
      row = {k.first, reason_text(k.first), g->sites, pct(g->sites, all.sites)};
    } else {
      if (by == GroupBy::function)
        row = {function_names[k], k.first};
      else if (by == GroupBy::file)
        row = {k.first};
      else
        row = {k.first, g->tus.size()};
      if (by != GroupBy::function)
        row.push_back(g->functions);
      row.insert(row.end(), {g->sites, g->inlined, g->refused});
      if (by == GroupBy::function)
        row.insert(row.end(), {g->into, g->into_inlined});
      row.insert(row.end(), {g->est_growth, g->est_size, g->bytes_cell()});
    }
    t.rows.push_back(std::move(row));
  }

  Result r;
  r.kind = "summary";
  r.headline = fmt::format(
      "{} TU{}: {} call sites, {} inlined ({}%), {} refused; {} functions, {} out of line, "
      "estimated growth {}, estimated size {}; {}",
      b.tus.size(), b.tus.size() == 1 ? "" : "s", all.sites, all.inlined,
      cell_text(Column(""), pct(all.inlined, all.sites), true), all.refused, all.functions,
      all.emitted, signed_number(all.est_growth), all.est_size,
      all.has_bytes ? fmt::format("{} bytes of function symbols", all.bytes)
                    : std::string("no symbol tables (logs read from .jsonl files)"));
  r.summary = {
      {"by", group_by_name(by)},    {"tus", b.tus.size()},        {"files", b.files},
      {"sites", all.sites},         {"inlined", all.inlined},     {"refused", all.refused},
      {"functions", all.functions}, {"out_of_line", all.emitted}, {"est_growth", all.est_growth},
      {"est_size", all.est_size},   {"bytes", all.bytes_cell()},  {"errors", b.errors}};
  r.tables.push_back(std::move(t));
  shape(r, shaping);
  out.write(render(r, format));
  out.commit();
  return b.errors ? 1 : 0;
}

} // namespace

std::function<int()> setup_summary(Args &args) {
  auto options = std::make_shared<Options>();
  args.positionals("PATH", &options->paths, true,
                   "Build directories, objects, archives (thin too) and .jsonl logs");
  args.option("--by", "GROUP", &options->by,
              "Rows per dir, subsystem (the default), file, function or reason");
  options->rows.declare(args, "Sort rows by these columns (default: bytes, then sites)");
  options->table.declare(args, "Only the first N rows (0, the default: all)");
  return [options] { return run(*options); };
}

} // namespace inlinetune
