// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune explain NAME PATH...                [row options] [--top N] [--format F] [-o FILE]
// inlinetune explain NAME BASE NEW
// inlinetune explain NAME --base PATH... --new PATH...
//
// Every call site into or out of the functions NAME matches (a glob, matched
// against the printable name, the symbol and, for C++, the demangled name
// with and without parameter types).  One build: one row per record (which
// inliner, the decision and GCC's reason with its text, where the call is,
// the inline chain it sits in, the sizes and, for a refusal by a size limit,
// the param, its value and the value at which the decision would flip), then
// the functions themselves, then the policy rules that would flip the
// refusals with an exact flip point, as text to paste.  Two builds (two
// PATHs holding logs of the same sources, or --base/--new): one row per call
// site with both builds' decisions side by side, the copies whose decision
// changed, and the functions' bytes in both.  docs/cli.md, "explain".
#include "commands/commands.h"
#include "commands/option_groups.h"
#include "error.h"
#include "glob.h"
#include "model/build_diff.h"
#include "output/output_file.h"
#include "output/row_shaping.h"
#include "output/table.h"
#include "symbol_names.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>

namespace inlinetune {

namespace {

struct Options {
  std::vector<std::string> words; // NAME PATH...
  std::vector<std::string> base, next;
  RowOptions rows;
  TableOutputOptions table;
};

// Whether NAME's glob matches a function, by any of its spellings; pieces
// GCC split off (foo.part.0) count as their function.  Called from the
// reading threads (keep_site) and from the thread that uses the TUs read
// (on_kept_tu's directions) at once: the memo is locked.
class Matcher {
public:
  explicit Matcher(const std::string &pattern) {
    std::string error;
    if (!Glob::compile(pattern, Glob::Kind::Name, &glob_, &error))
      throw UsageError("NAME '{}': {}", pattern, error);
  }
  bool operator()(const std::string &name, const std::string &symbol) {
    std::lock_guard<std::mutex> lock(mu_);
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
  std::mutex mu_;
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

std::string plural(size_t n, const char *word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

// A TU's path as a policy's `tu =` matches it: the source as the plugin
// logged it (relative to the source tree).
const std::string &policy_tu(const TuModel &tu) {
  return tu.logged_source.empty() ? tu.key : tu.logged_source;
}

// ---- advice: the policy rules that flip refusals --------------------------

// One rule: params_of's PARAM set to FLIP_AT in TU, and the refusals it flips.
struct Advice {
  std::string tu, function, param;
  int64_t value = 0, flip_at = 0;
  std::vector<std::string> sites;            // "caller -> callee at LOCATION", each once
  std::set<const Site *> covered, same_site; // its records; every record of their sites
};
using AdviceKey = std::tuple<std::string, std::string, std::string, int64_t>;

// Refusals with an exact flip point, collected from the records shown.
class AdviceBook {
public:
  void add(const TuModel &tu, const Site &s, const std::vector<const Site *> &same_site) {
    if (s.inlined || !s.limit || !s.limit->flip_at)
      return;
    const Limit &l = *s.limit;
    AdviceKey key{policy_tu(tu), l.params_of, l.param, *l.flip_at};
    auto [it, added] = index_.emplace(key, rules_.size());
    if (added)
      rules_.push_back({std::get<0>(key), l.params_of, l.param, l.value, *l.flip_at, {}, {}, {}});
    Advice &a = rules_[it->second];
    std::string site =
        fmt::format("{} -> {} at {}", s.lexical_caller.name, s.callee.name, s.location);
    if (std::find(a.sites.begin(), a.sites.end(), site) == a.sites.end())
      a.sites.push_back(site);
    a.covered.insert(&s);
    a.same_site.insert(same_site.begin(), same_site.end());
  }
  bool empty() const { return rules_.empty(); }

  Table table() const {
    Table t;
    t.name = "advice";
    t.title = "Policy rules that would flip these refusals:";
    t.in_table_format = false; // the epilogue
    t.columns = {{"tu"},
                 {"function"},
                 {"param"},
                 {"value"},
                 {"flip_at"},
                 {"records"},
                 {"sites", ItemText()},
                 {"elsewhere", ItemText()},
                 {"rule"}};
    for (const Advice &a : rules_) {
      Cell sites = Cell::array(), also = Cell::array();
      for (const std::string &s : a.sites)
        sites.push_back(s);
      for (const std::string &s : elsewhere(a))
        also.push_back(s);
      t.rows.push_back(
          {a.tu, a.function, a.param, a.value, a.flip_at, a.covered.size(), sites, also, text(a)});
    }
    return t;
  }
  // The rules as a policy file's text (docs/policy.md).
  std::string epilogue() const {
    std::string out = "Policy rules that would flip the refusals above with an exact flip point "
                      "(append to a policy: a later rule's param wins):\n";
    for (const Advice &a : rules_)
      out += "\n" + text(a);
    return out;
  }

private:
  // What else refuses the rule's calls: their other records (other copies,
  // the other inliner) that the rule does not cover.  GCC stops at the first
  // limit that refuses, so a limit it would check after this one is not in
  // the log (docs/cli.md, "explain").
  static std::vector<std::string> elsewhere(const Advice &a) {
    std::set<std::string> out;
    for (const Site *o : a.same_site)
      if (!o->inlined && !a.covered.count(o))
        out.insert(fmt::format(
            "{} in {} ({}{})", o->reason, fmt::join(o->chain, " > "), pass_name(o->pass),
            o->limit ? fmt::format(", {}={}, flip at {}{}", o->limit->param, o->limit->value,
                                   o->limit->flip_at ? std::to_string(*o->limit->flip_at)
                                                     : std::string("unknown"),
                                   o->limit->params_of != a.function
                                       ? ", params of " + o->limit->params_of
                                       : std::string())
                     : std::string()));
    return {out.begin(), out.end()};
  }
  static std::string text(const Advice &a) {
    std::string out =
        fmt::format("[rule flip {} of {} in {}]\n", plural(a.covered.size(), "refusal"),
                    plural(a.sites.size(), "site"), a.function);
    out += fmt::format("; {} is {} now; {}\n", a.param, a.value,
                       a.sites.size() == 1 ? a.sites[0] : "see explain's advice table");
    for (const std::string &o : elsewhere(a))
      out += fmt::format("; refused elsewhere too: {}\n", o);
    out += fmt::format("tu = {}\nfunction = {}\n{} = {}\n", a.tu, a.function, a.param, a.flip_at);
    return out;
  }
  std::vector<Advice> rules_;
  std::map<AdviceKey, size_t> index_;
};

// ---- loading --------------------------------------------------------------

LoadOptions load_options(const Options &options, Matcher &match) {
  LoadOptions load;
  load.keep_tu = options.rows.keep_tu();
  load.keep_site = [&match](const Site &s) {
    return match(s.callee.name, s.callee.symbol) ||
           match(s.lexical_caller.name, s.lexical_caller.symbol) ||
           match(s.caller.name, s.caller.symbol);
  };
  return load;
}

// Each kept record by (TU index, site id), in record order.
std::map<std::pair<uint32_t, std::string>, std::vector<const Site *>>
records_by_site(const Build &b) {
  std::map<std::pair<uint32_t, std::string>, std::vector<const Site *>> out;
  for (const auto &[tu, s] : b.kept_sites)
    out[{tu, s.id}].push_back(&s);
  return out;
}

// ---- one build --------------------------------------------------------------

// The call-site table of one build: its columns, and one record's row.
Table sites_table() {
  Table sites;
  sites.name = "sites";
  sites.title = "Call sites:";
  Column chain("chain", ItemText(), " > ");
  sites.columns = {{"file"},   {"direction"},   {"pass"},    {"caller"},      {"lexical_caller"},
                   {"callee"}, {"location"},    {"inlined"}, {"reason"},      {"reason_text"},
                   chain,      {"callee_size"}, {"growth"},  {"size_before"}, {"size_after"},
                   {"hot"},    {"param"},       {"value"},   {"params_of"},   {"flip_at"},
                   {"id"}};
  return sites;
}

std::vector<Cell> site_row(const std::string &file, const std::string &direction, const Site &s) {
  Cell flip_at = nullptr;
  if (s.limit)
    flip_at = s.limit->flip_at ? Cell(*s.limit->flip_at) : Cell("unknown");
  return {file,
          direction,
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
          s.id};
}

// A TU's records in the order the rows list them.
void sort_records(std::vector<std::pair<const Site *, std::string>> &records) {
  std::stable_sort(records.begin(), records.end(), [](const auto &x, const auto &y) {
    return std::forward_as_tuple(direction_rank(x.second), x.first->location, x.first->pass,
                                 x.first->chain) <
           std::forward_as_tuple(direction_rank(y.second), y.first->location, y.first->pass,
                                 y.first->chain);
  });
}

// explain --format csv without --sort: the call sites only (what CSV
// prints), written TU by TU as they are read, with no model and no record
// kept once its TU is written: memory bounded by the TUs in flight, not by
// the records (a kernel's explain '*' has millions).  Rows are those of the
// table formats, in the same order.  The exit status, or nullopt when
// nothing matched a record (nothing is written then: the model-backed path
// says whether a function matched).
std::optional<int> explain_streaming(const std::vector<std::string> &paths, Matcher &match,
                                     LoadOptions load, Output &out, const RowShaping &shaping) {
  size_t shown = 0, records = 0;
  bool header = false;
  std::set<std::string> sources;
  std::vector<std::string> twice;
  RowShaping filters = shaping;
  filters.top = 0;
  load.model = false;
  load.on_kept_tu = [&](const TuModel &tu, std::vector<Site> &&kept) {
    if (!sources.insert(tu.key).second)
      twice.push_back(tu.key);
    std::vector<std::pair<const Site *, std::string>> order;
    for (const Site &s : kept)
      order.emplace_back(&s, direction(match, s));
    sort_records(order);
    records += kept.size();
    Result r;
    r.kind = "explain";
    Table t = sites_table();
    for (const auto &[s, dir] : order)
      t.rows.push_back(site_row(tu.key, dir, *s));
    r.tables.push_back(std::move(t));
    shape(r, filters);
    Table &rows = r.tables[0];
    if (shaping.top && shown + rows.rows.size() > shaping.top) {
      rows.rows.resize(shaping.top - std::min(shown, shaping.top));
    }
    shown += rows.rows.size();
    if (rows.rows.empty())
      return;
    std::string text = render(r, Format::csv);
    if (header)
      text.erase(0, text.find('\n') + 1);
    header = true;
    out.write(text);
  };
  // What the reading says is said once the rows are out (or not at all
  // when the model-backed path reads again).
  std::vector<Diagnostic> said;
  const Build b = load_build(
      paths, [&said](const Diagnostic &d) { said.push_back(d); }, load);
  if (!records && !b.tus.empty())
    return std::nullopt;
  for (const Diagnostic &d : said)
    report(d);
  if (b.tus.empty())
    throw Error("no decision logs found in {}", fmt::join(paths, ", "));
  if (!header) { // every record filtered out: the header alone
    Result r;
    r.kind = "explain";
    r.tables.push_back(sites_table());
    out.write(render(r, Format::csv));
  }
  if (!twice.empty())
    fmt::print(stderr,
               "inlinetune: warning: {} compiled more than once ({}): with --format csv the rows "
               "name each TU by its source alone, the other formats add its object\n",
               plural(twice.size(), "source"), list_some(twice));
  out.commit();
  return b.errors ? 1 : 0;
}

int explain_one(const std::string &pattern, Matcher &match, const Build &b, Output &out,
                Format format, const RowShaping &shaping) {
  struct Row {
    uint32_t tu;
    const Site *site;
    std::string direction;
  };
  std::vector<Row> rows;
  for (const auto &[tu, s] : b.kept_sites)
    rows.push_back({tu, &s, direction(match, s)});
  // TU by TU in the model's order (as the streaming CSV writes them).
  std::stable_sort(rows.begin(), rows.end(), [&](const Row &x, const Row &y) {
    return std::forward_as_tuple(x.tu, direction_rank(x.direction), x.site->location, x.site->pass,
                                 x.site->chain) <
           std::forward_as_tuple(y.tu, direction_rank(y.direction), y.site->location, y.site->pass,
                                 y.site->chain);
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

  Table sites = sites_table();
  // Rows past --top are not made when nothing re-sorts or filters them.
  const size_t early = shaping.cut_early() ? shaping.top : 0;
  for (const Row &r : rows) {
    const Site &s = *r.site;
    if (early && sites.rows.size() == early) {
      ++sites.omitted;
      continue;
    }
    sites.rows.push_back(site_row(b.tus[r.tu].key, r.direction, s));
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

  Result res;
  res.kind = "explain";
  res.headline =
      fmt::format("{}: {} in {}; calls into it: {} sites, {} inlined, "
                  "{} refused; calls from it: {} sites, {} inlined, {} refused",
                  pattern, plural(functions.size(), "function"), plural(tus.size(), "TU"), into,
                  into_inlined, into - into_inlined, from, from_inlined, from - from_inlined);
  res.summary = {{"name", pattern},   {"functions", functions.size()},
                 {"tus", tus.size()}, {"records", rows.size()},
                 {"into", into},      {"into_inlined", into_inlined},
                 {"from", from},      {"from_inlined", from_inlined},
                 {"errors", b.errors}};
  // The advice is for the records the filters keep: each row carries its
  // record's index through the filters, then the rest of the shaping runs.
  sites.columns.push_back({"_record"});
  for (size_t i = 0; i < sites.rows.size(); ++i)
    sites.rows[i].push_back(i);
  res.tables.push_back(std::move(sites));
  res.tables.push_back(std::move(fns));
  RowShaping filters = shaping;
  filters.sort.clear();
  filters.columns.clear();
  filters.top = 0;
  shape(res, filters);
  AdviceBook advice;
  {
    const auto by_site = records_by_site(b);
    Table &t = res.tables[0];
    for (auto &row : t.rows) {
      const Row &r = rows[row.back().get<size_t>()];
      advice.add(b.tus[r.tu], *r.site, by_site.at({r.tu, r.site->id}));
      row.pop_back();
    }
    t.columns.pop_back();
  }
  RowShaping rest = shaping;
  rest.functions.clear();
  rest.reasons.clear();
  rest.pass.reset();
  rest.inlined.reset();
  shape(res, rest);
  if (!advice.empty()) {
    res.tables.push_back(advice.table());
    res.epilogue = advice.epilogue();
  }
  out.write(render(res, format));
  out.commit();
  return b.errors ? 1 : 0;
}

// ---- two builds -------------------------------------------------------------

// A site's decision in one build, for the side-by-side row.
struct Side {
  const SiteModel *model = nullptr;
  const Site *standing = nullptr; // the record whose decision stands
  std::vector<const Site *> records;
  size_t copies = 0, copies_inlined = 0; // copies in emitted functions
};

std::string label_of(const std::vector<std::string> &paths) {
  std::vector<std::string> names;
  for (std::string p : paths) {
    while (p.size() > 1 && p.back() == '/')
      p.pop_back();
    names.push_back(p);
  }
  return fmt::format("{}", fmt::join(names, " "));
}

Side side_of(const Build &b, uint32_t tu, const std::string &id,
             const std::vector<const Site *> *records) {
  Side s;
  if (auto i = b.find_site(tu, id))
    s.model = &b.sites[*i];
  if (records)
    s.records = *records;
  // The standing record, as the model folds them (refusal_replaces).
  bool refused = false, by_ipa = false;
  for (const Site *r : s.records) {
    if (r->inlined) {
      s.standing = r;
      break;
    }
    if (refusal_replaces(refused, by_ipa, r->pass)) {
      s.standing = r;
      refused = true;
      by_ipa = r->pass == Pass::ipa;
    }
  }
  if (s.model)
    for (auto c = b.copies_begin(*s.model); c != b.copies_end(*s.model); ++c)
      if (b.copy_in_code(tu, *c)) {
        ++s.copies;
        s.copies_inlined += c->inlined;
      }
  return s;
}

Cell decision_cell(const Side &s) {
  if (!s.model)
    return nullptr;
  return s.model->inlined() ? "inlined" : "refused";
}

Cell limit_cell(const Side &s) {
  if (!s.standing || s.standing->inlined || !s.standing->limit)
    return nullptr;
  const Limit &l = *s.standing->limit;
  return fmt::format("{}={} (flip at {}; params of {})", l.param, l.value,
                     l.flip_at ? std::to_string(*l.flip_at) : std::string("unknown"), l.params_of);
}

int explain_two(const std::string &pattern, Matcher &match, BuildDiff &d, Output &out,
                Format format, const RowShaping &shaping) {
  const Build &b = d.base, &n = d.next;
  const std::string base_label = label_of(d.base_paths), new_label = label_of(d.new_paths);
  // The headline names them short: the last path components, when they differ.
  auto short_label = [](const std::string &l) {
    size_t slash = l.find(' ') == std::string::npos ? l.rfind('/') : std::string::npos;
    return slash == std::string::npos ? l : l.substr(slash + 1);
  };
  const std::string base_short = short_label(base_label) != short_label(new_label)
                                     ? short_label(base_label)
                                     : base_label,
                    new_short = short_label(base_label) != short_label(new_label)
                                    ? short_label(new_label)
                                    : new_label;
  const auto base_records = records_by_site(b), new_records = records_by_site(n);

  // The sites of either build, by TU (the common TUs' keys) and id.
  struct Key {
    std::string tu, id;
    bool operator<(const Key &o) const { return std::tie(tu, id) < std::tie(o.tu, o.id); }
  };
  std::map<Key, std::pair<std::optional<uint32_t>, std::optional<uint32_t>>> keys;
  for (const auto &[k, recs] : base_records)
    keys[{b.tus[k.first].key, k.second}].first = k.first;
  for (const auto &[k, recs] : new_records)
    keys[{n.tus[k.first].key, k.second}].second = k.first;

  struct Row {
    Key key;
    Side base, next;
    const Site *any; // a record, for the names
    std::string direction;
  };
  std::vector<Row> rows;
  for (const auto &[k, tus] : keys) {
    // Only TUs in both: the rest is diff's "TUs only in" warning.
    auto bt = tus.first ? tus.first : b.find_tu(k.tu);
    auto nt = tus.second ? tus.second : n.find_tu(k.tu);
    if (!bt || !nt)
      continue;
    auto br = base_records.find({*bt, k.id});
    auto nr = new_records.find({*nt, k.id});
    Row r{k,
          side_of(b, *bt, k.id, br == base_records.end() ? nullptr : &br->second),
          side_of(n, *nt, k.id, nr == new_records.end() ? nullptr : &nr->second),
          nullptr,
          {}};
    r.any = r.base.standing ? r.base.standing : r.next.standing;
    if (!r.any)
      continue;
    r.direction = direction(match, *r.any);
    rows.push_back(std::move(r));
  }
  std::stable_sort(rows.begin(), rows.end(), [&](const Row &x, const Row &y) {
    return std::forward_as_tuple(x.key.tu, direction_rank(x.direction), x.any->location, x.key.id) <
           std::forward_as_tuple(y.key.tu, direction_rank(y.direction), y.any->location, y.key.id);
  });

  auto change_of = [](const Row &r) -> std::string {
    if (!r.base.model)
      return "only in new";
    if (!r.next.model)
      return "only in base";
    if (r.base.model->inlined() != r.next.model->inlined())
      return r.next.model->inlined() ? "to inlined" : "to not inlined";
    if (r.base.copies != r.next.copies || r.base.copies_inlined != r.next.copies_inlined)
      return "copies";
    return "same";
  };
  auto copies_cell = [](const Side &s) -> Cell {
    if (!s.model)
      return nullptr;
    return fmt::format("{}/{}", s.copies_inlined, s.copies);
  };
  // The model's decision and reason (every record); growth and limit from
  // the kept record that stands, when it agrees with it.
  auto reason_cell = [&](const Build &m, const Side &s) -> Cell {
    return s.model ? Cell(m.str(s.model->reason)) : Cell(nullptr);
  };
  auto agrees = [](const Side &s) {
    return s.model && s.standing && s.standing->inlined == s.model->inlined();
  };
  auto growth_cell = [&](const Side &s) -> Cell {
    return agrees(s) ? opt(s.standing->growth) : Cell(nullptr);
  };
  auto limit_of = [&](const Side &s) -> Cell { return agrees(s) ? limit_cell(s) : Cell(nullptr); };

  Table sites;
  sites.name = "sites";
  sites.title = "Call sites:";
  sites.note = fmt::format("base: {}; new: {}", base_label, new_label);
  sites.columns = {{"file"},       {"direction"}, {"caller"},      {"callee"},      {"location"},
                   {"change"},     {"base"},      {"base_reason"}, {"base_copies"}, {"base_growth"},
                   {"base_limit"}, {"new"},       {"new_reason"},  {"new_copies"},  {"new_growth"},
                   {"new_limit"},  {"id"}};
  Table copies;
  copies.name = "copies";
  copies.title = "Copies whose decision changed (the chain: the function holding the copy first):";
  copies.columns = {{"file"}, {"caller"},      {"callee"}, {"location"},   {"copy"},
                    {"base"}, {"base_reason"}, {"new"},    {"new_reason"}, {"id"}};
  std::set<std::string> tus;
  int64_t into = 0, from = 0, into_b = 0, into_n = 0, from_b = 0, from_n = 0;
  int64_t to_in = 0, to_out = 0, copy_changed = 0;
  for (const Row &r : rows) {
    tus.insert(r.key.tu);
    const Site &s = *r.any;
    const std::string change = change_of(r);
    const bool bi = r.base.model && r.base.model->inlined(),
               ni = r.next.model && r.next.model->inlined();
    if (r.direction != "from" && r.direction != "within") {
      ++into;
      into_b += bi;
      into_n += ni;
    }
    if (r.direction == "from" || r.direction == "recursive") {
      ++from;
      from_b += bi;
      from_n += ni;
    }
    to_in += change == "to inlined";
    to_out += change == "to not inlined";
    copy_changed += change == "copies";
    sites.rows.push_back({r.key.tu, r.direction, s.lexical_caller.name, s.callee.name, s.location,
                          change, decision_cell(r.base), reason_cell(b, r.base),
                          copies_cell(r.base), growth_cell(r.base), limit_of(r.base),
                          decision_cell(r.next), reason_cell(n, r.next), copies_cell(r.next),
                          growth_cell(r.next), limit_of(r.next), r.key.id});
    if (change == "same" || !r.base.model || !r.next.model)
      continue;
    // The copies of both, by chain: those whose decisions differ, or that
    // one build has and the other not.
    std::map<std::string, std::pair<const CopyModel *, const CopyModel *>> by_chain;
    for (auto c = b.copies_begin(*r.base.model); c != b.copies_end(*r.base.model); ++c)
      by_chain[b.chain_text(*c)].first = c;
    for (auto c = n.copies_begin(*r.next.model); c != n.copies_end(*r.next.model); ++c)
      by_chain[n.chain_text(*c)].second = c;
    auto live = [](const Build &m, const std::string &tu, const CopyModel *c) {
      auto t = m.find_tu(tu);
      return c && (!t || m.copy_in_code(*t, *c));
    };
    // Copies both builds have (a copy one build lacks follows from another
    // site's flip: the K/N columns count it).
    for (const auto &[chain, pair] : by_chain) {
      const CopyModel *x = live(b, r.key.tu, pair.first) ? pair.first : nullptr;
      const CopyModel *y = live(n, r.key.tu, pair.second) ? pair.second : nullptr;
      if (!x || !y || x->inlined == y->inlined)
        continue;
      auto dec = [](const CopyModel *c) -> Cell {
        return c ? Cell(c->inlined ? "inlined" : "refused") : Cell(nullptr);
      };
      copies.rows.push_back({r.key.tu, s.lexical_caller.name, s.callee.name, s.location, chain,
                             dec(x), x ? Cell(b.str(x->reason)) : Cell(nullptr), dec(y),
                             y ? Cell(n.str(y->reason)) : Cell(nullptr), r.key.id});
    }
  }

  Table fns;
  fns.name = "functions";
  fns.title = "Functions:";
  fns.columns = {{"file"},        {"function"}, {"status"},  {"base"},           {"new"},
                 {"delta", true}, {"est_base"}, {"est_new"}, {"est_delta", true}};
  size_t functions = 0;
  for (const FunctionDiff &f : d.functions) {
    const FunctionModel *m = f.base_index  ? &b.functions[*f.base_index]
                             : f.new_index ? &n.functions[*f.new_index]
                                           : nullptr;
    const Build &mb = f.base_index ? b : n;
    if (!m || !match(std::string(mb.str(m->name)), std::string(mb.str(m->symbol))))
      continue;
    ++functions;
    tus.insert(f.tu);
    fns.rows.push_back({f.tu, f.name, function_status_name(f.status), opt(f.bytes_base),
                        opt(f.bytes_new), f.bytes_known ? Cell(f.delta) : Cell(nullptr),
                        opt(f.est_base), opt(f.est_new), f.est_delta});
  }
  if (rows.empty() && functions == 0)
    throw Error("no function matching '{}' in the {} TUs both builds have", pattern,
                d.common.size());

  Result res;
  res.kind = "explain";
  res.headline = fmt::format(
      "{}: base {} -> new {}: {} in {}; calls into it: {} sites, inlined {} -> {}; calls from "
      "it: {} sites, inlined {} -> {}; {} flipped to inlined, {} to not inlined, {} changed in "
      "some copies",
      pattern, base_short, new_short, plural(functions, "function"), plural(tus.size(), "TU"), into,
      into_b, into_n, from, from_b, from_n, to_in, to_out, copy_changed);
  res.summary = {
      {"name", pattern},        {"base", d.base_paths},        {"new", d.new_paths},
      {"functions", functions}, {"tus", tus.size()},           {"sites", rows.size()},
      {"into", into},           {"into_inlined_base", into_b}, {"into_inlined_new", into_n},
      {"from", from},           {"from_inlined_base", from_b}, {"from_inlined_new", from_n},
      {"to_inlined", to_in},    {"to_not_inlined", to_out},    {"copies_changed", copy_changed},
      {"errors", d.errors()}};
  res.tables.push_back(std::move(sites));
  res.tables.push_back(std::move(copies));
  res.tables.push_back(std::move(fns));
  shape(res, shaping);
  out.write(render(res, format));
  out.commit();
  return d.errors() ? 1 : 0;
}

// Two PATHs that hold logs of one source are two builds (BASE NEW).
bool share_a_source(const Build &a, const Build &b) {
  for (const TuModel &t : a.tus)
    if (b.find_tu(t.key))
      return true;
  return false;
}

int run(const Options &options) {
  const bool two_option = !options.base.empty() || !options.next.empty();
  if (options.words.empty() || (options.words.size() < 2 && !two_option))
    throw UsageError("give NAME and at least one PATH");
  const std::string &pattern = options.words[0];
  const std::vector<std::string> paths(options.words.begin() + 1, options.words.end());
  const size_t top = parse_top(options.table.top);
  const Format format = parse_format(options.table.format);
  const RowShaping shaping = options.rows.shaping(top);
  Matcher match(pattern);
  const LoadOptions load = load_options(options, match);
  Output out(options.table.output); // before reading: a bad -o fails at once

  if (two_option) {
    auto [base_paths, new_paths] = diff_paths(paths, options.base, options.next);
    BuildDiff &d = keep_until_exit(load_diff(base_paths, new_paths, report, load));
    if (std::string warning = tu_mismatch_warning(d); !warning.empty())
      fmt::print(stderr, "inlinetune: warning: {}\n", warning);
    return explain_two(pattern, match, d, out, format, shaping);
  }
  if (paths.size() == 2) {
    LoadOptions apart_load = load;
    apart_load.copies = true; // if they are compared
    // Read apart first: if they share a source they are compared, else they
    // are one build, read again as one (what the first reading said is
    // said then, once).
    std::vector<Diagnostic> said;
    auto [first, second] = load_builds(
        {paths[0]}, {paths[1]}, [&said](const Diagnostic &d) { said.push_back(d); }, apart_load);
    if (share_a_source(first, second)) {
      for (const Diagnostic &d : said)
        report(d);
      BuildDiff &d =
          keep_until_exit(diff_builds(std::move(first), std::move(second), {paths[0]}, {paths[1]}));
      if (std::string warning = tu_mismatch_warning(d); !warning.empty())
        fmt::print(stderr, "inlinetune: warning: {}\n", warning);
      return explain_two(pattern, match, d, out, format, shaping);
    }
  }
  if (format == Format::csv && shaping.sort.empty())
    if (std::optional<int> status = explain_streaming(paths, match, load, out, shaping))
      return *status;
  const Build &b = keep_until_exit(load_build(paths, report, load));
  if (b.tus.empty())
    throw Error("no decision logs found in {}", fmt::join(paths, ", "));
  return explain_one(pattern, match, b, out, format, shaping);
}

} // namespace

std::function<int()> setup_explain(Args &args) {
  auto options = std::make_shared<Options>();
  args.positionals("NAME PATH", &options->words, true,
                   "NAME: a function's name, symbol or C++ name (a glob: 'do_sys_*'); PATH: build "
                   "directories, objects, archives and .jsonl logs (two PATHs holding logs of the "
                   "same sources: BASE NEW, compared)");
  args.multi_option("--base", "PATH", &options->base,
                    "A path of the base build, to compare (repeatable; with --new)");
  args.multi_option("--new", "PATH", &options->next,
                    "A path of the new build, to compare (repeatable; with --base)");
  options->rows.declare(args, "Sort call-site rows by these columns (default: file, direction, "
                              "location)");
  options->table.declare(args, "Only the first N rows of each table (0, the default: all)");
  return [options] { return run(*options); };
}

} // namespace inlinetune
