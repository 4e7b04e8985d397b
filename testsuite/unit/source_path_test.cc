// SPDX-License-Identifier: GPL-3.0-or-later
// normalize_path and relative_source_path, the latter on real directories and
// symlinks laid out like Kbuild trees.
#include "source_path.h"

#include <gtest/gtest.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace inlinetune {
namespace {

TEST(NormalizePath, Lexical) {
  EXPECT_EQ(normalize_path("a/./b//c/"), "a/b/c");
  EXPECT_EQ(normalize_path("a/b/../../c"), "c");
  EXPECT_EQ(normalize_path("a/.."), ".");
  EXPECT_EQ(normalize_path("a/../.."), "..");
  EXPECT_EQ(normalize_path("../a"), "../a");
  EXPECT_EQ(normalize_path("../../a/../b"), "../../b");
  EXPECT_EQ(normalize_path("/../a"), "/a");
  EXPECT_EQ(normalize_path("//a///b"), "/a/b");
  EXPECT_EQ(normalize_path("/a/b/.."), "/a");
  EXPECT_EQ(normalize_path("/"), "/");
  EXPECT_EQ(normalize_path("/.."), "/");
  EXPECT_EQ(normalize_path(""), ".");
  EXPECT_EQ(normalize_path("."), ".");
  EXPECT_EQ(normalize_path("./"), ".");
  EXPECT_EQ(normalize_path("fs/open.c"), "fs/open.c");
}

// A throw-away tree:
//   T/src/fs/open.c    T/src/build/        (an O= directory inside the tree)
//   T/src2/x.c         (shares a prefix with src)
//   T/other/x.c        T/link -> src       T/src/fs/ext.c -> ../../other/x.c
class SourceTree : public ::testing::Test {
protected:
  void SetUp() override {
    char tmpl[] = "/tmp/inlinetune-srcpath-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    // /tmp itself may be a symlink; compare against the real spelling.
    char real[PATH_MAX];
    ASSERT_NE(realpath(tmpl, real), nullptr);
    root_ = real;
    for (const char *d : {"src", "src/fs", "src/build", "src2", "other"})
      ASSERT_EQ(mkdir((root_ + "/" + d).c_str(), 0755), 0) << d;
    for (const char *f : {"src/fs/open.c", "src2/x.c", "other/x.c"})
      std::ofstream(root_ + "/" + f) << "int x;\n";
    ASSERT_EQ(symlink("src", (root_ + "/link").c_str()), 0);
    ASSERT_EQ(symlink("../../other/x.c", (root_ + "/src/fs/ext.c").c_str()), 0);
  }

  void TearDown() override {
    std::error_code ec;
    if (!root_.empty())
      std::filesystem::remove_all(root_, ec);
  }

  std::string at(const std::string &rel) const { return root_ + "/" + rel; }

  std::string root_;
};

TEST_F(SourceTree, InTreeBuildWithDotSrctree) {
  EXPECT_EQ(relative_source_path("fs/open.c", ".", at("src")), "fs/open.c");
  EXPECT_EQ(relative_source_path("./fs/../fs/open.c", ".", at("src")), "fs/open.c");
}

TEST_F(SourceTree, SubdirectoryBuildWithDotDotSrctree) {
  // make O=build: cc1 gets "../fs/open.c" and $srctree is "..".
  EXPECT_EQ(relative_source_path("../fs/open.c", "..", at("src/build")), "fs/open.c");
}

TEST_F(SourceTree, AbsolutePathsAndTrailingSlashes) {
  EXPECT_EQ(relative_source_path(at("src/fs/open.c"), at("src/"), "/"), "fs/open.c");
  EXPECT_EQ(relative_source_path(at("src/fs/open.c"), at("src//"), at("other")), "fs/open.c");
  EXPECT_EQ(relative_source_path("fs/open.c", "./", at("src")), "fs/open.c");
}

TEST_F(SourceTree, SymlinkedTreeEitherWay) {
  EXPECT_EQ(relative_source_path(at("link/fs/open.c"), at("src"), "/"), "fs/open.c");
  EXPECT_EQ(relative_source_path(at("src/fs/open.c"), at("link"), "/"), "fs/open.c");
  EXPECT_EQ(relative_source_path("fs/open.c", ".", at("link")), "fs/open.c");
}

TEST_F(SourceTree, MissingFileInsideSymlinkedTree) {
  // Not generated yet, or a pseudo-name: the existing ancestor is resolved.
  EXPECT_EQ(relative_source_path(at("link/fs/gen/new.c"), at("src"), "/"), "fs/gen/new.c");
  EXPECT_EQ(relative_source_path("<stdin>", ".", at("link")), "<stdin>");
}

TEST_F(SourceTree, FileOutsideTreeComesBackAbsolute) {
  EXPECT_EQ(relative_source_path(at("other/x.c"), at("src"), "/"), at("other/x.c"));
  EXPECT_EQ(relative_source_path("../other/./x.c", ".", at("src")), at("other/x.c"));
  // A sibling whose name starts with the tree's is not inside it.
  EXPECT_EQ(relative_source_path(at("src2/x.c"), at("src"), "/"), at("src2/x.c"));
}

TEST_F(SourceTree, SymlinkedFileIsResolvedToItsTarget) {
  EXPECT_EQ(relative_source_path("fs/ext.c", ".", at("src")), at("other/x.c"));
}

TEST_F(SourceTree, FileEqualToTree) {
  EXPECT_EQ(relative_source_path(".", ".", at("src")), ".");
  EXPECT_EQ(relative_source_path(at("link"), at("src"), "/"), ".");
}

TEST_F(SourceTree, DevNull) {
  EXPECT_EQ(relative_source_path("/dev/null", ".", at("src")), "/dev/null");
}

TEST_F(SourceTree, RootAsTree) {
  EXPECT_EQ(relative_source_path(at("src/fs/open.c"), "/", "/"), at("src/fs/open.c").substr(1));
}

TEST_F(SourceTree, EmptyCwdMeansProcessCwd) {
  char saved[PATH_MAX];
  ASSERT_NE(getcwd(saved, sizeof saved), nullptr);
  ASSERT_EQ(chdir(at("src/build").c_str()), 0);
  std::string got = relative_source_path("../fs/open.c", "..", "");
  ASSERT_EQ(chdir(saved), 0);
  EXPECT_EQ(got, "fs/open.c");
}

TEST(RelativeSourcePath, NothingExists) {
  EXPECT_EQ(
      relative_source_path("/nonexistent-inlinetune/a/../b.c", "/nonexistent-inlinetune", "/"),
      "b.c");
  EXPECT_EQ(relative_source_path("x/y.c", "x", "/nonexistent-inlinetune"), "y.c");
  EXPECT_EQ(relative_source_path("../y.c", ".", "/nonexistent-inlinetune/x"),
            "/nonexistent-inlinetune/y.c");
}

} // namespace
} // namespace inlinetune
