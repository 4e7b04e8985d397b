// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/csv_reader.h"

#include "error.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace inlinetune {

std::vector<CsvRow> parse_csv(std::string_view text) {
  std::vector<CsvRow> rows;
  size_t i = 0, line = 1;
  while (i < text.size()) {
    CsvRow row;
    row.line = line;
    std::string field;
    bool quoted = false, after_quote = false, blank = true, done = false;
    while (!done) {
      if (i == text.size()) {
        if (quoted)
          row.error = "a quoted field is not closed";
        break;
      }
      char c = text[i++];
      if (quoted) {
        if (c == '"') {
          if (i < text.size() && text[i] == '"') {
            field += '"';
            ++i;
          } else {
            quoted = false;
            after_quote = true;
          }
        } else {
          line += c == '\n';
          field += c;
        }
        continue;
      }
      switch (c) {
      case ',':
        row.fields.push_back(std::move(field));
        field.clear();
        after_quote = false;
        blank = false;
        break;
      case '\r':
        if (i < text.size() && text[i] == '\n')
          break; // CRLF: the LF ends the row
        field += c;
        break;
      case '\n':
        ++line;
        done = true;
        break;
      case '"':
        if (field.empty() && !after_quote) {
          quoted = true;
          blank = false;
          break;
        }
        [[fallthrough]];
      default:
        if (after_quote && row.error.empty())
          row.error = "text after a closing quote";
        field += c;
        blank = false;
      }
    }
    row.fields.push_back(std::move(field));
    if (blank && row.error.empty())
      continue;
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string read_text_file(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error("{}: cannot open: {}", path, std::strerror(errno));
  std::ostringstream s;
  s << in.rdbuf();
  if (in.bad())
    throw Error("{}: cannot read", path);
  return s.str();
}

std::optional<double> parse_number(std::string_view field) {
  while (!field.empty() && (field.front() == ' ' || field.front() == '\t'))
    field.remove_prefix(1);
  while (!field.empty() && (field.back() == ' ' || field.back() == '\t'))
    field.remove_suffix(1);
  if (field.empty())
    return std::nullopt;
  std::string s(field);
  char *end = nullptr;
  errno = 0;
  double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || errno == ERANGE || !std::isfinite(v))
    return std::nullopt;
  return v;
}

} // namespace inlinetune
