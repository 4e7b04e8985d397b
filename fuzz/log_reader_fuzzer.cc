// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target "log_reader": arbitrary bytes through the log reader
// (tools/read/log_reader.h), the way the inlinetune command reads them.
//
//  1. The whole path of the CLI: LogSet::add_log() of the bytes both as a
//     .inlinetune.log section (zstd frames) and as a .jsonl file, then
//     finish(), text() and records() of every TU.  Checks that what LogSet
//     returns holds together: each TU's text is '\n'-terminated lines, the
//     first a "tu" header, as many as TuInfo::records, each parsing.
//  2. TuSplitter on the bytes as text, with a small MAX_TU_BYTES, fed whole and
//     fed in pieces (sizes from a hash of the input, down to single bytes):
//     the header promises "any split", so both must yield the same TUs and the
//     same number of errors.
//
// Anything thrown out of here (records() of a TU that passed the checks, say)
// is a crash for libFuzzer.  Build and run: `make bench-fuzz` (README.md).
#include "read/log_reader.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace inlinetune;

namespace {

[[noreturn]] void fail(const char *what) {
  std::fprintf(stderr, "log_reader fuzzer: invariant broken: %s\n", what);
  std::abort();
}

void read_whole(std::string_view data) {
  size_t diagnostics = 0;
  LogSet set(ReadOptions{}, [&](const Diagnostic &d) {
    if (d.message.empty())
      fail("empty diagnostic");
    ++diagnostics;
  });
  set.add_log("fuzz.o", data, true);
  set.add_log("fuzz.jsonl", data, false);
  const std::vector<TuInfo> &tus = set.finish();
  for (const TuInfo &tu : tus) {
    std::string text = set.text(tu);
    if (text.empty() || text.back() != '\n')
      fail("TU text is not '\\n'-terminated lines");
    if (size_t(std::count(text.begin(), text.end(), '\n')) != tu.records)
      fail("text() and TuInfo::records disagree");
    Record header = parse_record(std::string_view(text).substr(0, text.find('\n')));
    if (!header.is_object() || header.value("record", "") != "tu")
      fail("a TU that does not start with a header");
  }
  if (set.stats().errors > diagnostics)
    fail("more errors counted than reported");
}

struct Split {
  std::vector<std::string> tus; // index, lines and text of each TU
  size_t errors = 0;
  size_t headers = 0;
};

// Feeds DATA to a TuSplitter in pieces of the sizes SIZES gives (0: whole).
Split split(std::string_view data, uint64_t seed, size_t max_tu_bytes) {
  Split out;
  TuSplitter splitter("fuzz.jsonl", max_tu_bytes, nullptr, [&](TuText &&tu) {
    out.tus.push_back(std::to_string(tu.index) + ":" + std::to_string(tu.lines) + ":" + tu.text);
  });
  while (!data.empty()) {
    size_t n = data.size();
    if (seed) {
      seed = seed * 6364136223846793005u + 1442695040888963407u;
      n = std::min<size_t>(n, 1 + (seed >> 33) % 97);
    }
    splitter.feed(data.substr(0, n));
    data.remove_prefix(n);
  }
  splitter.end_stream();
  out.errors = splitter.errors();
  out.headers = splitter.tus();
  return out;
}

void split_any_way(std::string_view data) {
  // A limit some lines and TUs of a small input run into.
  const size_t max_tu_bytes = 64 + data.size() / 4;
  uint64_t seed = std::hash<std::string_view>{}(data) | 1;
  Split whole = split(data, 0, max_tu_bytes);
  Split pieces = split(data, seed, max_tu_bytes);
  if (whole.tus != pieces.tus)
    fail("TuSplitter gives other TUs when fed in pieces");
  if (whole.errors != pieces.errors)
    fail("TuSplitter reports another number of errors when fed in pieces");
  if (whole.headers != pieces.headers)
    fail("TuSplitter counts other headers when fed in pieces");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  std::string_view data(reinterpret_cast<const char *>(bytes), size);
  read_whole(data);
  split_any_way(data);
  return 0;
}
