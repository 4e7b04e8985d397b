// SPDX-License-Identifier: GPL-3.0-or-later
// Hashing for tables and digests within one run (never stored): xxHash's
// XXH3, inlined (XXH_INLINE_ALL) because a kernel build hashes millions of
// short names and TU lines (bench/tools.sh), where a call into libxxhash or
// std::hash<std::string_view> costs more than the hashing.
#pragma once

#include <cstdint>
#include <string_view>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace inlinetune {

inline uint64_t hash_bytes(std::string_view s) {
  return XXH3_64bits(s.data(), s.size());
}

// DIGEST extended by S: order-sensitive, for digests of sequences of lines.
// S hashed with XXH3's default secret, then the pair: XXH3 with a seed
// derives a secret of its own for every input over 240 bytes, which cost
// more than the hashing (a log's lines are some 300 bytes; 3.6% of
// `inlinetune diff` on bench-tools' synthetic kernel).
inline uint64_t hash_chain(uint64_t digest, std::string_view s) {
  const uint64_t pair[2] = {digest, XXH3_64bits(s.data(), s.size())};
  return XXH3_64bits(pair, sizeof pair);
}

} // namespace inlinetune
