// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/build_diff.h"

#include "error.h"
#include "support/parallel.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <algorithm>
#include <exception>
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_map>

namespace inlinetune {

const char *flip_side_name(FlipSide side) {
  switch (side) {
  case FlipSide::caller:
    return "caller";
  case FlipSide::copy:
    return "copy";
  case FlipSide::callee:
    return "callee";
  }
  return "?";
}

const char *function_status_name(FunctionStatus status) {
  switch (status) {
  case FunctionStatus::vanished:
    return "vanished";
  case FunctionStatus::appeared:
    return "appeared";
  case FunctionStatus::grown:
    return "grown";
  case FunctionStatus::shrunk:
    return "shrunk";
  case FunctionStatus::same:
    return "same";
  case FunctionStatus::not_emitted:
    return "not emitted";
  }
  return "?";
}

bool FunctionDiff::changed() const {
  return (status != FunctionStatus::same && status != FunctionStatus::not_emitted) ||
         est_delta != 0 || !flips.empty();
}

std::string list_some(const std::vector<std::string> &names) {
  std::string out;
  for (size_t i = 0; i < names.size() && i < 3; ++i)
    out += (i ? ", " : "") + names[i];
  if (names.size() > 3)
    out += ", ...";
  return out;
}

std::string tu_mismatch_warning(const BuildDiff &d) {
  if (d.only_base.empty() && d.only_new.empty())
    return "";
  return fmt::format("{} TUs only in base ({}), {} only in new ({}); comparing the {} TUs in both",
                     d.only_base.size(), list_some(d.only_base), d.only_new.size(),
                     list_some(d.only_new), d.common.size());
}

std::pair<std::vector<std::string>, std::vector<std::string>>
diff_paths(const std::vector<std::string> &positional, const std::vector<std::string> &base,
           const std::vector<std::string> &next) {
  if (base.empty() && next.empty()) {
    if (positional.size() != 2)
      throw UsageError("give BASE and NEW (two paths), or --base PATH... and --new PATH...; "
                       "got {} path{}",
                       positional.size(), positional.size() == 1 ? "" : "s");
    return {{positional[0]}, {positional[1]}};
  }
  if (!positional.empty() || base.empty() || next.empty())
    throw UsageError(
        "with --base and --new, give both and no other paths (BASE NEW, or --base PATH... "
        "--new PATH...)");
  return {base, next};
}

namespace {

using Index = std::vector<std::pair<std::string_view, size_t>>; // sorted by name

// Sites and functions of one TU, by id and symbol.
struct TuIndex {
  Index sites, functions;
};

const size_t *lookup(const Index &index, std::string_view name) {
  auto it = std::lower_bound(index.begin(), index.end(), name,
                             [](const auto &entry, std::string_view n) { return entry.first < n; });
  return it != index.end() && it->first == name ? &it->second : nullptr;
}

// A symbol as the function it belongs to in this TU: itself when it has a
// record, else the function GCC made it from (foo.part.0 -> foo).
std::string owner(const TuIndex &a, const TuIndex &b, std::string_view symbol) {
  if (lookup(a.functions, symbol) || lookup(b.functions, symbol))
    return std::string(symbol);
  std::string base = symbol_base(symbol);
  return lookup(a.functions, base) || lookup(b.functions, base) ? base : std::string(symbol);
}

std::optional<int64_t> bytes_of(const FunctionModel *f, bool known) {
  if (!known || !f || !f->emitted || !f->bytes)
    return std::nullopt;
  return static_cast<int64_t>(*f->bytes);
}

std::optional<int64_t> est_of(const FunctionModel *f) {
  if (!f || !f->emitted || !f->size_after)
    return std::nullopt;
  return *f->size_after;
}

// Each TU's items (sites, functions) in order: ITEMS[START[tu] .. START[tu + 1]).
struct ByTu {
  std::vector<size_t> start, items;
};
template <typename T> ByTu by_tu(size_t tus, const std::vector<T> &all) {
  ByTu x;
  x.start.assign(tus + 1, 0);
  for (const T &item : all)
    ++x.start[item.tu + 1];
  for (size_t t = 0; t < tus; ++t)
    x.start[t + 1] += x.start[t];
  x.items.resize(all.size());
  std::vector<size_t> at(x.start.begin(), x.start.end() - 1);
  for (size_t i = 0; i < all.size(); ++i)
    x.items[at[all[i].tu]++] = i;
  return x;
}

// A common TU compared on its own, into a part of its own with flips
// numbered from 0 (compare_tus); the parts are then added in order
// (append_part).
struct Part {
  std::vector<Flip> flips;
  std::vector<FunctionDiff> functions;
  size_t sites_common = 0, sites_only_base = 0, sites_only_new = 0;
  bool known = false;
};

// X sorted as std::sort sorts it, faster: names compared first by their
// first 8 bytes as one number (a TU's site ids mostly differ there), whole
// only on a tie.  The two sorts of index_tu spent a tenth of a cached
// `diff`'s time in memcmp (bench-tools).
void sort_by_name(Index &x) {
  auto prefix = [](std::string_view s) {
    uint64_t v = 0;
    for (size_t i = 0; i < 8; ++i)
      v = v << 8 | (i < s.size() ? static_cast<uint8_t>(s[i]) : 0);
    return v;
  };
  std::vector<std::pair<uint64_t, size_t>> keyed(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    keyed[i] = {prefix(x[i].first), i};
  std::sort(keyed.begin(), keyed.end(), [&x](const auto &a, const auto &b) {
    return a.first != b.first ? a.first < b.first : x[a.second] < x[b.second];
  });
  Index sorted(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    sorted[i] = x[keyed[i].second];
  x = std::move(sorted);
}

void index_tu(const Build &m, const ByTu &sites, const ByTu &functions, uint32_t tu, TuIndex &x) {
  x.sites.clear();
  x.functions.clear();
  for (size_t k = sites.start[tu]; k < sites.start[tu + 1]; ++k)
    x.sites.emplace_back(m.str(m.sites[sites.items[k]].id), sites.items[k]);
  for (size_t k = functions.start[tu]; k < functions.start[tu + 1]; ++k)
    x.functions.emplace_back(m.str(m.functions[functions.items[k]].symbol), functions.items[k]);
  // Ids and symbols are unique within a TU.
  sort_by_name(x.sites);
  sort_by_name(x.functions);
}

void compare_tus(const Build &b, const ByTu &b_sites, const ByTu &b_funcs, uint32_t bt,
                 const Build &n, const ByTu &n_sites, const ByTu &n_funcs, uint32_t nt, Part &p) {
  TuIndex bx, nx;
  std::vector<std::string_view> symbols;
  const std::string &key = b.tus[bt].key;
  index_tu(b, b_sites, b_funcs, bt, bx);
  index_tu(n, n_sites, n_funcs, nt, nx);
  // Per function symbol of this TU: flips on its caller side, and into it.
  std::map<std::string, std::vector<std::pair<size_t, FlipSide>>> caller_flips, callee_flips;
  // Whether a copy is in the build's code: its holder is emitted (a
  // function inlined into all its callers leaves records of calls in a
  // body that no longer exists; a holder without a record counts).
  auto live = [&](const Build &m, const TuIndex &x, const CopyModel &c) {
    const size_t *f = lookup(x.functions, owner(bx, nx, m.str(*m.chain(c).begin())));
    return c.in_code(!f || m.functions[*f].emitted);
  };
  auto count_copies = [&](const SiteModel &bs, const SiteModel &ns, Flip &f) {
    for (auto c = b.copies_begin(bs); c != b.copies_end(bs); ++c)
      if (live(b, bx, *c)) {
        ++f.base_copies;
        f.base_copies_inlined += c->inlined;
      }
    for (auto c = n.copies_begin(ns); c != n.copies_end(ns); ++c)
      if (live(n, nx, *c)) {
        ++f.new_copies;
        f.new_copies_inlined += c->inlined;
      }
  };
  // What a site flip and a copy flip both say of the call: where it is
  // written, the side it flips to, and the reason each build gave.
  auto flip_of = [&](const SiteModel &bs, std::string_view id, bool to_inlined, NameId base_reason,
                     NameId new_reason) {
    Flip f;
    f.tu = key;
    f.id = id;
    f.caller = b.str(bs.lexical_caller);
    f.caller_symbol = b.str(bs.lexical_caller_symbol);
    f.callee = b.str(bs.callee);
    f.callee_symbol = b.str(bs.callee_symbol);
    f.location = b.str(bs.location);
    f.to_inlined = to_inlined;
    f.base_reason = b.str(base_reason);
    f.new_reason = n.str(new_reason);
    return f;
  };
  // A site inlined in both: its copies of one chain (holders mapped as
  // owner() maps them) whose decisions differ, each a flip of the copy's
  // holder.
  auto copy_flips = [&](const SiteModel &bs, const SiteModel &ns, std::string_view id) {
    auto all_inlined = [](const Build &m, const SiteModel &s) {
      for (auto c = m.copies_begin(s); c != m.copies_end(s); ++c)
        if (!c->inlined)
          return false;
      return true;
    };
    if (all_inlined(b, bs) && all_inlined(n, ns))
      return;
    using Copies = std::vector<std::pair<std::vector<std::string>, const CopyModel *>>;
    auto copies = [&](const Build &m, const TuIndex &x, const SiteModel &s) {
      Copies out;
      for (auto c = m.copies_begin(s); c != m.copies_end(s); ++c) {
        if (!live(m, x, *c))
          continue;
        std::vector<std::string> chain;
        for (NameId name : m.chain(*c))
          chain.push_back(owner(bx, nx, m.str(name)));
        out.emplace_back(std::move(chain), c);
      }
      std::sort(out.begin(), out.end());
      return out;
    };
    const Copies bc = copies(b, bx, bs), nc = copies(n, nx, ns);
    const std::string lexical = owner(bx, nx, b.str(bs.lexical_caller_symbol));
    for (size_t i = 0, j = 0; i < bc.size() && j < nc.size();) {
      if (bc[i].first < nc[j].first) {
        ++i;
        continue;
      }
      if (nc[j].first < bc[i].first) {
        ++j;
        continue;
      }
      const CopyModel &x = *bc[i].second, &y = *nc[j].second;
      // Two records of one chain (a chain seen twice after folding
      // clones): the first pair decides.
      if (x.inlined != y.inlined && (i == 0 || bc[i - 1].first != bc[i].first)) {
        Flip f = flip_of(bs, id, y.inlined, x.reason, y.reason);
        f.chain = bc[i].first;
        f.base_holders = {f.chain.front()};
        f.new_holders = {f.chain.front()};
        count_copies(bs, ns, f);
        const std::string &holder = f.chain.front();
        caller_flips[holder].emplace_back(p.flips.size(),
                                          holder == lexical ? FlipSide::caller : FlipSide::copy);
        p.flips.push_back(std::move(f));
      }
      ++i;
      ++j;
    }
  };
  // Both sorted by id: walked side by side.
  size_t nj = 0;
  for (const auto &[id, bi] : bx.sites) {
    while (nj < nx.sites.size() && nx.sites[nj].first < id)
      ++nj;
    if (nj == nx.sites.size() || nx.sites[nj].first != id) {
      ++p.sites_only_base;
      continue;
    }
    ++p.sites_common;
    const SiteModel &bs = b.sites[bi], &ns = n.sites[nx.sites[nj].second];
    if (bs.inlined() == ns.inlined()) {
      if (bs.inlined())
        copy_flips(bs, ns, id);
      continue;
    }
    Flip f = flip_of(bs, id, ns.inlined(), bs.reason, ns.reason);
    f.base_limit = b.limit(bs);
    f.new_limit = n.limit(ns);
    count_copies(bs, ns, f);
    for (NameId c : b.callers(bs))
      f.base_holders.push_back(owner(bx, nx, b.str(c)));
    for (NameId c : n.callers(ns))
      f.new_holders.push_back(owner(bx, nx, n.str(c)));
    for (auto *h : {&f.base_holders, &f.new_holders}) {
      std::sort(h->begin(), h->end());
      h->erase(std::unique(h->begin(), h->end()), h->end());
    }
    const size_t fi = p.flips.size();
    std::set<std::string> holders;
    std::string lexical = owner(bx, nx, f.caller_symbol);
    caller_flips[lexical].emplace_back(fi, FlipSide::caller);
    holders.insert(lexical);
    for (const SiteModel *s : {&bs, &ns}) {
      const Build &m = s == &bs ? b : n;
      for (NameId c : m.callers(*s)) {
        std::string holder = owner(bx, nx, m.str(c));
        if (holders.insert(holder).second)
          caller_flips[holder].emplace_back(fi, FlipSide::copy);
      }
    }
    callee_flips[owner(bx, nx, f.callee_symbol)].emplace_back(fi, FlipSide::callee);
    p.flips.push_back(std::move(f));
  }
  p.sites_only_new = nx.sites.size() - p.sites_common; // ids are unique in a TU

  const bool known = b.tus[bt].has_symbols && n.tus[nt].has_symbols;
  p.known = known;
  // The symbols of both, sorted, each once.
  symbols.clear();
  for (const Index *x : {&bx.functions, &nx.functions})
    for (const auto &[s, i] : *x)
      symbols.push_back(s);
  std::inplace_merge(symbols.begin(), symbols.begin() + bx.functions.size(), symbols.end());
  symbols.erase(std::unique(symbols.begin(), symbols.end()), symbols.end());
  size_t bk = 0, nk = 0; // where each side's sorted list is at
  for (std::string_view symbol : symbols) {
    const FunctionModel *bf = nullptr, *nf = nullptr;
    FunctionDiff r;
    if (bk < bx.functions.size() && bx.functions[bk].first == symbol) {
      r.base_index = bx.functions[bk++].second;
      bf = &b.functions[*r.base_index];
    }
    if (nk < nx.functions.size() && nx.functions[nk].first == symbol) {
      r.new_index = nx.functions[nk++].second;
      nf = &n.functions[*r.new_index];
    }
    r.tu = key;
    r.symbol = symbol;
    r.name = nf ? n.str(nf->name) : b.str(bf->name);
    r.bytes_known = known;
    r.bytes_base = bytes_of(bf, known);
    r.bytes_new = bytes_of(nf, known);
    r.est_base = est_of(bf);
    r.est_new = est_of(nf);
    r.delta = r.bytes_new.value_or(0) - r.bytes_base.value_or(0);
    r.est_delta = r.est_new.value_or(0) - r.est_base.value_or(0);
    // Without symbol tables, grown and shrunk go by GCC's estimates.
    const int64_t delta = known ? r.delta : r.est_delta;
    const bool be = bf && bf->emitted, ne = nf && nf->emitted;
    r.status = be && !ne   ? FunctionStatus::vanished
               : !be && ne ? FunctionStatus::appeared
               : !be       ? FunctionStatus::not_emitted
               : delta > 0 ? FunctionStatus::grown
               : delta < 0 ? FunctionStatus::shrunk
                           : FunctionStatus::same;
    // Its flips: the calls in it (its own and those of functions inlined
    // into it), and for a function that vanished or appeared, the calls of
    // it.
    std::set<size_t> seen;
    auto add = [&](const auto &map) {
      auto it = map.find(r.symbol);
      if (it == map.end())
        return;
      for (auto [fi, side] : it->second)
        if (seen.insert(fi).second)
          r.flips.emplace_back(fi, side);
    };
    add(caller_flips);
    if (r.status == FunctionStatus::vanished || r.status == FunctionStatus::appeared)
      add(callee_flips);
    // By caller, callee and place: the same order whatever the ids.
    std::sort(r.flips.begin(), r.flips.end(), [&](const auto &x, const auto &y) {
      const Flip &a = p.flips[x.first], &c = p.flips[y.first];
      return std::tie(a.caller, a.callee, a.location, a.id, a.chain) <
             std::tie(c.caller, c.callee, c.location, c.id, c.chain);
    });
    p.functions.push_back(std::move(r));
  }
}

void append_part(BuildDiff &d, Part &&part) {
  Part p = std::move(part);
  const size_t first_flip = d.flips.size();
  for (Flip &f : p.flips) {
    ++(f.copy_flip() ? d.copy_flips : d.site_flips);
    d.flips.push_back(std::move(f));
  }
  for (FunctionDiff &r : p.functions) {
    for (auto &flip : r.flips)
      flip.first += first_flip;
    d.functions.push_back(std::move(r));
  }
  d.sites_common += p.sites_common;
  d.sites_only_base += p.sites_only_base;
  d.sites_only_new += p.sites_only_new;
  d.tus_without_symbols += !p.known;
}

} // namespace

BuildDiff diff_builds(Build base, Build next, std::vector<std::string> base_paths,
                      std::vector<std::string> new_paths) {
  BuildDiff d;
  d.base = std::move(base);
  d.next = std::move(next);
  d.base_paths = std::move(base_paths);
  d.new_paths = std::move(new_paths);
  const Build &b = d.base, &n = d.next;
  const std::string base_name = fmt::format("{}", fmt::join(d.base_paths, " "));
  const std::string new_name = fmt::format("{}", fmt::join(d.new_paths, " "));
  if (b.tus.empty())
    throw Error("no decision logs found in the base build ({})", base_name);
  if (n.tus.empty())
    throw Error("no decision logs found in the new build ({})", new_name);

  // TUs by source: those in both are compared.
  for (uint32_t t = 0; t < b.tus.size(); ++t) {
    if (auto m = n.find_tu(b.tus[t].key)) {
      d.common.emplace_back(t, *m);
      if (b.tus[t].key != b.tus[t].header.source)
        d.sources.emplace(b.tus[t].key, b.tus[t].header.source);
    } else
      d.only_base.push_back(b.tus[t].key);
  }
  for (const TuModel &tu : n.tus)
    if (!b.find_tu(tu.key))
      d.only_new.push_back(tu.key);
  if (d.common.empty())
    throw Error("the builds share no source file: base ({}) has {} TUs ({}), new ({}) has {} "
                "({}); is this a build of other sources?",
                base_name, b.tus.size(), list_some(d.only_base), new_name, n.tus.size(),
                list_some(d.only_new));

  const ByTu b_sites = by_tu(b.tus.size(), b.sites), n_sites = by_tu(n.tus.size(), n.sites);
  const ByTu b_funcs = by_tu(b.tus.size(), b.functions), n_funcs = by_tu(n.tus.size(), n.functions);
  // Each common TU compared on its own (on every core), the parts added in order.
  std::vector<Part> parts(d.common.size());
  auto compare = [&](size_t c) {
    const auto [bt, nt] = d.common[c];
    compare_tus(b, b_sites, b_funcs, bt, n, n_sites, n_funcs, nt, parts[c]);
  };
  auto append = [&](size_t c) {
    append_part(d, std::move(parts[c]));
    parts[c] = Part();
  };
  size_t most = 0; // functions: at most those of both
  for (auto [bt, nt] : d.common)
    most += b_funcs.start[bt + 1] - b_funcs.start[bt] + n_funcs.start[nt + 1] - n_funcs.start[nt];
  d.functions.reserve(most);
  in_order(d.common.size(), worker_threads(0), 64, compare, append);
  return d;
}

void BuildDiff::drop_models() {
  for (Build *m : {&base, &next}) {
    Build counts;
    counts.errors = m->errors;
    counts.files = m->files;
    counts.has_symbols = m->has_symbols;
    *m = std::move(counts);
  }
}

BuildDiff load_diff(const std::vector<std::string> &base_paths,
                    const std::vector<std::string> &new_paths, const DiagnosticSink &sink,
                    const LoadOptions &load) {
  LoadOptions options = load;
  options.copies = true; // copy flips
  auto [base, next] = load_builds(base_paths, new_paths, sink, options);
  return diff_builds(std::move(base), std::move(next), base_paths, new_paths);
}

} // namespace inlinetune

namespace inlinetune {

BuildDiff stream_diff(const std::vector<std::string> &base_paths,
                      const std::vector<std::string> &new_paths, const DiagnosticSink &sink,
                      const LoadOptions &load) {
  LoadOptions options = load;
  options.copies = true; // copy flips
  const size_t jobs = worker_threads(0);
  options.jobs = jobs;
  BuildDiff d;
  d.base_paths = base_paths;
  d.new_paths = new_paths;

  // 1. Both builds' logs found, split and checked at once (each on every
  // core, as load_builds reads them), their TUs named.
  const std::vector<std::string> *paths[2] = {&base_paths, &new_paths};
  const ReadOptions read = model_read_options(options);
  std::unique_ptr<LogSet> logs[2];
  std::unique_ptr<TuModeller> builds[2];
  std::vector<Diagnostic> said[2];
  std::exception_ptr failed[2];
  in_order(
      2, jobs > 1 ? 2 : 1, 2,
      [&](size_t i) {
        try {
          logs[i] = std::make_unique<LogSet>(
              read, [&said, i](const Diagnostic &g) { said[i].push_back(g); });
          for (const std::string &path : *paths[i])
            logs[i]->add_path(path);
          builds[i] = std::make_unique<TuModeller>(*logs[i], options);
        } catch (...) {
          failed[i] = std::current_exception();
        }
      },
      [](size_t) {});
  // What each reports goes to SINK as if the builds were read one after the
  // other, as load_builds passes it on: BASE's reading and modelling, then
  // NEW's (only when BASE could be read).
  auto say = [&](const std::vector<Diagnostic> &list) {
    if (sink)
      for (const Diagnostic &g : list)
        sink(g);
  };
  for (size_t i = 0; i < 2; ++i)
    if (failed[i]) {
      for (size_t k = 0; k <= i; ++k)
        say(said[k]);
      std::rethrow_exception(failed[i]);
    }
  TuModeller &b = *builds[0], &n = *builds[1];

  // 2. TUs by key: those in both are compared (as diff_builds pairs them).
  std::vector<uint32_t> b_index(b.tus().size(), UINT32_MAX), n_index(n.tus().size(), UINT32_MAX);
  std::unordered_map<std::string_view, size_t> n_by_key;
  uint32_t b_count = 0, n_count = 0;
  for (size_t i = 0; i < b.tus().size(); ++i)
    if (b.key(i))
      b_index[i] = b_count++;
  for (size_t j = 0; j < n.tus().size(); ++j)
    if (n.key(j)) {
      n_index[j] = n_count++;
      n_by_key.emplace(*n.key(j), j);
    }
  std::vector<size_t> pair_of(b.tus().size(), SIZE_MAX); // base TU -> new TU
  std::vector<char> paired(n.tus().size());
  for (size_t i = 0; i < b.tus().size(); ++i) {
    if (!b.key(i))
      continue;
    const std::string &key = *b.key(i);
    if (auto it = n_by_key.find(key); it != n_by_key.end()) {
      pair_of[i] = it->second;
      paired[it->second] = 1;
      d.common.emplace_back(b_index[i], n_index[it->second]);
      if (key != b.source(i))
        d.sources.emplace(key, b.source(i));
    } else {
      d.only_base.push_back(key);
    }
  }
  for (size_t j = 0; j < n.tus().size(); ++j)
    if (n.key(j) && !paired[j])
      d.only_new.push_back(*n.key(j));

  for (size_t i = 0; i < b.tus().size(); ++i)
    d.base.has_symbols = d.base.has_symbols || (b.key(i) && b.tus()[i].functions);
  for (size_t j = 0; j < n.tus().size(); ++j)
    d.next.has_symbols = d.next.has_symbols || (n.key(j) && n.tus()[j].functions);

  // 3. Every TU modelled (its problems reported as build_model reports
  // them), on every core: a base TU with its new one, compared and
  // dropped; then the new TUs without a base one.
  struct Said {
    std::vector<Diagnostic> problems;
    size_t errors = 0;
    std::exception_ptr failed;
  };
  std::vector<Said> b_said(b.tus().size()), n_said(n.tus().size());
  std::vector<size_t> n_alone;
  for (size_t j = 0; j < n.tus().size(); ++j)
    if (!paired[j])
      n_alone.push_back(j);
  auto model = [](TuModeller &m, size_t i, Said &s) {
    try {
      return m.model(
          i, [&s](const Diagnostic &g) { s.problems.push_back(g); }, s.errors);
    } catch (...) {
      s.failed = std::current_exception();
      return Build();
    }
  };
  const size_t items = b.tus().size() + n_alone.size();
  std::vector<Part> parts(items);
  std::vector<char> compared(items);
  in_order(
      items, jobs, 64,
      [&](size_t k) {
        if (k >= b.tus().size()) {
          const size_t j = n_alone[k - b.tus().size()];
          model(n, j, n_said[j]);
          return;
        }
        const Build bm = model(b, k, b_said[k]);
        if (pair_of[k] == SIZE_MAX)
          return;
        const Build nm = model(n, pair_of[k], n_said[pair_of[k]]);
        if (bm.tus.empty() || nm.tus.empty())
          return; // it failed: reported below
        const ByTu bs = by_tu(1, bm.sites), ns = by_tu(1, nm.sites);
        const ByTu bf = by_tu(1, bm.functions), nf = by_tu(1, nm.functions);
        compare_tus(bm, bs, bf, 0, nm, ns, nf, 0, parts[k]);
        compared[k] = 1;
      },
      [&](size_t k) {
        if (compared[k])
          append_part(d, std::move(parts[k]));
        parts[k] = Part();
      });

  // 4. What was said, in the order of load_builds.
  say(said[0]);
  for (const Said &s : b_said) {
    say(s.problems);
    if (s.failed)
      std::rethrow_exception(s.failed);
    d.base.errors += s.errors;
  }
  say(said[1]);
  for (const Said &s : n_said) {
    say(s.problems);
    if (s.failed)
      std::rethrow_exception(s.failed);
    d.next.errors += s.errors;
  }
  d.base.errors += b.stats().errors;
  d.next.errors += n.stats().errors;
  d.base.files = b.stats().files;
  d.next.files = n.stats().files;

  const std::string base_name = fmt::format("{}", fmt::join(d.base_paths, " "));
  const std::string new_name = fmt::format("{}", fmt::join(d.new_paths, " "));
  if (b_count == 0)
    throw Error("no decision logs found in the base build ({})", base_name);
  if (n_count == 0)
    throw Error("no decision logs found in the new build ({})", new_name);
  if (d.common.empty())
    throw Error("the builds share no source file: base ({}) has {} TUs ({}), new ({}) has {} "
                "({}); is this a build of other sources?",
                base_name, b_count, list_some(d.only_base), new_name, n_count,
                list_some(d.only_new));
  return d;
}

} // namespace inlinetune
