// SPDX-License-Identifier: GPL-3.0-or-later
// The printer (table.h): one Result as a table, CSV and JSON.
#include "error.h"
#include "output/table.h"

#include <gtest/gtest.h>

using namespace inlinetune;

namespace {

Result sample() {
  Result r;
  r.kind = "sample";
  r.headline = "2 rows";
  r.summary = {{"rows", 2}};
  Table t;
  t.name = "functions";
  t.columns = {Column("function"), Column("bytes"), Column("delta", true),
               Column("flips", ItemText([](const Cell &c) {
                        return "+" + c["callee"].get<std::string>();
                      }))};
  t.rows.push_back(
      {"do_sys_openat2", 172, -172, Cell::array({Cell{{"callee", "a"}}, Cell{{"callee", "b"}}})});
  t.rows.push_back({"x, \"y\"\nz", nullptr, 5, Cell::array()});
  r.tables.push_back(t);
  Table u;
  u.name = "more";
  u.title = "More:";
  u.columns = {Column("k")};
  r.tables.push_back(u);
  return r;
}

} // namespace

TEST(Printer, TableAlignsNumbersRightAndTextLeft) {
  EXPECT_EQ(render(sample(), Format::table), "2 rows\n"
                                             "\n"
                                             "function        bytes  delta  flips\n"
                                             "do_sys_openat2    172   -172  +a; +b\n"
                                             "x, \"y\"\\x0az         -     +5\n"
                                             "\n"
                                             "More:\n"
                                             "(none)\n");
}

TEST(Printer, CsvIsTheFirstTableWithRfc4180Quoting) {
  EXPECT_EQ(render(sample(), Format::csv), "function,bytes,delta,flips\n"
                                           "do_sys_openat2,172,-172,+a; +b\n"
                                           "\"x, \"\"y\"\"\nz\",,5,\n");
}

TEST(Printer, JsonKeepsValuesAsTheyAre) {
  Cell doc = Cell::parse(render(sample(), Format::json));
  EXPECT_EQ(doc["summary"]["rows"], 2);
  ASSERT_EQ(doc["functions"].size(), 2u);
  EXPECT_EQ(doc["functions"][0]["delta"], -172);
  EXPECT_EQ(doc["functions"][0]["flips"][1]["callee"], "b");
  EXPECT_TRUE(doc["functions"][1]["bytes"].is_null());
  EXPECT_EQ(doc["more"].size(), 0u);
  EXPECT_FALSE(doc.contains("functions_omitted"));
}

TEST(Printer, JsonOpensWithItsFormatAndVersion) {
  Result r = sample();
  r.format_version = 3;
  const std::string json = render(r, Format::json);
  EXPECT_EQ(json.substr(0, json.find("\"summary\"")),
            "{\n  \"format\": \"inlinetune-sample\",\n  \"format_version\": 3,\n  ");
  // A result that does not say what it is cannot be printed as JSON.
  r.kind.clear();
  EXPECT_THROW(render(r, Format::json), Error);
  EXPECT_NO_THROW(render(r, Format::table));
}

TEST(Printer, NullTextPerColumn) {
  Column c("within_spread");
  c.null_text = "not measured";
  EXPECT_EQ(cell_text(c, nullptr, true), "not measured");
  EXPECT_EQ(cell_text(c, nullptr, false), "");
  EXPECT_EQ(cell_text(Column("x"), nullptr, true), "-");
}

TEST(Printer, RowsCutByTopAreCounted) {
  Result r = sample();
  r.tables[0].rows.pop_back();
  r.tables[0].omitted = 3;
  EXPECT_NE(render(r, Format::table).find("... 3 more rows (--top 0 shows all)\n"),
            std::string::npos);
  EXPECT_EQ(Cell::parse(render(r, Format::json))["functions_omitted"], 3);
}

TEST(Printer, ListsCanBeCutInTables) {
  Column c("l");
  c.max_items = 1;
  Cell list = Cell::array({"a", "b", "c"});
  EXPECT_EQ(cell_text(c, list, true), "a; (+2 more)");
  EXPECT_EQ(cell_text(c, list, false), "a; b; c");
  EXPECT_EQ(cell_text(Column("b"), true, true), "yes");
  EXPECT_EQ(cell_text(Column("p", true), 1.5, true), "+1.50");
  EXPECT_EQ(cell_text(Column("p", true), 0, true), "0");
}

TEST(Printer, Options) {
  EXPECT_EQ(parse_format("csv"), Format::csv);
  EXPECT_THROW(parse_format("xml"), UsageError);
  EXPECT_EQ(parse_top("0"), 0u);
  EXPECT_EQ(parse_top("12"), 12u);
  EXPECT_THROW(parse_top("-1"), UsageError);
  EXPECT_THROW(parse_top("ten"), UsageError);
  EXPECT_THROW(parse_top(""), UsageError);
}

TEST(Printer, PercentChange) {
  EXPECT_EQ(percent_change(441, 876), 98.64);
  EXPECT_TRUE(percent_change(0, 5).is_null());
  EXPECT_EQ(signed_number(5), "+5");
  EXPECT_EQ(signed_number(-5), "-5");
  EXPECT_EQ(signed_number(0), "0");
}
