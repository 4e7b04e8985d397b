// SPDX-License-Identifier: GPL-3.0-or-later
// The pieces of annotate that need no log: locations split, FILE matched,
// and where a build's sources may be (model/source_annotation.h).
#include "error.h"
#include "model/source_annotation.h"
#include "output/annotation_page.h"

#include <gtest/gtest.h>

using namespace inlinetune;

TEST(SourceAnnotation, ParsesLocations) {
  auto l = parse_location("fs/open.c:56:9");
  ASSERT_TRUE(l);
  EXPECT_EQ(l->file, "fs/open.c");
  EXPECT_EQ(l->line, 56);
  EXPECT_EQ(l->column, 9);
  // A file name may hold ':'; GCC's column 0 still has a line.
  l = parse_location("a:b.c:3:0");
  ASSERT_TRUE(l);
  EXPECT_EQ(l->file, "a:b.c");
  EXPECT_EQ(l->line, 3);
  EXPECT_EQ(l->column, 0);
  for (const char *bad : {"?", "", "fs/open.c", "fs/open.c:56", ":1:2", "f:0:1", "f:x:1", "f:1:-1"})
    EXPECT_FALSE(parse_location(bad)) << bad;
}

TEST(SourceAnnotation, MatchesFiles) {
  SourceFileMatcher exact("fs/open.c");
  EXPECT_TRUE(exact("fs/open.c"));
  EXPECT_FALSE(exact("fs/open.c.orig"));
  EXPECT_FALSE(exact("xfs/open.c"));
  SourceFileMatcher suffix("open.c");
  EXPECT_TRUE(suffix("fs/open.c"));
  EXPECT_TRUE(suffix("fs/nfsd/open.c"));
  EXPECT_FALSE(suffix("fs/reopen.c"));
  EXPECT_EQ(suffix.best({"fs/open.c", "fs/nfsd/open.c"}),
            (std::vector<std::string>{"fs/nfsd/open.c", "fs/open.c"}));
  EXPECT_EQ(suffix.best({"fs/open.c", "open.c"}), std::vector<std::string>{"open.c"});
  SourceFileMatcher glob("fs/*.c");
  EXPECT_TRUE(glob("fs/open.c"));
  EXPECT_FALSE(glob("fs/nfsd/open.c"));
  EXPECT_THROW(SourceFileMatcher("fs/[open.c"), UsageError);
  EXPECT_THROW(SourceFileMatcher(""), UsageError);
}

TEST(SourceAnnotation, CandidateRoots) {
  Build b;
  TuModel t;
  t.origin = "out/fs/open.o";
  t.header.object = "fs/open.o";
  b.tus.push_back(t);
  t.origin = "out/fs/built-in.a(namei.o)"; // an archive's member, named from its directory
  t.header.object = "./fs/namei.o";
  b.tus.push_back(t);
  t.origin = "../gcc/mm/slab.o"; // compiled elsewhere: "../" says nothing of where
  t.header.object = "../gcc/mm/slab.o";
  b.tus.push_back(t);
  t.origin = "fs/stat.o"; // compiled here
  t.header.object = "fs/stat.o";
  b.tus.push_back(t);
  EXPECT_EQ(
      candidate_source_roots(b, {"out", "other"}),
      (std::vector<std::string>{"out", "out/source", ".", "./source", "other", "other/source"}));
}

// annotate's page: the guard, the data block, the view and the page's
// script, each closed once whatever the data holds; the data reads back.
TEST(SourceAnnotation, PageHoldsItsDataOnce) {
  const std::string absurd = "</script><img src=x onerror=alert(1)>";
  const nlohmann::ordered_json data = {{"headline", absurd},
                                       {"files", nlohmann::ordered_json::array()}};
  const std::string html = render_annotation_page("annotate " + absurd, data);
  auto count = [&](const std::string &what) {
    size_t n = 0;
    for (size_t at = html.find(what); at != std::string::npos; at = html.find(what, at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(count("<script"), 4u);
  EXPECT_EQ(count("</script>"), 4u);
  EXPECT_EQ(count("<img"), 0u);
  const std::string open = "<script type=\"application/json\" id=\"inlinetune-data\">";
  const size_t begin = html.find(open) + open.size();
  EXPECT_EQ(
      nlohmann::ordered_json::parse(html.substr(begin, html.find("</script>", begin) - begin)),
      data);
}
