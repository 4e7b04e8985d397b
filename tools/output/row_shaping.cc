// SPDX-License-Identifier: GPL-3.0-or-later
#include "output/row_shaping.h"

#include "error.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <algorithm>

namespace inlinetune {

namespace {

std::optional<size_t> column_index(const Table &t, const std::string &name) {
  for (size_t i = 0; i < t.columns.size(); ++i)
    if (t.columns[i].name == name)
      return i;
  return std::nullopt;
}

std::vector<std::string> column_names(const Table &t) {
  std::vector<std::string> names;
  for (const Column &c : t.columns)
    names.push_back(c.name);
  return names;
}

bool any_glob(const std::vector<Glob> &globs, std::string_view text) {
  for (const Glob &g : globs)
    if (g.matches(text))
      return true;
  return false;
}

// The function a cell names: "callee (callee.constprop.0)" is callee.
std::string_view function_text(const Cell &c) {
  if (!c.is_string())
    return {};
  std::string_view s = c.get_ref<const std::string &>();
  if (size_t paren = s.find(" ("); paren != std::string_view::npos)
    s = s.substr(0, paren);
  return s;
}

// One filter: the columns it reads in a table, and whether a cell (or an
// item of an array cell) matches.
struct Filter {
  const char *option;
  std::vector<std::string> columns, item_keys;
  std::function<bool(const Cell &)> matches;
};

bool row_matches(const Filter &f, const std::vector<Cell> &row, const std::vector<size_t> &at) {
  for (size_t i : at) {
    const Cell &c = row[i];
    if (c.is_array()) {
      for (const Cell &item : c)
        if (item.is_object())
          for (const std::string &k : f.item_keys)
            if (auto it = item.find(k); it != item.end() && f.matches(*it))
              return true;
    } else if (f.matches(c)) {
      return true;
    }
  }
  return false;
}

// Numbers largest first, then text, then null; EQUAL when neither is before.
int compare(const Cell &a, const Cell &b, bool descending) {
  auto rank = [](const Cell &c) {
    return c.is_null() ? 2 : c.is_number() || c.is_boolean() ? 0 : 1;
  };
  if (rank(a) != rank(b))
    return rank(a) < rank(b) ? -1 : 1; // null last whichever the direction
  int r = 0;
  if (a.is_number() || a.is_boolean()) {
    double x = a.is_boolean() ? a.get<bool>() : a.get<double>();
    double y = b.is_boolean() ? b.get<bool>() : b.get<double>();
    r = x < y ? -1 : x > y ? 1 : 0;
  } else if (a.is_string()) {
    r = a.get_ref<const std::string &>().compare(b.get_ref<const std::string &>());
    r = r < 0 ? -1 : r > 0 ? 1 : 0;
  } else if (a.is_array()) {
    r = a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
  }
  return descending ? -r : r;
}

} // namespace

std::vector<SortKey> parse_sort(const std::string &value) {
  std::vector<SortKey> keys;
  size_t at = 0;
  while (at <= value.size()) {
    size_t comma = std::min(value.find(',', at), value.size());
    std::string part = value.substr(at, comma - at);
    at = comma + 1;
    SortKey k;
    if (size_t colon = part.find(':'); colon != std::string::npos) {
      std::string dir = part.substr(colon + 1);
      if (dir != "asc" && dir != "desc")
        throw UsageError("--sort: '{}': the direction is asc or desc", part);
      k.descending = dir == "desc";
      part.resize(colon);
    }
    if (part.empty())
      throw UsageError("--sort: '{}' names no column", value);
    k.column = part;
    keys.push_back(k);
  }
  return keys;
}

void shape(Result &result, const RowShaping &s) {
  std::vector<Filter> filters;
  if (!s.functions.empty())
    filters.push_back({"--function",
                       {"function", "caller", "lexical_caller", "callee"},
                       {"caller", "callee"},
                       [&](const Cell &c) { return any_glob(s.functions, function_text(c)); }});
  if (!s.reasons.empty())
    filters.push_back({"--reason",
                       {"reason", "base_reason", "new_reason"},
                       {"base_reason", "new_reason"},
                       [&](const Cell &c) {
                         return c.is_string() &&
                                any_glob(s.reasons, c.get_ref<const std::string &>());
                       }});
  if (s.pass)
    filters.push_back(
        {"--pass", {"pass"}, {}, [&](const Cell &c) { return c.is_string() && c == *s.pass; }});
  if (s.inlined)
    filters.push_back({"--decision", {"inlined"}, {"to"}, [&](const Cell &c) {
                         if (c.is_boolean())
                           return c.get<bool>() == *s.inlined;
                         return c.is_string() && (c == "inlined") == *s.inlined;
                       }});

  for (const Filter &f : filters) {
    bool used = false;
    for (Table &t : result.tables) {
      std::vector<size_t> at;
      for (const std::string &name : f.columns)
        if (auto i = column_index(t, name))
          at.push_back(*i);
      // Without such a column, an array column is read through its items'
      // keys (diff's flips).
      if (at.empty() && !f.item_keys.empty())
        for (size_t i = 0; i < t.columns.size(); ++i)
          if (t.columns[i].item && std::find(at.begin(), at.end(), i) == at.end())
            at.push_back(i);
      if (at.empty())
        continue;
      used = true;
      auto keep = std::stable_partition(t.rows.begin(), t.rows.end(),
                                        [&](const auto &row) { return row_matches(f, row, at); });
      t.rows.erase(keep, t.rows.end());
    }
    if (!used)
      throw UsageError("{}: no table here has a column it selects by ({})", f.option,
                       fmt::join(f.columns, ", "));
  }

  if (!s.sort.empty()) {
    bool used = false;
    for (Table &t : result.tables) {
      std::vector<std::pair<size_t, bool>> keys; // column, descending
      for (const SortKey &k : s.sort) {
        auto i = column_index(t, k.column);
        if (!i) {
          keys.clear();
          break;
        }
        bool numeric = false;
        for (const auto &row : t.rows)
          if (!row[*i].is_null()) {
            numeric = row[*i].is_number() || row[*i].is_boolean() || row[*i].is_array();
            break;
          }
        keys.emplace_back(*i, k.descending.value_or(numeric));
      }
      if (keys.empty())
        continue;
      used = true;
      std::stable_sort(t.rows.begin(), t.rows.end(), [&](const auto &x, const auto &y) {
        for (auto [i, desc] : keys)
          if (int c = compare(x[i], y[i], desc))
            return c < 0;
        return false;
      });
    }
    if (!used) {
      std::vector<std::string> names;
      for (const SortKey &k : s.sort)
        names.push_back(k.column);
      throw UsageError("--sort: no table has the column{} {} (the main table's: {})",
                       names.size() == 1 ? "" : "s", fmt::join(names, ", "),
                       fmt::join(result.tables.empty() ? std::vector<std::string>()
                                                       : column_names(result.tables[0]),
                                 ", "));
    }
  }

  if (s.top)
    for (Table &t : result.tables)
      if (t.rows.size() > s.top) {
        t.omitted += t.rows.size() - s.top;
        t.rows.resize(s.top);
      }

  if (!s.columns.empty() && !result.tables.empty()) {
    // The main table must have them all; another table is cut alike when it
    // has them all too (diff's vanished and appeared lists).
    const Table &main = result.tables[0];
    for (const std::string &c : s.columns)
      if (!column_index(main, c))
        throw UsageError("--columns: '{}' is not a column here (there are: {})", c,
                         fmt::join(column_names(main), ", "));
    for (Table &t : result.tables) {
      std::vector<size_t> pick;
      for (const std::string &c : s.columns)
        if (auto i = column_index(t, c))
          pick.push_back(*i);
      if (pick.size() != s.columns.size())
        continue;
      std::vector<Column> columns;
      for (size_t i : pick)
        columns.push_back(t.columns[i]);
      for (auto &row : t.rows) {
        std::vector<Cell> cells;
        cells.reserve(pick.size());
        for (size_t i : pick)
          cells.push_back(std::move(row[i]));
        row = std::move(cells);
      }
      t.columns = std::move(columns);
    }
  }
}

} // namespace inlinetune
