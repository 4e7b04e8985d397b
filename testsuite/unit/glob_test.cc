// SPDX-License-Identifier: GPL-3.0-or-later
// Glob: what path and name globs accept, reject and match.
#include "glob.h"

#include <gtest/gtest.h>

#include <clocale>

namespace inlinetune {
namespace {

Glob path_glob(const char *pattern) {
  Glob g;
  std::string error;
  EXPECT_TRUE(Glob::compile(pattern, Glob::Kind::Path, &g, &error)) << pattern << ": " << error;
  return g;
}

Glob name_glob(const char *pattern) {
  Glob g;
  std::string error;
  EXPECT_TRUE(Glob::compile(pattern, Glob::Kind::Name, &g, &error)) << pattern << ": " << error;
  return g;
}

// The message compile() gives for PATTERN, or "" when it is accepted.
std::string rejection(const char *pattern, Glob::Kind kind) {
  Glob g;
  std::string error;
  if (Glob::compile(pattern, kind, &g, &error))
    return "";
  EXPECT_FALSE(error.empty()) << pattern;
  return error;
}

TEST(GlobCompile, RejectsEmptyPattern) {
  EXPECT_EQ(rejection("", Glob::Kind::Path), "empty pattern");
  EXPECT_EQ(rejection("", Glob::Kind::Name), "empty pattern");
}

TEST(GlobCompile, RejectsUnterminatedBracket) {
  EXPECT_NE(rejection("fs/[ab.c", Glob::Kind::Path).find("unterminated '['"), std::string::npos);
  EXPECT_NE(rejection("tcp_[!v", Glob::Kind::Name).find("unterminated '['"), std::string::npos);
  // A ']' right after '[' or '[!' is a member, so these are still open.
  EXPECT_NE(rejection("a[]", Glob::Kind::Name).find("unterminated '['"), std::string::npos);
  EXPECT_NE(rejection("a[!]", Glob::Kind::Name).find("unterminated '['"), std::string::npos);
  EXPECT_NE(rejection("a[[:alpha]", Glob::Kind::Name).find("unterminated '[:'"), std::string::npos);
}

TEST(GlobCompile, AcceptsBracketForms) {
  EXPECT_EQ(rejection("a[]]", Glob::Kind::Name), "");
  EXPECT_EQ(rejection("a[!]]", Glob::Kind::Name), "");
  EXPECT_EQ(rejection("a[^x]", Glob::Kind::Name), "");
  EXPECT_EQ(rejection("[[:alpha:]]*", Glob::Kind::Name), "");
  EXPECT_EQ(rejection("a[\\]]", Glob::Kind::Name), "");
}

TEST(GlobCompile, RejectsTrailingBackslash) {
  EXPECT_EQ(rejection("fs\\", Glob::Kind::Path), "trailing backslash escapes nothing");
  EXPECT_EQ(rejection("foo\\", Glob::Kind::Name), "trailing backslash escapes nothing");
  EXPECT_EQ(rejection("a[\\", Glob::Kind::Name), "trailing backslash escapes nothing");
}

TEST(GlobCompile, RejectsDoubleStarInsideASegment) {
  for (const char *p : {"fs/a**b", "fs/**x", "x**/fs", "***", "fs/***/x.c", "**.c"}) {
    std::string error = rejection(p, Glob::Kind::Path);
    EXPECT_NE(error.find("'**' must be a whole path segment"), std::string::npos) << p;
  }
  // Escaped or bracketed stars are literal, not '**'.
  EXPECT_EQ(rejection("fs/\\**", Glob::Kind::Path), "");
  EXPECT_EQ(rejection("fs/[*]*", Glob::Kind::Path), "");
}

TEST(GlobCompile, RejectsEmptySegmentsAndAbsolutePaths) {
  EXPECT_EQ(rejection("fs//x", Glob::Kind::Path), "empty path segment ('//')");
  std::string lead = rejection("/fs/open.c", Glob::Kind::Path);
  EXPECT_NE(lead.find("leading '/'"), std::string::npos);
  EXPECT_NE(lead.find("relative to the source tree"), std::string::npos);
  EXPECT_NE(rejection("fs/", Glob::Kind::Path).find("trailing '/'"), std::string::npos);
  EXPECT_NE(rejection("./fs/open.c", Glob::Kind::Path).find("'.' segment"), std::string::npos);
  EXPECT_NE(rejection("fs/../mm/*.c", Glob::Kind::Path).find("'..' segment"), std::string::npos);
  EXPECT_NE(rejection("fs/a[/]b", Glob::Kind::Path).find("'/' inside '[...]'"), std::string::npos);
  EXPECT_NE(rejection("fs\\/x", Glob::Kind::Path).find("cannot be escaped"), std::string::npos);
}

TEST(GlobCompile, RejectsSlashInNames) {
  EXPECT_NE(rejection("fs/open", Glob::Kind::Name).find("'/' in a function name glob"),
            std::string::npos);
}

TEST(GlobCompile, KeepsPatternAndFailsWithoutTouchingOutput) {
  Glob g = name_glob("keep_me");
  std::string error;
  EXPECT_FALSE(Glob::compile("bad[", Glob::Kind::Name, &g, &error));
  EXPECT_EQ(g.pattern(), "keep_me");
  EXPECT_TRUE(g.matches("keep_me"));
}

TEST(GlobLiteral, TrueOnlyWithoutWildcards) {
  EXPECT_TRUE(name_glob("vfs_symlink").is_literal());
  EXPECT_TRUE(name_glob("ns::cls::method").is_literal());
  EXPECT_TRUE(path_glob("fs/open.c").is_literal());
  EXPECT_FALSE(name_glob("tcp_*").is_literal());
  EXPECT_FALSE(name_glob("a?c").is_literal());
  EXPECT_FALSE(name_glob("a[bc]").is_literal());
  // An escape makes the pattern text differ from the name it matches.
  EXPECT_FALSE(name_glob("a\\*").is_literal());
  EXPECT_FALSE(path_glob("fs/**").is_literal());
}

TEST(PathGlob, StarStaysInsideOneSegment) {
  Glob g = path_glob("net/ipv4/tcp*.c");
  EXPECT_TRUE(g.matches("net/ipv4/tcp_ipv4.c"));
  EXPECT_TRUE(g.matches("net/ipv4/tcp.c"));
  EXPECT_FALSE(g.matches("net/ipv4/sub/tcp.c"));
  EXPECT_FALSE(g.matches("net/ipv4/tcp/x.c"));
  EXPECT_FALSE(g.matches("net/ipv4/tcp_ipv4.h"));
  EXPECT_FALSE(g.matches("net/ipv6/tcp_ipv6.c"));
  EXPECT_FALSE(g.matches("x/net/ipv4/tcp.c"));

  Glob top = path_glob("*");
  EXPECT_TRUE(top.matches("main.c"));
  EXPECT_FALSE(top.matches("fs/open.c"));
}

TEST(PathGlob, QuestionMarkAndBrackets) {
  Glob q = path_glob("fs/?.c");
  EXPECT_TRUE(q.matches("fs/a.c"));
  EXPECT_FALSE(q.matches("fs/ab.c"));
  EXPECT_FALSE(path_glob("fs?open.c").matches("fs/open.c"));

  Glob b = path_glob("drivers/[!n]*/*.c");
  EXPECT_TRUE(b.matches("drivers/gpu/x.c"));
  EXPECT_FALSE(b.matches("drivers/net/x.c"));
  Glob caret = path_glob("drivers/[^n]*/*.c");
  EXPECT_FALSE(caret.matches("drivers/net/x.c"));
  EXPECT_TRUE(caret.matches("drivers/md/x.c"));
}

TEST(PathGlob, DoubleStarAtEnd) {
  Glob g = path_glob("fs/**");
  EXPECT_TRUE(g.matches("fs/open.c"));
  EXPECT_TRUE(g.matches("fs/ext4/inode.c"));
  EXPECT_TRUE(g.matches("fs/a/b/c/d.c"));
  EXPECT_TRUE(g.matches("fs")); // zero segments
  EXPECT_FALSE(g.matches("fsx/open.c"));
  EXPECT_FALSE(g.matches("net/fs/open.c"));
}

TEST(PathGlob, DoubleStarAtStart) {
  Glob g = path_glob("**/tcp*.c");
  EXPECT_TRUE(g.matches("tcp.c"));
  EXPECT_TRUE(g.matches("net/ipv4/tcp_ipv4.c"));
  EXPECT_TRUE(g.matches("a/b/c/tcp_x.c"));
  EXPECT_FALSE(g.matches("net/ipv4/udp.c"));
  EXPECT_FALSE(g.matches("net/tcp/udp.c"));
}

TEST(PathGlob, DoubleStarInTheMiddle) {
  Glob g = path_glob("net/**/tcp*.c");
  EXPECT_TRUE(g.matches("net/tcp.c"));
  EXPECT_TRUE(g.matches("net/ipv4/tcp_ipv4.c"));
  EXPECT_TRUE(g.matches("net/a/b/c/tcp_x.c"));
  EXPECT_FALSE(g.matches("fs/tcp.c"));
  EXPECT_FALSE(g.matches("net/ipv4/tcp_ipv4.h"));
  EXPECT_FALSE(g.matches("net/tcp.c/x.c"));

  Glob two = path_glob("a/**/**/b");
  EXPECT_TRUE(two.matches("a/b"));
  EXPECT_TRUE(two.matches("a/x/y/z/b"));
  EXPECT_FALSE(two.matches("a/x/y/z/c"));

  // Backtracking: the first "x" seen must not be taken as the pattern's.
  Glob back = path_glob("**/x/*.c");
  EXPECT_TRUE(back.matches("x/x/y.c"));
  EXPECT_TRUE(back.matches("x/a/x/y.c"));
  EXPECT_FALSE(back.matches("x/a/y/z.c"));
}

TEST(PathGlob, AbsolutePathsOnlyMatchLeadingDoubleStar) {
  // Files outside the source tree come as absolute paths.
  EXPECT_TRUE(path_glob("**").matches("/usr/include/stdio.h"));
  EXPECT_TRUE(path_glob("**/stdio.h").matches("/usr/include/stdio.h"));
  EXPECT_FALSE(path_glob("*/include/stdio.h").matches("/usr/include/stdio.h"));
  EXPECT_FALSE(path_glob("usr/**").matches("/usr/include/stdio.h"));
  EXPECT_FALSE(path_glob("*/x.h").matches("/x.h"));
}

TEST(PathGlob, LiteralAndEscapes) {
  Glob g = path_glob("fs/open.c");
  EXPECT_TRUE(g.matches("fs/open.c"));
  EXPECT_FALSE(g.matches("fs/open.cc"));
  EXPECT_FALSE(g.matches("fs/open"));
  Glob star = path_glob("fs/\\*.c");
  EXPECT_TRUE(star.matches("fs/*.c"));
  EXPECT_FALSE(star.matches("fs/a.c"));
}

TEST(NameGlob, Prefixes) {
  Glob g = name_glob("tcp_*");
  EXPECT_TRUE(g.matches("tcp_v4_rcv"));
  EXPECT_TRUE(g.matches("tcp_"));
  EXPECT_FALSE(g.matches("udp_tcp_x"));
  EXPECT_FALSE(g.matches("tcp"));
}

TEST(NameGlob, CxxNames) {
  Glob g = name_glob("ns::cls::*");
  EXPECT_TRUE(g.matches("ns::cls::method"));
  EXPECT_TRUE(g.matches("ns::cls::method(int, char const*)"));
  EXPECT_TRUE(g.matches("ns::cls::inner::f"));
  EXPECT_FALSE(g.matches("ns::other::method"));
  EXPECT_FALSE(g.matches("ns::cls"));
  // '*' crosses "::" in a name, unlike '/' in a path.
  EXPECT_TRUE(name_glob("*::swap").matches("std::vector<int>::swap"));
}

TEST(NameGlob, LiteralQuestionBracketAndDoubleStar) {
  EXPECT_TRUE(name_glob("vfs_symlink").matches("vfs_symlink"));
  EXPECT_FALSE(name_glob("vfs_symlink").matches("vfs_symlinkat"));
  EXPECT_TRUE(name_glob("vfs_[sl]*").matches("vfs_link"));
  EXPECT_FALSE(name_glob("vfs_[sl]*").matches("vfs_rename"));
  EXPECT_TRUE(name_glob("do_?").matches("do_x"));
  EXPECT_FALSE(name_glob("do_?").matches("do_xy"));
  EXPECT_TRUE(name_glob("**").matches("anything::at_all"));
  EXPECT_TRUE(name_glob("foo.*").matches("foo.part.0"));
  EXPECT_FALSE(name_glob("foo.*").matches("foo"));
}

// '?' and '[...]' match one byte in every locale: cc1 runs in the user's
// (GCC calls setlocale), where fnmatch would match one character, and the CLI
// in "C"; a policy must match the same functions in both (docs/bad-input.md).
TEST(NameGlob, ByteSemanticsWhateverTheLocale) {
  for (const char *locale : {"C", "C.UTF-8"}) {
    if (!setlocale(LC_ALL, locale))
      continue;
    EXPECT_FALSE(name_glob("caf?").matches("caf\xc3\xa9")) << locale;
    EXPECT_TRUE(name_glob("caf??").matches("caf\xc3\xa9")) << locale;
    EXPECT_TRUE(name_glob("caf*").matches("caf\xc3\xa9")) << locale;
    EXPECT_TRUE(name_glob("caf\xc3\xa9").matches("caf\xc3\xa9")) << locale;
    EXPECT_FALSE(path_glob("fs/?.c").matches("fs/\xc3\xa9.c")) << locale;
  }
  setlocale(LC_ALL, "C");
}

} // namespace
} // namespace inlinetune
