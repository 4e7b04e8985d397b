// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune explain NAME PATH... [--top N] [--format table|csv|json] [-o FILE]
//
// Every call site into or out of the functions NAME matches (a glob, matched
// against the printable name, the symbol and, for C++, the demangled name
// with and without parameter types), one row per record: which inliner, the
// decision and GCC's reason with its text, where the call is, the inline
// chain it sits in, the sizes and, for a refusal by a size limit, the param,
// its value and the value at which the decision would flip.  Then the
// functions themselves: their estimated sizes and real bytes.
#include "commands/commands.h"
#include "commands/option_groups.h"
#include "error.h"
#include "glob.h"
#include "model/build_model.h"
#include "output/output_file.h"
#include "output/table.h"
#include "symbol_names.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>

namespace inlinetune {

namespace {

struct Options {
  std::vector<std::string> words; // NAME PATH...
  TableOutputOptions table;
};

// Whether NAME's glob matches a function, by any of its spellings; pieces
// GCC split off (foo.part.0) count as their function.
class Matcher {
public:
  explicit Matcher(const std::string &pattern) {
    std::string error;
    if (!Glob::compile(pattern, Glob::Kind::Name, &glob_, &error))
      throw UsageError("NAME '{}': {}", pattern, error);
  }
  bool operator()(const std::string &name, const std::string &symbol) {
    auto [it, added] = memo_.emplace(name + '\0' + symbol, false);
    if (added)
      it->second = test(name, symbol);
    return it->second;
  }

private:
  bool test(const std::string &name, const std::string &symbol) const {
    if (glob_.matches(name))
      return true;
    for (const std::string &s : {symbol, symbol_base(object_symbol(symbol))})
      for (const std::string &spelling : symbol_names(s))
        if (glob_.matches(spelling))
          return true;
    return false;
  }
  Glob glob_;
  std::unordered_map<std::string, bool> memo_;
};

const char *direction(Matcher &m, const Site &s) {
  bool into = m(s.callee.name, s.callee.symbol);
  bool from = m(s.lexical_caller.name, s.lexical_caller.symbol);
  if (into && from)
    return "recursive";
  if (into)
    return "into";
  if (from)
    return "from";
  return "within"; // written in another function, inlined into a match
}

int direction_rank(const std::string &d) {
  return d == "into" ? 0 : d == "recursive" ? 1 : d == "from" ? 2 : 3;
}

Cell opt(const std::optional<int64_t> &v) {
  return v ? Cell(*v) : Cell(nullptr);
}

int run(const Options &options) {
  if (options.words.size() < 2)
    throw UsageError("give NAME and at least one PATH");
  const std::string &pattern = options.words[0];
  const std::vector<std::string> paths(options.words.begin() + 1, options.words.end());
  const size_t top = parse_top(options.table.top);
  const Format format = parse_format(options.table.format);
  Matcher match(pattern);
  Output out(options.table.output); // before reading: a bad -o fails at once

  LoadOptions load;
  std::mutex matching; // keep_site runs on the reading threads; MATCH memoizes
  load.keep_site = [&](const Site &s) {
    std::lock_guard<std::mutex> lock(matching);
    return match(s.callee.name, s.callee.symbol) ||
           match(s.lexical_caller.name, s.lexical_caller.symbol) ||
           match(s.caller.name, s.caller.symbol);
  };
  Build b = load_build(paths, report, load);
  if (b.tus.empty())
    throw Error("no decision logs found in {}", fmt::join(paths, ", "));

  struct Row {
    uint32_t tu;
    const Site *site;
    std::string direction;
  };
  std::vector<Row> rows;
  for (const auto &[tu, s] : b.kept_sites)
    rows.push_back({tu, &s, direction(match, s)});
  std::stable_sort(rows.begin(), rows.end(), [&](const Row &x, const Row &y) {
    return std::forward_as_tuple(b.tus[x.tu].key, direction_rank(x.direction), x.site->location,
                                 x.site->pass, x.site->chain) <
           std::forward_as_tuple(b.tus[y.tu].key, direction_rank(y.direction), y.site->location,
                                 y.site->pass, y.site->chain);
  });

  std::vector<const FunctionModel *> functions;
  std::set<uint32_t> tus;
  for (const FunctionModel &f : b.functions)
    if (match(std::string(b.str(f.name)), std::string(b.str(f.symbol)))) {
      functions.push_back(&f);
      tus.insert(f.tu);
    }
  if (rows.empty() && functions.empty())
    throw Error("no function matching '{}' in the {} TUs read", pattern, b.tus.size());

  // The sites' decisions (both inliners, every copy), counted once per site.
  std::set<std::pair<uint32_t, std::string>> seen_into, seen_from;
  int64_t into = 0, into_inlined = 0, from = 0, from_inlined = 0;
  for (const Row &r : rows) {
    tus.insert(r.tu);
    auto site = b.find_site(r.tu, r.site->id);
    bool inlined = site && b.sites[*site].inlined();
    if (r.direction != "from" && r.direction != "within" &&
        seen_into.emplace(r.tu, r.site->id).second) {
      ++into;
      into_inlined += inlined;
    }
    if ((r.direction == "from" || r.direction == "recursive") &&
        seen_from.emplace(r.tu, r.site->id).second) {
      ++from;
      from_inlined += inlined;
    }
  }

  Table sites;
  sites.name = "sites";
  Column chain("chain", ItemText(), " > ");
  sites.columns = {{"file"},   {"direction"},   {"pass"},    {"caller"},      {"lexical_caller"},
                   {"callee"}, {"location"},    {"inlined"}, {"reason"},      {"reason_text"},
                   chain,      {"callee_size"}, {"growth"},  {"size_before"}, {"size_after"},
                   {"hot"},    {"param"},       {"value"},   {"params_of"},   {"flip_at"},
                   {"id"}};
  for (const Row &r : rows) {
    const Site &s = *r.site;
    if (top && sites.rows.size() == top) {
      ++sites.omitted;
      continue;
    }
    Cell flip_at = nullptr;
    if (s.limit)
      flip_at = s.limit->flip_at ? Cell(*s.limit->flip_at) : Cell("unknown");
    sites.rows.push_back(
        {b.tus[r.tu].key,
         r.direction,
         pass_name(s.pass),
         s.caller.name,
         s.lexical_caller.name,
         s.callee_clone.empty() ? s.callee.name : s.callee.name + " (" + s.callee_clone + ")",
         s.location,
         s.inlined,
         s.reason,
         s.reason_text.empty() ? Cell(nullptr) : Cell(s.reason_text),
         s.chain,
         opt(s.callee_size),
         opt(s.growth),
         opt(s.caller_size_before),
         opt(s.caller_size_after),
         s.hot ? Cell(*s.hot) : Cell(nullptr),
         s.limit ? Cell(s.limit->param) : Cell(nullptr),
         s.limit ? Cell(s.limit->value) : Cell(nullptr),
         s.limit ? Cell(s.limit->params_of) : Cell(nullptr),
         flip_at,
         s.id});
  }
  Table fns;
  fns.name = "functions";
  fns.title = "Functions:";
  fns.columns = {{"file"},        {"function"},        {"symbol"},
                 {"out_of_line"}, {"never_inline"},    {"size_before"},
                 {"size_after"},  {"inlined_callees"}, {"bytes"}};
  for (const FunctionModel *f : functions)
    fns.rows.push_back({b.tus[f->tu].key, b.str(f->name), b.str(f->symbol), f->emitted,
                        f->never_inline, opt(f->size_before), opt(f->size_after),
                        f->inlined_callees, f->bytes ? Cell(*f->bytes) : Cell(nullptr)});
  if (!rows.empty())
    sites.title = "Call sites:";

  Result res;
  res.kind = "explain";
  res.headline = fmt::format("{}: {} function{} in {} TU{}; calls into it: {} sites, {} inlined, "
                             "{} refused; calls from it: {} sites, {} inlined, {} refused",
                             pattern, functions.size(), functions.size() == 1 ? "" : "s",
                             tus.size(), tus.size() == 1 ? "" : "s", into, into_inlined,
                             into - into_inlined, from, from_inlined, from - from_inlined);
  res.summary = {{"name", pattern},   {"functions", functions.size()},
                 {"tus", tus.size()}, {"records", rows.size()},
                 {"into", into},      {"into_inlined", into_inlined},
                 {"from", from},      {"from_inlined", from_inlined},
                 {"errors", b.errors}};
  res.tables.push_back(std::move(sites));
  res.tables.push_back(std::move(fns));
  out.write(render(res, format));
  out.commit();
  return b.errors ? 1 : 0;
}

} // namespace

std::function<int()> setup_explain(Args &args) {
  auto options = std::make_shared<Options>();
  args.positionals("NAME PATH", &options->words, true,
                   "NAME: a function's name, symbol or C++ name (a glob: 'do_sys_*'); PATH: build "
                   "directories, objects, archives and .jsonl logs");
  options->table.declare(args, "Only the first N call-site rows (0, the default: all)");
  return [options] { return run(*options); };
}

} // namespace inlinetune
