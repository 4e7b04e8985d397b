// SPDX-License-Identifier: GPL-3.0-or-later
// What inlinetune-cc reads of a compiler command: the policy options, the
// source tree option, and the one source it compiles, or none when it cannot
// tell (kbuild's commands and probes among the cases).
#include "compiler_command.h"

#include <gtest/gtest.h>

namespace inlinetune {
namespace {

std::optional<std::string> source_of(const std::vector<std::string> &args) {
  return parse_compiler_command(args).source;
}

TEST(CompilerCommand, FindsTheSourceOfACompile) {
  EXPECT_EQ(source_of({"-O2", "-c", "a.c", "-o", "a.o"}), "a.c");
  EXPECT_EQ(source_of({"-c", "-o", "x.c", "b.cc"}), "b.cc"); // -o's value is not an input
  EXPECT_EQ(source_of({"-S", "-I", "inc.c", "../fs/open.c"}), "../fs/open.c");
  EXPECT_EQ(source_of({"-Wp,-MMD,fs/.open.o.d", "-nostdinc", "-isystem", "/usr/x", "-include",
                       "k/config.h", "-DKBUILD_BASENAME='\"open\"'", "-c", "-o", "fs/open.o",
                       "/src/fs/open.c"}),
            "/src/fs/open.c");
  EXPECT_EQ(source_of({"-x", "c", "-c", "gen.txt"}), "gen.txt");
  EXPECT_EQ(source_of({"-xc++", "-c", "gen"}), "gen");
  // kbuild's flag probe: cc1 sees /dev/null as its TU, as the plugin names it.
  EXPECT_EQ(source_of({"-Werror", "-x", "c", "-c", "/dev/null", "-o", "/tmp/x.o"}), "/dev/null");
}

TEST(CompilerCommand, NoSourceWhenItCannotTell) {
  EXPECT_EQ(source_of({"a.c", "-o", "a"}), std::nullopt);                // compile and link
  EXPECT_EQ(source_of({"-c", "a.c", "b.c"}), std::nullopt);              // two inputs
  EXPECT_EQ(source_of({"-c", "a.i"}), std::nullopt);                     // preprocessed
  EXPECT_EQ(source_of({"-x", "cpp-output", "-c", "a.c"}), std::nullopt); // the same
  EXPECT_EQ(source_of({"-x", "c", "-c", "-"}), std::nullopt);            // standard input
  EXPECT_EQ(source_of({"-E", "-c", "a.c"}), std::nullopt);               // preprocess only
  EXPECT_EQ(source_of({"-c", "x.S"}), std::nullopt);                     // assembler
  EXPECT_EQ(source_of({"@args", "-c", "a.c"}), std::nullopt);            // a response file
  EXPECT_EQ(source_of({"--version"}), std::nullopt);
  EXPECT_EQ(source_of({}), std::nullopt);
}

TEST(CompilerCommand, ReadsThePluginsOptions) {
  const std::vector<std::string> args = {"-fplugin=/p/inlinetune.so",
                                         "-fplugin-arg-inlinetune-policy=a.ini",
                                         "-c",
                                         "-fplugin-arg-inlinetune-srctree=/src",
                                         "x.c",
                                         "-fplugin-arg-inlinetune-policy=/b.ini",
                                         "-fplugin-arg-inlinetune-replay=/tree",
                                         "-fplugin-arg-other-policy=c.ini"};
  const CompilerCommand c = parse_compiler_command(args);
  EXPECT_EQ(c.policy_files, (std::vector<std::string>{"a.ini", "/b.ini"}));
  EXPECT_EQ(c.policy_args, (std::vector<size_t>{1, 5}));
  EXPECT_EQ(c.srctree, "/src");
  EXPECT_TRUE(c.replay);
  EXPECT_EQ(c.source, "x.c");
  EXPECT_EQ(with_policy(args, c, "/s/k.ini"),
            (std::vector<std::string>{
                "-fplugin=/p/inlinetune.so", "-fplugin-arg-inlinetune-policy=/s/k.ini", "-c",
                "-fplugin-arg-inlinetune-srctree=/src", "x.c",
                "-fplugin-arg-inlinetune-replay=/tree", "-fplugin-arg-other-policy=c.ini"}));
}

TEST(CompilerCommand, ReadsTheOutput) {
  EXPECT_EQ(parse_compiler_command({"-c", "a.c", "-o", "fs/a.o"}).output, "fs/a.o");
  EXPECT_EQ(parse_compiler_command({"-c", "a.c", "-ofs/a.o"}).output, "fs/a.o");
  EXPECT_EQ(parse_compiler_command({"-c", "a.c"}).output, std::nullopt);
}

TEST(CompilerCommand, ReadsThePluginsArguments) {
  const std::vector<PluginArg> a =
      plugin_args({"-fplugin=/p.so", "-fplugin-arg-inlinetune-replay=/t",
                   "-fplugin-arg-inlinetune-verbose", "-c", "-fplugin-arg-other-x=1"});
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].key, "replay");
  EXPECT_EQ(a[0].value, "/t");
  EXPECT_EQ(a[1].key, "verbose");
  EXPECT_EQ(a[1].value, std::nullopt);
}

TEST(CompilerCommand, RewritesTheReplayOptions) {
  const std::vector<std::string> args = {"-fplugin-arg-inlinetune-replay=/tree",
                                         "-fplugin-arg-inlinetune-replay-tus=fs/**",
                                         "-fplugin-arg-inlinetune-replay-functions=do_*",
                                         "-fplugin-arg-inlinetune-replay-fallback=never",
                                         "-fplugin-arg-inlinetune-replayx=kept",
                                         "-c",
                                         "a.c"};
  // In scope: the slice for replay=, replay-tus gone, the rest kept.
  EXPECT_EQ(with_replay(args, std::string("/s/k.jsonl")),
            (std::vector<std::string>{"-fplugin-arg-inlinetune-replay=/s/k.jsonl",
                                      "-fplugin-arg-inlinetune-replay-functions=do_*",
                                      "-fplugin-arg-inlinetune-replay-fallback=never",
                                      "-fplugin-arg-inlinetune-replayx=kept", "-c", "a.c"}));
  // Out of scope: every replay option gone.
  EXPECT_EQ(with_replay(args, std::nullopt),
            (std::vector<std::string>{"-fplugin-arg-inlinetune-replayx=kept", "-c", "a.c"}));
  // The TU's cut of replay-functions, once for repeated options.
  std::vector<std::string> twice = args;
  twice.push_back("-fplugin-arg-inlinetune-replay-functions=vfs_*");
  EXPECT_EQ(
      with_replay(twice, std::string("/s/k.jsonl"), std::vector<std::string>{"do_open", "vfs_*"}),
      (std::vector<std::string>{"-fplugin-arg-inlinetune-replay=/s/k.jsonl",
                                "-fplugin-arg-inlinetune-replay-functions=do_open,vfs_*",
                                "-fplugin-arg-inlinetune-replay-fallback=never",
                                "-fplugin-arg-inlinetune-replayx=kept", "-c", "a.c"}));
}

TEST(CompilerCommand, KnowsTheLaunchersThatTakeTheCompilerFirst) {
  EXPECT_TRUE(is_compiler_launcher("ccache"));
  EXPECT_TRUE(is_compiler_launcher("/usr/bin/ccache"));
  EXPECT_TRUE(is_compiler_launcher("distcc"));
  EXPECT_FALSE(is_compiler_launcher("gcc-12"));
  EXPECT_FALSE(is_compiler_launcher("/usr/lib/ccache/gcc")); // ccache as the compiler's name
  EXPECT_FALSE(is_compiler_launcher("ccache-gcc"));
}

} // namespace
} // namespace inlinetune
