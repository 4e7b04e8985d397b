// SPDX-License-Identifier: GPL-3.0-or-later
// The readers correlate joins (csv_reader.h, results_reader.h,
// inputs/execution_profile.h), the two-build diff (build_diff.h) and the join itself
// (correlation.h), on hand-written inputs without files.
#include "error.h"
#include "inputs/csv_reader.h"
#include "inputs/execution_profile.h"
#include "inputs/results_reader.h"
#include "model/build_diff.h"
#include "model/correlation.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <memory>

using namespace inlinetune;

namespace {

// Diagnostics as "FILE: MESSAGE" lines.
struct Problems {
  std::vector<std::string> lines;
  DiagnosticSink sink() {
    return [this](const Diagnostic &d) { lines.push_back(d.file + ": " + d.message); };
  }
};

Results results(const std::string &text, Problems &p, const ResultsOptions &options = {}) {
  return parse_results(text, "r.csv", options, p.sink());
}

ExecutionProfile profile(const std::string &text, Problems &p,
                         ExecutionProfileFormat format = ExecutionProfileFormat::auto_) {
  return parse_execution_profile(text, "p.txt", format, p.sink());
}

} // namespace

// ---- CSV -------------------------------------------------------------------

TEST(Csv, FieldsQuotesAndLines) {
  auto rows = parse_csv("a,b,c\r\n\"x,1\",\"say \"\"hi\"\"\",\n\n\"two\nlines\",2,3\nlast");
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].fields, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(rows[1].fields, (std::vector<std::string>{"x,1", "say \"hi\"", ""}));
  EXPECT_EQ(rows[1].line, 2u);
  EXPECT_EQ(rows[2].fields, (std::vector<std::string>{"two\nlines", "2", "3"}));
  EXPECT_EQ(rows[2].line, 4u);
  EXPECT_EQ(rows[3].line, 6u);
  EXPECT_EQ(rows[3].fields, std::vector<std::string>{"last"});
  for (const CsvRow &r : rows)
    EXPECT_EQ(r.error, "");
}

TEST(Csv, MalformedRows) {
  auto rows = parse_csv("\"a\"b,c\n\"open");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].error, "text after a closing quote");
  EXPECT_EQ(rows[1].error, "a quoted field is not closed");
}

TEST(Csv, Numbers) {
  EXPECT_EQ(parse_number(" 12 "), 12.0);
  EXPECT_EQ(parse_number("-0.5"), -0.5);
  EXPECT_EQ(parse_number("1e3"), 1000.0);
  EXPECT_FALSE(parse_number(""));
  EXPECT_FALSE(parse_number("12abc"));
  EXPECT_FALSE(parse_number("nan"));
  EXPECT_FALSE(parse_number("inf"));
}

// ---- results ---------------------------------------------------------------

TEST(Results, WideLayoutWithExtraColumns) {
  Problems p;
  Results r = results("workload,metric,baseline,new,note\n"
                      "open,instructions_per_op,1000,950,x\n"
                      "redis,requests_per_sec, 50000 ,51000,\n",
                      p);
  EXPECT_TRUE(p.lines.empty());
  EXPECT_EQ(r.layout, Results::Layout::wide);
  ASSERT_EQ(r.rows.size(), 2u);
  EXPECT_EQ(r.rows[0].workload, "open");
  EXPECT_EQ(r.rows[0].line, 2u);
  EXPECT_NEAR(*r.rows[0].change(), -0.05, 1e-12);
  EXPECT_DOUBLE_EQ(r.rows[1].baseline, 50000);
}

TEST(Results, MalformedRowsAreReportedWithTheirLineAndSkipped) {
  Problems p;
  Results r = results("workload,metric,baseline,new\n"
                      "open,ipo,1000,950\n"
                      "bad,ipo,abc,950\n"
                      "short,ipo,1\n"
                      "open,ipo,1,2\n"
                      ",ipo,1,2\n"
                      "ok,ipo,0,2\n",
                      p);
  EXPECT_EQ(p.lines,
            (std::vector<std::string>{
                "r.csv:3: baseline: 'abc' is not a number", "r.csv:4: 3 fields, the header has 4",
                "r.csv:5: a second row for workload 'open', metric 'ipo' (the first is "
                "line 2); skipped",
                "r.csv:6: no workload"}));
  EXPECT_EQ(r.errors, 4u);
  ASSERT_EQ(r.rows.size(), 2u);
  EXPECT_FALSE(r.rows[1].change()); // baseline 0
}

TEST(Results, MissingColumnsAreAnError) {
  Problems p;
  try {
    results("workload,metric,base\n", p);
    FAIL();
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()),
              "r.csv:1: the header has no column baseline, new (the results are "
              "workload,metric,baseline,new or workload,metric,variant,value,runs)");
  }
  EXPECT_THROW(results("", p), Error);
  EXPECT_THROW(results("workload,variant,value\n", p), Error);
}

TEST(Results, LongLayoutPairsVariants) {
  const std::string text = "workload,metric,variant,value,runs\n"
                           "open,ipo,baseline,1000,5\n"
                           "open,ipo,rfc-kcflags,990,5\n"
                           "open,ipo,plugin-rfc,950,3\n"
                           "stat,ipo,baseline,10,5\n";
  Problems p;
  try {
    results(text, p);
    FAIL();
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()), "r.csv: 2 variants besides 'baseline' (rfc-kcflags, "
                                     "plugin-rfc); choose one with --new-variant");
  }
  Results r = results(text, p, {"", "plugin-rfc"});
  EXPECT_EQ(r.layout, Results::Layout::long_);
  EXPECT_EQ(r.base_variant, "baseline");
  EXPECT_EQ(r.new_variant, "plugin-rfc");
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_DOUBLE_EQ(r.rows[0].next, 950);
  EXPECT_EQ(r.rows[0].base_runs, 5);
  EXPECT_EQ(r.rows[0].new_runs, 3);
  // stat has no plugin-rfc row: a warning, not an error.
  EXPECT_EQ(p.lines, std::vector<std::string>{"r.csv:5: workload 'stat', metric 'ipo' has no "
                                              "row for the new variant 'plugin-rfc'; left out"});
  EXPECT_EQ(r.errors, 0u);
  // The only other variant is the default new one.
  Problems q;
  Results two = results("workload,metric,variant,value\nw,m,baseline,2\nw,m,x,3\n", q);
  EXPECT_EQ(two.new_variant, "x");
  EXPECT_THROW(results(text, q, {"nope", "x"}), Error);
}

TEST(Results, SpreadIsOptional) {
  Problems p;
  // make bench-kernel's layout: min and max beside each variant's value.
  Results r = results("workload,metric,variant,value,runs,min,max,iterations\n"
                      "open,ipo,baseline,4069.3,3,4069.3,4069.4,10000\n"
                      "open,ipo,plugin-rfc,3920.1,3,3920.0,3920.1,10000\n"
                      "stat,ipo,baseline,2544.3,3,,,40000\n"
                      "stat,ipo,plugin-rfc,2544.0,2,2543.9,2544.2,40000\n",
                      p);
  EXPECT_TRUE(p.lines.empty());
  ASSERT_EQ(r.rows.size(), 2u);
  EXPECT_DOUBLE_EQ(*r.rows[0].base_min, 4069.3);
  EXPECT_DOUBLE_EQ(*r.rows[0].base_max, 4069.4);
  EXPECT_DOUBLE_EQ(*r.rows[0].new_min, 3920.0);
  EXPECT_DOUBLE_EQ(*r.rows[0].new_max, 3920.1);
  EXPECT_FALSE(r.rows[1].base_min); // empty fields: no spread for that variant
  EXPECT_FALSE(r.rows[1].base_max);
  EXPECT_DOUBLE_EQ(*r.rows[1].new_min, 2543.9);
  EXPECT_EQ(r.rows[1].new_runs, 2);
  EXPECT_EQ(r.rows[0].base_iterations, 10000);
  EXPECT_EQ(r.rows[0].new_iterations, 10000);
  EXPECT_EQ(r.rows[1].base_iterations, 40000);
  // An older file, without runs, min, max and iterations, reads as before.
  Results old = results("workload,metric,variant,value\nw,m,baseline,2\nw,m,x,3\n", p);
  ASSERT_EQ(old.rows.size(), 1u);
  EXPECT_FALSE(old.rows[0].base_runs);
  EXPECT_FALSE(old.rows[0].base_min);
  EXPECT_FALSE(old.rows[0].new_max);
  EXPECT_FALSE(old.rows[0].base_iterations);
  EXPECT_FALSE(old.rows[0].new_iterations);
  // The wide layout's spread: baseline_min, baseline_max, new_min, new_max;
  // its iterations, like its runs, are both builds'.
  Results wide = results("workload,metric,baseline,new,baseline_min,baseline_max,new_min,new_max,"
                         "iterations\n"
                         "open,ipo,1000,950,990,1010,,,500\n",
                         p);
  ASSERT_EQ(wide.rows.size(), 1u);
  EXPECT_DOUBLE_EQ(*wide.rows[0].base_min, 990);
  EXPECT_DOUBLE_EQ(*wide.rows[0].base_max, 1010);
  EXPECT_FALSE(wide.rows[0].new_min);
  EXPECT_EQ(wide.rows[0].base_iterations, 500);
  EXPECT_EQ(wide.rows[0].new_iterations, 500);
  EXPECT_TRUE(p.lines.empty());
}

TEST(Results, BadCountsAreReportedAndSkipped) {
  Problems p;
  Results r = results("workload,metric,variant,value,runs,iterations\n"
                      "a,ipo,baseline,10,3,100\n"
                      "a,ipo,new,11,3,100\n"
                      "b,ipo,baseline,10,3,1.5\n"
                      "c,ipo,baseline,10,-1,100\n"
                      "d,ipo,baseline,10,3,1e30\n"
                      "e,ipo,baseline,10,3,x\n",
                      p);
  EXPECT_EQ(p.lines, (std::vector<std::string>{
                         "r.csv:4: iterations: '1.5' is not a count",
                         "r.csv:5: runs: '-1' is not a count",
                         "r.csv:6: iterations: '1e30' is not a count",
                         "r.csv:7: iterations: 'x' is not a count",
                     }));
  EXPECT_EQ(r.errors, 4u);
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_EQ(r.rows[0].workload, "a");
}

TEST(Results, BadSpreadsAreReportedAndSkipped) {
  Problems p;
  Results r = results("workload,metric,variant,value,min,max\n"
                      "a,ipo,baseline,10,9,11\n"
                      "a,ipo,new,10,11,12\n"     // the value outside its spread
                      "b,ipo,baseline,10,12,8\n" // min above max
                      "c,ipo,baseline,10,9,\n"   // half a spread
                      "d,ipo,baseline,10,x,11\n"
                      "e,ipo,baseline,10,,\n"
                      "e,ipo,new,11,,\n",
                      p);
  EXPECT_EQ(p.lines, (std::vector<std::string>{
                         "r.csv:3: value '10' is outside min..max (11..12)",
                         "r.csv:4: min '12' is above max '8'",
                         "r.csv:5: max: '' is not a number",
                         "r.csv:6: min: 'x' is not a number",
                         "r.csv:2: workload 'a', metric 'ipo' has no row for the new variant "
                         "'new'; left out",
                     }));
  EXPECT_EQ(r.errors, 4u);
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_EQ(r.rows[0].workload, "e");
  // Half of a pair in the header stops it.
  try {
    results("workload,metric,variant,value,max\nw,m,baseline,2,3\n", p);
    FAIL();
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()),
              "r.csv:1: the header has a column max but no min (the spread needs both)");
  }
  EXPECT_THROW(results("workload,metric,baseline,new,new_min\n", p), Error);
}

// ---- profiles --------------------------------------------------------------

TEST(Profiles, Detection) {
  EXPECT_EQ(detect_profile_format("# comment\n\n    1.00%  cmd  [k] f\n"),
            ExecutionProfileFormat::perf_report);
  EXPECT_EQ(detect_profile_format("symbol,weight\nf,1\n"), ExecutionProfileFormat::csv);
  EXPECT_EQ(detect_profile_format("cmd 12 [000] 1.0: 1 cycles:\n\tffff f+0x1 ([k])\n"),
            ExecutionProfileFormat::perf_script);
  EXPECT_EQ(parse_profile_format("perf-script"), ExecutionProfileFormat::perf_script);
  EXPECT_THROW(parse_profile_format("gprof"), UsageError);
}

TEST(Profiles, PerfReport) {
  Problems p;
  ExecutionProfile r = profile("# Samples: 10K of event 'cycles'\n"
                               "# Overhead  Command  Shared Object  Symbol\n"
                               "#\n"
                               "    20.00%  bench  [kernel.kallsyms]  [k] do_sys_openat2\n"
                               "     5.50%  bench  [kernel.kallsyms]  [k] do_sys_open\n"
                               "            |\n"
                               "            ---do_sys_open\n"
                               "               sys_openat\n"
                               "\n"
                               "     2.00%  bench  libc.so.6          [.] __libc_open64\n"
                               "     1.00%  bench  [kernel.kallsyms]  [k] 0xffffffc008001234\n"
                               "     0.50%  bench  [kernel.kallsyms]  [k] getname.cold\n"
                               "garbage\n"
                               "    12.00%  bench  [kernel.kallsyms]\n",
                               p);
  EXPECT_EQ(r.format, ExecutionProfileFormat::perf_report);
  EXPECT_EQ(r.unit, "%");
  EXPECT_EQ(r.total, 100);
  EXPECT_DOUBLE_EQ(r.weights.at("do_sys_openat2"), 20);
  EXPECT_DOUBLE_EQ(r.weights.at("do_sys_open"), 5.5);
  EXPECT_DOUBLE_EQ(r.weights.at("__libc_open64"), 2);
  EXPECT_DOUBLE_EQ(r.weights.at("getname.cold"), 0.5);
  EXPECT_DOUBLE_EQ(r.unknown, 1);
  EXPECT_EQ(r.weights.size(), 4u);
  ASSERT_EQ(p.lines.size(), 2u);
  EXPECT_EQ(p.lines[0], "p.txt:13: not a perf report line (\"  12.34%  command  object  [k] "
                        "symbol\")");
  EXPECT_EQ(p.lines[1].substr(0, 10), "p.txt:14: ");
  EXPECT_EQ(r.errors, 2u);
}

TEST(Profiles, PerfReportChildrenTakesSelf) {
  Problems p;
  ExecutionProfile r = profile("    45.00%     3.00%  bench  [kernel.kallsyms]  [k] el0_svc\n", p);
  EXPECT_DOUBLE_EQ(r.weights.at("el0_svc"), 3);
  EXPECT_TRUE(p.lines.empty());
}

TEST(Profiles, PerfScriptLeafFrames) {
  Problems p;
  ExecutionProfile r = profile("bench  1234 [001] 100.000001:     250000 cycles: \n"
                               "\tffffffc008012345 do_sys_openat2+0x18 ([kernel.kallsyms])\n"
                               "\tffffffc008012000 do_sys_open+0x40 ([kernel.kallsyms])\n"
                               "\n"
                               "bench  1234 [001] 100.000002:     250000 cycles: \n"
                               "\tffffffc008012345 do_sys_openat2+0x20 ([kernel.kallsyms])\n"
                               "\n"
                               "bench  1234 [001] 100.000003:     250000 cycles: \n"
                               "\tffffffc008012345 [unknown] ([kernel.kallsyms])\n"
                               "\n"
                               "bench  1234 [001] 100.000004:     250000 cycles: \n"
                               "\tnot a frame\n"
                               "            bench  1234 [001] 100.000005: 250000 cycles:  ffff "
                               "getname+0x4 ([kernel.kallsyms])\n",
                               p);
  EXPECT_EQ(r.format, ExecutionProfileFormat::perf_script);
  EXPECT_EQ(r.unit, "samples");
  EXPECT_EQ(r.total, 5);
  EXPECT_EQ(r.weights.at("do_sys_openat2"), 2);
  EXPECT_EQ(r.weights.count("do_sys_open"), 0u); // not a leaf
  EXPECT_EQ(r.weights.at("getname"), 1);
  EXPECT_EQ(r.unknown, 2); // [unknown], and the sample without a frame
  EXPECT_EQ(p.lines, std::vector<std::string>{
                         "p.txt:12: not a frame (\"ADDRESS symbol+0xOFFSET (object)\")"});
}

TEST(Profiles, WeightsCsv) {
  Problems p;
  ExecutionProfile r = profile("symbol,weight\nf,3\ng,1.5\nh,-1\nf,1\n", p);
  EXPECT_EQ(r.format, ExecutionProfileFormat::csv);
  EXPECT_DOUBLE_EQ(r.weights.at("f"), 4);
  EXPECT_DOUBLE_EQ(r.total, 5.5);
  EXPECT_EQ(p.lines, std::vector<std::string>{"p.txt:4: weight: '-1' is not a number >= 0"});
  Problems q;
  EXPECT_THROW(profile("symbol,samples\nf,1\n", q, ExecutionProfileFormat::csv), Error);
  EXPECT_THROW(profile("# nothing\n", q), Error);
}

// ---- the diff and the join -------------------------------------------------

namespace {

const char *kHeader =
    R"({"record":"tu","schema":2,"gcc":{"version":"12.2.0","target":"x86_64-linux-gnu"},)"
    R"("source":"fs/open.c","object":"fs/open.o","tag":"","params":{},"lto":false,)"
    R"("reasons":{"OK":"inlined","MAX_INLINE_INSNS_AUTO_LIMIT":"--param max-inline-insns-auto limit reached"}})"
    "\n";

std::string site(const char *id, const char *caller, const char *callee, bool inlined) {
  return fmt::format(R"({{"record":"site","id":"{}","pass":"inline","caller":"{}","callee":"{}",)"
                     R"("location":"fs/open.c:1:1","inlined":{},"reason":"{}"}})"
                     "\n",
                     id, caller, callee, inlined ? "true" : "false",
                     inlined ? "OK" : "MAX_INLINE_INSNS_AUTO_LIMIT");
}

std::string function(const char *name, bool out_of_line) {
  return fmt::format(R"({{"record":"function","name":"{}","size_before":10,"size_after":{},)"
                     R"("inlined_callees":0,"out_of_line":{}}})"
                     "\n",
                     name, out_of_line ? 10 : 0, out_of_line ? "true" : "false");
}

Build build(const std::string &text, const FunctionSizes &sizes) {
  LogSet logs(ReadOptions{}, nullptr);
  logs.add_log("fs/open.o", text, false, std::make_shared<const FunctionSizes>(sizes));
  return build_model(logs, nullptr);
}

// Linux's do_sys_openat2 in miniature: two callers, inlined into both in NEW,
// and an unrelated function that stays as it is.
BuildDiff openat2() {
  Build base = build(
      std::string(kHeader) + site("00000000000000a1", "do_sys_open", "do_sys_openat2", false) +
          site("00000000000000a2", "sys_openat2", "do_sys_openat2", false) +
          site("00000000000000a3", "sys_open", "getname", false) +
          function("do_sys_openat2", true) + function("do_sys_open", true) +
          function("sys_openat2", true) + function("sys_open", true),
      {{"do_sys_openat2", 172}, {"do_sys_open", 60}, {"sys_openat2", 84}, {"sys_open", 40}});
  Build next =
      build(std::string(kHeader) + site("00000000000000a1", "do_sys_open", "do_sys_openat2", true) +
                site("00000000000000a2", "sys_openat2", "do_sys_openat2", true) +
                site("00000000000000a3", "sys_open", "getname", false) +
                function("do_sys_openat2", false) + function("do_sys_open", true) +
                function("sys_openat2", true) + function("sys_open", true),
            {{"do_sys_open", 221}, {"sys_openat2", 221}, {"sys_open", 40}});
  return diff_builds(std::move(base), std::move(next), {"base"}, {"new"});
}

const FunctionCorrelation &row(const Correlation &c, const std::string &name) {
  for (const FunctionCorrelation &f : c.functions)
    if (f.name == name)
      return f;
  throw std::runtime_error("no row " + name);
}

Results wide(const std::string &text) {
  return parse_results(text, "r.csv", {}, nullptr);
}

} // namespace

TEST(BuildDiff, FlipsFunctionsAndHolders) {
  BuildDiff d = openat2();
  ASSERT_EQ(d.flips.size(), 2u);
  EXPECT_EQ(d.sites_common, 3u);
  EXPECT_TRUE(d.flips[0].to_inlined);
  EXPECT_EQ(d.flips[0].new_holders, std::vector<std::string>{"do_sys_open"});
  ASSERT_EQ(d.functions.size(), 4u);
  const FunctionDiff &open = d.functions[0]; // by symbol: do_sys_open, do_sys_openat2, ...
  EXPECT_EQ(open.symbol, "do_sys_open");
  EXPECT_EQ(open.status, FunctionStatus::grown);
  EXPECT_EQ(open.delta, 161);
  EXPECT_EQ(d.functions[1].status, FunctionStatus::vanished);
  EXPECT_EQ(d.functions[1].flips.size(), 2u);
  EXPECT_EQ(d.functions[1].flips[0].second, FlipSide::callee);
  EXPECT_EQ(d.functions[2].symbol, "sys_open");
  EXPECT_FALSE(d.functions[2].changed());
  EXPECT_EQ(tu_mismatch_warning(d), "");
  EXPECT_THROW(diff_paths({"a"}, {}, {}), UsageError);
  EXPECT_THROW(diff_paths({"a"}, {"b"}, {"c"}), UsageError);
  EXPECT_EQ(diff_paths({}, {"b"}, {"c"}).second, std::vector<std::string>{"c"});
}

TEST(Correlation, WithoutProfileRanksByFlipsThenBytes) {
  BuildDiff d = openat2();
  Correlation c = correlate(d, wide("workload,metric,baseline,new\nopen,ipo,1000,950\n"), nullptr);
  EXPECT_FALSE(c.has_profile);
  ASSERT_EQ(c.functions.size(), 3u);                // sys_open did not change
  EXPECT_EQ(c.functions[0].name, "do_sys_openat2"); // 2 flips
  EXPECT_EQ(c.functions[1].name, "do_sys_open");    // 1 flip, +161
  EXPECT_EQ(c.functions[2].name, "sys_openat2");    // 1 flip, +137
  EXPECT_EQ(c.functions[0].to_inlined, 2);
  EXPECT_EQ(*c.functions[0].delta, -172);
  ASSERT_EQ(c.workloads.size(), 1u);
  EXPECT_NEAR(*c.workloads[0].change, -0.05, 1e-12);
  EXPECT_FALSE(c.workloads[0].needed);
  EXPECT_FALSE(c.changed_share);
}

TEST(Correlation, NewProfileShares) {
  BuildDiff d = openat2();
  Problems p;
  ExecutionProfile prof = profile("symbol,weight\ndo_sys_open,30\nsys_openat2,10\nsys_open,20\n"
                                  "getname,40\n",
                                  p);
  Correlation c = correlate(
      d, wide("workload,metric,baseline,new\nopen,ipo,1000,950\nslow,ipo,100,160\n"), &prof);
  ASSERT_TRUE(c.has_profile);
  EXPECT_DOUBLE_EQ(c.total, 100);
  EXPECT_DOUBLE_EQ(c.matched, 60); // getname is not defined in the logs
  EXPECT_DOUBLE_EQ(c.changed_weight, 40);
  EXPECT_DOUBLE_EQ(*c.changed_share, 0.4);
  EXPECT_EQ(c.functions[0].name, "do_sys_open");
  EXPECT_DOUBLE_EQ(*c.functions[0].share, 0.3);
  EXPECT_EQ(c.functions[1].name, "sys_openat2");
  EXPECT_EQ(c.functions[2].name, "do_sys_openat2");
  EXPECT_DOUBLE_EQ(c.functions[2].weight, 0); // not out of line in NEW
  // -5%, the changed code 40% of NEW: base share 0.4 * 0.95 + 0.05 = 0.43.
  const WorkloadCorrelation &open = c.workloads[0];
  EXPECT_NEAR(*open.needed, -0.05 / 0.43, 1e-12);
  EXPECT_DOUBLE_EQ(*open.explainable, 1);
  // +60% with 40% of NEW changed (64 of 160): they can account for all 60 added.
  EXPECT_DOUBLE_EQ(*c.workloads[1].explainable, 1);
  // +60% with 10% changed: at most 16 of the 60 added.
  ExecutionProfile thin = profile("symbol,weight\ndo_sys_open,10\ngetname,90\n", p);
  Correlation t = correlate(d, wide("workload,metric,baseline,new\nslow,ipo,100,160\n"), &thin);
  EXPECT_NEAR(*t.workloads[0].explainable, 16.0 / 60, 1e-12);
  EXPECT_FALSE(t.workloads[0].needed); // they would have had to cost less than nothing before
}

TEST(Correlation, BaseProfileMovesVanishedWeightToHolders) {
  BuildDiff d = openat2();
  Problems p;
  ExecutionProfile prof =
      profile("symbol,weight\ndo_sys_openat2,20\ndo_sys_open,5\ngetname,75\n", p);
  prof.build = ExecutionProfileBuild::base;
  Correlation c = correlate(
      d, wide("workload,metric,baseline,new\nopen,ipo,1000,700\nrps,requests_per_sec,10,11\n"),
      &prof);
  // do_sys_openat2's 20 split over its two flipped calls, one holder each.
  const FunctionCorrelation &open = row(c, "do_sys_open");
  EXPECT_DOUBLE_EQ(open.own_weight, 5);
  EXPECT_DOUBLE_EQ(open.weight, 15);
  ASSERT_EQ(open.moved_in.size(), 1u);
  EXPECT_EQ(open.moved_in[0].symbol, "do_sys_openat2");
  EXPECT_DOUBLE_EQ(row(c, "sys_openat2").weight, 10);
  const FunctionCorrelation &gone = row(c, "do_sys_openat2");
  EXPECT_DOUBLE_EQ(gone.own_weight, 20);
  EXPECT_DOUBLE_EQ(gone.weight, 0);
  EXPECT_EQ(gone.moved_out.size(), 2u);
  EXPECT_EQ(c.functions[0].name, "do_sys_open");
  // Moving weight keeps the total: 25 of 100 in changed functions.
  EXPECT_DOUBLE_EQ(*c.changed_share, 0.25);
  // -30% with 25% of BASE changed: they can account for 25/30 of it at most.
  EXPECT_NEAR(*c.workloads[0].explainable, 0.25 / 0.3, 1e-12);
  EXPECT_NEAR(*c.workloads[0].needed, -1.2, 1e-12);
  // A rate: +10% requests per second is a cost change of 1/1.1 - 1.
  EXPECT_TRUE(c.workloads[1].rate);
  EXPECT_NEAR(*c.workloads[1].cost_change, 10.0 / 11 - 1, 1e-12);
  EXPECT_DOUBLE_EQ(*c.workloads[1].explainable, 1);
}

TEST(Correlation, PiecesAndAmbiguousSymbols) {
  BuildDiff d = openat2();
  Problems p;
  // A piece GCC split off counts for its function.
  ExecutionProfile prof =
      profile("symbol,weight\ndo_sys_open.cold,4\nsys_openat2.constprop.0,6\n", p);
  Correlation c = correlate(d, wide("workload,metric,baseline,new\n"), &prof);
  EXPECT_DOUBLE_EQ(row(c, "do_sys_open").weight, 4);
  EXPECT_DOUBLE_EQ(row(c, "sys_openat2").weight, 6);
  EXPECT_EQ(c.matched_symbols, 2u);
  EXPECT_EQ(c.ambiguous_symbols, 0u);
}

TEST(Correlation, SpreadAndTextGrowthBesideEachChange) {
  BuildDiff d = openat2();
  Problems p;
  Correlation c = correlate(d,
                            results("workload,metric,variant,value,runs,min,max\n"
                                    "open,instructions_per_op,baseline,1000,3,990,1010\n"
                                    "open,instructions_per_op,new,950,3,940,960\n"
                                    "stat,instructions_per_op,baseline,800,3,790,810\n"
                                    "stat,instructions_per_op,new,795,3,785,805\n"
                                    "rps,requests_per_sec,baseline,10,3,,\n"
                                    "rps,requests_per_sec,new,11,3,10,12\n",
                                    p),
                            nullptr);
  EXPECT_TRUE(p.lines.empty());
  // .text: diff's total, the parts of the changed and unchanged functions:
  // 172 + 60 + 84 + 40 -> 221 + 221 + 40.
  EXPECT_EQ(c.text_base, 356);
  EXPECT_EQ(c.text_new, 482);
  EXPECT_EQ(c.text_tus, 1u);
  EXPECT_EQ(c.tus, 1u);
  ASSERT_EQ(c.workloads.size(), 3u);
  const WorkloadCorrelation &open = c.workloads[0];
  EXPECT_EQ(open.base_runs, 3);
  EXPECT_DOUBLE_EQ(*open.base_min, 990);
  EXPECT_DOUBLE_EQ(*open.new_max, 960);
  EXPECT_EQ(open.within_spread, false); // 940..960 is below 990..1010
  EXPECT_TRUE(open.instructions);
  EXPECT_EQ(c.workloads[1].within_spread, true); // 785..805 overlaps 790..810
  EXPECT_FALSE(c.workloads[2].within_spread);    // no base spread
  EXPECT_FALSE(c.workloads[2].instructions);
  // Without symbol tables the growth is not known.
  BuildDiff unknown = openat2();
  unknown.tus_without_symbols = unknown.common.size();
  Correlation u = correlate(unknown, wide("workload,metric,baseline,new\nopen,ipo,1,2\n"), nullptr);
  EXPECT_FALSE(u.text_base);
  EXPECT_FALSE(u.text_new);
  EXPECT_EQ(u.text_tus, 0u);
}

TEST(Correlation, InstructionMetrics) {
  EXPECT_TRUE(is_instruction_metric("instructions_per_op"));
  EXPECT_TRUE(is_instruction_metric("instructions_per_request"));
  EXPECT_TRUE(is_instruction_metric("Instructions"));
  EXPECT_FALSE(is_instruction_metric("cycles_per_op"));
  EXPECT_FALSE(is_instruction_metric("ns_per_op"));
  EXPECT_FALSE(is_instruction_metric("retired_instructions"));
  EXPECT_FALSE(is_instruction_metric("instr"));
}

TEST(Correlation, RateMetrics) {
  EXPECT_TRUE(is_rate_metric("requests_per_sec"));
  EXPECT_TRUE(is_rate_metric("ops/s"));
  EXPECT_TRUE(is_rate_metric("Throughput"));
  EXPECT_TRUE(is_rate_metric("redis_rps"));
  EXPECT_FALSE(is_rate_metric("instructions_per_op"));
  EXPECT_FALSE(is_rate_metric("steps"));
  EXPECT_FALSE(is_rate_metric("ns_per_op"));
}
