// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/source_annotation.h"

#include "error.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <unordered_map>

namespace inlinetune {

namespace {

std::optional<int> parse_positive(std::string_view s) {
  int v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v <= 0)
    return std::nullopt;
  return v;
}

bool has_wildcard(std::string_view s) {
  return s.find_first_of("*?[") != std::string_view::npos;
}

bool same_limit(const std::optional<Limit> &a, const std::optional<Limit> &b) {
  if (!a || !b)
    return !a && !b;
  return a->param == b->param && a->value == b->value && a->flip_at == b->flip_at &&
         a->params_of == b->params_of;
}

// Whether two builds decided alike: the same decision in each TU, the same
// refusal that stands, and per inliner the same share of copies inlined,
// the same reasons, growth and limit.  The number of copies alone does not
// count: it follows from other sites' decisions (a caller inlined into
// two more functions copies each of its calls twice more).
bool same_pass(const std::optional<PassDecisions> &a, const std::optional<PassDecisions> &b) {
  if (!a || !b)
    return !a && !b;
  auto reasons = [](const PassDecisions &p) {
    std::vector<std::string> r;
    for (const auto &[reason, n] : p.refusals)
      r.push_back(reason);
    std::sort(r.begin(), r.end());
    return r;
  };
  return uint64_t(a->inlined) * b->records == uint64_t(b->inlined) * a->records &&
         reasons(*a) == reasons(*b) && a->growth == b->growth && same_limit(a->limit, b->limit);
}

bool same_decision(const SiteDecision &a, const SiteDecision &b) {
  return uint64_t(a.tus_inlined) * b.tus == uint64_t(b.tus_inlined) * a.tus &&
         a.reason == b.reason && same_limit(a.limit, b.limit) && same_pass(a.einline, b.einline) &&
         same_pass(a.ipa, b.ipa) && a.clones == b.clones &&
         (a.details || b.details ||
          uint64_t(a.inlined_records) * b.records == uint64_t(b.inlined_records) * a.records);
}

void sort_unique(std::vector<std::string> &v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// One build's sites in the wanted files, by id.
struct Collected {
  struct Entry {
    AnnotatedSite site; // its line, column, names (its decisions are in DECISION)
    std::string file;
    SiteDecision decision;
  };
  std::map<std::string, Entry> by_id;
  std::map<std::string, std::set<std::string>> tus; // file -> TU keys
};

Collected collect(const Build &b, const std::function<bool(std::string_view)> &wanted) {
  Collected c;
  // Whether each location's file is wanted, by file: a kernel build has
  // about a million sites in some 30000 files.
  std::unordered_map<std::string_view, bool> memo;
  auto want = [&](std::string_view file) {
    auto [it, added] = memo.emplace(file, false);
    if (added)
      it->second = wanted(file);
    return it->second;
  };
  for (const SiteModel &s : b.sites) {
    const std::string_view location = b.str(s.location);
    const std::optional<SourceLocation> loc = parse_location(location);
    if (!loc || !want(loc->file))
      continue;
    auto [it, added] = c.by_id.try_emplace(std::string(b.str(s.id)));
    Collected::Entry &e = it->second;
    if (added) {
      e.file = std::string(loc->file);
      e.site.line = loc->line;
      e.site.column = loc->column;
      e.site.location = std::string(location);
      e.site.id = it->first;
      e.site.callee = std::string(b.str(s.callee));
      e.site.callee_symbol = std::string(b.str(s.callee_symbol));
      e.site.lexical_caller = std::string(b.str(s.lexical_caller));
    }
    SiteDecision &d = e.decision;
    ++d.tus;
    d.tus_inlined += s.inlined();
    d.records += s.records;
    d.inlined_records += s.inlined_records;
    if (!s.inlined() && d.reason.empty()) {
      d.reason = std::string(b.str(s.reason));
      d.limit = b.limit(s);
    }
    for (NameId caller : b.callers(s))
      d.callers.emplace_back(b.str(caller));
    c.tus[e.file].insert(b.tus[s.tu].key);
  }
  for (const auto &[tu, r] : b.kept_sites) {
    auto it = c.by_id.find(r.id);
    if (it == c.by_id.end())
      continue; // a kept record of a file not wanted
    SiteDecision &d = it->second.decision;
    d.details = true;
    std::optional<PassDecisions> &slot = r.pass == Pass::einline ? d.einline : d.ipa;
    if (!slot)
      slot.emplace();
    PassDecisions &p = *slot;
    const bool first = p.records++ == 0;
    const bool first_refusal = !r.inlined && p.refusals.empty();
    if (r.inlined) {
      ++p.inlined;
    } else {
      auto reason = std::find_if(p.refusals.begin(), p.refusals.end(),
                                 [&](const auto &x) { return x.first == r.reason; });
      if (reason == p.refusals.end())
        p.refusals.emplace_back(r.reason, 1);
      else
        ++reason->second;
      if (!p.limit && r.limit)
        p.limit = r.limit;
    }
    if (first) {
      p.growth = r.growth;
      p.callee_size = r.callee_size;
    } else if (first_refusal) {
      p.growth = r.growth ? r.growth : p.growth;
      p.callee_size = r.callee_size ? r.callee_size : p.callee_size;
    }
    if (!r.callee_clone.empty())
      d.clones.push_back(r.callee_clone);
  }
  for (auto &[id, e] : c.by_id) {
    SiteDecision &d = e.decision;
    if (d.reason.empty())
      d.reason = "OK";
    sort_unique(d.callers);
    sort_unique(d.clones);
  }
  return c;
}

Annotation assemble(Collected *base, Collected &next) {
  std::map<std::string, AnnotatedFile> files;
  auto file_of = [&](const std::string &name) -> AnnotatedFile & {
    AnnotatedFile &f = files[name];
    f.file = name;
    return f;
  };
  for (auto &[id, e] : next.by_id) {
    AnnotatedSite site = std::move(e.site);
    site.next = std::move(e.decision);
    if (base) {
      auto b = base->by_id.find(id);
      if (b == base->by_id.end()) {
        site.change = SiteChange::added;
      } else {
        site.base = std::move(b->second.decision);
        base->by_id.erase(b);
        if (site.base->inlined() != site.next->inlined())
          site.change = site.next->inlined() ? SiteChange::to_inlined : SiteChange::to_refused;
        else if (!same_decision(*site.base, *site.next))
          site.change = SiteChange::changed;
      }
    }
    file_of(e.file).sites.push_back(std::move(site));
  }
  if (base)
    for (auto &[id, e] : base->by_id) {
      AnnotatedSite site = std::move(e.site);
      site.base = std::move(e.decision);
      site.change = SiteChange::removed;
      file_of(e.file).sites.push_back(std::move(site));
    }
  Annotation a;
  a.two_builds = base != nullptr;
  for (auto &[name, f] : files) {
    std::stable_sort(f.sites.begin(), f.sites.end(),
                     [](const AnnotatedSite &x, const AnnotatedSite &y) {
                       return std::tie(x.line, x.column, x.callee, x.id) <
                              std::tie(y.line, y.column, y.callee, y.id);
                     });
    for (const std::string &tu : next.tus[name])
      f.tus.push_back(tu);
    if (base)
      for (const std::string &tu : base->tus[name])
        if (!next.tus[name].count(tu))
          f.tus.push_back(tu);
    a.files.push_back(std::move(f));
  }
  return a;
}

// A path's components, lexically: "." and empty ones dropped; nullopt when
// one is "..".
std::optional<std::vector<std::string_view>> components(std::string_view path) {
  std::vector<std::string_view> parts;
  size_t at = 0;
  while (at <= path.size()) {
    const size_t slash = std::min(path.find('/', at), path.size());
    const std::string_view part = path.substr(at, slash - at);
    at = slash + 1;
    if (part == "..")
      return std::nullopt;
    if (!part.empty() && part != ".")
      parts.push_back(part);
  }
  return parts;
}

// The directory the compile of OBJECT ran in, from the file it was read
// from (ORIGIN, "dir/obj.o" or "dir/lib.a(obj.o)"), or nullopt.
std::optional<std::string> compile_directory(std::string_view origin, std::string_view object) {
  std::string file(origin);
  if (!file.empty() && file.back() == ')') {
    const size_t open = file.rfind('(');
    if (open == std::string::npos)
      return std::nullopt;
    const std::string member = file.substr(open + 1, file.size() - open - 2);
    const std::string archive = file.substr(0, open);
    const size_t slash = archive.rfind('/');
    file = member.front() == '/' || slash == std::string::npos
               ? member
               : archive.substr(0, slash + 1) + member;
  }
  if (object.empty() || object.front() == '/')
    return std::nullopt;
  const auto obj = components(object), path = components(file);
  if (!obj || !path || obj->empty() || path->size() < obj->size() ||
      !std::equal(obj->rbegin(), obj->rend(), path->rbegin()))
    return std::nullopt;
  std::string dir = file.front() == '/' ? "/" : "";
  for (size_t i = 0; i + obj->size() < path->size(); ++i)
    dir += std::string(i ? "/" : "") + std::string((*path)[i]);
  return dir.empty() ? "." : dir;
}

} // namespace

std::optional<SourceLocation> parse_location(std::string_view location) {
  const size_t c2 = location.rfind(':');
  if (c2 == std::string_view::npos || c2 == 0)
    return std::nullopt;
  const size_t c1 = location.rfind(':', c2 - 1);
  if (c1 == std::string_view::npos || c1 == 0)
    return std::nullopt;
  auto line = parse_positive(location.substr(c1 + 1, c2 - c1 - 1));
  auto column = parse_positive(location.substr(c2 + 1));
  // GCC writes column 0 when it has none: the line still counts.
  if (!column && location.substr(c2 + 1) == "0")
    column = 0;
  if (!line || !column)
    return std::nullopt;
  return SourceLocation{location.substr(0, c1), *line, *column};
}

SourceFileMatcher::SourceFileMatcher(const std::string &pattern) : pattern_(pattern) {
  if (pattern.empty())
    throw UsageError("FILE is empty");
  if (has_wildcard(pattern)) {
    Glob g;
    std::string error;
    if (!Glob::compile(pattern, Glob::Kind::Path, &g, &error))
      throw UsageError("FILE '{}': {}", pattern, error);
    glob_ = std::move(g);
  }
}

bool SourceFileMatcher::operator()(std::string_view file) const {
  if (glob_)
    return glob_->matches(file);
  if (file == pattern_)
    return true;
  return file.size() > pattern_.size() &&
         file.compare(file.size() - pattern_.size(), pattern_.size(), pattern_) == 0 &&
         (pattern_.front() == '/' || file[file.size() - pattern_.size() - 1] == '/');
}

std::vector<std::string> SourceFileMatcher::best(std::vector<std::string> files) const {
  sort_unique(files);
  if (std::find(files.begin(), files.end(), pattern_) != files.end())
    return {pattern_};
  return files;
}

const char *site_change_name(SiteChange change) {
  switch (change) {
  case SiteChange::none:
    return "";
  case SiteChange::to_inlined:
    return "to inlined";
  case SiteChange::to_refused:
    return "to refused";
  case SiteChange::added:
    return "new";
  case SiteChange::removed:
    return "gone";
  case SiteChange::changed:
    return "changed";
  }
  return "?";
}

size_t Annotation::sites() const {
  size_t n = 0;
  for (const AnnotatedFile &f : files)
    n += f.sites.size();
  return n;
}

bool keep_record(const Site &site, const SourceFileMatcher &match) {
  const std::optional<SourceLocation> loc = parse_location(site.location);
  return loc && match(loc->file);
}

Annotation annotate_build(const Build &build,
                          const std::function<bool(std::string_view file)> &wanted) {
  Collected next = collect(build, wanted);
  return assemble(nullptr, next);
}

Annotation annotate_builds(const Build &base, const Build &next,
                           const std::function<bool(std::string_view file)> &wanted) {
  Collected b = collect(base, wanted), n = collect(next, wanted);
  return assemble(&b, n);
}

std::vector<std::string> candidate_source_roots(const Build &build,
                                                const std::vector<std::string> &paths) {
  std::vector<std::string> roots;
  std::set<std::string> seen;
  auto add = [&](const std::string &dir) {
    if (seen.insert(dir).second)
      roots.push_back(dir);
  };
  std::vector<std::string> dirs;
  std::set<std::string> dir_seen;
  for (const TuModel &tu : build.tus)
    if (auto dir = compile_directory(tu.origin, tu.header.object))
      if (dir_seen.insert(*dir).second)
        dirs.push_back(*dir);
  for (const std::string &p : paths)
    if (dir_seen.insert(p).second)
      dirs.push_back(p);
  for (const std::string &d : dirs) {
    add(d);
    add(d == "/" ? "/source" : d + "/source");
  }
  add(".");
  return roots;
}

} // namespace inlinetune
