// SPDX-License-Identifier: GPL-3.0-or-later
#include "build_model.h"

#include "error.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace inlinetune {

// ---- Names -----------------------------------------------------------------

namespace {

uint32_t name_hash(std::string_view s) {
  uint64_t h = std::hash<std::string_view>{}(s);
  return static_cast<uint32_t>(h ^ h >> 32);
}

} // namespace

NameId Names::intern(std::string_view s) {
  const uint32_t hash = name_hash(s);
  if ((strings_.size() + 1) * 2 > slots_.size()) {
    // Grow (or make) the table: twice as many slots, the ids put back.
    std::vector<uint32_t> slots(std::max<size_t>(1024, slots_.size() * 2), 0);
    const size_t mask = slots.size() - 1;
    for (uint32_t id = 0; id < strings_.size(); ++id) {
      size_t i = hashes_[id] & mask;
      while (slots[i])
        i = (i + 1) & mask;
      slots[i] = id + 1;
    }
    slots_ = std::move(slots);
  }
  const size_t mask = slots_.size() - 1;
  size_t i = hash & mask;
  for (; slots_[i]; i = (i + 1) & mask) {
    const NameId id = slots_[i] - 1;
    if (hashes_[id] == hash && strings_[id] == s)
      return id;
  }
  const auto id = static_cast<NameId>(strings_.size());
  strings_.emplace_back(s);
  hashes_.push_back(hash);
  slots_[i] = id + 1;
  return id;
}

std::optional<NameId> Names::find(std::string_view s) const {
  if (slots_.empty())
    return std::nullopt;
  const uint32_t hash = name_hash(s);
  const size_t mask = slots_.size() - 1;
  for (size_t i = hash & mask; slots_[i]; i = (i + 1) & mask) {
    const NameId id = slots_[i] - 1;
    if (hashes_[id] == hash && strings_[id] == s)
      return id;
  }
  return std::nullopt;
}

// ---- Build -----------------------------------------------------------------

namespace {

uint64_t pair_key(uint32_t tu, NameId name) {
  return uint64_t(tu) << 32 | name;
}

// The pieces GCC makes of a function and names "foo.SUFFIX[.N]".
bool gcc_suffix(std::string_view word) {
  return word == "constprop" || word == "isra" || word == "part" || word == "cold" ||
         word == "lto_priv" || word == "specialized";
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

} // namespace

std::optional<uint32_t> Build::find_tu(const std::string &key) const {
  for (size_t i = 0; i < tus.size(); ++i)
    if (tus[i].key == key)
      return static_cast<uint32_t>(i);
  return std::nullopt;
}

std::optional<size_t> Build::find_site(uint32_t tu, const std::string &id) const {
  std::optional<NameId> name = names.find(id);
  if (!name)
    return std::nullopt;
  auto it = site_index.find(pair_key(tu, *name));
  return it == site_index.end() ? std::nullopt : std::optional<size_t>(it->second);
}

std::optional<size_t> Build::find_function(uint32_t tu, const std::string &symbol) const {
  std::optional<NameId> name = names.find(symbol);
  if (!name)
    return std::nullopt;
  auto it = function_index.find(pair_key(tu, *name));
  return it == function_index.end() ? std::nullopt : std::optional<size_t>(it->second);
}

std::string symbol_base(std::string_view symbol) {
  for (;;) {
    size_t dot = symbol.rfind('.');
    if (dot == std::string_view::npos || dot == 0)
      break;
    std::string_view last = symbol.substr(dot + 1);
    if (gcc_suffix(last)) {
      symbol = symbol.substr(0, dot);
      continue;
    }
    size_t prev = all_digits(last) ? symbol.rfind('.', dot - 1) : std::string_view::npos;
    if (prev == std::string_view::npos || prev == 0 ||
        !gcc_suffix(symbol.substr(prev + 1, dot - prev - 1)))
      break;
    symbol = symbol.substr(0, prev);
  }
  return std::string(symbol);
}

Build build_model(LogSet &logs, const DiagnosticSink &sink, const LoadOptions &options) {
  Build b;
  const std::vector<TuInfo> &infos = logs.finish();
  size_t model_errors = 0;
  // Records are read by one RecordReader into one Site and one Function,
  // reused: a kernel build has millions of records (bench/tools.sh).
  RecordReader reader;
  Site s;
  Function f;
  // Room for the most sites and functions the lines can make: no copying as
  // the vectors grow (capacity never used is never touched either).
  size_t lines = 0;
  for (const TuInfo &info : infos)
    lines += info.records;
  b.sites.reserve(lines);
  b.functions.reserve(lines);
  // This TU's sites by id: a small table that stays in the cache, where a
  // kernel's Build::site_index has a million entries.  Copied to site_index
  // after each TU.
  std::unordered_map<NameId, size_t> tu_sites;
  for (const TuInfo &info : infos) {
    const std::string text = logs.text(info);
    const auto tu = static_cast<uint32_t>(b.tus.size());
    TuModel m;
    m.origin = info.origin;
    m.index = info.index;
    m.has_symbols = info.functions != nullptr;
    auto fail = [&](size_t line, const std::string &what) {
      ++model_errors;
      if (sink)
        sink(Diagnostic{
            Diagnostic::Level::error, info.origin,
            fmt::format("TU {} ({}), line {}: {}", info.index, info.object, line, what)});
    };
    // Every line ends in '\n' (LogSet checked); the first is the header.
    std::string_view rest = text;
    auto next_line = [&rest] {
      size_t nl = rest.find('\n');
      std::string_view line = rest.substr(0, nl);
      rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
      return line;
    };
    try {
      m.header = parse_header(Record::parse(next_line()));
    } catch (const Error &e) {
      fail(1, e.what());
    }
    m.records = 1;
    if (m.header.source.empty())
      m.header.source = info.object;
    m.key = m.header.source;
    b.has_symbols = b.has_symbols || m.has_symbols;

    std::vector<size_t> tu_functions; // indices into b.functions
    while (!rest.empty()) {
      const size_t line_number = ++m.records;
      const std::string_view kind = reader.parse(next_line());
      try {
        if (kind == "site") {
          reader.site(m.header, s);
          NameId id = b.names.intern(s.id);
          auto [it, added] = tu_sites.emplace(id, b.sites.size());
          if (added) {
            SiteModel sm;
            sm.tu = tu;
            sm.id = id;
            sm.lexical_caller = b.names.intern(s.lexical_caller);
            sm.lexical_caller_symbol = s.lexical_caller_symbol == s.lexical_caller
                                           ? sm.lexical_caller
                                           : b.names.intern(s.lexical_caller_symbol);
            sm.callee = b.names.intern(s.callee);
            sm.callee_symbol =
                s.callee_symbol == s.callee ? sm.callee : b.names.intern(s.callee_symbol);
            sm.location = b.names.intern(s.location);
            b.sites.push_back(std::move(sm));
          }
          SiteModel &sm = b.sites[it->second];
          ++sm.records;
          NameId caller = s.caller_symbol == s.lexical_caller_symbol
                              ? sm.lexical_caller_symbol
                              : b.names.intern(s.caller_symbol);
          auto at = std::lower_bound(sm.callers.begin(), sm.callers.end(), caller);
          if (at == sm.callers.end() || *at != caller)
            sm.callers.insert(at, caller);
          if (s.inlined) {
            ++sm.inlined_records;
            (s.pass == Pass::einline ? sm.einline_inlined : sm.ipa_inlined) = true;
          } else if (!sm.has_refusal || (s.pass == Pass::ipa && !sm.refused_by_ipa)) {
            // The first refusal, replaced by the IPA inliner's first: it decided last.
            sm.reason = b.names.intern(s.reason);
            sm.limit = s.limit;
            sm.has_refusal = true;
            sm.refused_by_ipa = s.pass == Pass::ipa;
          }
          if (options.keep_site && options.keep_site(s))
            b.kept_sites.emplace_back(tu, s);
        } else if (kind == "function") {
          reader.function(f);
          NameId symbol = b.names.intern(f.symbol);
          auto [it, added] = b.function_index.emplace(pair_key(tu, symbol), b.functions.size());
          if (!added)
            throw Error("a second function record for {}", f.symbol);
          FunctionModel fm;
          fm.tu = tu;
          fm.name = f.name == f.symbol ? symbol : b.names.intern(f.name);
          fm.symbol = symbol;
          fm.size_before = f.size_before;
          fm.size_after = f.size_after;
          fm.inlined_callees = f.inlined_callees;
          fm.out_of_line = f.out_of_line;
          fm.never_inline = f.never_inline;
          fm.emitted = f.out_of_line;
          tu_functions.push_back(b.functions.size());
          b.functions.push_back(fm);
        }
        // Other records (a later schema's) are not ours to read.
      } catch (const Error &e) {
        fail(line_number, fmt::format("{} record: {}", kind, e.what()));
      }
    }

    for (const auto &[id, index] : tu_sites)
      b.site_index.emplace(pair_key(tu, id), index);
    tu_sites.clear();

    // Real bytes: each symbol goes to the function record of that exact
    // symbol, else to the record of the function it is a piece of.
    if (info.functions) {
      std::unordered_map<std::string, size_t> by_symbol;
      for (size_t f : tu_functions) {
        FunctionModel &fm = b.functions[f];
        fm.bytes = 0;
        fm.emitted = false;
        by_symbol.emplace(object_symbol(b.names[fm.symbol]), f);
      }
      for (const auto &[symbol, size] : *info.functions) {
        auto owner = by_symbol.find(symbol);
        if (owner == by_symbol.end()) {
          std::string_view s = symbol;
          if (s.size() > 11 && s.substr(s.size() - 11) == ".localalias")
            continue; // an alias of foo: the same bytes
          owner = by_symbol.find(symbol_base(symbol));
        }
        if (owner == by_symbol.end())
          continue;
        FunctionModel &fm = b.functions[owner->second];
        *fm.bytes += size;
        fm.emitted = true;
      }
    }
    b.tus.push_back(std::move(m));
  }
  for (SiteModel &sm : b.sites)
    if (sm.inlined()) {
      sm.reason = b.names.intern("OK");
      sm.limit.reset();
    }

  // Keys: the source, made unique where two TUs share one (a file compiled
  // twice), by the object and then a number.
  std::map<std::string, size_t> seen;
  for (const TuModel &m : b.tus)
    ++seen[m.key];
  std::map<std::string, size_t> taken;
  for (TuModel &m : b.tus) {
    if (seen[m.key] > 1)
      m.key += " (" + m.header.object + ")";
    if (size_t n = ++taken[m.key]; n > 1)
      m.key += fmt::format(" #{}", n);
  }
  b.errors = logs.stats().errors + model_errors;
  b.files = logs.stats().files;
  return b;
}

Build load_build(const std::vector<std::string> &paths, const DiagnosticSink &sink,
                 const LoadOptions &options) {
  ReadOptions read_options;
  read_options.function_sizes = true;
  LogSet logs(read_options, sink);
  for (const std::string &path : paths)
    logs.add_path(path);
  return build_model(logs, sink, options);
}

// ---- grouping --------------------------------------------------------------

const char *group_by_name(GroupBy by) {
  switch (by) {
  case GroupBy::dir:
    return "dir";
  case GroupBy::subsystem:
    return "subsystem";
  case GroupBy::file:
    return "file";
  case GroupBy::function:
    return "function";
  case GroupBy::reason:
    return "reason";
  }
  return "?";
}

GroupBy parse_group_by(const std::string &name, const std::vector<GroupBy> &allowed) {
  std::string known;
  for (GroupBy by : allowed) {
    if (name == group_by_name(by))
      return by;
    known += std::string(known.empty() ? "" : ", ") + group_by_name(by);
  }
  throw UsageError("--by: '{}' is not one of: {}", name, known);
}

std::string directory_of(std::string_view source) {
  size_t slash = source.rfind('/');
  if (slash == std::string_view::npos)
    return ".";
  if (slash == 0)
    return "/";
  return std::string(source.substr(0, slash));
}

std::string subsystem_of(std::string_view source) {
  if (!source.empty() && source[0] == '/')
    return directory_of(source);
  size_t first = source.find('/');
  if (first == std::string_view::npos)
    return ".";
  std::string_view top = source.substr(0, first);
  if (top == "arch" || top == "drivers" || top == "sound") {
    size_t second = source.find('/', first + 1);
    if (second != std::string_view::npos)
      return std::string(source.substr(0, second));
  }
  return std::string(top);
}

std::string group_of(std::string_view source, GroupBy by) {
  switch (by) {
  case GroupBy::dir:
    return directory_of(source);
  case GroupBy::subsystem:
    return subsystem_of(source);
  default:
    return std::string(source);
  }
}

} // namespace inlinetune
