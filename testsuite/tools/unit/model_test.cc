// SPDX-License-Identifier: GPL-3.0-or-later
// The records' decoder (log/decode.h), the build model (build_model.h) and
// grouping, on hand-written schema-2 logs fed to a LogSet without files.
#include "decode.h"
#include "error.h"
#include "model/build_diff.h"
#include "model/build_model.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <unistd.h>

using namespace inlinetune;

namespace {

const char *kHeader =
    R"({"record":"tu","schema":2,"gcc":{"version":"12.2.0","target":"x86_64-linux-gnu"},)"
    R"("source":"SOURCE","object":"OBJECT","tag":"","params":{"max-inline-insns-auto":"15"},)"
    R"("function_params":[],"never_inline":[],"forbidden_sites":[],"lto":false,)"
    R"("reasons":{"OK":"inlined","MAX_INLINE_INSNS_AUTO_LIMIT":"--param max-inline-insns-auto limit reached",)"
    R"("FUNCTION_NOT_CONSIDERED":"function not considered for inlining"}})";

std::string header(const std::string &source, const std::string &object) {
  std::string h = kHeader;
  h.replace(h.find("SOURCE"), 6, source);
  h.replace(h.find("OBJECT"), 6, object);
  return h + "\n";
}

struct Loaded {
  Build build;
  std::vector<std::string> problems;
};

// Builds a model from TUs given as (origin, log text, symbol sizes or empty
// for a .jsonl log).
Loaded load(const std::vector<std::tuple<std::string, std::string, FunctionSizes>> &tus,
            const LoadOptions &options = {}) {
  Loaded out;
  DiagnosticSink sink = [&](const Diagnostic &d) {
    out.problems.push_back(d.file + ": " + d.message);
  };
  LogSet logs(ReadOptions{}, sink);
  for (const auto &[origin, text, sizes] : tus)
    logs.add_log(origin, text, false,
                 sizes.empty() ? nullptr : std::make_shared<const FunctionSizes>(sizes));
  out.build = build_model(logs, sink, options);
  return out;
}

Record parse(const char *json) {
  return Record::parse(json);
}

} // namespace

// ---- records ---------------------------------------------------------------

TEST(Records, SiteDefaultsComeBack) {
  TuHeader h = parse_header(Record::parse(header("fs/open.c", "fs/open.o")));
  EXPECT_EQ(h.schema, 2);
  EXPECT_EQ(h.source, "fs/open.c");
  EXPECT_EQ(h.params.at(0).name, "max-inline-insns-auto");
  Site s =
      parse_site(parse(R"({"record":"site","id":"00000000000000aa","pass":"inline",)"
                       R"("caller":"do_sys_open","callee":"do_sys_openat2",)"
                       R"("location":"fs/open.c:1:2","inlined":false,)"
                       R"("reason":"MAX_INLINE_INSNS_AUTO_LIMIT",)"
                       R"("limit":{"param":"max-inline-insns-auto","value":15,"flip_at":29}})"),
                 h);
  EXPECT_EQ(s.pass, Pass::ipa);
  EXPECT_EQ(s.caller.symbol, "do_sys_open");
  EXPECT_EQ(s.lexical_caller.name, "do_sys_open");
  EXPECT_EQ(s.lexical_caller.symbol, "do_sys_open");
  EXPECT_EQ(s.callee.symbol, "do_sys_openat2");
  EXPECT_EQ(s.chain, std::vector<std::string>{"do_sys_open"});
  EXPECT_EQ(s.reason_text, "--param max-inline-insns-auto limit reached");
  EXPECT_FALSE(s.growth);
  ASSERT_TRUE(s.limit);
  EXPECT_EQ(s.limit->value, 15);
  EXPECT_EQ(s.limit->flip_at, 29);
}

TEST(Records, SymbolsOnlyWhereTheyDiffer) {
  TuHeader h;
  Site s = parse_site(
      parse(
          R"j({"record":"site","id":"1","pass":"einline","caller":"ns::f(int)",)j"
          R"j("caller_symbol":"_ZN2ns1fEi","lexical_caller":"ns::g()",)j"
          R"("lexical_caller_symbol":"_ZN2ns1gEv","callee":"h","chain":["_ZN2ns1fEi","_ZN2ns1gEv"],)"
          R"("inlined":true,"reason":"OK","limit":{"param":"p","value":1,"flip_at":"unknown"}})"),
      h);
  EXPECT_EQ(s.caller.name, "ns::f(int)");
  EXPECT_EQ(s.caller.symbol, "_ZN2ns1fEi");
  EXPECT_EQ(s.lexical_caller.symbol, "_ZN2ns1gEv");
  EXPECT_EQ(s.chain.size(), 2u);
  EXPECT_EQ(s.reason_text, ""); // no "reasons" in this header
  ASSERT_TRUE(s.limit);
  EXPECT_FALSE(s.limit->flip_at);
  Function f = parse_function(parse(R"({"record":"function","name":"f","out_of_line":true})"));
  EXPECT_EQ(f.function.symbol, "f");
  EXPECT_TRUE(f.out_of_line);
  EXPECT_FALSE(f.size_after);
}

TEST(Records, SchemaOneShapesReadTheSame) {
  TuHeader h;
  Site s = parse_site(parse(R"({"record":"site","id":"1","pass":"einline",)"
                            R"("caller":{"name":"a","symbol":"a"},)"
                            R"("lexical_caller":{"name":"b","symbol":"b"},)"
                            R"("callee":{"name":"c","symbol":"c"},"callee_clone":null,)"
                            R"("location":"x.c:1:1","chain":["a","b"],"inlined":false,)"
                            R"("reason":"X","reason_text":"x text","growth":null,"limit":null})"),
                      h);
  EXPECT_EQ(s.lexical_caller.symbol, "b");
  EXPECT_EQ(s.callee_clone, "");
  EXPECT_EQ(s.reason_text, "x text");
  EXPECT_FALSE(s.limit);
}

TEST(Records, WrongTypesNameTheKey) {
  TuHeader h;
  auto message = [&](const char *json) {
    try {
      parse_site(parse(json), h);
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(
      message(R"({"record":"site","pass":"inline","caller":"a","callee":"b","inlined":true})"),
      "\"id\" is missing");
  EXPECT_EQ(
      message(R"({"record":"site","id":"1","pass":"x","caller":"a","callee":"b","inlined":true})"),
      "\"pass\": expected \"einline\" or \"inline\", found \"x\"");
  EXPECT_EQ(
      message(
          R"({"record":"site","id":"1","pass":"inline","caller":"a","callee":"b","chain":["a","h"],"chain_sites":["1","2"],"inlined":true})"),
      "\"chain_sites\": expected one site id per inline copy of \"chain\" (1), found 2");
  EXPECT_EQ(
      message(
          R"({"record":"site","id":"1","pass":"inline","caller":7,"callee":"b","inlined":true})"),
      "\"caller\": expected a string");
  EXPECT_EQ(
      message(
          R"({"record":"site","id":"1","pass":"inline","caller":"a","callee":"b","inlined":"yes"})"),
      "\"inlined\": expected true or false");
  EXPECT_EQ(
      message(
          R"({"record":"site","id":"1","pass":"inline","caller":"a","callee":"b","inlined":true,"growth":1.5})"),
      "\"growth\": expected an integer");
}

TEST(Records, ObjectSymbolDropsTheVerbatimMark) {
  EXPECT_EQ(object_symbol("*renamed"), "renamed");
  EXPECT_EQ(object_symbol("plain"), "plain");
}

// ---- grouping ----------------------------------------------------------------

TEST(Grouping, Subsystems) {
  EXPECT_EQ(subsystem_of("fs/open.c"), "fs");
  EXPECT_EQ(subsystem_of("fs/ext4/inode.c"), "fs");
  EXPECT_EQ(subsystem_of("kernel/sched/core.c"), "kernel");
  EXPECT_EQ(subsystem_of("arch/arm64/kernel/setup.c"), "arch/arm64");
  EXPECT_EQ(subsystem_of("drivers/net/phy/phy.c"), "drivers/net");
  EXPECT_EQ(subsystem_of("drivers/base.c"), "drivers");
  EXPECT_EQ(subsystem_of("sound/soc/soc-core.c"), "sound/soc");
  EXPECT_EQ(subsystem_of("main.c"), ".");
  EXPECT_EQ(subsystem_of("/tmp/x/a.c"), "/tmp/x");
  EXPECT_EQ(directory_of("fs/ext4/inode.c"), "fs/ext4");
  EXPECT_EQ(directory_of("main.c"), ".");
  EXPECT_EQ(group_of("fs/ext4/inode.c", GroupBy::file), "fs/ext4/inode.c");
  EXPECT_THROW(parse_group_by("reason", {GroupBy::file}), UsageError);
  EXPECT_EQ(parse_group_by("file", {GroupBy::dir, GroupBy::file}), GroupBy::file);
}

TEST(Grouping, SymbolBase) {
  EXPECT_EQ(symbol_base("foo"), "foo");
  EXPECT_EQ(symbol_base("foo.constprop.0"), "foo");
  EXPECT_EQ(symbol_base("foo.constprop.0.isra.0"), "foo");
  EXPECT_EQ(symbol_base("foo.part.1"), "foo");
  EXPECT_EQ(symbol_base("foo.cold"), "foo");
  EXPECT_EQ(symbol_base("_ZN2ns1fEi.cold"), "_ZN2ns1fEi");
  EXPECT_EQ(symbol_base("foo.localalias"), "foo.localalias");
  EXPECT_EQ(symbol_base("foo.3"), "foo.3");
  EXPECT_EQ(symbol_base(".cold"), ".cold");
}

// ---- the model -------------------------------------------------------------

TEST(Model, ASiteIsInlinedWhenEitherInlinerInlinedIt) {
  std::string log =
      header("fs/open.c", "fs/open.o") +
      // refused early, inlined by IPA
      R"({"record":"site","id":"a","pass":"einline","caller":"f","callee":"g","location":"fs/open.c:1:1","inlined":false,"reason":"FUNCTION_NOT_CONSIDERED"})"
      "\n"
      R"({"record":"site","id":"a","pass":"inline","caller":"f","callee":"g","location":"fs/open.c:1:1","inlined":true,"reason":"OK","growth":4})"
      "\n"
      // refused by both: the IPA inliner's reason stands
      R"({"record":"site","id":"b","pass":"einline","caller":"f","callee":"h","location":"fs/open.c:2:1","inlined":false,"reason":"FUNCTION_NOT_CONSIDERED","limit":{"param":"early-inlining-insns","value":6,"flip_at":20}})"
      "\n"
      R"({"record":"site","id":"b","pass":"inline","caller":"f","callee":"h","location":"fs/open.c:2:1","inlined":false,"reason":"MAX_INLINE_INSNS_AUTO_LIMIT","limit":{"param":"max-inline-insns-auto","value":15,"flip_at":21}})"
      "\n"
      // a copy of a call in g, inlined into f, and g's own
      R"({"record":"site","id":"c","pass":"inline","caller":"f","lexical_caller":"g","callee":"k","location":"fs/open.c:3:1","chain":["f","g"],"inlined":false,"reason":"MAX_INLINE_INSNS_AUTO_LIMIT"})"
      "\n"
      R"({"record":"site","id":"c","pass":"inline","caller":"g","callee":"k","location":"fs/open.c:3:1","inlined":false,"reason":"MAX_INLINE_INSNS_AUTO_LIMIT"})"
      "\n";
  Loaded l = load({{"fs/open.o", log, {}}});
  EXPECT_TRUE(l.problems.empty());
  const Build &b = l.build;
  ASSERT_EQ(b.tus.size(), 1u);
  EXPECT_EQ(b.tus[0].key, "fs/open.c");
  EXPECT_FALSE(b.tus[0].has_symbols);
  ASSERT_EQ(b.sites.size(), 3u);
  const SiteModel &a = b.sites[*b.find_site(0, "a")];
  EXPECT_TRUE(a.inlined());
  EXPECT_TRUE(a.ipa_inlined);
  EXPECT_FALSE(a.einline_inlined);
  EXPECT_EQ(b.str(a.reason), "OK");
  EXPECT_EQ(a.records, 2u);
  const SiteModel &s = b.sites[*b.find_site(0, "b")];
  EXPECT_FALSE(s.inlined());
  EXPECT_EQ(b.str(s.reason), "MAX_INLINE_INSNS_AUTO_LIMIT");
  ASSERT_TRUE(b.site_limit(s));
  EXPECT_EQ(b.site_limit(s)->flip_at, 21);
  EXPECT_FALSE(b.site_limit(b.sites[*b.find_site(0, "a")])); // inlined: no limit
  const SiteModel &c = b.sites[*b.find_site(0, "c")];
  EXPECT_EQ(b.str(c.lexical_caller_symbol), "g");
  ASSERT_EQ(b.callers(c).size(), 2u);
  EXPECT_EQ(c.records, 2u);
  EXPECT_FALSE(b.find_site(0, "zz"));
}

TEST(Model, RealBytesComeFromTheSymbolAndItsPieces) {
  std::string log =
      header("fs/open.c", "fs/open.o") +
      R"({"record":"function","name":"cp","size_before":9,"size_after":9,"inlined_callees":0,"out_of_line":true,"never_inline":false})"
      "\n"
      R"({"record":"function","name":"split","size_before":13,"size_after":20,"inlined_callees":1,"out_of_line":true,"never_inline":false})"
      "\n"
      R"({"record":"function","name":"gone","size_before":5,"inlined_callees":0,"out_of_line":false,"never_inline":false})"
      "\n"
      R"({"record":"function","name":"renamed","symbol":"*asm_name","out_of_line":true})"
      "\n";
  FunctionSizes sizes{{"cp.constprop.0", 42},   {"split", 12},   {"split.cold", 54},
                      {"split.localalias", 12}, {"asm_name", 7}, {"unrelated", 100}};
  Loaded l = load({{"fs/open.o", log, sizes}});
  EXPECT_TRUE(l.problems.empty());
  const Build &b = l.build;
  EXPECT_TRUE(b.has_symbols);
  auto fn = [&](const char *symbol) { return b.functions[*b.find_function(0, symbol)]; };
  EXPECT_EQ(fn("cp").bytes, 42u);
  EXPECT_TRUE(fn("cp").emitted);
  EXPECT_EQ(fn("split").bytes, 66u);
  EXPECT_EQ(fn("split").est_growth(), 7);
  EXPECT_EQ(fn("split").est_size(), 20);
  EXPECT_EQ(fn("gone").bytes, 0u);
  EXPECT_FALSE(fn("gone").emitted);
  EXPECT_EQ(fn("gone").est_size(), 0);
  EXPECT_EQ(fn("*asm_name").bytes, 7u);
}

TEST(Model, StaticFunctionsOfOneNameInTwoTusStayApart) {
  std::string a = header("fs/a.c", "fs/a.o") +
                  R"({"record":"function","name":"helper","out_of_line":true})"
                  "\n";
  std::string b = header("mm/b.c", "mm/b.o") +
                  R"({"record":"function","name":"helper","out_of_line":true})"
                  "\n";
  Loaded l = load({{"fs/a.o", a, {{"helper", 4}}}, {"mm/b.o", b, {{"helper", 8}}}});
  const Build &m = l.build;
  ASSERT_EQ(m.tus.size(), 2u);
  ASSERT_EQ(m.functions.size(), 2u);
  uint32_t fa = *m.find_tu("fs/a.c"), fb = *m.find_tu("mm/b.c");
  EXPECT_EQ(m.functions[*m.find_function(fa, "helper")].bytes, 4u);
  EXPECT_EQ(m.functions[*m.find_function(fb, "helper")].bytes, 8u);
}

TEST(Model, OneSourceInTwoObjectsGetsTwoKeys) {
  std::string a = header("lib/x.c", "lib/x.o");
  std::string b = header("lib/x.c", "vdso/x.o");
  Loaded l = load({{"lib/x.o", a, {}}, {"vdso/x.o", b, {}}});
  ASSERT_EQ(l.build.tus.size(), 2u);
  EXPECT_EQ(l.build.tus[0].key, "lib/x.c (lib/x.o)");
  EXPECT_EQ(l.build.tus[1].key, "lib/x.c (vdso/x.o)");
}

// ---- sources in the build's output directory ----------------------------------

TEST(Objtree, GeneratedSourcesAreNamedRelativeToTheOutputDirectory) {
  const std::vector<std::string> o = {"/o"};
  // kbuild's generated files in an O= tree: the compile ran in /o.
  EXPECT_EQ(objtree_relative_source("/o/samples/kprobes/x.mod.c", "samples/kprobes/x.mod.o", o),
            "samples/kprobes/x.mod.c");
  EXPECT_EQ(objtree_relative_source("/o/.vmlinux.export.c", ".vmlinux.export.o", o),
            ".vmlinux.export.c");
  EXPECT_EQ(objtree_relative_source("/o/fs/gen.c", "./fs//gen.o", o), "fs/gen.c");
  // The user named a path inside the output directory: the same name.
  EXPECT_EQ(objtree_relative_source("/o/fs/gen.c", "fs/gen.o", {"/o/fs/built-in.a"}), "fs/gen.c");
  EXPECT_EQ(objtree_relative_source("/o/fs/gen.c", "fs/gen.o", {"/elsewhere", "/o/fs"}),
            "fs/gen.c");
}

TEST(Objtree, OtherSourcesKeepTheirNames) {
  const std::vector<std::string> o = {"/o"};
  // Relative to the source tree: as they are, always.
  EXPECT_EQ(objtree_relative_source("fs/open.c", "fs/open.o", o), "fs/open.c");
  EXPECT_EQ(objtree_relative_source("../fs/open.c", "fs/open.o", o), "../fs/open.c");
  // Compiled elsewhere, or in a directory that holds no path named.
  EXPECT_EQ(objtree_relative_source("/src/other/x.c", "x.o", o), "/src/other/x.c");
  EXPECT_EQ(objtree_relative_source("/o/fs/gen.c", "fs/gen.o", {"/p"}), "/o/fs/gen.c");
  EXPECT_EQ(objtree_relative_source("/o/fs/gen.c", "fs/gen.o", {}), "/o/fs/gen.c");
  EXPECT_EQ(objtree_relative_source("/o/fs/gen.c", "fs/gen.o", {"/"}), "/o/fs/gen.c");
  EXPECT_EQ(objtree_relative_source("/o/fs/gen.c", "fs/gen.o", {"/ox"}), "/o/fs/gen.c");
  // The object's directory is not the end of the source's: the compile's
  // directory is not known.
  EXPECT_EQ(objtree_relative_source("/o/gen/x.c", "fs/x.o", o), "/o/gen/x.c");
  EXPECT_EQ(objtree_relative_source("/o/xfs/gen.c", "fs/gen.o", {"/o/x"}), "/o/xfs/gen.c");
  EXPECT_EQ(objtree_relative_source("/o/fs/gen.c", "../o/fs/gen.o", o), "/o/fs/gen.c");
  EXPECT_EQ(objtree_relative_source("/o/fs/gen.c", "/o/fs/gen.o", o), "/o/fs/gen.c");
  EXPECT_EQ(objtree_relative_source("/o/fs/gen.c", "", o), "/o/fs/gen.c");
  EXPECT_EQ(objtree_relative_source("/x.c", "x.o", {"/"}), "/x.c");
}

TEST(Objtree, TwoOutputDirectoriesPairTheirGeneratedFiles) {
  // Two log directories, each named by the user, whose logs name a file
  // generated in them (the plugin's canonical path) and one of the source
  // tree.
  std::string pattern = testing::TempDir() + "inlinetune-objtree-XXXXXX";
  ASSERT_NE(mkdtemp(pattern.data()), nullptr);
  struct Remove {
    std::string dir;
    ~Remove() { EXPECT_EQ(system(("rm -rf '" + dir + "'").c_str()), 0); }
  } remove{pattern};
  char *real = realpath(pattern.c_str(), nullptr); // as the plugin names sources
  ASSERT_NE(real, nullptr);
  const std::string dir = real;
  free(real);
  auto build = [&](const std::string &name) {
    const std::string out = dir + "/" + name;
    EXPECT_EQ(system(("mkdir -p '" + out + "'").c_str()), 0);
    std::ofstream(out + "/logs.jsonl")
        << header(out + "/samples/x.mod.c", "samples/x.mod.o") << header("fs/open.c", "fs/open.o")
        << header("/usr/src/other/y.c", "y.o");
    LogSet logs(ReadOptions{}, nullptr);
    logs.add_path(out);
    return build_model(logs, nullptr);
  };
  Build a = build("a"), b = build("b");
  ASSERT_EQ(a.tus.size(), 3u);
  ASSERT_TRUE(a.find_tu("samples/x.mod.c"));
  EXPECT_TRUE(a.find_tu("fs/open.c"));
  EXPECT_TRUE(a.find_tu("/usr/src/other/y.c"));
  const TuModel &gen = a.tus[*a.find_tu("samples/x.mod.c")];
  EXPECT_EQ(gen.header.source, "samples/x.mod.c");
  EXPECT_EQ(gen.logged_source, dir + "/a/samples/x.mod.c");
  EXPECT_EQ(subsystem_of(gen.header.source), "samples");
  BuildDiff d = diff_builds(std::move(a), std::move(b), {"a"}, {"b"});
  EXPECT_EQ(d.common.size(), 3u);
  EXPECT_EQ(tu_mismatch_warning(d), "");
}

TEST(Model, ABadRecordIsReportedWithItsLineAndSkipped) {
  std::string log =
      header("fs/open.c", "fs/open.o") +
      R"({"record":"site","id":"a","pass":"inline","caller":"f","callee":"g","inlined":true,"reason":"OK"})"
      "\n"
      R"({"record":"site","pass":"inline","caller":"f","callee":"g","inlined":true})"
      "\n"
      R"({"record":"function","name":"f","size_after":"big"})"
      "\n"
      R"({"record":"future","anything":1})"
      "\n"
      R"({"record":"function","name":"g","out_of_line":true})"
      "\n";
  Loaded l = load({{"x.jsonl", log, {}}});
  ASSERT_EQ(l.problems.size(), 2u);
  EXPECT_EQ(l.problems[0], "x.jsonl: TU 1 (fs/open.o), line 3: site record: \"id\" is missing");
  EXPECT_EQ(l.problems[1],
            "x.jsonl: TU 1 (fs/open.o), line 4: function record: \"size_after\": expected an "
            "integer");
  EXPECT_EQ(l.build.errors, 2u);
  EXPECT_EQ(l.build.sites.size(), 1u);
  EXPECT_EQ(l.build.functions.size(), 1u);
}

TEST(Model, KeptSitesAreWholeRecords) {
  std::string log =
      header("fs/open.c", "fs/open.o") +
      R"({"record":"site","id":"a","pass":"inline","caller":"f","callee":"g","location":"fs/open.c:1:1","inlined":true,"reason":"OK"})"
      "\n"
      R"({"record":"site","id":"b","pass":"inline","caller":"f","callee":"h","location":"fs/open.c:2:1","inlined":false,"reason":"MAX_INLINE_INSNS_AUTO_LIMIT"})"
      "\n";
  LoadOptions options;
  options.keep_site = [](const Site &s) { return s.callee.name == "h"; };
  Loaded l = load({{"x.jsonl", log, {}}}, options);
  ASSERT_EQ(l.build.kept_sites.size(), 1u);
  EXPECT_EQ(l.build.kept_sites[0].second.reason_text,
            "--param max-inline-insns-auto limit reached");
  EXPECT_EQ(l.build.sites.size(), 2u);
}

// ---- diff without the models ----------------------------------------------

namespace {

// Everything a BuildDiff says but the models, one line per item.
std::string describe(const BuildDiff &d) {
  std::string out;
  auto add = [&](const std::string &line) { out += line + "\n"; };
  for (auto [b, n] : d.common)
    add("common " + std::to_string(b) + " " + std::to_string(n));
  for (const std::string &k : d.only_base)
    add("only base " + k);
  for (const std::string &k : d.only_new)
    add("only new " + k);
  for (const auto &[k, s] : d.sources)
    add("source " + k + " = " + s);
  for (const Flip &f : d.flips) {
    std::string line = "flip " + f.tu + " " + f.id + " " + f.caller + "->" + f.callee + " " +
                       f.location + (f.to_inlined ? " in" : " out") + " " + f.base_reason + "/" +
                       f.new_reason + " copies " + std::to_string(f.base_copies) + "/" +
                       std::to_string(f.base_copies_inlined) + " " + std::to_string(f.new_copies) +
                       "/" + std::to_string(f.new_copies_inlined) + " limits " +
                       (f.base_limit ? f.base_limit->param : "-") + " " +
                       (f.new_limit ? f.new_limit->param : "-") + " holders";
    for (const auto *h : {&f.base_holders, &f.new_holders, &f.chain})
      for (const std::string &s : *h)
        line += " " + s;
    add(line);
  }
  for (const FunctionDiff &r : d.functions) {
    std::string line = "function " + r.tu + " " + r.symbol + " " + r.name + " " +
                       function_status_name(r.status) + " " + std::to_string(r.delta) + " " +
                       std::to_string(r.est_delta) + " flips";
    for (auto [fi, side] : r.flips)
      line += " " + std::to_string(fi) + ":" + flip_side_name(side);
    add(line);
  }
  add("sites " + std::to_string(d.sites_common) + " " + std::to_string(d.sites_only_base) + " " +
      std::to_string(d.sites_only_new) + " flips " + std::to_string(d.site_flips) + " " +
      std::to_string(d.copy_flips) + " without symbols " + std::to_string(d.tus_without_symbols) +
      " errors " + std::to_string(d.errors()) + " files " + std::to_string(d.base.files) + " " +
      std::to_string(d.next.files));
  return out;
}

} // namespace

TEST(StreamDiff, SaysWhatLoadDiffSays) {
  std::string pattern = testing::TempDir() + "inlinetune-stream-XXXXXX";
  ASSERT_NE(mkdtemp(pattern.data()), nullptr);
  struct Remove {
    std::string dir;
    ~Remove() { EXPECT_EQ(system(("rm -rf '" + dir + "'").c_str()), 0); }
  } remove{pattern};
  const std::string a = pattern + "/a", b = pattern + "/b";
  ASSERT_EQ(system(("mkdir -p '" + a + "' '" + b + "'").c_str()), 0);
  auto site = [](const std::string &id, const std::string &rest) {
    return R"({"record":"site","id":")" + id + R"(","pass":"inline",)" + rest + "}\n";
  };
  const std::string refused =
      R"("inlined":false,"reason":"MAX_INLINE_INSNS_AUTO_LIMIT","limit":{"param":"max-inline-insns-auto","value":15,"flip_at":20})";
  const std::string functions =
      R"({"record":"function","name":"f","out_of_line":true,"size_before":10,"size_after":20})"
      "\n"
      R"({"record":"function","name":"k","out_of_line":true,"size_before":5,"size_after":9})"
      "\n";
  // BASE: g refused in f; h inlined into f and into its copy in k.
  std::ofstream(a + "/open.jsonl")
      << header("fs/open.c", "fs/open.o")
      << site("s1", R"("caller":"f","callee":"g","location":"fs/open.c:3:1",)" + refused)
      << site("s2", R"("caller":"f","callee":"h","location":"fs/open.c:4:1","inlined":true)")
      << site(
             "s2",
             R"("caller":"k","lexical_caller":"f","callee":"h","chain":["k","f"],"location":"fs/open.c:4:1","inlined":true)")
      << functions;
  // NEW: g inlined; h out of line in k's copy of f (a copy flip).
  std::ofstream(b + "/open.jsonl")
      << header("fs/open.c", "fs/open.o")
      << site("s1", R"("caller":"f","callee":"g","location":"fs/open.c:3:1","inlined":true)")
      << site("s2", R"("caller":"f","callee":"h","location":"fs/open.c:4:1","inlined":true)")
      << site(
             "s2",
             R"("caller":"k","lexical_caller":"f","callee":"h","chain":["k","f"],"location":"fs/open.c:4:1",)" +
                 refused)
      << functions;
  // One source in two objects, in both builds (keys with the object).
  for (const std::string &dir : {a, b})
    std::ofstream(dir + "/x.jsonl")
        << header("lib/x.c", "lib/x.o") << site("x1", R"("caller":"p","callee":"q","inlined":true)")
        << header("lib/x.c", "vdso/x.o")
        << site("x1",
                R"("caller":"p","callee":"q","inlined":false,"reason":"FUNCTION_NOT_CONSIDERED")");
  // A TU only in NEW, with a bad record, and one only in BASE.
  std::ofstream(b + "/new.jsonl")
      << header("mm/new.c", "mm/new.o")
      << R"({"record":"site","pass":"inline","caller":"f","callee":"g","inlined":true})"
         "\n";
  std::ofstream(a + "/old.jsonl") << header("mm/old.c", "mm/old.o")
                                  << R"({"record":"function","name":"f","size_after":"big"})"
                                     "\n";

  // A log NEW's reading finds broken: said after BASE's model's problems.
  std::ofstream(b + "/broken.jsonl") << "{\"record\":\"tu\"\n";

  std::vector<std::string> said[2];
  BuildDiff whole = load_diff(
      {a}, {b}, [&](const Diagnostic &d) { said[0].push_back(d.file + ": " + d.message); });
  whole.drop_models();
  BuildDiff streamed = stream_diff(
      {a}, {b}, [&](const Diagnostic &d) { said[1].push_back(d.file + ": " + d.message); });
  EXPECT_EQ(describe(streamed), describe(whole));
  EXPECT_EQ(said[1], said[0]);
  // What they agree on is not nothing.
  EXPECT_EQ(whole.site_flips, 1u);    // s1
  EXPECT_EQ(whole.common.size(), 3u); // fs/open.c, lib/x.c (lib/x.o), lib/x.c (vdso/x.o)
  EXPECT_EQ(whole.copy_flips, 1u);    // s2 in k
  EXPECT_EQ(whole.only_new.size(), 1u);
  EXPECT_EQ(whole.only_base.size(), 1u);
  ASSERT_EQ(said[0].size(), 3u);
  EXPECT_NE(said[0][0].find("old.jsonl"), std::string::npos) << said[0][0];
  EXPECT_NE(said[0][1].find("broken.jsonl"), std::string::npos) << said[0][1];
  EXPECT_EQ(whole.errors(), 3u);

  // --file: the same TUs left out.
  LoadOptions only_fs;
  only_fs.keep_tu = [](std::string_view source) { return source.substr(0, 3) == "fs/"; };
  BuildDiff some = load_diff({a}, {b}, nullptr, only_fs);
  some.drop_models();
  EXPECT_EQ(describe(stream_diff({a}, {b}, nullptr, only_fs)), describe(some));
  EXPECT_EQ(some.common.size(), 1u);
}
