// SPDX-License-Identifier: GPL-3.0-or-later
#include "output/table.h"

#include "error.h"
#include "support/parallel.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace inlinetune {

namespace {

// Width on a terminal, counting UTF-8 code points (the records' strings are
// valid UTF-8: the reader's JSON parser checks).
size_t width(std::string_view s) {
  return static_cast<size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xc0) != 0x80; }));
}

// Control characters would break a table's lines: shown as \xNN.  Text
// without any (nearly all) is returned as it is, not copied byte by byte: a
// kernel's diff prints some 13 MB.
std::string printable(std::string s) {
  auto control = [](char c) {
    auto u = static_cast<unsigned char>(c);
    return u < 0x20 || u == 0x7f;
  };
  if (std::none_of(s.begin(), s.end(), control))
    return s;
  std::string out;
  for (char c : s) {
    if (control(c))
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    else
      out += c;
  }
  return out;
}

std::string number_text(const Cell &cell, bool sign) {
  if (cell.is_number_integer()) {
    if (cell.is_number_unsigned())
      return (sign && cell.get<uint64_t>() > 0 ? "+" : "") + std::to_string(cell.get<uint64_t>());
    return sign ? signed_number(cell.get<int64_t>()) : std::to_string(cell.get<int64_t>());
  }
  double d = cell.get<double>();
  std::string s = fmt::format("{:.2f}", d);
  return sign && d > 0 ? "+" + s : s;
}

std::string csv_field(const std::string &s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos)
    return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"')
      out += '"';
    out += c;
  }
  return out + "\"";
}

std::string dump(const Cell &cell) {
  return cell.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

} // namespace

std::string signed_number(int64_t n) {
  return n > 0 ? fmt::format("+{}", n) : std::to_string(n);
}

Cell percent_change(int64_t from, int64_t to) {
  if (from == 0)
    return nullptr;
  double p = 100.0 * static_cast<double>(to - from) / static_cast<double>(from);
  return std::round(p * 100) / 100;
}

Format parse_format(const std::string &name) {
  if (name == "table")
    return Format::table;
  if (name == "csv")
    return Format::csv;
  if (name == "json")
    return Format::json;
  throw UsageError("--format: '{}' is not one of: table, csv, json", name);
}

size_t parse_top(const std::string &value) {
  if (value.empty() || value.size() > 18 ||
      !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
    throw UsageError("--top: '{}' is not a count (0 for all)", value);
  return std::stoull(value);
}

std::string cell_text(const Column &column, const Cell &cell, bool table) {
  if (cell.is_null())
    return table ? column.null_text : "";
  if (cell.is_string())
    return cell.get<std::string>();
  if (cell.is_boolean())
    return cell.get<bool>() ? "yes" : "no";
  if (cell.is_number())
    return number_text(cell, table && column.sign);
  if (cell.is_array()) {
    std::string out;
    size_t shown = 0;
    for (const Cell &item : cell) {
      if (table && column.max_items && shown == column.max_items) {
        out += fmt::format("{}(+{} more)", column.separator, cell.size() - shown);
        break;
      }
      if (shown++)
        out += column.separator;
      out += column.item        ? column.item(item)
             : item.is_string() ? item.get<std::string>()
                                : dump(item);
    }
    return out;
  }
  return column.item ? column.item(cell) : dump(cell);
}

Cell to_json(const Result &result) {
  if (result.kind.empty())
    throw Error("internal error: a result without a kind (table.h: Result::kind)");
  Cell doc = Cell::object();
  doc["format"] = "inlinetune-" + result.kind;
  doc["format_version"] = result.format_version;
  doc["summary"] = result.summary;
  for (const Table &t : result.tables) {
    Cell rows = Cell::array();
    for (const std::vector<Cell> &row : t.rows) {
      Cell obj = Cell::object();
      for (size_t c = 0; c < t.columns.size(); ++c)
        obj[t.columns[c].name] = row.at(c);
      rows.push_back(std::move(obj));
    }
    doc[t.name] = std::move(rows);
    if (t.omitted)
      doc[t.name + "_omitted"] = t.omitted;
  }
  return doc;
}

std::string render(const Result &result, Format format) {
  std::string out;
  switch (format) {
  case Format::json:
    return to_json(result).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
           "\n";
  case Format::csv: {
    if (result.tables.empty())
      return out;
    const Table &t = result.tables.front();
    auto line = [&](const std::vector<std::string> &fields) {
      for (size_t c = 0; c < fields.size(); ++c)
        out += (c ? "," : "") + csv_field(fields[c]);
      out += '\n';
    };
    std::vector<std::string> fields;
    for (const Column &c : t.columns)
      fields.push_back(c.name);
    line(fields);
    // The rows' fields on every core, written in order.
    std::vector<std::vector<std::string>> rows(t.rows.size());
    in_order(
        t.rows.size(), worker_threads(0), 256,
        [&](size_t r) {
          for (size_t c = 0; c < t.columns.size(); ++c)
            rows[r].push_back(cell_text(t.columns[c], t.rows[r].at(c), false));
        },
        [&](size_t r) {
          line(rows[r]);
          rows[r] = std::vector<std::string>();
        });
    return out;
  }
  case Format::table:
    break;
  }
  if (!result.headline.empty())
    out += printable(result.headline) + "\n";
  if (!result.prologue.empty())
    out += (out.empty() ? "" : "\n") + result.prologue;
  for (const Table &t : result.tables) {
    if (!t.in_table_format)
      continue;
    if (!out.empty())
      out += "\n";
    if (!t.title.empty())
      out += printable(t.title) + "\n";
    if (!t.note.empty())
      out += printable(t.note) + "\n";
    if (t.rows.empty()) {
      out += "(none)\n";
      continue;
    }
    const size_t n = t.columns.size();
    std::vector<std::vector<std::string>> text;
    std::vector<size_t> widths(n);
    std::vector<bool> right(n, true); // numbers (and nulls) only: right-aligned
    std::vector<std::string> header;
    for (size_t c = 0; c < n; ++c) {
      header.push_back(t.columns[c].name);
      widths[c] = width(header.back());
    }
    // Each row's text on every core (a kernel's diff has tens of thousands
    // of rows), the widths from them in order.
    text.resize(t.rows.size());
    in_order(
        t.rows.size(), worker_threads(0), t.rows.size(),
        [&](size_t r) {
          for (size_t c = 0; c < n; ++c)
            text[r].push_back(printable(cell_text(t.columns[c], t.rows[r].at(c), true)));
        },
        [&](size_t r) {
          for (size_t c = 0; c < n; ++c) {
            const Cell &cell = t.rows[r].at(c);
            if (!cell.is_number() && !cell.is_null())
              right[c] = false;
            widths[c] = std::max(widths[c], width(text[r][c]));
          }
        });
    auto line = [&](const std::vector<std::string> &cells) {
      std::string l;
      for (size_t c = 0; c < n; ++c) {
        size_t pad = widths[c] - width(cells[c]);
        if (c)
          l.append(2, ' ');
        if (right[c]) {
          l.append(pad, ' ');
          l += cells[c];
        } else {
          l += cells[c];
          if (c + 1 < n)
            l.append(pad, ' ');
        }
      }
      while (!l.empty() && l.back() == ' ')
        l.pop_back();
      l += '\n';
      return l;
    };
    out += line(header);
    // The lines padded on every core too, and added in order.
    std::vector<std::string> lines(text.size());
    in_order(
        text.size(), worker_threads(0), text.size(),
        [&](size_t r) {
          lines[r] = line(text[r]);
          text[r] = std::vector<std::string>();
        },
        [&](size_t r) {
          out += lines[r];
          lines[r] = std::string();
        });
    if (t.omitted)
      out += fmt::format("... {} more rows (--top 0 shows all)\n", t.omitted);
  }
  if (!result.epilogue.empty())
    out += "\n" + result.epilogue;
  return out;
}

} // namespace inlinetune
