// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target "log_reader_elf": arbitrary bytes as a file the user names
// to `inlinetune extract`: LogSet::add_path() of a file holding them, with
// function sizes on (--with-symbols), then every TU's records.  An ELF object
// or a regular archive goes through libelf (tools/read/elf_file.cc) and the
// .inlinetune.log section (its notes, or raw frames) through the reader; a
// thin archive's member table is parsed by hand (thin_archive_members()).
//
// The file lives in a directory of its own (under $TMPDIR), made once per
// process.  A thin archive names its members by path: those that would leave
// that directory (absolute, or with a '..') are parsed but not read, so that
// the target never opens files of the machine it runs on.
// Build and run: `make bench-fuzz` (README.md).
#include "read/elf_file.h"
#include "error.h"
#include "read/log_reader.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <unistd.h>

using namespace inlinetune;

namespace {

// The directory, made on first use and removed at exit.  Kept in a plain
// array: a static std::string would be destroyed before the atexit handler
// that removes the directory runs.
char scratch[4096];

std::string scratch_dir() {
  if (!scratch[0]) {
    const char *tmp = std::getenv("TMPDIR");
    std::snprintf(scratch, sizeof scratch, "%s/inlinetune-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(scratch)) {
      std::perror("log_reader_elf fuzzer: mkdtemp");
      std::abort();
    }
    std::atexit([] {
      unlink((std::string(scratch) + "/input.o").c_str());
      rmdir(scratch);
    });
  }
  return scratch;
}

void write_file(const std::string &path, std::string_view data) {
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0 || write(fd, data.data(), data.size()) != static_cast<ssize_t>(data.size())) {
    std::perror("log_reader_elf fuzzer: writing the input");
    std::abort();
  }
  close(fd);
}

// True when every member of the thin archive DATA stays inside the scratch
// directory (or the table does not parse: add_path then reports that).
bool stays_inside(const std::string &path, std::string_view data) {
  std::vector<ThinMember> members;
  try {
    members = thin_archive_members(path, data);
  } catch (const Error &) {
    return true;
  }
  for (const ThinMember &m : members)
    if (m.name.empty() || m.name[0] == '/' || m.name.find("..") != std::string::npos)
      return false;
  return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  std::string_view data(reinterpret_cast<const char *>(bytes), size);
  const std::string path = scratch_dir() + "/input.o";
  if (file_kind(data) == FileKind::thin_archive && !stays_inside(path, data))
    return 0;
  write_file(path, data);
  ReadOptions options; // no decoded-log cache: the text is read back below
  options.function_sizes = true;
  LogSet set(options, [](const Diagnostic &d) {
    if (d.message.empty()) {
      std::fprintf(stderr, "log_reader_elf fuzzer: empty diagnostic\n");
      std::abort();
    }
  });
  set.add_path(path);
  for (const TuInfo &tu : set.finish()) {
    const std::string text = set.text(tu);
    if (size_t(std::count(text.begin(), text.end(), '\n')) != tu.records) {
      std::fprintf(stderr, "log_reader_elf fuzzer: text() and TuInfo::records disagree\n");
      std::abort();
    }
  }
  return 0;
}
