// SPDX-License-Identifier: GPL-3.0-or-later
// common/atomic_file: whole files by rename, and paths that are not regular
// files (a FIFO here, /dev/null in the CLI's tests) written in place.
#include "atomic_file.h"

#include "scratch_dir.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using inlinetune::AtomicFile;
using inlinetune::ScratchDir;

namespace {

std::string read_all(int fd) {
  std::string out;
  char buf[256];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;)
    out.append(buf, size_t(n));
  return out;
}

} // namespace

TEST(AtomicFile, RenamesOverARegularFile) {
  ScratchDir dir("atomic_file_test");
  const std::string path = dir.path + "/out";
  int old_fd = open(path.c_str(), O_WRONLY | O_CREAT, 0644);
  ASSERT_GE(old_fd, 0);
  ASSERT_EQ(write(old_fd, "old", 3), 3);
  close(old_fd);
  {
    AtomicFile f(path);
    int fd = f.create(0644);
    ASSERT_GE(fd, 0);
    EXPECT_FALSE(f.in_place());
    EXPECT_NE(f.temp_path(), path);
    ASSERT_EQ(write(fd, "new", 3), 3);
    close(fd);
    int check = open(path.c_str(), O_RDONLY); // not replaced before commit
    EXPECT_EQ(read_all(check), "old");
    close(check);
    ASSERT_TRUE(f.commit());
  }
  int fd = open(path.c_str(), O_RDONLY);
  EXPECT_EQ(read_all(fd), "new");
  close(fd);
}

TEST(AtomicFile, WritesAFifoInPlace) {
  ScratchDir dir("atomic_file_test");
  const std::string path = dir.path + "/fifo";
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  int reader = open(path.c_str(), O_RDONLY | O_NONBLOCK); // so the writer's open returns
  ASSERT_GE(reader, 0);
  {
    AtomicFile f(path);
    int fd = f.create(0644);
    ASSERT_GE(fd, 0) << strerror(errno);
    EXPECT_TRUE(f.in_place());
    ASSERT_EQ(write(fd, "through", 7), 7);
    close(fd);
    ASSERT_TRUE(f.commit());
  }
  EXPECT_EQ(read_all(reader), "through");
  close(reader);
  struct stat st;
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode)); // still the FIFO, not a file renamed over it
}
