// SPDX-License-Identifier: GPL-3.0-or-later
// What the row options every listing subcommand takes (--function, --reason,
// --pass, --decision, --sort, --columns, --top; commands/option_groups.h
// declares them) do to a Result's tables, the same way for every
// subcommand: a filter keeps the rows of each table that has a column it
// reads, --sort re-sorts the tables that have its columns, --columns picks
// and orders the main table's columns, --top cuts each table last.  The
// headline and the summary stay those of the whole input (--file, which
// selects TUs before anything is counted, is the loader's:
// LoadOptions::keep_tu).  docs/cli.md, "Rows: filters, sorting, columns".
#pragma once

#include "glob.h"
#include "output/table.h"

#include <optional>
#include <string>
#include <vector>

namespace inlinetune {

struct SortKey {
  std::string column;
  // nullopt: the column's natural order (numbers largest first, text A to Z).
  std::optional<bool> descending;
};

struct RowShaping {
  // A row is kept when every given filter matches it.
  // --function: any of the columns function, caller, lexical_caller, callee
  // (a callee's clone suffix " (foo.constprop.0)" ignored), or an array
  // item's caller or callee (diff's flips).
  std::vector<Glob> functions;
  // --reason: the columns reason, base_reason, new_reason, or an array
  // item's base_reason or new_reason.
  std::vector<Glob> reasons;
  std::optional<std::string> pass; // --pass: the column pass ("einline", "inline")
  // --decision: the column inlined, or an array item's "to".
  std::optional<bool> inlined;
  std::vector<SortKey> sort;
  std::vector<std::string> columns;
  size_t top = 0;

  bool filters() const { return !functions.empty() || !reasons.empty() || pass || inlined; }
  // Whether the rows a subcommand makes can be cut (--top) before shape():
  // nothing filters or re-sorts them.
  bool cut_early() const { return !filters() && sort.empty(); }
};

// Parses --sort's value: COLUMN[:asc|:desc], comma-separated.  Throws UsageError.
std::vector<SortKey> parse_sort(const std::string &value);

// Applies SHAPING to RESULT.  Throws UsageError for a filter or sort key no
// table has a column for, or a --columns name the main table lacks (the
// message lists the columns there are).
void shape(Result &result, const RowShaping &shaping);

} // namespace inlinetune
