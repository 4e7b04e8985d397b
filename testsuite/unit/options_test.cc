// SPDX-License-Identifier: GPL-3.0-or-later
#include "options.h"

#include <gtest/gtest.h>

using namespace inlinetune;

static PluginArg arg(const char *key, const char *value = nullptr) {
  PluginArg a;
  a.key = key;
  if (value)
    a.value = value;
  return a;
}

TEST(Options, EveryKeyIsParsedInOrder) {
  Options o;
  std::vector<std::string> errors;
  ASSERT_TRUE(parse_options({arg("profile", "rfc"), arg("policy", "a.ini"), arg("profile", "gcc"),
                             arg("noinline", "f,g"), arg("policy", "b.ini"), arg("srctree", "/k"),
                             arg("tag", "run 1"), arg("verbose")},
                            &o, &errors));
  EXPECT_TRUE(errors.empty());
  EXPECT_EQ(o.profiles, (std::vector<std::string>{"rfc", "gcc"}));
  EXPECT_EQ(o.policy_files, (std::vector<std::string>{"a.ini", "b.ini"}));
  EXPECT_EQ(o.noinline_lists, (std::vector<std::string>{"f,g"}));
  EXPECT_EQ(o.srctree, std::optional<std::string>("/k"));
  EXPECT_EQ(o.tag, "run 1");
  EXPECT_TRUE(o.verbose);
}

TEST(Options, DefaultsAreQuiet) {
  Options o;
  std::vector<std::string> errors;
  ASSERT_TRUE(parse_options({}, &o, &errors));
  EXPECT_FALSE(o.verbose);
  EXPECT_FALSE(o.srctree.has_value());
  EXPECT_TRUE(o.tag.empty());
}

TEST(Options, ErrorsQuoteTheWholeFlagAndAllAreReported) {
  Options o;
  std::vector<std::string> errors;
  EXPECT_FALSE(parse_options({arg("bogus", "1"), arg("verbose", "yes"), arg("policy"),
                              arg("profile", ""), arg("tag", "ok")},
                             &o, &errors));
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0], "unknown option '-fplugin-arg-inlinetune-bogus=1' (known: profile, policy, "
                       "noinline, srctree, tag, log, replay, replay-fallback, replay-tus, "
                       "replay-functions, verbose)");
  EXPECT_EQ(errors[1], "option '-fplugin-arg-inlinetune-verbose=yes' takes no value");
  EXPECT_EQ(errors[2], "option '-fplugin-arg-inlinetune-policy' needs a value: policy=FILE");
  EXPECT_EQ(errors[3], "option '-fplugin-arg-inlinetune-profile=' needs a value: profile=NAME");
  EXPECT_EQ(o.tag, "ok"); // good options still parsed
}

TEST(Options, HelpTextListsEveryOption) {
  std::string help = option_help_text();
  for (const OptionSpec &o : option_table())
    EXPECT_NE(help.find(o.key), std::string::npos) << o.key;
  EXPECT_NE(help.find("policy=FILE"), std::string::npos);
}

TEST(Options, UnknownKeySuggestsTheClosest) {
  Options o;
  std::vector<std::string> errors;
  EXPECT_FALSE(parse_options({arg("polcy", "a.ini"), arg("Verbose")}, &o, &errors));
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0], "unknown option '-fplugin-arg-inlinetune-polcy=a.ini' (did you mean "
                       "'policy'?) (known: profile, policy, noinline, srctree, tag, log, replay, "
                       "replay-fallback, replay-tus, replay-functions, verbose)");
  EXPECT_NE(errors[1].find("(did you mean 'verbose'?)"), std::string::npos) << errors[1];
}

// log= takes lowercase keywords; a directory named like one in another case
// (log=OFF would create ./OFF and log there) is an error saying how to name
// such a directory.
TEST(Options, LogKeywordsAreLowercase) {
  for (const char *bad : {"OFF", "Off", "oFf", "OBJ", "Obj"}) {
    Options o;
    std::vector<std::string> errors;
    EXPECT_FALSE(parse_options({arg("log", bad)}, &o, &errors)) << bad;
    ASSERT_EQ(errors.size(), 1u) << bad;
    std::string want = std::string(bad[1] == 'F' || bad[1] == 'f' ? "off" : "obj");
    EXPECT_EQ(errors[0], "option '-fplugin-arg-inlinetune-log=" + std::string(bad) +
                             "': log= takes 'obj' or 'off', in lowercase, or a directory: did you "
                             "mean 'log=" +
                             want + "'? (for a directory named '" + bad + "', write 'log=./" + bad +
                             "')");
    EXPECT_EQ(o.log, "obj") << bad; // the default stands
  }
  for (const char *good : {"off", "obj", "./OFF", "logs/OBJ", "OFFS", "of", "/tmp/Off"}) {
    Options o;
    std::vector<std::string> errors;
    EXPECT_TRUE(parse_options({arg("log", good)}, &o, &errors)) << good;
    EXPECT_TRUE(errors.empty()) << good;
    EXPECT_EQ(o.log, good);
  }
}

// Replay: the log, the fallback (three keywords), the scopes as comma lists
// of globs (path globs for TUs, name globs for functions); a replay-* option
// without replay= is an error, as is a bad keyword or glob.
TEST(Options, Replay) {
  Options o;
  std::vector<std::string> errors;
  ASSERT_TRUE(parse_options({arg("replay", "logs"), arg("replay-fallback", "never"),
                             arg("replay-tus", "fs/**,mm/*.c"), arg("replay-functions", "vfs_*")},
                            &o, &errors))
      << errors.front();
  EXPECT_EQ(o.replay, std::optional<std::string>("logs"));
  EXPECT_EQ(o.replay_fallback, "never");
  ASSERT_EQ(o.replay_tus.size(), 2u);
  EXPECT_TRUE(o.replay_tus[0].matches("fs/namei.c"));
  EXPECT_FALSE(o.replay_tus[0].matches("mm/slab.c"));
  EXPECT_TRUE(o.replay_tus[1].matches("mm/slab.c"));
  ASSERT_EQ(o.replay_functions.size(), 1u);
  EXPECT_TRUE(o.replay_functions[0].matches("vfs_open"));

  Options d;
  ASSERT_TRUE(parse_options({}, &d, &errors));
  EXPECT_FALSE(d.replay.has_value());
  EXPECT_EQ(d.replay_fallback, "gcc");

  Options bad;
  errors.clear();
  EXPECT_FALSE(parse_options({arg("replay", "logs"), arg("replay-fallback", "GCC"),
                              arg("replay-tus", "fs/**,"), arg("replay-functions", "a[")},
                             &bad, &errors));
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0], "option '-fplugin-arg-inlinetune-replay-fallback=GCC': replay-fallback= "
                       "takes 'gcc', 'never' or 'always'");
  EXPECT_EQ(errors[1], "option '-fplugin-arg-inlinetune-replay-tus=fs/**,': an empty glob");
  EXPECT_NE(errors[2].find("'-fplugin-arg-inlinetune-replay-functions=a[': 'a[': "),
            std::string::npos)
      << errors[2];

  Options alone;
  errors.clear();
  EXPECT_FALSE(parse_options({arg("replay-functions", "f")}, &alone, &errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], "option '-fplugin-arg-inlinetune-replay-functions=f' needs a log to "
                       "replay: replay=PATH");
}
