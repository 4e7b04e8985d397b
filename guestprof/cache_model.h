// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof/cache_model.h: the set-associative LRU cache model of guestprof
// (docs/guest-profile.md, "What is counted"): a private L1I and L1D in front
// of a unified L2 that sees only L1 misses; LRU within a set, allocate on
// every miss (loads and stores alike), no prefetch, no write-back traffic.
// An access is one line: the line of its first byte.  Beside it, the same
// hierarchy fully associative (the 3C split, below).  QEMU-free:
// unit-tested against hand-computed traces
// (testsuite/unit/guestprof_cache_test.cc).
//
// Hand-written: Debian packages no cache simulator library (dinero is not
// in Debian; gem5 and DRAMsim are whole simulators, not libraries).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace guestprof {

// One cache's shape.  Valid when size, ways and line are powers of two and
// size is a whole number of sets of WAYS lines (sets = size / (ways * line)
// >= 1).
struct Geometry {
  uint64_t size = 0; // bytes
  uint32_t ways = 0;
  uint32_t line = 0; // bytes

  uint64_t sets() const { return size / (uint64_t(ways) * line); }
  // "" when valid, else what is wrong, e.g. "ways 3 is not a power of two".
  std::string invalid_reason() const;
  bool operator==(const Geometry &o) const {
    return size == o.size && ways == o.ways && line == o.line;
  }
};

// Parses "SIZE:WAYS:LINE" (SIZE a number of bytes, or with a K or M suffix:
// KiB, MiB; "64K:4:64") into a valid Geometry; throws inlinetune::Error
// saying what is wrong (the caller adds which argument it was).
Geometry parse_geometry(const std::string &text);

// "64 KiB, 4-way, 64 B lines" for messages and docs.
std::string describe(const Geometry &g);

// One set-associative cache with true LRU replacement.
class Cache {
public:
  explicit Cache(const Geometry &g); // g must be valid
  // Looks ADDR's line up; on a miss, allocates it (evicting the least
  // recently used line of its set).  Either way the line becomes the most
  // recently used of its set.  True on a hit.
  bool access(uint64_t addr) {
    uint64_t line = addr >> line_shift_;
    uint64_t *set = &tags_[(line & set_mask_) * ways_];
    if (set[0] == line)
      return true; // the most recently used: the common case, order unchanged
    for (uint32_t i = 1; i < ways_; ++i)
      if (set[i] == line) {
        for (uint32_t j = i; j > 0; --j)
          set[j] = set[j - 1];
        set[0] = line;
        return true;
      }
    for (uint32_t j = ways_ - 1; j > 0; --j)
      set[j] = set[j - 1];
    set[0] = line;
    return false;
  }
  const Geometry &geometry() const { return geometry_; }
  uint32_t line_shift() const { return line_shift_; }

private:
  Geometry geometry_;
  uint32_t ways_, line_shift_;
  uint64_t set_mask_;
  // Per set, WAYS line numbers from most to least recently used; kEmpty for
  // a way never filled (no line number can equal it: addresses are shifted
  // right by at least 2 bits).
  std::vector<uint64_t> tags_;
};

// A fully associative cache of a geometry's size and line (its ways
// ignored), true LRU: the shadow of a set-associative cache that splits its
// misses as Hill's 3C do.  Its misses are the compulsory and capacity
// misses; the set-associative cache's misses beyond them are conflict
// misses, which move with where code and data land in the sets (a
// difference that LRU can make negative).
class FullyAssociativeCache {
public:
  explicit FullyAssociativeCache(const Geometry &g); // g must be valid
  bool access(uint64_t addr) {
    uint64_t line = addr >> line_shift_;
    if (used_ != 0 && lines_[head_] == line)
      return true; // the most recently used: no lookup
    return access_slow(line);
  }

private:
  bool access_slow(uint64_t line);
  void unlink(uint32_t slot);
  void push_front(uint32_t slot);

  uint32_t line_shift_;
  uint32_t capacity_; // lines
  // The LRU order as a doubly linked list over slots, most recent at head_;
  // where_ finds a line's slot.  Slots in arrays rather than a std::list,
  // and where_'s nodes reused: nothing allocates after the cache fills.
  std::vector<uint64_t> lines_;
  std::vector<uint32_t> prev_, next_;
  uint32_t head_ = 0, tail_ = 0, used_ = 0;
  std::unordered_map<uint64_t, uint32_t> where_;
};

// Latencies of the modelled-cycles formula, in cycles.
struct Latency {
  uint32_t l2_hit = 0;
  uint32_t memory = 0;
  bool operator==(const Latency &o) const { return l2_hit == o.l2_hit && memory == o.memory; }
};

// One model: its name in the profile, three geometries and the latencies.
struct ModelSpec {
  std::string name;
  Geometry l1i, l1d, l2;
  Latency latency;
};

// Where an access missed: nothing (an L1 hit), L1 only, or L1 and L2.
enum class Miss : uint8_t { none = 0, l1 = 1, l2 = 2 };

// One access's outcome in a model's hierarchy and in its fully associative
// shadow.
struct Outcome {
  Miss set_associative, fully_associative;
};

// A model's caches, and the same three fully associative.  Each L2 sees its
// own L1I's and L1D's misses in the order they happen.
class Hierarchy {
public:
  explicit Hierarchy(const ModelSpec &spec)
      : spec_(spec), l1i_(spec.l1i), l1d_(spec.l1d), l2_(spec.l2), fa_l1i_(spec.l1i),
        fa_l1d_(spec.l1d), fa_l2_(spec.l2) {}
  Outcome fetch(uint64_t addr) {
    return {l1i_.access(addr)  ? Miss::none
            : l2_.access(addr) ? Miss::l1
                               : Miss::l2,
            fa_l1i_.access(addr)  ? Miss::none
            : fa_l2_.access(addr) ? Miss::l1
                                  : Miss::l2};
  }
  Outcome data(uint64_t addr) {
    return {l1d_.access(addr)  ? Miss::none
            : l2_.access(addr) ? Miss::l1
                               : Miss::l2,
            fa_l1d_.access(addr)  ? Miss::none
            : fa_l2_.access(addr) ? Miss::l1
                                  : Miss::l2};
  }
  const ModelSpec &spec() const { return spec_; }

private:
  ModelSpec spec_;
  Cache l1i_, l1d_, l2_;
  FullyAssociativeCache fa_l1i_, fa_l1d_, fa_l2_;
};

// Miss counts of one hierarchy.
struct Misses {
  uint64_t l1i = 0, l1d = 0, l2 = 0;
};

// A model's counters in a profile row, in this order: the set-associative
// hierarchy's L1I, L1D and L2 misses, then the fully associative one's.
enum : size_t { kL1i = 0, kL1d, kL2, kL1iFa, kL1dFa, kL2Fa, kMissCounts };

// The names of those counters in the profile file (format 2).
inline const char *const kMissNames[kMissCounts] = {"l1i",    "l1d",    "l2",
                                                    "l1i_fa", "l1d_fa", "l2_fa"};

// The modelled cycles (docs/guest-profile.md): instructions plus every L1
// miss times the L2 hit latency plus every L2 miss times the memory latency.
inline uint64_t modelled_cycles(uint64_t insns, const Misses &m, const Latency &lat) {
  return insns + (m.l1i + m.l1d) * lat.l2_hit + m.l2 * lat.memory;
}

} // namespace guestprof
