// SPDX-License-Identifier: GPL-3.0-or-later
// What inlinetune-cc hands the plugin for a replay: the TU's own recorded
// log, found as the plugin finds it, or nothing for a TU out of
// replay-tus; and the object name the plugin's TU header gives a compile.
#include "error.h"
#include "replay_slice.h"
#include "scratch_dir.h"

#include <fstream>
#include <gtest/gtest.h>

namespace inlinetune {
namespace {

Options replay_options(const std::string &path, std::vector<std::string> tus = {}) {
  std::vector<PluginArg> args = {{"replay", path}};
  std::string list;
  for (const std::string &t : tus)
    list += (list.empty() ? "" : ",") + t;
  if (!list.empty())
    args.push_back({"replay-tus", list});
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

} // namespace
} // namespace inlinetune
