// SPDX-License-Identifier: GPL-3.0-or-later
// A small RFC 4180 CSV reader for the files the CLI reads beside the logs
// (workload results, symbol weights): fields split at commas, quoted fields
// with commas, doubled quotes and line breaks inside, CRLF or LF line ends.
// Each row carries the line it starts on, for "FILE:LINE: ..." messages.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace inlinetune {

struct CsvRow {
  size_t line = 0; // 1-based, where the row starts
  std::vector<std::string> fields;
  std::string error; // non-empty: the row is malformed (an unterminated quote, text after a
                     // closing quote); FIELDS holds what could be read
};

// Every row of TEXT; blank lines are skipped.
std::vector<CsvRow> parse_csv(std::string_view text);

// The whole file; throws Error naming PATH when it cannot be read.
std::string read_text_file(const std::string &path);

// A number as a CSV or profile field holds it ("12", "-0.5", "1e3", " 7 "):
// nullopt unless the whole field (spaces trimmed) is one finite number.
std::optional<double> parse_number(std::string_view field);

} // namespace inlinetune
