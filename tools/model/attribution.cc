// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/attribution.h"

#include "error.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <tuple>
#include <unordered_map>

namespace inlinetune {

namespace {

// Function names as the profiles and the logs share them: a profile's (a
// vmlinux symbol: foo, foo.constprop.0, foo.isra.0, foo.cold, foo.part.0)
// and a log's (a symbol, '*' stripped) each become the symbol of a function
// record of either build when there is one, else the function GCC made the
// piece from (symbol_base), as correlation.cc maps execution profiles.
class Keys {
public:
  explicit Keys(const BuildDiff &d) {
    for (const Build *b : {&d.base, &d.next})
      for (const FunctionModel &f : b->functions)
        known_.intern(object_symbol(std::string(b->str(f.symbol))));
  }
  std::string key(const std::string &symbol) const {
    const std::string s = object_symbol(symbol);
    return known_.find(s) ? s : symbol_base(s);
  }
  NameId id(const std::string &symbol) { return ids_.intern(key(symbol)); }
  std::optional<NameId> find(const std::string &symbol) const { return ids_.find(key(symbol)); }
  std::string_view operator[](NameId id) const { return ids_[id]; }

private:
  Names known_, ids_;
};

// Per build: how many copies of X's code each function H holds, per TU:
// the inlined copies in code whose chain starts at H, of calls of X, plus
// for each copy of a G in H what the early inliner had inlined into G's own
// body (inherited by every copy of G, without records of its own).
using Triple = std::tuple<uint32_t, NameId, NameId>; // TU key, holder, callee
std::map<Triple, uint64_t> code_copies(const Build &b, Names &tus, Keys &keys,
                                       std::set<std::pair<uint32_t, NameId>> &emitted) {
  std::vector<uint32_t> tu_of(b.tus.size());
  for (size_t t = 0; t < b.tus.size(); ++t)
    tu_of[t] = tus.intern(b.tus[t].key);
  std::unordered_map<NameId, NameId> key_of; // the build's name -> key
  auto key = [&](NameId n) {
    auto [it, fresh] = key_of.emplace(n, 0);
    if (fresh)
      it->second = keys.id(std::string(b.str(n)));
    return it->second;
  };
  for (const FunctionModel &f : b.functions)
    if (f.emitted)
      emitted.emplace(tu_of[f.tu], key(f.symbol));
  std::map<Triple, uint64_t> direct;
  std::map<std::pair<uint32_t, NameId>, std::map<NameId, uint64_t>> early; // (TU, G) -> X -> n
  for (const SiteModel &s : b.sites)
    for (const CopyModel *c = b.copies_begin(s); c != b.copies_end(s); ++c) {
      if (!c->inlined || !b.copy_in_code(s.tu, *c))
        continue;
      const NameId h = key(*b.chain(*c).begin()), x = key(s.callee_symbol);
      ++direct[{tu_of[s.tu], h, x}];
      if (c->early_inlined && c->chain_len == 1)
        ++early[{tu_of[s.tu], h}][x];
    }
  // What the early inliner left in G's body, transitively (G early-inlined
  // F, which had early-inlined X): memoized, a cycle (recursion) cut.
  std::map<std::pair<uint32_t, NameId>, std::map<NameId, uint64_t>> closure;
  std::set<std::pair<uint32_t, NameId>> open;
  std::function<const std::map<NameId, uint64_t> &(uint32_t, NameId)> inherited =
      [&](uint32_t tu, NameId g) -> const std::map<NameId, uint64_t> & {
    auto k = std::make_pair(tu, g);
    if (auto it = closure.find(k); it != closure.end())
      return it->second;
    static const std::map<NameId, uint64_t> none;
    auto e = early.find(k);
    if (e == early.end() || !open.insert(k).second)
      return none;
    std::map<NameId, uint64_t> out;
    for (auto [x, n] : e->second) {
      out[x] += n;
      for (auto [y, m] : inherited(tu, x))
        out[y] += n * m;
    }
    open.erase(k);
    return closure[k] = std::move(out);
  };
  std::map<Triple, uint64_t> all = direct;
  for (const auto &[t, n] : direct) {
    const auto [tu, h, g] = t;
    for (auto [x, m] : inherited(tu, g))
      all[{tu, h, x}] += n * m;
  }
  return all;
}

struct UnionFind {
  std::vector<size_t> parent;
  explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  size_t find(size_t x) {
    while (parent[x] != x)
      x = parent[x] = parent[parent[x]];
    return x;
  }
  void join(size_t a, size_t b) {
    a = find(a);
    b = find(b);
    if (a != b)
      parent[std::max(a, b)] = std::min(a, b);
  }
};

std::string names_of(const GuestProfile &p) {
  std::vector<std::string> n;
  for (const CacheModel &m : p.models)
    n.push_back(m.name);
  return n.empty() ? "none" : fmt::format("{}", fmt::join(n, ", "));
}

} // namespace

const char *cycles_kind_name(CyclesKind kind) {
  return kind == CyclesKind::fully_associative ? "fully-associative" : "set-associative";
}

Attribution attribute(const BuildDiff &d, const GuestProfile &base, const GuestProfile &next,
                      const AttributionOptions &options) {
  Attribution out;
  out.base_path = base.path;
  out.coverage = options.coverage;
  out.cycles_kind = options.cycles;
  out.new_path = next.path;

  // The cache model shown.
  for (const CacheModel &m : base.models)
    if (next.find_model(m.name))
      out.models.push_back(m.name);
  std::optional<size_t> bm, nm;
  if (!options.model.empty()) {
    bm = base.find_model(options.model);
    nm = next.find_model(options.model);
    if (!bm || !nm)
      throw UsageError("--model '{}': not a cache model of both guest profiles ({}: {}; {}: {})",
                       options.model, base.path, names_of(base), next.path, names_of(next));
  } else if (!out.models.empty()) {
    bm = base.find_model(out.models.front());
    nm = next.find_model(out.models.front());
  }
  if (bm) {
    if (!base.models[*bm].same_geometry(next.models[*nm]))
      throw Error("cache model {} differs between the guest profiles ({} and {}): their misses "
                  "cannot be compared",
                  base.models[*bm].name, base.path, next.path);
    out.model = base.models[*bm];
  }

  // The workloads: in both profiles, matching --workload.
  std::vector<std::pair<const GuestRegion *, const GuestRegion *>> pairs;
  std::vector<bool> glob_used(options.workloads.size());
  std::vector<std::string> common;
  for (const GuestRegion &r : base.regions) {
    const GuestRegion *n = next.find_region(r.name);
    if (!n) {
      out.only_base.push_back(r.name);
      continue;
    }
    common.push_back(r.name);
    bool keep = options.workloads.empty();
    for (size_t g = 0; g < options.workloads.size(); ++g)
      if (options.workloads[g].matches(r.name))
        keep = glob_used[g] = true;
    if (keep)
      pairs.emplace_back(&r, n);
  }
  for (const GuestRegion &r : next.regions)
    if (!base.find_region(r.name))
      out.only_new.push_back(r.name);
  for (size_t g = 0; g < options.workloads.size(); ++g)
    if (!glob_used[g])
      throw UsageError("--workload '{}': no workload of both guest profiles matches it (they "
                       "have: {})",
                       options.globs[g],
                       common.empty() ? "none" : fmt::format("{}", fmt::join(common, ", ")));

  // The joins: where code moved between two functions.
  Keys keys(d);
  Names tus;
  std::set<std::pair<uint32_t, NameId>> emitted;
  const std::map<Triple, uint64_t> in_base = code_copies(d.base, tus, keys, emitted);
  const std::map<Triple, uint64_t> in_new = code_copies(d.next, tus, keys, emitted);
  std::set<std::pair<NameId, NameId>> joins;
  auto consider = [&](const Triple &t, uint64_t n, const std::map<Triple, uint64_t> &other) {
    const auto [tu, h, x] = t;
    auto it = other.find(t);
    if (h == x || (it != other.end() && it->second == n) || !emitted.count({tu, x}))
      return;
    joins.emplace(std::min(h, x), std::max(h, x));
  };
  for (const auto &[t, n] : in_base)
    consider(t, n, in_new);
  for (const auto &[t, n] : in_new)
    consider(t, n, in_base);
  out.joins = joins.size();

  // Each flip's holders (a copy flip's: the function holding the copy).
  std::vector<std::vector<NameId>> flip_holders(d.flips.size());
  for (size_t i = 0; i < d.flips.size(); ++i) {
    const Flip &f = d.flips[i];
    std::vector<std::string> holders;
    if (f.copy_flip())
      holders.push_back(f.chain.front());
    else {
      holders = f.base_holders;
      holders.insert(holders.end(), f.new_holders.begin(), f.new_holders.end());
    }
    for (const std::string &h : holders)
      if (auto k = keys.find(h))
        flip_holders[i].push_back(*k);
  }

  for (const auto &[rb, rn] : pairs) {
    WorkloadAttribution w;
    w.workload = rb->name;
    w.metric = rb->metric ? rb->metric : rn->metric;
    w.base_iterations = rb->iterations;
    w.new_iterations = rn->iterations;
    w.per_op = rb->iterations && rn->iterations && *rb->iterations && *rn->iterations;
    if (w.per_op) {
      w.base_ops = static_cast<double>(*rb->iterations);
      w.new_ops = static_cast<double>(*rn->iterations);
    }
    auto region_counts = [&](const GuestRegion &r, const std::optional<size_t> &m) {
      GroupCounts c;
      c.insns = r.insns;
      c.cycles = c.cycles_fa = r.insns;
      if (m) {
        c.misses = r.misses[*m];
        c.cycles = r.cycles[*m];
        c.misses_fa = r.misses_fa[*m];
        c.cycles_fa = r.cycles_fa[*m];
      }
      return c;
    };
    w.base = region_counts(*rb, bm);
    w.next = region_counts(*rn, nm);
    w.change = static_cast<double>(w.next.insns) / w.new_ops -
               static_cast<double>(w.base.insns) / w.base_ops;

    // The members: every function either region executed, by key.  Kernel
    // functions are named as the logs name them; [user] and [kernel
    // unknown] keep their names and join nothing.
    struct Member {
      std::string name;
      std::optional<NameId> key;
      bool user = false, unknown = false;
      GroupCounts base, next;
    };
    std::vector<Member> members;
    std::map<std::pair<int, std::string>, size_t> member_of; // (space, name) -> index
    auto add = [&](const GuestRegion &r, const std::optional<size_t> &m, bool is_base) {
      for (const GuestFunction &f : r.functions) {
        const bool unknown = !f.user && !f.addr && f.function == "[kernel unknown]";
        const bool plain = !f.user && !unknown;
        const std::string name = plain ? std::string(keys[keys.id(f.function)]) : f.function;
        auto [it, fresh] = member_of.emplace(std::make_pair(f.user    ? 1
                                                            : unknown ? 2
                                                                      : 0,
                                                            name),
                                             members.size());
        if (fresh) {
          Member mm;
          mm.name = name;
          mm.user = f.user;
          mm.unknown = unknown;
          if (plain)
            mm.key = keys.find(f.function);
          members.push_back(std::move(mm));
        }
        GroupCounts &c = is_base ? members[it->second].base : members[it->second].next;
        c.insns += f.insns;
        if (m) {
          c.misses += f.misses[*m];
          c.misses_fa += f.misses_fa[*m];
        }
      }
    };
    add(*rb, bm, true);
    add(*rn, nm, false);
    std::unordered_map<NameId, size_t> by_key;
    for (size_t i = 0; i < members.size(); ++i)
      if (members[i].key)
        by_key.emplace(*members[i].key, i);
    UnionFind uf(members.size());
    for (auto [a, b] : joins) {
      auto x = by_key.find(a), y = by_key.find(b);
      if (x != by_key.end() && y != by_key.end())
        uf.join(x->second, y->second);
    }
    std::map<size_t, size_t> group_of; // root -> index into w.groups
    for (size_t i = 0; i < members.size(); ++i) {
      auto [it, fresh] = group_of.emplace(uf.find(i), w.groups.size());
      if (fresh)
        w.groups.emplace_back();
      AttributionGroup &g = w.groups[it->second];
      const Member &m = members[i];
      g.members.push_back(m.name);
      g.user = m.user;
      g.unknown = m.unknown;
      g.base += m.base; // the cycles are made from the sums, below
      g.next += m.next;
    }
    // Names, flips, per-op figures.
    std::unordered_map<NameId, size_t> group_of_key;
    for (size_t i = 0; i < members.size(); ++i)
      if (members[i].key)
        group_of_key.emplace(*members[i].key, group_of[uf.find(i)]);
    for (size_t fi = 0; fi < d.flips.size(); ++fi) {
      std::set<size_t> in;
      for (NameId h : flip_holders[fi])
        if (auto it = group_of_key.find(h); it != group_of_key.end())
          in.insert(it->second);
      for (size_t g : in)
        w.groups[g].flips.push_back(fi);
    }
    std::map<std::string, uint64_t> largest; // member -> max(base, new) insns
    for (const Member &m : members)
      largest[m.name] = std::max({largest[m.name], m.base.insns, m.next.insns});
    for (AttributionGroup &g : w.groups) {
      std::stable_sort(g.members.begin(), g.members.end(),
                       [&](const std::string &a, const std::string &b) {
                         return std::make_pair(-static_cast<double>(largest[a]), a) <
                                std::make_pair(-static_cast<double>(largest[b]), b);
                       });
      g.name = g.members.front();
      for (auto [c, m] : {std::pair(&g.base, &bm), std::pair(&g.next, &nm)}) {
        c->cycles = *m ? modelled_cycles(out.model.value(), c->insns, c->misses) : c->insns;
        c->cycles_fa = *m ? modelled_cycles(out.model.value(), c->insns, c->misses_fa) : c->insns;
      }
      g.base_per_op = static_cast<double>(g.base.insns) / w.base_ops;
      g.new_per_op = static_cast<double>(g.next.insns) / w.new_ops;
      g.change = g.new_per_op - g.base_per_op;
    }

    // The sum rule, on the counts (exact) and per op (to rounding).
    GroupCounts sb, sn;
    double sum = 0, gross = 0;
    for (const AttributionGroup &g : w.groups) {
      sb += g.base;
      sn += g.next;
      sum += g.change;
      gross += std::fabs(g.change);
    }
    for (auto [s, c, what] : {std::tuple(&sb, &w.base, "base"), std::tuple(&sn, &w.next, "new")})
      if (!(*s == *c))
        throw Error("internal error: workload {}: the groups of the {} build sum to {} "
                    "instructions and {} cycles, the region has {} and {}",
                    w.workload, what, s->insns, s->cycles, c->insns, c->cycles);
    w.unexplained = w.change - sum;
    if (std::fabs(w.unexplained) > 1e-9 * std::max(1.0, gross))
      throw Error("internal error: workload {}: the groups' changes sum to {}, the region's is {}",
                  w.workload, sum, w.change);
    if (std::fabs(w.unexplained) <= 1e-9 * std::max(1.0, gross))
      w.unexplained = 0; // rounding of the per-op divisions, not a change

    // Largest |change| first; listed until they cover the share asked.
    std::stable_sort(w.groups.begin(), w.groups.end(),
                     [](const AttributionGroup &a, const AttributionGroup &b) {
                       if (std::fabs(a.change) != std::fabs(b.change))
                         return std::fabs(a.change) > std::fabs(b.change);
                       return a.name < b.name;
                     });
    double covered = 0;
    while (w.listed < w.groups.size() && w.groups[w.listed].change != 0 &&
           covered < options.coverage * gross) {
      covered += std::fabs(w.groups[w.listed].change);
      ++w.listed;
    }
    w.covered = gross > 0 ? covered / gross : 1.0;
    for (size_t i = w.listed; i < w.groups.size(); ++i)
      w.other_change += w.groups[i].change;
    w.other_groups = w.groups.size() - w.listed;
    out.workloads.push_back(std::move(w));
  }
  return out;
}

} // namespace inlinetune
