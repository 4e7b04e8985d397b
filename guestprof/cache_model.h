// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof/cache_model.h: the set-associative LRU cache model of guestprof
// (docs/guest-profile.md, "What is counted"): a private L1I and L1D in front
// of a unified L2 that sees only L1 misses; LRU within a set, allocate on
// every miss (loads and stores alike), no prefetch, no write-back traffic.
// An access is one line: the line of its first byte.  QEMU-free: unit-tested
// against hand-computed traces (testsuite/unit/guestprof_cache_test.cc).
//
// Hand-written: Debian packages no cache simulator library (dinero is not
// in Debian; gem5 and DRAMsim are whole simulators, not libraries).
#pragma once

#include <cstdint>
#include <string>
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

// A model's caches.  The L2 sees the L1I's and L1D's misses in the order
// they happen.
class Hierarchy {
public:
  explicit Hierarchy(const ModelSpec &spec)
      : spec_(spec), l1i_(spec.l1i), l1d_(spec.l1d), l2_(spec.l2) {}
  Miss fetch(uint64_t addr) {
    return l1i_.access(addr) ? Miss::none : l2_.access(addr) ? Miss::l1 : Miss::l2;
  }
  Miss data(uint64_t addr) {
    return l1d_.access(addr) ? Miss::none : l2_.access(addr) ? Miss::l1 : Miss::l2;
  }
  const ModelSpec &spec() const { return spec_; }

private:
  ModelSpec spec_;
  Cache l1i_, l1d_, l2_;
};

// Miss counts of one model.
struct Misses {
  uint64_t l1i = 0, l1d = 0, l2 = 0;
};

// The modelled cycles (docs/guest-profile.md): instructions plus every L1
// miss times the L2 hit latency plus every L2 miss times the memory latency.
inline uint64_t modelled_cycles(uint64_t insns, const Misses &m, const Latency &lat) {
  return insns + (m.l1i + m.l1d) * lat.l2_hit + m.l2 * lat.memory;
}

} // namespace guestprof
