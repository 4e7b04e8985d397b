// SPDX-License-Identifier: GPL-3.0-or-later
// What a subcommand prints, as data (a Result: a headline, a summary object
// and tables of columns and rows), and the one printer that renders it as an
// aligned text table, as CSV or as JSON (--format table|csv|json).  The
// subcommands build Results and never format output themselves, so the three
// formats always say the same thing.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace inlinetune {

// A cell: a string, a number, a bool, null (not known, or not there), or an
// array (of strings or objects, rendered through Column::item in table and
// CSV).  JSON gets the value as it is.
using Cell = nlohmann::ordered_json;

using ItemText = std::function<std::string(const Cell &)>;

struct Column {
  Column(std::string name, bool sign = false) : name(std::move(name)), sign(sign) {}
  Column(std::string name, ItemText item, std::string separator = "; ")
      : name(std::move(name)), item(std::move(item)), separator(std::move(separator)) {}

  std::string name; // the header, the CSV header and the JSON key
  // Table only: numbers with a sign ("+12", "-3", "0"), for deltas.
  bool sign = false;
  // Table and CSV: the text of one item of an array cell (default: a string
  // as it is, anything else as JSON), the text between items, and (table
  // only) how many items to show before "(+N more)"; 0 shows all.
  ItemText item;
  std::string separator = "; ";
  size_t max_items = 0;
  // Table only: the text of a null cell ("-": not known, or not there).
  std::string null_text = "-";
};

struct Table {
  std::string name;  // the JSON key ("functions")
  std::string title; // the line above it in table format, or ""
  std::string note;  // table format: a line between the title and the header row, or ""
  std::vector<Column> columns;
  std::vector<std::vector<Cell>> rows; // each as many cells as columns
  size_t omitted = 0;                  // rows cut by --top
  // False for a table the table format shows otherwise (as Result::epilogue).
  bool in_table_format = true;
};

struct Result {
  // JSON: the document's first two keys say what it is and which shape of
  // it, "format": "inlinetune-KIND" and "format_version": VERSION (KIND the
  // subcommand: "summary", "diff", ...).  The version goes up when a key
  // changes its meaning or goes away; a new key keeps it.
  std::string kind;
  int format_version = 1;
  std::string headline; // table format: the first line ("" for none)
  // Table format only: text printed as it is after the headline, before the
  // tables (correlate's attribution sentences).  The other formats carry it
  // in a table of their own.
  std::string prologue;
  Cell summary = Cell::object(); // JSON: "summary"
  std::vector<Table> tables;
  // Table format only: text printed as it is after the tables, after a
  // blank line (explain's policy rules, to paste).  The other formats carry
  // it in a table of their own.
  std::string epilogue;
};

enum class Format { table, csv, json };
// Throws UsageError unless NAME is "table", "csv" or "json".
Format parse_format(const std::string &name);
// Parses --top's value: a count, 0 for all.  Throws UsageError.
size_t parse_top(const std::string &value);

// table: the headline, then each table (after a blank line, its title and
// its note) with a header row, columns padded to their widest cell (numbers to the
// right), "-" for null; "... N more rows" after a table cut by --top.
// csv: the first table alone, header row first, RFC 4180 quoting (a field
// with a comma, quote, CR or LF is quoted, quotes doubled), "" for null;
// lines end in "\n".
// json: {"format": "inlinetune-KIND", "format_version": N, "summary": ...,
// NAME: [{COLUMN: cell, ...}, ...], ..., NAME_omitted: N}.
std::string render(const Result &result, Format format);
// The json format's document as a value.
Cell to_json(const Result &result);

// The text of CELL in COLUMN, as table format shows it (CSV differs only in
// null, which is "").
std::string cell_text(const Column &column, const Cell &cell, bool table);

// "+12", "-3", "0".
std::string signed_number(int64_t n);
// 100 * (to - from) / from rounded to 2 places, or null when FROM is 0.
Cell percent_change(int64_t from, int64_t to);

} // namespace inlinetune
