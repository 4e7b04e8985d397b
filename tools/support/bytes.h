// SPDX-License-Identifier: GPL-3.0-or-later
// Numbers (fixed-width little-endian, or LEB128 varints) and
// length-prefixed strings in a byte string: the decoded-log cache's files
// (read/decoded_cache.h) and the model's payloads in them
// (model/tu_records.h), whose numbers are mostly small ids: as varints a
// payload takes half the bytes, and reading it back is faster than
// decompressing a fixed-width one (zstd took 16% of a cached diff).  By hand: the pieces are a
// handful of integers and strings written and read by the same program, for
// which a serialization library (protobuf, cereal) would add a schema
// compiler or a dependency for a dozen lines.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace inlinetune {

class ByteWriter {
public:
  void u8(uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void u32(uint32_t v) { fixed(v, 4); }
  void u64(uint64_t v) { fixed(v, 8); }
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  void var(uint64_t v) {
    while (v >= 0x80) {
      out_.push_back(static_cast<char>(v | 0x80));
      v >>= 7;
    }
    out_.push_back(static_cast<char>(v));
  }
  // Zigzag: small negative numbers stay short too.
  void svar(int64_t v) { var((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63)); }
  void str(std::string_view s) {
    var(s.size());
    out_.append(s);
  }
  std::string &bytes() { return out_; }

private:
  void fixed(uint64_t v, int n) {
    char b[8];
    for (int i = 0; i < n; ++i)
      b[i] = static_cast<char>(v >> (8 * i));
    out_.append(b, static_cast<size_t>(n));
  }
  std::string out_;
};

// Reads what ByteWriter wrote.  Past the end, every read gives 0 or "" and
// ok() turns false: a caller checks once, after reading what it needs.
class ByteReader {
public:
  explicit ByteReader(std::string_view bytes) : rest_(bytes) {}
  uint8_t u8() { return static_cast<uint8_t>(fixed(1)); }
  uint32_t u32() { return static_cast<uint32_t>(fixed(4)); }
  uint64_t u64() { return fixed(8); }
  int64_t i64() { return static_cast<int64_t>(u64()); }
  uint64_t var() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (rest_.empty()) {
        ok_ = false;
        return 0;
      }
      const auto b = static_cast<unsigned char>(rest_.front());
      rest_.remove_prefix(1);
      v |= uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80))
        return v;
    }
    ok_ = false; // more than ten bytes
    return 0;
  }
  int64_t svar() {
    const uint64_t v = var();
    return static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1);
  }
  std::string_view str() {
    const uint64_t n = var();
    if (!ok_ || rest_.size() < n) {
      ok_ = false;
      return {};
    }
    std::string_view s = rest_.substr(0, n);
    rest_.remove_prefix(n);
    return s;
  }
  // A count (a varint) of items of at least MIN_BYTES each: more than the
  // bytes left can hold is damage, refused before anything is allocated.
  uint64_t count(size_t min_bytes) {
    const uint64_t n = var();
    if (min_bytes && n > rest_.size() / min_bytes)
      ok_ = false;
    return ok_ ? n : 0;
  }
  bool ok() const { return ok_; }
  bool at_end() const { return rest_.empty(); }

private:
  uint64_t fixed(int n) {
    if (!ok_ || rest_.size() < static_cast<size_t>(n)) {
      ok_ = false;
      return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < n; ++i)
      v |= uint64_t(static_cast<unsigned char>(rest_[i])) << (8 * i);
    rest_.remove_prefix(static_cast<size_t>(n));
    return v;
  }
  std::string_view rest_;
  bool ok_ = true;
};

} // namespace inlinetune
