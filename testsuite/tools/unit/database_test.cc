// SPDX-License-Identifier: GPL-3.0-or-later
// The SQLite schema and writer (database.h) in an in-memory database, on a
// hand-written log fed to a LogSet without files.
#include "error.h"
#include "output/database.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <memory>

using namespace inlinetune;

namespace {

// The rows of SQL, each as its columns' text joined by '|' ("" for NULL).
std::vector<std::string> query(Database &db, const std::string &sql) {
  sqlite3_stmt *s = nullptr;
  if (sqlite3_prepare_v2(db.handle(), sql.c_str(), -1, &s, nullptr) != SQLITE_OK)
    throw std::runtime_error(sqlite3_errmsg(db.handle()));
  std::vector<std::string> rows;
  while (sqlite3_step(s) == SQLITE_ROW) {
    std::string row;
    for (int i = 0; i < sqlite3_column_count(s); ++i) {
      const unsigned char *text = sqlite3_column_text(s, i);
      row += (i ? "|" : "") + std::string(text ? reinterpret_cast<const char *>(text) : "");
    }
    rows.push_back(row);
  }
  sqlite3_finalize(s);
  return rows;
}

const char *kLog =
    R"({"record":"tu","schema":2,"gcc":{"version":"12.2.0","target":"x86_64-linux-gnu"},)"
    R"("source":"fs/open.c","object":"fs/open.o","tag":"t","policy_md5":"abc",)"
    R"("params":{"max-inline-insns-auto":15,"early-inlining-insns":"6"},)"
    R"("never_inline":[{"name":"do_sys_*","origin":"command line","status":"applied",)"
    R"("functions":["do_sys_openat2"]},{"name":"gone","origin":"p.ini:3","status":"not defined in this TU"}],)"
    R"("lto":false,"reasons":{"OK":"inlined","MAX_INLINE_INSNS_AUTO_LIMIT":"--param max-inline-insns-auto limit reached"}})"
    "\n"
    R"({"record":"site","id":"00000000000000a1","pass":"einline","caller":"do_sys_open",)"
    R"("callee":"do_sys_openat2","location":"fs/open.c:5:9","inlined":false,)"
    R"("reason":"MAX_INLINE_INSNS_AUTO_LIMIT","growth":12,"frequency":0.5,"hot":true,)"
    R"("limit":{"param":"max-inline-insns-auto","value":15,"flip_at":29}})"
    "\n"
    R"({"record":"site","id":"00000000000000a1","pass":"inline","caller":"sys_open",)"
    R"("lexical_caller":"do_sys_open","chain":["sys_open","do_sys_open"],"chain_sites":["00000000000000b2"],)"
    R"("callee":"do_sys_openat2","location":"fs/open.c:5:9","inlined":true,"reason":"OK"})"
    "\n"
    R"({"record":"function","name":"do_sys_openat2","size_before":30,"size_after":30,)"
    R"("inlined_callees":0,"out_of_line":true,"never_inline":true})"
    "\n"
    R"({"record":"function","name":"do_sys_open","size_before":10,"size_after":20,)"
    R"("inlined_callees":1,"out_of_line":true})"
    "\n";

DbCounts load(Database &db, const std::string &label, bool symbols, size_t *errors) {
  LogSet logs(ReadOptions{}, nullptr);
  logs.add_log("fs/open.o", kLog, false,
               std::make_shared<const FunctionSizes>(FunctionSizes{{"do_sys_openat2", 172},
                                                                   {"do_sys_openat2.cold", 8},
                                                                   {"do_sys_open", 60},
                                                                   {"do_sys_open.localalias", 60},
                                                                   {"stray", 4}}));
  return write_build(db, label, {"fs/open.o"}, logs, symbols, nullptr, errors);
}

} // namespace

TEST(Database, SchemaCreation) {
  Database db(":memory:");
  EXPECT_EQ(db.schema_version(), 0);
  db.create_schema();
  EXPECT_EQ(db.schema_version(), kDbSchema);
  EXPECT_EQ(query(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid"),
            db_storage_tables());
  // What users query: the storage tables' views, and meta and results.
  EXPECT_EQ(query(db, "SELECT name FROM sqlite_master WHERE type = 'view' OR name IN ('meta', "
                      "'results') ORDER BY name"),
            (std::vector<std::string>{"builds", "decisions", "functions", "meta", "never_inline",
                                      "results", "sites", "symbols", "tus"}));
  std::vector<std::string> documented = db_tables();
  std::sort(documented.begin(), documented.end());
  EXPECT_EQ(documented,
            (std::vector<std::string>{"builds", "decisions", "functions", "meta", "never_inline",
                                      "results", "sites", "symbols", "tus"}));
  EXPECT_EQ(
      query(db, "SELECT key, value FROM meta ORDER BY key"),
      (std::vector<std::string>{"generator|inlinetune db", "log_schema|2", "schema_version|5"}));
  // The documented columns of sites, in order.
  std::string columns;
  for (const std::string &c : query(db, "SELECT name FROM pragma_table_info('sites')"))
    columns += c + " ";
  EXPECT_EQ(
      columns,
      "build tu line id pass caller caller_symbol lexical_caller lexical_caller_symbol "
      "callee callee_symbol callee_clone location chain chain_sites inlined reason reason_text "
      "callee_size growth caller_size_before caller_size_after count frequency hot "
      "limit_param limit_value limit_params_of flip_at ");
  // And of results (version 2 added the spread and the iterations).
  columns.clear();
  for (const std::string &c : query(db, "SELECT name FROM pragma_table_info('results')"))
    columns += c + " ";
  EXPECT_EQ(columns, "file line workload metric baseline new change base_variant new_variant "
                     "base_runs new_runs base_min base_max new_min new_max base_iterations "
                     "new_iterations ");
  // Creating it again is a no-op; another version is an error that says
  // which way it differs (--append adds to a database of this version only).
  db.create_schema();
  auto refusal = [&](const char *version) {
    db.exec(std::string("UPDATE meta SET value = '") + version + "' WHERE key = 'schema_version'");
    try {
      db.create_schema();
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(refusal("1"), ":memory:: database schema version 1, older than this inlinetune's 5: "
                          "cannot add to it; write a new database (without --append)");
  EXPECT_EQ(refusal("99"),
            ":memory:: database schema version 99, newer than this inlinetune's 5: cannot add to "
            "it; use a newer inlinetune, or write a new database (without --append)");
}

TEST(Database, NotOurs) {
  Database db(":memory:");
  db.exec("CREATE TABLE t (x)");
  EXPECT_THROW(db.schema_version(), Error);
}

TEST(Database, BuildRoundTrip) {
  Database db(":memory:");
  db.create_schema();
  size_t errors = 99;
  DbCounts n = load(db, "base", true, &errors);
  EXPECT_EQ(errors, 0u);
  EXPECT_EQ(n.tus, 1u);
  EXPECT_EQ(n.sites, 2u);
  EXPECT_EQ(n.decisions, 1u);
  EXPECT_EQ(n.functions, 2u);
  EXPECT_EQ(n.never_inline, 2u);
  EXPECT_EQ(n.symbols, 5u);
  db.create_indexes();

  EXPECT_EQ(query(db, "SELECT build, paths, tus, errors FROM builds"),
            std::vector<std::string>{"base|[\"fs/open.o\"]|1|0"});
  EXPECT_EQ(query(db, "SELECT tu, key, source, object, origin, log_schema, gcc_version, tag, "
                      "policy_md5, params, has_symbols, records FROM tus"),
            std::vector<std::string>{
                "0|fs/open.c|fs/open.c|fs/open.o|fs/open.o|2|12.2.0|t|abc|"
                "{\"max-inline-insns-auto\":15,\"early-inlining-insns\":\"6\"}|1|5"});
  EXPECT_EQ(
      query(
          db,
          "SELECT line, pass, caller, lexical_caller, chain, quote(chain_sites), inlined, reason, "
          "reason_text, growth, frequency, hot, limit_param, limit_value, flip_at "
          "FROM sites ORDER BY line"),
      (std::vector<std::string>{
          "2|einline|do_sys_open|do_sys_open|[\"do_sys_open\"]|NULL|0|"
          "MAX_INLINE_INSNS_AUTO_LIMIT|--param max-inline-insns-auto limit reached|12|"
          "0.5|1|max-inline-insns-auto|15|29",
          "3|inline|sys_open|do_sys_open|[\"sys_open\",\"do_sys_open\"]|'[\"00000000000000b2\"]'|1|"
          "OK|inlined||||||"}));
  EXPECT_EQ(
      query(db, "SELECT id, callers, records, inlined_records, einline_inlined, "
                "ipa_inlined, inlined, reason, limit_param FROM decisions"),
      std::vector<std::string>{"00000000000000a1|[\"do_sys_open\",\"sys_open\"]|2|1|0|1|1|OK|"});
  EXPECT_EQ(query(db, "SELECT symbol, size_before, size_after, inlined_callees, out_of_line, "
                      "never_inline, emitted, bytes FROM functions ORDER BY symbol"),
            (std::vector<std::string>{"do_sys_open|10|20|1|1|0|1|60",
                                      "do_sys_openat2|30|30|0|1|1|1|180"}));
  EXPECT_EQ(query(db, "SELECT symbol, size, function FROM symbols ORDER BY symbol"),
            (std::vector<std::string>{"do_sys_open|60|do_sys_open", "do_sys_open.localalias|60|",
                                      "do_sys_openat2|172|do_sys_openat2",
                                      "do_sys_openat2.cold|8|do_sys_openat2", "stray|4|"}));
  // The bytes of a function are its symbols' (aliases left out).
  EXPECT_EQ(query(db, "SELECT f.symbol FROM functions f JOIN symbols s ON s.build = f.build "
                      "AND s.tu = f.tu AND s.function = f.symbol GROUP BY f.symbol "
                      "HAVING sum(s.size) != f.bytes"),
            std::vector<std::string>{});
  EXPECT_EQ(query(db, "SELECT position, name, origin, status, functions FROM never_inline"),
            (std::vector<std::string>{"0|do_sys_*|command line|applied|[\"do_sys_openat2\"]",
                                      "1|gone|p.ini:3|not defined in this TU|[]"}));

  // A second build under another label; the same label again is refused.
  load(db, "new", false, nullptr);
  EXPECT_EQ(query(db, "SELECT build, count(*) FROM sites GROUP BY build ORDER BY build"),
            (std::vector<std::string>{"base|2", "new|2"}));
  EXPECT_EQ(query(db, "SELECT count(*) FROM symbols WHERE build = 'new'"),
            std::vector<std::string>{"0"});
  EXPECT_THROW(load(db, "base", false, nullptr), Error);
}

TEST(Database, Results) {
  Database db(":memory:");
  db.create_schema();
  Results r = parse_results("workload,metric,variant,value,runs\nopen,ipo,baseline,1000,5\n"
                            "open,ipo,rfc,950,3\n",
                            "r.csv", {}, nullptr);
  EXPECT_EQ(write_results(db, r), 1u);
  EXPECT_EQ(query(db, "SELECT file, line, workload, metric, baseline, new, round(change, 4), "
                      "base_variant, new_variant, base_runs, new_runs FROM results"),
            std::vector<std::string>{"r.csv|2|open|ipo|1000.0|950.0|-0.05|baseline|rfc|5|3"});
  // No min, max or iterations in the file: NULL, not 0.
  EXPECT_EQ(query(db, "SELECT quote(base_min), quote(base_max), quote(new_min), quote(new_max), "
                      "quote(base_iterations), quote(new_iterations) FROM results"),
            std::vector<std::string>{"NULL|NULL|NULL|NULL|NULL|NULL"});
}

// The spread as the CSV gives it, in both layouts: each build's min and max,
// stored as the file's numbers (NULL where a row's fields are empty).
TEST(Database, ResultsSpread) {
  Database db(":memory:");
  db.create_schema();
  // make bench-kernel's results.csv.
  Results bench = parse_results("workload,metric,variant,value,runs,min,max,iterations\n"
                                "open,ipo,baseline,4069.3,3,4069.25,4069.4,10000\n"
                                "open,ipo,plugin-rfc,3920.1,3,3920.0,3920.125,10000\n"
                                "stat,ipo,baseline,2544.3,3,,,40000\n"
                                "stat,ipo,plugin-rfc,2544,2,2543.9,2544.2,\n",
                                "long.csv", {}, nullptr);
  EXPECT_EQ(bench.errors, 0u);
  EXPECT_EQ(write_results(db, bench), 2u);
  Results wide = parse_results("workload,metric,baseline,new,runs,baseline_min,baseline_max,"
                               "new_min,new_max\n"
                               "open,ipo,1000,950,5,990.5,1010,949,951.75\n"
                               "stat,ipo,10,11,5,,,10.5,11\n",
                               "wide.csv", {}, nullptr);
  EXPECT_EQ(wide.errors, 0u);
  EXPECT_EQ(write_results(db, wide), 2u);
  EXPECT_EQ(query(db, "SELECT file, workload, baseline, new, base_runs, new_runs, "
                      "quote(base_min), quote(base_max), quote(new_min), quote(new_max), "
                      "quote(base_iterations), quote(new_iterations) FROM results ORDER BY rowid"),
            (std::vector<std::string>{
                "long.csv|open|4069.3|3920.1|3|3|4069.25|4069.4|3920.0|3920.125|10000|10000",
                "long.csv|stat|2544.3|2544.0|3|2|NULL|NULL|2543.9|2544.2|40000|NULL",
                "wide.csv|open|1000.0|950.0|5|5|990.5|1010.0|949.0|951.75|NULL|NULL",
                "wide.csv|stat|10.0|11.0|5|5|NULL|NULL|10.5|11.0|NULL|NULL"}));
  // Stored exactly: each column equals the reader's number, bit for bit.
  sqlite3_stmt *s = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db.handle(),
                               "SELECT base_min, base_max, new_min, new_max FROM results "
                               "ORDER BY rowid",
                               -1, &s, nullptr),
            SQLITE_OK);
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> finalize(s, sqlite3_finalize);
  for (const Results *results : {&bench, &wide})
    for (const ResultRow &row : results->rows) {
      ASSERT_EQ(sqlite3_step(s), SQLITE_ROW) << row.workload;
      const std::optional<double> *expected[] = {&row.base_min, &row.base_max, &row.new_min,
                                                 &row.new_max};
      for (int i = 0; i < 4; ++i) {
        SCOPED_TRACE(fmt::format("{} {} column {}", results->path, row.workload, i));
        if (!*expected[i]) {
          EXPECT_EQ(sqlite3_column_type(s, i), SQLITE_NULL);
          continue;
        }
        EXPECT_EQ(sqlite3_column_type(s, i), SQLITE_FLOAT);
        EXPECT_EQ(sqlite3_column_double(s, i), **expected[i]);
      }
    }
  EXPECT_EQ(sqlite3_step(s), SQLITE_DONE);
}

// A location is stored as its file, line and column (schema 4) only where
// the view gives back the same text; any other form is kept whole.
TEST(Database, LocationsComeBackAsWritten) {
  const std::vector<std::string> locations = {"fs/open.c:5:9",
                                              "?",
                                              "fs/open.c:007:1",
                                              "fs/open.c:12",
                                              "a:b.c:3:4",
                                              ":1:2",
                                              "fs/open.c:1:2:3",
                                              "fs/open.c:0:0",
                                              "fs/open.c:1234567890:1",
                                              "fs/open.c::"};
  std::string log =
      R"({"record":"tu","schema":2,"gcc":{"version":"12.2.0","target":"x86_64-linux-gnu"},)"
      R"("source":"fs/open.c","object":"fs/open.o","params":{},"reasons":{"OK":"inlined"}})"
      "\n";
  for (size_t i = 0; i < locations.size(); ++i)
    log += fmt::format(R"({{"record":"site","id":"{:016x}","pass":"einline","caller":"f",)"
                       R"("callee":"g","location":"{}","inlined":true,"reason":"OK"}})"
                       "\n",
                       i, locations[i]);
  Database db(":memory:");
  db.create_schema();
  LogSet logs(ReadOptions{}, nullptr);
  logs.add_log("fs/open.o", log, false);
  size_t errors = 99;
  write_build(db, "base", {"fs/open.o"}, logs, false, nullptr, &errors);
  EXPECT_EQ(errors, 0u);
  db.create_indexes();
  EXPECT_EQ(query(db, "SELECT location FROM sites ORDER BY line"), locations);
  EXPECT_EQ(query(db, "SELECT location FROM decisions ORDER BY id"), locations);
  EXPECT_EQ(query(db, "SELECT count(*) FROM site_rows WHERE location_line IS NOT NULL"),
            std::vector<std::string>{"5"}); // the first, and the 5th, 6th, 7th and 8th
}
