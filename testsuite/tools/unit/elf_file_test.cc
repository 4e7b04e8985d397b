// SPDX-License-Identifier: GPL-3.0-or-later
// The hand-written part of elf_file: thin archive member tables, built here
// byte by byte the way GNU ar writes them.  (Objects and regular archives go
// through libelf; the lit tests cover them with real `as` and `ar` output.)
#include "error.h"
#include "read/elf_file.h"

#include <gtest/gtest.h>

using namespace inlinetune;

namespace {

// A 60-byte ar member header.
std::string ar_header(std::string_view name, size_t size) {
  char buf[61];
  snprintf(buf, sizeof buf, "%-16.16s%-12s%-6s%-6s%-8s%-10zu`\n", std::string(name).c_str(), "0",
           "0", "0", "644", size);
  return std::string(buf, 60);
}

// A thin archive of NAMES, as `ar rcsT` (with a symbol table when SYMBOLS).
std::string thin_archive(const std::vector<std::string> &names, bool symbols = true) {
  std::string out = "!<thin>\n";
  if (symbols) {
    std::string table("\0\0\0\1\0\0\0\x44"
                      "f",
                      9); // odd: padded
    out += ar_header("/", table.size()) + table + "\n";
  }
  std::string long_names;
  std::vector<size_t> at;
  for (const std::string &name : names) {
    at.push_back(long_names.size());
    long_names += name + "/\n";
  }
  out += ar_header("//", long_names.size()) + long_names;
  for (size_t i = 0; i < names.size(); ++i)
    out += ar_header("/" + std::to_string(at[i]), 1234);
  return out;
}

std::vector<std::string> paths(const std::vector<ThinMember> &members) {
  std::vector<std::string> out;
  for (const ThinMember &m : members)
    out.push_back(m.name + " -> " + m.path +
                  (m.nested_offset ? " @" + std::to_string(*m.nested_offset) : ""));
  return out;
}

std::string error_of(const std::string &contents) {
  try {
    thin_archive_members("t.a", contents);
  } catch (const Error &e) {
    return e.what();
  }
  return "no error";
}

} // namespace

TEST(FileKind, FromMagic) {
  EXPECT_EQ(file_kind("\x7f"
                      "ELF\2\1\1"),
            FileKind::elf);
  EXPECT_EQ(file_kind("!<arch>\n"), FileKind::archive);
  EXPECT_EQ(file_kind("!<thin>\n"), FileKind::thin_archive);
  EXPECT_EQ(file_kind("!<thin>"), FileKind::other);
  EXPECT_EQ(file_kind("{\"record\""), FileKind::other);
  EXPECT_EQ(file_kind(""), FileKind::other);
}

TEST(ThinArchive, MembersAreRelativeToTheArchivesDirectory) {
  std::string a = thin_archive({"open.o", "sub/x.o", "/abs/y.o", "a-name-longer-than-16.o"});
  EXPECT_EQ(paths(thin_archive_members("build/fs/built-in.a", a)),
            (std::vector<std::string>{"open.o -> build/fs/open.o", "sub/x.o -> build/fs/sub/x.o",
                                      "/abs/y.o -> /abs/y.o",
                                      "a-name-longer-than-16.o -> "
                                      "build/fs/a-name-longer-than-16.o"}));
  EXPECT_EQ(paths(thin_archive_members("built-in.a", thin_archive({"fs/open.o"}, false))),
            (std::vector<std::string>{"fs/open.o -> fs/open.o"}));
  EXPECT_TRUE(thin_archive_members("e.a", "!<thin>\n").empty());
}

TEST(ThinArchive, MemberOfANestedRegularArchive) {
  // `ar rcsT t.a lib.a`: "/N:M" is the member at header offset M of lib.a.
  std::string a = "!<thin>\n" + ar_header("//", 8) + "lib.a/\n\n" + ar_header("/0:84", 760) +
                  ar_header("/0:904", 1248);
  EXPECT_EQ(paths(thin_archive_members("d/t.a", a)),
            (std::vector<std::string>{"lib.a -> d/lib.a @84", "lib.a -> d/lib.a @904"}));
}

TEST(ThinArchive, ReferencesPaddedWithASlash) {
  // As GNU ar 2.40 writes some of kbuild's vmlinux.a: "/18            /".
  std::string a = "!<thin>\n" + ar_header("//", 14) + "a.o/\nsub/b.o/\n" +
                  ar_header("/0             /", 10) + ar_header("/5             /", 10);
  EXPECT_EQ(paths(thin_archive_members("t.a", a)),
            (std::vector<std::string>{"a.o -> a.o", "sub/b.o -> sub/b.o"}));
}

TEST(ThinArchive, ShortNames) {
  std::string a = "!<thin>\n" + ar_header("x.o/", 10) + ar_header("bsd.o", 10);
  EXPECT_EQ(paths(thin_archive_members("t.a", a)),
            (std::vector<std::string>{"x.o -> x.o", "bsd.o -> bsd.o"}));
}

TEST(ThinArchive, MalformedTablesAreErrors) {
  std::string good = thin_archive({"a.o"});
  EXPECT_EQ(error_of("!<arch>\n"), "not a thin archive");
  EXPECT_EQ(error_of(good.substr(0, good.size() - 1)),
            "malformed thin archive: truncated member header at byte " +
                std::to_string(good.size() - 60));
  std::string bad_magic = good;
  bad_magic[bad_magic.size() - 1] = 'x';
  EXPECT_EQ(error_of(bad_magic), "malformed thin archive: bad member header at byte " +
                                     std::to_string(good.size() - 60));
  EXPECT_EQ(error_of("!<thin>\n" + ar_header("//", 4) + "a/\n\n" + ar_header("/9", 1)),
            "malformed thin archive: long name outside the long-name table at byte 72");
  EXPECT_EQ(error_of("!<thin>\n" + ar_header("//", 400) + "a/\n\n"),
            "malformed thin archive: truncated table at byte 8");
  std::string bad_size = "!<thin>\n" + ar_header("x.o/", 1);
  bad_size.replace(8 + 48, 3, "1x ");
  EXPECT_EQ(error_of(bad_size), "malformed thin archive: bad member size at byte 56");
  EXPECT_EQ(error_of("!<thin>\n" + ar_header("//", 4) + "a/\n\n" + ar_header("/0:z", 1)),
            "malformed thin archive: bad nested offset at byte 72");
  EXPECT_EQ(error_of("!<thin>\n" + ar_header("", 1)),
            "malformed thin archive: empty member name at byte 8");
}

TEST(ElfFile, OpenErrorsSayWhy) {
  try {
    ElfFile f("/nonexistent/x.o");
    FAIL();
  } catch (const Error &e) {
    EXPECT_STREQ(e.what(), "No such file or directory");
  }
  try {
    ElfFile f("/proc/self/cmdline");
    FAIL();
  } catch (const Error &e) {
    EXPECT_STREQ(e.what(), "not an ELF object or archive");
  }
}
