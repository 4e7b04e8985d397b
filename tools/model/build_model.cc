// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/build_model.h"
#include "model/tu_records.h"

#include "error.h"
#include "support/hash.h"
#include "support/parallel.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <exception>

namespace inlinetune {

// ---- Names -----------------------------------------------------------------

namespace {

constexpr uint64_t kIdBits = 0xffffffffu;

} // namespace

uint64_t Names::hash(std::string_view s) {
  return hash_bytes(s) & ~kIdBits;
}

NameId Names::intern(std::string_view s, uint64_t hash) {
  if ((views_.size() + 1) * 2 > slots_.size()) {
    // Grow (or make) the table: twice as many slots, the ids put back.
    std::vector<uint64_t> slots(std::max<size_t>(256, slots_.size() * 2), 0);
    const size_t mask = slots.size() - 1;
    for (uint64_t slot : slots_) {
      if (!slot)
        continue;
      size_t i = (slot >> 32) & mask;
      while (slots[i])
        i = (i + 1) & mask;
      slots[i] = slot;
    }
    slots_ = std::move(slots);
  }
  const size_t mask = slots_.size() - 1;
  size_t i = (hash >> 32) & mask;
  for (; slots_[i]; i = (i + 1) & mask) {
    if ((slots_[i] & ~kIdBits) == hash) {
      const NameId id = static_cast<NameId>((slots_[i] & kIdBits) - 1);
      if (views_[id] == s)
        return id;
    }
  }
  if (block_size_ - block_used_ < s.size()) {
    // A new block, twice the last (from 4 KiB to 1 MiB: a TU's names and a
    // build's alike), or the name's size.
    block_size_ =
        std::max(std::min<size_t>(std::max<size_t>(block_size_ * 2, 4096), 1 << 20), s.size());
    blocks_.emplace_back(new char[block_size_]);
    block_used_ = 0;
  }
  char *at = s.empty() ? nullptr : blocks_.back().get() + block_used_;
  if (!s.empty())
    std::memcpy(at, s.data(), s.size());
  block_used_ += s.size();
  const auto id = static_cast<NameId>(views_.size());
  views_.emplace_back(at, s.size());
  slots_[i] = hash | (uint64_t(id) + 1);
  return id;
}

void Names::prefetch(uint64_t hash) const {
  if (!slots_.empty())
    __builtin_prefetch(&slots_[(hash >> 32) & (slots_.size() - 1)]);
}

std::optional<NameId> Names::find(std::string_view s) const {
  if (slots_.empty())
    return std::nullopt;
  const uint64_t hash = Names::hash(s);
  const size_t mask = slots_.size() - 1;
  for (size_t i = (hash >> 32) & mask; slots_[i]; i = (i + 1) & mask) {
    if ((slots_[i] & ~kIdBits) == hash) {
      const NameId id = static_cast<NameId>((slots_[i] & kIdBits) - 1);
      if (views_[id] == s)
        return id;
    }
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
  if (tu_index.size() == tus.size()) { // filled by the loader: diff looks up every TU
    auto it = tu_index.find(key);
    return it == tu_index.end() ? std::nullopt : std::optional<uint32_t>(it->second);
  }
  for (size_t i = 0; i < tus.size(); ++i)
    if (tus[i].key == key)
      return static_cast<uint32_t>(i);
  return std::nullopt;
}

namespace {

std::optional<size_t> find_in(const std::vector<std::pair<uint64_t, uint32_t>> &index,
                              uint64_t key) {
  auto it = std::lower_bound(index.begin(), index.end(), std::make_pair(key, uint32_t(0)));
  if (it == index.end() || it->first != key)
    return std::nullopt;
  return it->second;
}

} // namespace

std::optional<size_t> Build::find_site(uint32_t tu, std::string_view id) const {
  std::optional<NameId> name = names.find(id);
  return name ? find_in(site_index, pair_key(tu, *name)) : std::nullopt;
}

std::optional<size_t> Build::find_function(uint32_t tu, std::string_view symbol) const {
  std::optional<NameId> name = names.find(symbol);
  return name ? find_in(function_index, pair_key(tu, *name)) : std::nullopt;
}

std::optional<Limit> Build::limit(const SiteModel &s) const {
  const SiteLimit *limit = site_limit(s);
  if (!limit)
    return std::nullopt;
  Limit l;
  l.param = std::string(names[limit->param]);
  l.value = limit->value;
  l.flip_at = limit->flip_at;
  l.params_of = std::string(names[limit->params_of]);
  return l;
}

std::string Build::chain_text(const CopyModel &c) const {
  std::string out;
  for (NameId n : chain(c))
    out.append(out.empty() ? "" : " > ").append(names[n]);
  return out;
}

bool Build::copy_in_code(uint32_t tu, const CopyModel &c) const {
  const std::string holder(names[*chain(c).begin()]);
  auto f = symbol_owner(holder, [&](const std::string &sym) { return find_function(tu, sym); });
  return c.in_code(!f || functions[*f].emitted);
}

bool is_local_alias(std::string_view symbol) {
  constexpr std::string_view kSuffix = ".localalias";
  return symbol.size() > kSuffix.size() && symbol.substr(symbol.size() - kSuffix.size()) == kSuffix;
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

std::vector<std::optional<uint64_t>> owned_bytes(const std::vector<std::string> &symbols,
                                                 const FunctionSizes &functions) {
  std::unordered_map<std::string_view, size_t> by_symbol;
  for (size_t i = 0; i < symbols.size(); ++i)
    by_symbol.emplace(symbols[i], i); // the first record of a symbol holds it
  std::vector<std::optional<uint64_t>> bytes(symbols.size());
  for (const auto &[symbol, size] : functions) {
    std::optional<size_t> owner = symbol_owner(symbol, [&](const std::string &name) {
      auto it = by_symbol.find(name);
      return it == by_symbol.end() ? std::nullopt : std::optional<size_t>(it->second);
    });
    if (owner)
      bytes[*owner] = bytes[*owner].value_or(0) + size;
  }
  return bytes;
}

namespace {

constexpr NameId kNoName = UINT32_MAX;

// What adding a TU to a model reuses from one TU to the next.
struct AddScratch {
  std::vector<NameId> global;                       // per local name of the TU: its id in b.names
  std::vector<uint32_t> site_of;                    // per local name: its site in b.sites
  std::vector<std::pair<uint32_t, NameId>> callers; // (site, caller) of the TU's records
  // The TU's records as copies (site, chain), folded into Build::copy_list
  // once the TU is read: chains in copy_chains.
  struct CopyRecord {
    uint32_t site, chain_at, chain_len;
    NameId reason;
    bool inlined, ipa;
  };
  std::vector<CopyRecord> copy_records;
  std::vector<NameId> copy_chains;
};

std::string model_source(const std::string &source, const std::string &object, const TuInfo &info,
                         const std::vector<std::string> &roots);

// Adds TU (read by read_tu from INFO) to B, its problems reported to SINK
// and counted in MODEL_ERRORS; OWN_NAMES for a B that is this TU's alone
// (TuModeller).  Sorting and indexes of the TU's part are made here; what
// waits for the whole is settle() and tu_keys().
void add_tu(Build &b, ReadTu &&read, const TuInfo &info, const std::vector<std::string> &roots,
            const LoadOptions &options, const DiagnosticSink &sink, size_t &model_errors,
            AddScratch &x, bool own_names) {
  ReadTu t = std::move(read);
  std::vector<NameId> &global = x.global;
  std::vector<uint32_t> &site_of = x.site_of;
  auto &callers = x.callers;
  auto &copy_records = x.copy_records;
  auto &copy_chains = x.copy_chains;
  using CopyRecord = AddScratch::CopyRecord;
  const auto tu = static_cast<uint32_t>(b.tus.size());
  TuModel m;
  m.origin = info.origin;
  m.index = info.index;
  m.has_symbols = info.functions != nullptr || t.recorded_bytes();
  auto fail = [&](size_t line, const std::string &what) {
    ++model_errors;
    if (sink)
      sink(Diagnostic{Diagnostic::Level::error, info.origin,
                      fmt::format("TU {} ({}), line {}: {}", info.index, info.object, line, what)});
  };
  if (t.header_problem)
    fail(1, *t.header_problem);
  m.header = std::move(t.header);
  m.records = t.records;
  m.logged_source = m.header.source.empty() ? info.object : m.header.source;
  m.header.source = model_source(m.header.source, m.header.object, info, roots);
  m.key = m.header.source;
  if (options.keep_tu && !options.keep_tu(m.key))
    return;
  b.has_symbols = b.has_symbols || m.has_symbols;
  if (!options.model) {
    for (const ReadTu::Entry &e : t.entries)
      if (e.kind == ReadTu::Kind::problem)
        fail(e.line, t.problems[e.index]);
    if (t.failure)
      std::rethrow_exception(t.failure);
    if (options.on_kept_tu)
      options.on_kept_tu(m, std::move(t.kept));
    b.tus.push_back(std::move(m));
    return;
  }

  // A local name gets its id in b.names where one thread would have
  // interned it: at its first use, in record order.  A TU modelled alone
  // (OWN_NAMES: B has no names yet) keeps its local ids.
  global.assign(t.local.size(), kNoName);
  site_of.assign(t.local.size(), UINT32_MAX);
  if (own_names) {
    for (NameId local = 0; local < t.local.size(); ++local)
      global[local] = local;
    b.names = std::move(t.local);
  } else if (t.hashes.size() != t.local.size()) { // the reading failed before they were made
    t.hashes.resize(t.local.size());
    for (NameId local = 0; local < t.local.size(); ++local)
      t.hashes[local] = Names::hash(t.local[local]);
  }
  if (!own_names)
    for (NameId local = 0; local < t.local.size(); ++local)
      b.names.prefetch(t.hashes[local]);
  auto id = [&](NameId local) {
    NameId &g = global[local];
    if (g == kNoName)
      g = b.names.intern(t.local[local], t.hashes[local]);
    return g;
  };
  const size_t first_site = b.sites.size(), first_function = b.function_index.size();
  callers.clear();
  copy_records.clear();
  copy_chains.clear();
  for (const ReadTu::Entry &e : t.entries) {
    switch (e.kind) {
    case ReadTu::Kind::problem:
      fail(e.line, t.problems[e.index]);
      break;
    case ReadTu::Kind::site: {
      const ReadTu::ReadSite &r = t.sites[e.index];
      uint32_t &at = site_of[r.id];
      if (at == UINT32_MAX) {
        SiteModel sm;
        sm.tu = tu;
        sm.id = id(r.id);
        sm.lexical_caller = id(r.lexical_caller);
        sm.lexical_caller_symbol = id(r.lexical_caller_symbol);
        sm.callee = id(r.callee);
        sm.callee_symbol = id(r.callee_symbol);
        sm.location = id(r.location);
        at = static_cast<uint32_t>(b.sites.size());
        b.sites.push_back(sm);
      }
      SiteModel &sm = b.sites[at];
      ++sm.records;
      callers.emplace_back(at, r.caller_symbol == r.lexical_caller_symbol ? sm.lexical_caller_symbol
                                                                          : id(r.caller_symbol));
      if (options.copies)
        copy_records.push_back({at, static_cast<uint32_t>(copy_chains.size()), r.chain_len,
                                id(r.reason), r.inlined, r.pass == Pass::ipa});
      for (uint32_t k = 0; k < r.chain_len; ++k)
        copy_chains.push_back(id(t.chains[r.chain_at + k]));
      if (r.inlined) {
        ++sm.inlined_records;
        (r.pass == Pass::einline ? sm.einline_inlined : sm.ipa_inlined) = true;
      } else if (refusal_replaces(sm.has_refusal, sm.refused_by_ipa, r.pass)) {
        sm.reason = id(r.reason);
        if (r.limit) {
          SiteLimit limit = *r.limit;
          limit.param = id(r.limit->param);
          limit.params_of = id(r.limit->params_of);
          if (!sm.limit_at) {
            b.limits.push_back(limit);
            sm.limit_at = static_cast<uint32_t>(b.limits.size());
          } else {
            b.limits[sm.limit_at - 1] = limit;
          }
        } else {
          sm.limit_at = 0; // (its entry in b.limits, if any, stays unused)
        }
        sm.has_refusal = true;
        sm.refused_by_ipa = r.pass == Pass::ipa;
      }
      break;
    }
    case ReadTu::Kind::function: {
      const ReadTu::ReadFunction &r = t.functions[e.index];
      FunctionModel fm;
      fm.tu = tu;
      fm.symbol = id(r.symbol);
      fm.name = r.name == r.symbol ? fm.symbol : id(r.name);
      fm.size_before = r.size_before;
      fm.size_after = r.size_after;
      fm.inlined_callees = r.inlined_callees;
      fm.out_of_line = r.out_of_line;
      fm.never_inline = r.never_inline;
      fm.emitted = r.emitted;
      fm.bytes = r.bytes;
      b.function_index.emplace_back(pair_key(tu, fm.symbol),
                                    static_cast<uint32_t>(b.functions.size()));
      b.functions.push_back(fm);
      break;
    }
    }
  }
  if (t.failure)
    std::rethrow_exception(t.failure);
  if (options.on_kept_tu)
    options.on_kept_tu(m, std::move(t.kept));
  else
    for (Site &s : t.kept)
      b.kept_sites.emplace_back(tu, std::move(s));

  // The TU's part of the indexes, sorted (TUs come in order: so is the whole).
  const size_t first_index = b.site_index.size();
  for (size_t k = first_site; k < b.sites.size(); ++k)
    b.site_index.emplace_back(pair_key(tu, b.sites[k].id), static_cast<uint32_t>(k));
  std::sort(b.site_index.begin() + first_index, b.site_index.end());
  std::sort(b.function_index.begin() + first_function, b.function_index.end());
  // Each site's callers, sorted by id, one after the other in caller_ids.
  std::sort(callers.begin(), callers.end());
  callers.erase(std::unique(callers.begin(), callers.end()), callers.end());
  for (size_t k = 0; k < callers.size();) {
    const uint32_t site = callers[k].first;
    SiteModel &sm = b.sites[site];
    sm.callers_at = static_cast<uint32_t>(b.caller_ids.size());
    for (; k < callers.size() && callers[k].first == site; ++k)
      b.caller_ids.push_back(callers[k].second);
    sm.callers_count = static_cast<uint32_t>(b.caller_ids.size() - sm.callers_at);
  }
  // Each site's copies: its records by chain (in record order within
  // one), folded as a site's are: inlined when any record inlined it, else
  // the first refusal, replaced by the IPA inliner's first.
  auto chain_of = [&](const CopyRecord &c) {
    return NameRange(copy_chains.data() + c.chain_at,
                     copy_chains.data() + c.chain_at + c.chain_len);
  };
  auto before = [&](const CopyRecord &x, const CopyRecord &y) {
    if (x.site != y.site)
      return x.site < y.site;
    NameRange a = chain_of(x), c = chain_of(y);
    return std::lexicographical_compare(a.begin(), a.end(), c.begin(), c.end());
  };
  std::stable_sort(copy_records.begin(), copy_records.end(), before);
  for (size_t k = 0; k < copy_records.size();) {
    const CopyRecord &first = copy_records[k];
    SiteModel &sm = b.sites[first.site];
    if (sm.copies_count == 0)
      sm.copies_at = static_cast<uint32_t>(b.copy_list.size());
    ++sm.copies_count;
    CopyModel copy;
    copy.chain_at = static_cast<uint32_t>(b.chain_ids.size());
    copy.chain_len = first.chain_len;
    for (NameId n : chain_of(first))
      b.chain_ids.push_back(n);
    bool refused = false, by_ipa = false;
    for (; k < copy_records.size() && !before(first, copy_records[k]); ++k) {
      const CopyRecord &c = copy_records[k];
      if (c.inlined) {
        copy.inlined = true;
        copy.early_inlined = copy.early_inlined || !c.ipa;
      } else if (refusal_replaces(refused, by_ipa, c.ipa ? Pass::ipa : Pass::einline)) {
        copy.reason = c.reason;
        refused = true;
        by_ipa = c.ipa;
      }
    }
    b.copy_list.push_back(copy); // an inlined copy's reason is set below
  }
  b.tus.push_back(std::move(m));
}

// What a TU's source is called in the model, before a second TU of one
// source gets its suffix (tu_keys): SOURCE as its header names it (the
// object when it names none), made relative to the build's output
// directory for a file in it.
std::string model_source(const std::string &source, const std::string &object, const TuInfo &info,
                         const std::vector<std::string> &roots) {
  const std::string &s = source.empty() ? info.object : source;
  if (!roots.empty() && !s.empty() && s.front() == '/')
    return objtree_relative_source(s, object, roots);
  return s;
}

// The TUs' keys: their sources (SOURCES), made unique where two TUs share
// one (a file compiled twice), by the object (OBJECTS) and then a number.
std::vector<std::string> tu_keys(std::vector<std::string> sources,
                                 const std::vector<const std::string *> &objects) {
  std::map<std::string, size_t> seen;
  for (const std::string &key : sources)
    ++seen[key];
  std::map<std::string, size_t> taken;
  for (size_t i = 0; i < sources.size(); ++i) {
    std::string &key = sources[i];
    if (seen[key] > 1)
      key += " (" + *objects[i] + ")";
    if (size_t n = ++taken[key]; n > 1)
      key += fmt::format(" #{}", n);
  }
  return sources;
}

// What is settled once every TU is added: an inlined site's or copy's
// reason is "OK", and it has no limit.
void settle(Build &b) {
  const NameId ok = b.names.intern("OK");
  for (CopyModel &c : b.copy_list)
    if (c.inlined)
      c.reason = ok;
  for (SiteModel &sm : b.sites)
    if (sm.inlined()) {
      sm.reason = ok;
      sm.limit_at = 0;
    }
}

} // namespace

Build build_model(LogSet &logs, const DiagnosticSink &sink, const LoadOptions &options) {
  Build b;
  const std::vector<TuInfo> &infos = logs.finish();
  const std::vector<std::string> roots = canonical_roots(logs.paths());
  size_t model_errors = 0;
  // Room for the most sites and functions the lines can make: no copying as
  // the vectors grow (capacity never used is never touched either).
  size_t lines = 0;
  for (const TuInfo &info : infos)
    lines += info.records;
  b.sites.reserve(lines);
  b.functions.reserve(lines);

  // TUs are read on every core, and added here one by one in order.
  std::vector<ReadTu> read(infos.size());
  AddScratch scratch;
  // At most 64 TUs read ahead of the one added: some MB.
  in_order(
      infos.size(), worker_threads(options.jobs), 64,
      [&](size_t i) { read_tu(logs, infos[i], options, read[i]); },
      [&](size_t i) {
        add_tu(b, std::move(read[i]), infos[i], roots, options, sink, model_errors, scratch, false);
        read[i] = ReadTu();
      });
  settle(b);

  std::vector<std::string> sources;
  std::vector<const std::string *> objects;
  for (const TuModel &m : b.tus) {
    sources.push_back(m.key);
    objects.push_back(&m.header.object);
  }
  std::vector<std::string> keys = tu_keys(std::move(sources), objects);
  for (uint32_t t = 0; t < b.tus.size(); ++t) {
    b.tus[t].key = std::move(keys[t]);
    b.tu_index.emplace(b.tus[t].key, t);
  }
  b.errors = logs.stats().errors + model_errors;
  b.files = logs.stats().files;
  return b;
}

// ---- one TU at a time --------------------------------------------------------

TuModeller::TuModeller(LogSet &logs, const LoadOptions &options)
    : logs_(logs), options_(options), infos_(logs.finish()), roots_(canonical_roots(logs.paths())) {
  std::vector<std::string> sources;
  std::vector<const std::string *> objects;
  std::vector<size_t> kept;
  sources_.resize(infos_.size());
  for (size_t i = 0; i < infos_.size(); ++i) {
    const TuInfo &info = infos_[i];
    std::string source = model_source(info.header_source, info.header_object, info, roots_);
    if (options_.keep_tu && !options_.keep_tu(source))
      continue;
    kept.push_back(i);
    sources.push_back(source);
    sources_[i] = std::move(source);
    objects.push_back(&info.header_object);
  }
  std::vector<std::string> keys = tu_keys(std::move(sources), objects);
  keys_.resize(infos_.size());
  for (size_t k = 0; k < kept.size(); ++k)
    keys_[kept[k]] = std::move(keys[k]);
}

Build TuModeller::model(size_t i, const DiagnosticSink &sink, size_t &errors) {
  thread_local AddScratch scratch;
  ReadTu t;
  read_tu(logs_, infos_[i], options_, t, false);
  // Whether the TU is kept is known (the constructor asked keep_tu): not
  // asked again from this thread.
  LoadOptions options = options_;
  options.keep_tu = {};
  if (!keys_[i])
    options.keep_tu = [](std::string_view) { return false; };
  Build b;
  add_tu(b, std::move(t), infos_[i], roots_, options, sink, errors, scratch, true);
  logs_.release(i); // read once
  settle(b);
  if (!b.tus.empty()) {
    b.tus[0].key = *keys_[i];
    b.tu_index.emplace(b.tus[0].key, 0);
  }
  b.has_symbols = !b.tus.empty() && b.tus[0].has_symbols;
  return b;
}

ReadOptions model_read_options(const LoadOptions &options) {
  ReadOptions read;
  read.function_sizes = true;
  read.jobs = options.jobs;
  if (!options.keep_site) {
    // One per process: trimmed once, at exit, when anything was stored.
    static const std::shared_ptr<DecodedCache> cache = DecodedCache::from_environment();
    read.cache = cache;
    read.cache_format = kReadTuFormat;
  }
  return read;
}

Build load_build(const std::vector<std::string> &paths, const DiagnosticSink &sink,
                 const LoadOptions &options) {
  LogSet logs(model_read_options(options), sink);
  for (const std::string &path : paths)
    logs.add_path(path);
  return build_model(logs, sink, options);
}

std::pair<Build, Build> load_builds(const std::vector<std::string> &base_paths,
                                    const std::vector<std::string> &new_paths,
                                    const DiagnosticSink &sink, const LoadOptions &load) {
  // Both builds at once, each on every core (so that the one read first
  // leaves them all to the other).  What each reports is kept and passed on
  // as if they were read one after the other: BASE's, then NEW's (only when
  // BASE could be read).
  const size_t jobs = worker_threads(0);
  LoadOptions options = load;
  options.jobs = jobs;
  const std::vector<std::string> *paths[2] = {&base_paths, &new_paths};
  Build builds[2];
  std::vector<Diagnostic> said[2];
  std::exception_ptr failed[2];
  in_order(
      2, jobs > 1 ? 2 : 1, 2,
      [&](size_t i) {
        try {
          builds[i] = load_build(
              *paths[i], [&said, i](const Diagnostic &d) { said[i].push_back(d); }, options);
        } catch (...) {
          failed[i] = std::current_exception();
        }
      },
      [&](size_t i) {
        for (const Diagnostic &d : said[i])
          if (sink)
            sink(d);
        if (failed[i])
          std::rethrow_exception(failed[i]);
      });
  return {std::move(builds[0]), std::move(builds[1])};
}

// ---- sources in the build's output directory ----------------------------------

std::string objtree_relative_source(std::string_view source, std::string_view object,
                                    const std::vector<std::string> &roots) {
  if (source.empty() || source.front() != '/' || object.empty() || object.front() == '/')
    return std::string(source);
  // OBJECT's directory, lexically: "./" and doubled '/' dropped; a ".."
  // leaves the compile's directory unknown.
  std::string object_dir;
  {
    std::vector<std::string_view> parts;
    size_t at = 0;
    while (at <= object.size()) {
      size_t slash = std::min(object.find('/', at), object.size());
      std::string_view part = object.substr(at, slash - at);
      at = slash + 1;
      if (part == "..")
        return std::string(source);
      if (!part.empty() && part != ".")
        parts.push_back(part);
    }
    for (size_t i = 0; i + 1 < parts.size(); ++i)
      object_dir += (i ? "/" : "") + std::string(parts[i]);
  }
  const size_t slash = source.rfind('/');
  std::string_view dir = source.substr(0, slash); // "" for a file in "/"
  if (!object_dir.empty()) {
    const size_t n = object_dir.size();
    if (dir.size() <= n + 1 || dir.compare(dir.size() - n, n, object_dir) != 0 ||
        dir[dir.size() - n - 1] != '/')
      return std::string(source);
    dir = dir.substr(0, dir.size() - n - 1);
  }
  if (dir.empty())
    return std::string(source);
  for (const std::string &root : roots)
    if (root == dir || (root.size() > dir.size() && root.compare(0, dir.size(), dir) == 0 &&
                        root[dir.size()] == '/'))
      return std::string(source.substr(dir.size() + 1));
  return std::string(source);
}

std::vector<std::string> canonical_roots(const std::vector<std::string> &paths) {
  std::vector<std::string> roots;
  for (const std::string &path : paths)
    if (char *real = realpath(path.c_str(), nullptr)) {
      roots.emplace_back(real);
      free(real);
    }
  return roots;
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
