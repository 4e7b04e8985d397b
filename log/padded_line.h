// SPDX-License-Identifier: GPL-3.0-or-later
// log/padded_line.h: a line copied where simdjson may read past its end.
// simdjson reads up to SIMDJSON_PADDING bytes beyond its input; a line in
// the middle of a caller's buffer cannot promise that, so the readers that
// take any line (check_record, parse_record, RecordReader::parse) copy it
// into one of these first. One buffer per reader, grown as lines need.
#pragma once

#include <cstring>
#include <string_view>
#include <vector>

namespace inlinetune::log {

class PaddedLine {
public:
  // At least simdjson's SIMDJSON_PADDING (checked where simdjson is included:
  // log/decode.cc); kept here so that this header does not pull simdjson in.
  static constexpr size_t kPadding = 64;

  // LINE's bytes, followed by kPadding more that may be read; valid until
  // the next copy().
  std::string_view copy(std::string_view line) {
    if (buffer_.size() < line.size() + kPadding)
      buffer_.resize(line.size() + kPadding + line.size() / 2);
    std::memcpy(buffer_.data(), line.data(), line.size());
    return {buffer_.data(), line.size()};
  }

private:
  std::vector<char> buffer_;
};

} // namespace inlinetune::log
