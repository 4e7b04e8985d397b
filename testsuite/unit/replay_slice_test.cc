// SPDX-License-Identifier: GPL-3.0-or-later
// What inlinetune-cc hands the plugin for a replay: the TU's own recorded
// log, found as the plugin finds it, or nothing for a TU out of
// replay-tus; replay-functions= cut to the TU's functions; and the object
// name the plugin's TU header gives a compile.
#include "error.h"
#include "replay_slice.h"
#include "scratch_dir.h"

#include <fstream>
#include <gtest/gtest.h>

namespace inlinetune {
namespace {

Options replay_options(const std::string &path, std::vector<std::string> tus = {},
                       std::vector<PluginArg> more = {}) {
  std::vector<PluginArg> args = {{"replay", path}};
  std::string list;
  for (const std::string &t : tus)
    list += (list.empty() ? "" : ",") + t;
  if (!list.empty())
    args.push_back({"replay-tus", list});
  args.insert(args.end(), more.begin(), more.end());
  Options o;
  std::vector<std::string> errors;
  EXPECT_TRUE(parse_options(args, &o, &errors));
  return o;
}

const char *kHeader =
    R"({"record":"tu","schema":2,"gcc":{"version":"12.2.0","target":"x86_64-linux-gnu"},)"
    R"("source":"fs/open.c","object":"fs/open.o","params":{}})";

TEST(ReplaySlice, NamesTheObjectAsTheTuHeaderDoes) {
  EXPECT_EQ(compile_object(std::string("fs/open.o"), "/src/fs/open.c"), "fs/open.o");
  EXPECT_EQ(compile_object(std::string("out/x.tmp.s"), "x.c"), "out/x.tmp.o");
  EXPECT_EQ(compile_object(std::string("dir.d/noext"), "x.c"), "dir.d/noext.o");
  EXPECT_EQ(compile_object(std::nullopt, "/src/fs/open.c"), "open.o");
}

TEST(ReplaySlice, IsTheTusOwnLog) {
  ScratchDir d("replay-slice-test");
  const std::string log = d.path + "/fs%open.o.jsonl";
  std::ofstream(log) << kHeader << "\n";
  const ReplaySlice s = replay_slice_for_tu(replay_options(d.path), "fs/open.c", "fs/open.o");
  EXPECT_TRUE(s.in_scope);
  ASSERT_TRUE(s.log_text);
  EXPECT_NE(s.log_text->find("\"source\":\"fs/open.c\""), std::string::npos);
  // Another TU: in scope, no log of it under the path.
  const ReplaySlice other = replay_slice_for_tu(replay_options(d.path), "fs/stat.c", "fs/stat.o");
  EXPECT_TRUE(other.in_scope);
  EXPECT_FALSE(other.log_text);
}

TEST(ReplaySlice, NothingOutOfReplayTus) {
  // Out of scope, PATH is not even read.
  const ReplaySlice s =
      replay_slice_for_tu(replay_options("/no/such/dir", {"mm/**"}), "fs/open.c", "fs/open.o");
  EXPECT_FALSE(s.in_scope);
  EXPECT_FALSE(s.log_text);
  EXPECT_THROW(
      replay_slice_for_tu(replay_options("/no/such/dir", {"fs/**"}), "fs/open.c", "fs/open.o"),
      Error);
}

// fs/open.c's log: do_sys_open and sys_open hold calls, do_sys_openat2 is
// a function record only (a leaf: replay still sets its ipa-split params).
const char *kSites =
    R"({"record":"site","id":"00000000000000a1","pass":"einline","caller":"do_sys_open",)"
    R"("callee":"do_sys_openat2","location":"fs/open.c:5:9","inlined":false,"reason":"OK"})"
    "\n"
    R"({"record":"site","id":"00000000000000a2","pass":"inline","caller":"sys_open",)"
    R"("lexical_caller":"do_sys_open","chain":["sys_open","do_sys_open"],)"
    R"("callee":"do_sys_openat2","location":"fs/open.c:5:9","inlined":true,"reason":"OK"})"
    "\n"
    R"({"record":"function","name":"do_sys_openat2","size_before":30,"size_after":30,)"
    R"("inlined_callees":0,"out_of_line":true})"
    "\n";

TEST(ReplaySlice, CutsReplayFunctionsToTheTusFunctions) {
  ScratchDir d("replay-slice-test");
  std::ofstream(d.path + "/fs%open.o.jsonl") << kHeader << "\n" << kSites;
  auto slice = [&d](std::vector<PluginArg> more) {
    return replay_slice_for_tu(replay_options(d.path, {}, std::move(more)), "fs/open.c",
                               "fs/open.o");
  };
  // In the list's order: a leaf's function record, a glob over a caller;
  // names of other TUs' functions gone.
  const ReplaySlice s = slice({{"replay-functions", "vfs_open,do_sys_openat2,sys_*,nowhere"},
                               {"replay-functions", "do_sys_open"}});
  EXPECT_TRUE(s.in_scope);
  ASSERT_TRUE(s.log_text);
  ASSERT_TRUE(s.functions);
  EXPECT_EQ(*s.functions, (std::vector<std::string>{"do_sys_openat2", "sys_*", "do_sys_open"}));
  // None of the TU's functions: the TU is out of scope, compiled as
  // without replay.
  const ReplaySlice none = slice({{"replay-functions", "vfs_*,nowhere"}});
  EXPECT_FALSE(none.in_scope);
  EXPECT_FALSE(none.log_text);
  // With a fallback other than gcc a function the log does not record is
  // replayed too: the list stays whole.
  const ReplaySlice never =
      slice({{"replay-functions", "vfs_*,nowhere"}, {"replay-fallback", "never"}});
  EXPECT_TRUE(never.in_scope);
  EXPECT_TRUE(never.log_text);
  EXPECT_FALSE(never.functions);
  // Without the option, every function: nothing to cut.
  EXPECT_FALSE(slice({}).functions);
}

} // namespace
} // namespace inlinetune
