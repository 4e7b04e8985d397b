// SPDX-License-Identifier: GPL-3.0-or-later
#include "output/annotation_result.h"

#include "error.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <algorithm>
#include <set>

namespace inlinetune {

namespace {

std::string plural(size_t n, const char *one, const char *many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// "growth 20; max-inline-insns-auto=15, flip at 21; params of vfs_statx":
// what a pass (or the decision that stands) says of a refusal by a limit.
std::string limit_text(const std::optional<Limit> &limit, const std::vector<std::string> &callers) {
  if (!limit)
    return "";
  std::string s = fmt::format("{}={}, flip at {}", limit->param, limit->value,
                              limit->flip_at ? std::to_string(*limit->flip_at) : "unknown");
  // The params GCC read are those of a function other than the caller's
  // (an inline copy's, docs/log-format.md "params_of"): a rule must name it.
  if (!limit->params_of.empty() &&
      std::find(callers.begin(), callers.end(), limit->params_of) == callers.end())
    s += "; params of " + limit->params_of;
  return s;
}

std::string reasons_text(const PassDecisions &p) {
  std::string s;
  for (const auto &[reason, n] : p.refusals) {
    if (!s.empty())
      s += ", ";
    s += reason;
    if (p.refusals.size() > 1)
      s += fmt::format(" ({})", n);
  }
  return s;
}

// One inliner's records: "inlined", "refused REASON", "inlined in 3 of 4
// copies, refused REASON", with the growth and the limit after it.
std::string pass_text(const PassDecisions &p, const std::vector<std::string> &callers) {
  std::string s;
  if (p.inlined == p.records)
    s = p.records == 1 ? "inlined" : fmt::format("inlined in all {} copies", p.records);
  else if (p.inlined == 0)
    s = "refused " + reasons_text(p) +
        (p.records > 1 ? fmt::format(" in all {} copies", p.records) : "");
  else
    s = fmt::format("inlined in {} of {} copies, refused {}", p.inlined, p.records,
                    reasons_text(p));
  std::vector<std::string> details;
  if (p.growth)
    details.push_back(fmt::format("growth {}", *p.growth));
  if (std::string l = limit_text(p.limit, callers); !l.empty())
    details.push_back(l);
  if (!details.empty())
    s += fmt::format(" ({})", fmt::join(details, "; "));
  return s;
}

// The decision of a build: "inlined", "refused", "inlined in 2 of 3 TUs",
// then each inliner's records, or without them the refusal that stands.
std::string decision_text(const SiteDecision &d) {
  std::string s;
  if (d.tus <= 1)
    s = d.inlined() ? "inlined" : "refused";
  else if (d.tus_inlined == d.tus)
    s = fmt::format("inlined in all {} TUs", d.tus);
  else if (d.tus_inlined == 0)
    s = fmt::format("refused in all {} TUs", d.tus);
  else
    s = fmt::format("inlined in {} of {} TUs", d.tus_inlined, d.tus);
  if (d.details) {
    if (d.einline)
      s += "; einline: " + pass_text(*d.einline, d.callers);
    if (d.ipa)
      s += "; inline: " + pass_text(*d.ipa, d.callers);
    return s;
  }
  // Only the model's folded decision (report): the refusal that stands.
  if (d.reason != "OK") {
    s += " " + d.reason;
    if (std::string l = limit_text(d.limit, d.callers); !l.empty())
      s += " (" + l + ")";
  }
  return s;
}

std::string callee_text(const AnnotatedSite &site) {
  std::vector<std::string> clones;
  for (const SiteDecision *d :
       {site.base ? &*site.base : nullptr, site.next ? &*site.next : nullptr})
    if (d)
      clones.insert(clones.end(), d->clones.begin(), d->clones.end());
  std::sort(clones.begin(), clones.end());
  clones.erase(std::unique(clones.begin(), clones.end()), clones.end());
  return clones.empty() ? site.callee
                        : fmt::format("{} ({})", site.callee, fmt::join(clones, ", "));
}

// The pass whose decision stands: the one that inlined it (the early
// inliner first), else the IPA inliner when it refused it, else the early.
const PassDecisions *standing_pass(const SiteDecision &d) {
  if (d.inlined())
    return d.einline && d.einline->inlined ? &*d.einline : d.ipa ? &*d.ipa : nullptr;
  return d.ipa ? &*d.ipa : d.einline ? &*d.einline : nullptr;
}

Cell opt(const std::optional<int64_t> &v) {
  return v ? Cell(*v) : Cell(nullptr);
}

Cell flip_at(const std::optional<Limit> &l) {
  if (!l)
    return nullptr;
  return l->flip_at ? Cell(*l->flip_at) : Cell("unknown");
}

Cell pass_cell(const std::optional<PassDecisions> &p, const SiteDecision &d) {
  return p ? Cell(pass_text(*p, d.callers)) : Cell(nullptr);
}

Cell growth_cell(const SiteDecision &d) {
  const PassDecisions *p = standing_pass(d);
  return p ? opt(p->growth) : Cell(nullptr);
}

std::vector<Column> columns(bool two_builds) {
  if (!two_builds)
    return {{"file"},      {"line"},    {"column"}, {"callee"},         {"lexical_caller"},
            {"decision"},  {"inlined"}, {"tus"},    {"tus_inlined"},    {"reason"},
            {"einline"},   {"inline"},  {"growth"}, {"param"},          {"value"},
            {"params_of"}, {"flip_at"}, {"copies"}, {"inlined_copies"}, {"callers"},
            {"id"}};
  return {{"file"},         {"line"},        {"column"},      {"callee"},       {"lexical_caller"},
          {"change"},       {"base"},        {"new"},         {"base_reason"},  {"new_reason"},
          {"base_einline"}, {"new_einline"}, {"base_inline"}, {"new_inline"},   {"base_growth"},
          {"new_growth"},   {"base_param"},  {"base_value"},  {"base_flip_at"}, {"new_param"},
          {"new_value"},    {"new_flip_at"}, {"base_copies"}, {"new_copies"},   {"id"}};
}

std::vector<Cell> row(const AnnotatedFile &f, const AnnotatedSite &s, bool two_builds) {
  std::vector<Cell> r = {f.file, s.line, s.column, callee_text(s), s.lexical_caller};
  if (!two_builds) {
    const SiteDecision &d = s.shown();
    Cell callers = Cell::array();
    for (const std::string &c : d.callers)
      callers.push_back(c);
    r.insert(r.end(), {decision_state(d), d.inlined(), d.tus, d.tus_inlined, d.reason,
                       pass_cell(d.einline, d), pass_cell(d.ipa, d), growth_cell(d),
                       d.limit ? Cell(d.limit->param) : Cell(nullptr),
                       d.limit ? Cell(d.limit->value) : Cell(nullptr),
                       d.limit ? Cell(d.limit->params_of) : Cell(nullptr), flip_at(d.limit),
                       d.records, d.inlined_records, callers, s.id});
    return r;
  }
  auto side = [&](const std::optional<SiteDecision> &d, auto &&f) -> Cell {
    return d ? f(*d) : Cell(nullptr);
  };
  const auto &b = s.base, &n = s.next;
  auto state = [](const SiteDecision &d) { return Cell(decision_state(d)); };
  auto reason = [](const SiteDecision &d) { return Cell(d.reason); };
  auto einline = [](const SiteDecision &d) { return pass_cell(d.einline, d); };
  auto ipa = [](const SiteDecision &d) { return pass_cell(d.ipa, d); };
  auto growth = [](const SiteDecision &d) { return growth_cell(d); };
  auto param = [](const SiteDecision &d) { return d.limit ? Cell(d.limit->param) : Cell(nullptr); };
  auto value = [](const SiteDecision &d) { return d.limit ? Cell(d.limit->value) : Cell(nullptr); };
  auto flip = [](const SiteDecision &d) { return flip_at(d.limit); };
  auto copies = [](const SiteDecision &d) { return Cell(d.records); };
  r.insert(r.end(), {site_change_name(s.change),
                     side(b, state),
                     side(n, state),
                     side(b, reason),
                     side(n, reason),
                     side(b, einline),
                     side(n, einline),
                     side(b, ipa),
                     side(n, ipa),
                     side(b, growth),
                     side(n, growth),
                     side(b, param),
                     side(b, value),
                     side(b, flip),
                     side(n, param),
                     side(n, value),
                     side(n, flip),
                     side(b, copies),
                     side(n, copies),
                     s.id});
  return r;
}

struct Counts {
  size_t sites = 0, lines = 0, inlined = 0, refused = 0, base_inlined = 0, base_refused = 0;
  size_t to_inlined = 0, to_refused = 0, added = 0, removed = 0, changed = 0, shown = 0;
};

Counts count(const Annotation &a, SiteFilter filter) {
  Counts c;
  for (const AnnotatedFile &f : a.files) {
    std::set<int> lines;
    for (const AnnotatedSite &s : f.sites) {
      ++c.sites;
      lines.insert(s.line);
      if (s.next)
        ++(s.next->inlined() ? c.inlined : c.refused);
      if (s.base)
        ++(s.base->inlined() ? c.base_inlined : c.base_refused);
      switch (s.change) {
      case SiteChange::to_inlined:
        ++c.to_inlined;
        break;
      case SiteChange::to_refused:
        ++c.to_refused;
        break;
      case SiteChange::added:
        ++c.added;
        break;
      case SiteChange::removed:
        ++c.removed;
        break;
      case SiteChange::changed:
        ++c.changed;
        break;
      case SiteChange::none:
        break;
      }
      c.shown += site_shown(s, filter);
    }
    c.lines += lines.size();
  }
  return c;
}

const char *filter_name(SiteFilter f) {
  switch (f) {
  case SiteFilter::all:
    return "all";
  case SiteFilter::inlined:
    return "inlined";
  case SiteFilter::refused:
    return "refused";
  case SiteFilter::flipped:
    return "flipped";
  case SiteFilter::changed:
    return "changed";
  }
  return "?";
}

// The width of the source's line numbers.
size_t gutter_width(size_t lines) {
  return std::max<size_t>(4, std::to_string(std::max<size_t>(lines, 1)).size());
}

// The caret's indent under column COLUMN of LINE: its bytes before the
// column, tabs kept (so that the caret lines up however wide a tab is) and
// everything else a space, one per character (UTF-8 continuation bytes
// dropped; GCC counts columns in bytes).
std::string caret_indent(const std::string &line, int column) {
  std::string s;
  for (int i = 0; i + 1 < column; ++i) {
    const char c = i < static_cast<int>(line.size()) ? line[i] : ' ';
    if (c == '\t')
      s += '\t';
    else if ((static_cast<unsigned char>(c) & 0xc0) != 0x80)
      s += ' ';
  }
  return s;
}

const char *color_of(const TextLine &l) {
  if (l.state == "inlined")
    return l.flip ? "\033[1;32m" : "\033[32m";
  if (l.state == "refused")
    return l.flip ? "\033[1;31m" : "\033[31m";
  return l.flip ? "\033[1;33m" : "\033[33m";
}

} // namespace

SiteFilter parse_site_filter(const std::string &name) {
  for (SiteFilter f : {SiteFilter::all, SiteFilter::inlined, SiteFilter::refused,
                       SiteFilter::flipped, SiteFilter::changed})
    if (name == filter_name(f))
      return f;
  throw UsageError("--only: '{}' is not one of: all, inlined, refused, flipped, changed", name);
}

bool site_shown(const AnnotatedSite &site, SiteFilter filter) {
  switch (filter) {
  case SiteFilter::all:
    return true;
  case SiteFilter::inlined:
    return site.shown().inlined();
  case SiteFilter::refused:
    return !site.shown().inlined();
  case SiteFilter::flipped:
    return site.change == SiteChange::to_inlined || site.change == SiteChange::to_refused;
  case SiteFilter::changed:
    return site.change != SiteChange::none;
  }
  return true;
}

const char *decision_state(const SiteDecision &d) {
  return d.partly() ? "partly" : d.inlined() ? "inlined" : "refused";
}

std::vector<TextLine> site_text(const AnnotatedSite &site, bool two_builds) {
  const std::string callee = callee_text(site);
  const SiteDecision &shown = site.shown();
  auto line = [](std::string text, const SiteDecision &d, bool flip = false) {
    return TextLine{std::move(text), decision_state(d), flip};
  };
  if (!two_builds || site.change == SiteChange::none)
    return {line(callee + ": " + decision_text(shown), shown)};
  switch (site.change) {
  case SiteChange::added:
    return {line(callee + ": new: " + decision_text(*site.next), *site.next)};
  case SiteChange::removed:
    return {line(callee + ": gone: " + decision_text(*site.base), *site.base)};
  case SiteChange::to_inlined:
  case SiteChange::to_refused:
    return {line(fmt::format("{}: {} -> {}", callee, decision_state(*site.base),
                             decision_state(*site.next)),
                 *site.next, true),
            line("base: " + decision_text(*site.base), *site.base, true),
            line("new:  " + decision_text(*site.next), *site.next, true)};
  default:
    return {line(fmt::format("{}: {} (changed)", callee, decision_state(*site.next)), *site.next),
            line("base: " + decision_text(*site.base), *site.base),
            line("new:  " + decision_text(*site.next), *site.next)};
  }
}

std::string annotation_headline(const Annotation &a, SiteFilter filter) {
  const Counts c = count(a, filter);
  std::vector<std::string> names;
  for (const AnnotatedFile &f : a.files)
    names.push_back(f.file);
  std::string s = fmt::format("{} in {} ({}) on {}", plural(c.sites, "call site", "call sites"),
                              plural(a.files.size(), "file", "files"), fmt::join(names, ", "),
                              plural(c.lines, "line", "lines"));
  if (!a.two_builds)
    s += fmt::format(": {} inlined, {} refused", c.inlined, c.refused);
  else
    s += fmt::format(": base {} inlined, {} refused; new {} inlined, {} refused; {} flipped to "
                     "inlined, {} to refused, {} new, {} gone, {} changed",
                     c.base_inlined, c.base_refused, c.inlined, c.refused, c.to_inlined,
                     c.to_refused, c.added, c.removed, c.changed);
  if (filter != SiteFilter::all)
    s += fmt::format("; {} shown (--only {})", c.shown, filter_name(filter));
  return s;
}

Result annotation_result(const Annotation &a, SiteFilter filter, size_t errors) {
  const Counts c = count(a, filter);
  Result res;
  res.kind = "annotate";
  res.headline = annotation_headline(a, filter);
  Cell files = Cell::array();
  for (const AnnotatedFile &f : a.files)
    files.push_back(f.file);
  res.summary = {{"files", files}, {"sites", c.sites}, {"lines", c.lines}};
  if (a.two_builds) {
    res.summary["base_inlined"] = c.base_inlined;
    res.summary["base_refused"] = c.base_refused;
    res.summary["new_inlined"] = c.inlined;
    res.summary["new_refused"] = c.refused;
    res.summary["to_inlined"] = c.to_inlined;
    res.summary["to_refused"] = c.to_refused;
    res.summary["new"] = c.added;
    res.summary["gone"] = c.removed;
    res.summary["changed"] = c.changed;
  } else {
    res.summary["inlined"] = c.inlined;
    res.summary["refused"] = c.refused;
  }
  res.summary["only"] = filter_name(filter);
  res.summary["shown"] = c.shown;
  res.summary["errors"] = errors;
  Table t;
  t.name = "sites";
  t.columns = columns(a.two_builds);
  for (const AnnotatedFile &f : a.files)
    for (const AnnotatedSite &s : f.sites)
      if (site_shown(s, filter))
        t.rows.push_back(row(f, s, a.two_builds));
  res.tables.push_back(std::move(t));
  return res;
}

std::string render_listing(const Annotation &a, const std::vector<SourceText> &sources,
                           const ListingOptions &options) {
  const char *reset = options.color ? "\033[0m" : "";
  const char *dim = options.color ? "\033[2m" : "";
  const char *bold = options.color ? "\033[1m" : "";
  std::string out = annotation_headline(a, options.filter) + "\n";
  for (size_t fi = 0; fi < a.files.size(); ++fi) {
    const AnnotatedFile &f = a.files[fi];
    const SourceText &src = sources.at(fi);
    const size_t n = src.lines.size();
    const size_t w = gutter_width(n);
    // The shown sites of each line (1-based), and those past the file's end.
    std::vector<std::vector<const AnnotatedSite *>> at(n + 1);
    std::vector<const AnnotatedSite *> past_end;
    for (const AnnotatedSite &s : f.sites) {
      if (!site_shown(s, options.filter))
        continue;
      if (static_cast<size_t>(s.line) <= n)
        at[s.line].push_back(&s);
      else
        past_end.push_back(&s);
    }
    std::vector<bool> show(n + 1, options.all);
    for (size_t l = 1; l <= n; ++l)
      if (!at[l].empty())
        for (size_t k = l > options.context ? l - options.context : 1;
             k <= std::min(n, l + options.context); ++k)
          show[k] = true;
    out += fmt::format("\n{}{}{} ({}; TU{} {})\n", bold, f.file, reset, src.path,
                       f.tus.size() == 1 ? "" : "s", fmt::join(f.tus, ", "));
    const std::string blank = std::string(w, ' ') + " | ";
    bool any = false, gap = false;
    for (size_t l = 1; l <= n; ++l) {
      if (!show[l]) {
        gap = any;
        continue;
      }
      if (gap)
        out += "--\n";
      gap = false;
      any = true;
      out += fmt::format("{}{:>{}}{} | {}\n", dim, l, w, reset, src.lines[l - 1]);
      for (const AnnotatedSite *s : at[l]) {
        const std::string indent = caret_indent(src.lines[l - 1], s->column);
        bool first = true;
        for (const TextLine &t : site_text(*s, a.two_builds)) {
          out += blank + indent + (options.color ? color_of(t) : "") + (first ? "^ " : "  ") +
                 t.text + reset + "\n";
          first = false;
        }
      }
    }
    if (!any)
      out += fmt::format("(no call site shown: --only {})\n", filter_name(options.filter));
    if (!past_end.empty()) {
      out += fmt::format("{} past the end of {} ({}): has it changed since the build?\n",
                         plural(past_end.size(), "call site", "call sites"), src.path,
                         plural(n, "line", "lines"));
      for (const AnnotatedSite *s : past_end)
        for (const TextLine &t : site_text(*s, a.two_builds))
          out += fmt::format("{}:{}: {}{}{}\n", s->line, s->column,
                             options.color ? color_of(t) : "", t.text, reset);
    }
  }
  return out;
}

nlohmann::ordered_json annotation_data(const Annotation &a, const std::vector<SourceText> &sources,
                                       SiteFilter filter) {
  const std::vector<Column> cols = columns(a.two_builds);
  Cell files = Cell::array();
  for (size_t fi = 0; fi < a.files.size(); ++fi) {
    const AnnotatedFile &f = a.files[fi];
    const SourceText &src = sources.at(fi);
    Cell sites = Cell::array();
    size_t past_end = 0;
    for (const AnnotatedSite &s : f.sites) {
      if (!site_shown(s, filter))
        continue;
      Cell text = Cell::array();
      for (const TextLine &t : site_text(s, a.two_builds))
        text.push_back(t.text);
      const std::vector<Cell> cells = row(f, s, a.two_builds);
      Cell r = Cell::object();
      for (size_t c = 0; c < cols.size(); ++c)
        r[cols[c].name] = cells[c];
      past_end += src.path.empty() || static_cast<size_t>(s.line) > src.lines.size();
      sites.push_back({{"line", s.line},
                       {"column", s.column},
                       {"state", decision_state(s.shown())},
                       {"change", site_change_name(s.change)},
                       {"text", text},
                       {"row", r}});
    }
    Cell lines = nullptr;
    if (!src.path.empty()) {
      lines = Cell::array();
      for (const std::string &l : src.lines)
        lines.push_back(l);
    }
    files.push_back({{"file", f.file},
                     {"source", src.path.empty() ? Cell(nullptr) : Cell(src.path)},
                     {"tus", f.tus},
                     {"lines", lines},
                     {"sites", sites},
                     {"past_end", past_end}});
  }
  return {
      {"two_builds", a.two_builds}, {"headline", annotation_headline(a, filter)}, {"files", files}};
}

} // namespace inlinetune
