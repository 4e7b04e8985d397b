// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof/cache_model.cc: geometry checks and parsing, the LRU cache.
#include "cache_model.h"

#include "error.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>

namespace guestprof {

namespace {

bool power_of_two(uint64_t v) {
  return v != 0 && (v & (v - 1)) == 0;
}

unsigned log2_of(uint64_t v) {
  unsigned n = 0;
  while (v > 1) {
    v >>= 1;
    ++n;
  }
  return n;
}

constexpr uint64_t kEmpty = ~uint64_t(0);
// Bounds that keep the model's arrays sane (1 GiB of cache is 16 M lines
// of tags) and its line numbers distinct from kEmpty.
constexpr uint64_t kMaxSize = uint64_t(1) << 30;
constexpr uint32_t kMinLine = 4, kMaxLine = 4096, kMaxWays = 64;

// A number with an optional K or M suffix (KiB, MiB); the whole text.
bool parse_size(const std::string &s, uint64_t &out) {
  if (s.empty() || s[0] < '0' || s[0] > '9')
    return false;
  errno = 0;
  char *end = nullptr;
  unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (errno != 0)
    return false;
  std::string suffix(end);
  uint64_t mul = 1;
  if (suffix == "K" || suffix == "KiB")
    mul = 1024;
  else if (suffix == "M" || suffix == "MiB")
    mul = 1024 * 1024;
  else if (!suffix.empty())
    return false;
  if (v > kMaxSize)
    return false;
  out = v * mul;
  return true;
}

} // namespace

std::string Geometry::invalid_reason() const {
  if (!power_of_two(size))
    return fmt::format("size {} is not a power of two", size);
  if (size > kMaxSize)
    return fmt::format("size {} is over the model's limit of 1 GiB", size);
  if (!power_of_two(ways))
    return fmt::format("ways {} is not a power of two", ways);
  if (ways > kMaxWays)
    return fmt::format("ways {} is over the model's limit of {}", ways, kMaxWays);
  if (!power_of_two(line))
    return fmt::format("line {} is not a power of two", line);
  if (line < kMinLine || line > kMaxLine)
    return fmt::format("line {} is outside {}..{} bytes", line, kMinLine, kMaxLine);
  if (size < uint64_t(ways) * line)
    return fmt::format("size {} is smaller than one set ({} ways x {} B lines = {} B)", size, ways,
                       line, uint64_t(ways) * line);
  // All three powers of two and size >= ways * line: size is a whole
  // number of sets, itself a power of two.
  return "";
}

Geometry parse_geometry(const std::string &text) {
  auto c1 = text.find(':');
  auto c2 = c1 == std::string::npos ? std::string::npos : text.find(':', c1 + 1);
  if (c2 == std::string::npos || text.find(':', c2 + 1) != std::string::npos)
    throw inlinetune::Error("'{}' is not SIZE:WAYS:LINE (e.g. 64K:4:64)", text);
  uint64_t size, ways, line;
  if (!parse_size(text.substr(0, c1), size))
    throw inlinetune::Error("size '{}' is not a number of bytes (a K or M suffix for KiB, MiB)",
                            text.substr(0, c1));
  std::string w = text.substr(c1 + 1, c2 - c1 - 1), l = text.substr(c2 + 1);
  if (!parse_size(w, ways) || w.find_first_not_of("0123456789") != std::string::npos ||
      ways > kMaxWays * 1024)
    throw inlinetune::Error("ways '{}' is not a number", w);
  if (!parse_size(l, line) || l.find_first_not_of("0123456789") != std::string::npos ||
      line > kMaxLine * 1024)
    throw inlinetune::Error("line '{}' is not a number of bytes", l);
  Geometry g{size, uint32_t(ways), uint32_t(line)};
  std::string why = g.invalid_reason();
  if (!why.empty())
    throw inlinetune::Error("{}: {}", text, why);
  return g;
}

std::string describe(const Geometry &g) {
  std::string size = g.size % (1024 * 1024) == 0 ? fmt::format("{} MiB", g.size >> 20)
                     : g.size % 1024 == 0        ? fmt::format("{} KiB", g.size >> 10)
                                                 : fmt::format("{} B", g.size);
  return fmt::format("{}, {}-way, {} B lines", size, g.ways, g.line);
}

Cache::Cache(const Geometry &g)
    : geometry_(g), ways_(g.ways), line_shift_(log2_of(g.line)), set_mask_(g.sets() - 1),
      tags_(g.sets() * g.ways, kEmpty) {}

FullyAssociativeCache::FullyAssociativeCache(const Geometry &g)
    : line_shift_(log2_of(g.line)), capacity_(uint32_t(g.size / g.line)), lines_(capacity_),
      prev_(capacity_), next_(capacity_) {
  where_.reserve(capacity_);
}

void FullyAssociativeCache::unlink(uint32_t slot) {
  if (slot == head_)
    head_ = next_[slot];
  else
    next_[prev_[slot]] = next_[slot];
  if (slot == tail_)
    tail_ = prev_[slot];
  else
    prev_[next_[slot]] = prev_[slot];
}

void FullyAssociativeCache::push_front(uint32_t slot) {
  next_[slot] = head_;
  prev_[head_] = slot; // an empty list's head_ is stale: a prev_ nothing reads
  head_ = slot;
  if (used_ == 1)
    tail_ = slot;
}

bool FullyAssociativeCache::access_slow(uint64_t line) {
  auto it = where_.find(line);
  if (it != where_.end()) {
    uint32_t slot = it->second;
    if (slot != head_) {
      unlink(slot);
      push_front(slot);
    }
    return true;
  }
  uint32_t slot;
  if (used_ < capacity_) {
    slot = used_++;
    where_.emplace(line, slot);
  } else {
    // The least recently used line's map node, rekeyed: once the cache is
    // full a miss allocates nothing (C++17 node handles).
    slot = tail_;
    unlink(slot);
    auto node = where_.extract(lines_[slot]);
    node.key() = line;
    where_.insert(std::move(node));
  }
  lines_[slot] = line;
  push_front(slot);
  return false;
}

} // namespace guestprof
