// SPDX-License-Identifier: GPL-3.0-or-later
#include "build_diff.h"

#include "error.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

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

// Sites and functions of one TU, by id and symbol.
struct TuIndex {
  std::map<std::string, size_t> sites, functions;
};

// A symbol as the function it belongs to in this TU: itself when it has a
// record, else the function GCC made it from (foo.part.0 -> foo).
std::string owner(const TuIndex &a, const TuIndex &b, const std::string &symbol) {
  if (a.functions.count(symbol) || b.functions.count(symbol))
    return symbol;
  std::string base = symbol_base(symbol);
  return a.functions.count(base) || b.functions.count(base) ? base : symbol;
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
    if (auto m = n.find_tu(b.tus[t].key))
      d.common.emplace_back(t, *m);
    else
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

  std::vector<std::vector<size_t>> b_sites(b.tus.size()), n_sites(n.tus.size()),
      b_funcs(b.tus.size()), n_funcs(n.tus.size());
  for (size_t i = 0; i < b.sites.size(); ++i)
    b_sites[b.sites[i].tu].push_back(i);
  for (size_t i = 0; i < n.sites.size(); ++i)
    n_sites[n.sites[i].tu].push_back(i);
  for (size_t i = 0; i < b.functions.size(); ++i)
    b_funcs[b.functions[i].tu].push_back(i);
  for (size_t i = 0; i < n.functions.size(); ++i)
    n_funcs[n.functions[i].tu].push_back(i);
  auto index_tu = [](const Build &m, const std::vector<size_t> &sites,
                     const std::vector<size_t> &functions) {
    TuIndex x;
    for (size_t s : sites)
      x.sites.emplace(m.str(m.sites[s].id), s);
    for (size_t f : functions)
      x.functions.emplace(m.str(m.functions[f].symbol), f);
    return x;
  };

  for (auto [bt, nt] : d.common) {
    const std::string &key = b.tus[bt].key;
    TuIndex bx = index_tu(b, b_sites[bt], b_funcs[bt]);
    TuIndex nx = index_tu(n, n_sites[nt], n_funcs[nt]);
    // Per function symbol of this TU: flips on its caller side, and into it.
    std::map<std::string, std::vector<std::pair<size_t, FlipSide>>> caller_flips, callee_flips;
    for (const auto &[id, bi] : bx.sites) {
      auto ni = nx.sites.find(id);
      if (ni == nx.sites.end()) {
        ++d.sites_only_base;
        continue;
      }
      ++d.sites_common;
      const SiteModel &bs = b.sites[bi], &ns = n.sites[ni->second];
      if (bs.inlined() == ns.inlined())
        continue;
      Flip f;
      f.tu = key;
      f.id = id;
      f.caller = b.str(bs.lexical_caller);
      f.caller_symbol = b.str(bs.lexical_caller_symbol);
      f.callee = b.str(bs.callee);
      f.callee_symbol = b.str(bs.callee_symbol);
      f.location = b.str(bs.location);
      f.to_inlined = ns.inlined();
      f.base_reason = b.str(bs.reason);
      f.new_reason = n.str(ns.reason);
      f.base_limit = bs.limit;
      f.new_limit = ns.limit;
      for (NameId c : bs.callers)
        f.base_holders.push_back(owner(bx, nx, b.str(c)));
      for (NameId c : ns.callers)
        f.new_holders.push_back(owner(bx, nx, n.str(c)));
      for (auto *h : {&f.base_holders, &f.new_holders}) {
        std::sort(h->begin(), h->end());
        h->erase(std::unique(h->begin(), h->end()), h->end());
      }
      const size_t fi = d.flips.size();
      std::set<std::string> holders;
      std::string lexical = owner(bx, nx, f.caller_symbol);
      caller_flips[lexical].emplace_back(fi, FlipSide::caller);
      holders.insert(lexical);
      for (const SiteModel *s : {&bs, &ns})
        for (NameId c : s->callers) {
          std::string holder = owner(bx, nx, (s == &bs ? b : n).str(c));
          if (holders.insert(holder).second)
            caller_flips[holder].emplace_back(fi, FlipSide::copy);
        }
      callee_flips[owner(bx, nx, f.callee_symbol)].emplace_back(fi, FlipSide::callee);
      d.flips.push_back(std::move(f));
    }
    for (const auto &[id, ni] : nx.sites)
      if (!bx.sites.count(id))
        ++d.sites_only_new;

    const bool known = b.tus[bt].has_symbols && n.tus[nt].has_symbols;
    d.tus_without_symbols += !known;
    std::set<std::string> symbols;
    for (const auto &[s, i] : bx.functions)
      symbols.insert(s);
    for (const auto &[s, i] : nx.functions)
      symbols.insert(s);
    for (const std::string &symbol : symbols) {
      const FunctionModel *bf = nullptr, *nf = nullptr;
      FunctionDiff r;
      if (auto it = bx.functions.find(symbol); it != bx.functions.end()) {
        r.base_index = it->second;
        bf = &b.functions[it->second];
      }
      if (auto it = nx.functions.find(symbol); it != nx.functions.end()) {
        r.new_index = it->second;
        nf = &n.functions[it->second];
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
        auto it = map.find(symbol);
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
        const Flip &a = d.flips[x.first], &c = d.flips[y.first];
        return std::tie(a.caller, a.callee, a.location, a.id) <
               std::tie(c.caller, c.callee, c.location, c.id);
      });
      d.functions.push_back(std::move(r));
    }
  }
  return d;
}

BuildDiff load_diff(const std::vector<std::string> &base_paths,
                    const std::vector<std::string> &new_paths, const DiagnosticSink &sink) {
  Build b = load_build(base_paths, sink);
  Build n = load_build(new_paths, sink);
  return diff_builds(std::move(b), std::move(n), base_paths, new_paths);
}

} // namespace inlinetune
