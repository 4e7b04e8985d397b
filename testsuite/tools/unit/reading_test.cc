// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a kernel's logs fast without changing what is read: TUs of .jsonl
// files read again from the file by offset (and a file that changed since
// refused), and the threads of tools/support/parallel.h (a directory's files, a
// build's TUs, diff's two builds) giving what one thread gives.
#include "decode.h"
#include "error.h"
#include "model/build_diff.h"
#include "model/build_model.h"
#include "read/log_reader.h"
#include "record_text.h"
#include "support/parallel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace inlinetune;
using inlinetune::test::key_variants;
using inlinetune::test::read_with;

namespace {

// A directory of its own under the test's temporary directory, removed at the end.
class TempDir {
public:
  TempDir() {
    std::string pattern = testing::TempDir() + "inlinetune-reading-XXXXXX";
    char *made = mkdtemp(pattern.data());
    EXPECT_NE(made, nullptr);
    path_ = pattern;
  }
  ~TempDir() { std::system(("rm -rf '" + path_ + "'").c_str()); }
  const std::string &path() const { return path_; }
  std::string file(const std::string &name) const { return path_ + "/" + name; }

private:
  std::string path_;
};

void write_file(const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  ASSERT_TRUE(out.good()) << path;
}

std::string header(const std::string &source) {
  std::string object = source.substr(0, source.size() - 2) + ".o";
  return R"({"record":"tu","schema":2,"gcc":{"version":"12.2.0","target":"aarch64-linux-gnu"},)"
         R"("source":")" +
         source + R"(","object":")" + object +
         R"(","tag":"","params":{"max-inline-insns-auto":"15"},"lto":false,)"
         R"("reasons":{"OK":"inlined","MAX_INLINE_INSNS_AUTO_LIMIT":"--param max-inline-insns-auto limit reached"}})"
         "\n";
}

// A TU's log: N functions f0..fN-1 of SOURCE, each calling the next two and
// a shared header inline, some inlined, some refused with a limit, some
// written twice (both inliners); BAD adds a record of the wrong shape.
std::string tu_log(const std::string &source, int n, int seed, bool bad = false) {
  std::ostringstream out;
  out << header(source);
  const std::string base = source.substr(source.rfind('/') + 1);
  const std::string stem = base.substr(0, base.size() - 2);
  for (int i = 0; i < n; ++i) {
    const std::string caller = stem + "_f" + std::to_string(i);
    for (int k = 1; k <= 2; ++k) {
      const std::string callee = stem + "_f" + std::to_string((i + k) % n);
      const bool inlined = (i * 7 + k * 3 + seed) % 5 < 2;
      const std::string id = fmt::format("{:016x}", (seed * 1000 + i) * 10 + k);
      out << R"({"record":"site","id":")" << id << R"(","pass":"einline","caller":")" << caller
          << R"(","callee":")" << callee << R"(","location":")" << source << ":" << i + 1 << ":"
          << k << R"(","inlined":false,"reason":"MAX_INLINE_INSNS_AUTO_LIMIT",)"
          << R"("limit":{"param":"max-inline-insns-auto","value":15,"flip_at":)" << 16 + i
          << "}}\n";
      if (inlined || k == 2)
        out << R"({"record":"site","id":")" << id << R"(","pass":"inline","caller":")"
            << (k == 2 ? "other_" + caller : caller) << R"(","lexical_caller":")" << caller
            << R"(","callee":")" << callee << R"(","location":")" << source << ":" << i + 1 << ":"
            << k << R"(","inlined":)" << (inlined ? "true" : "false") << R"(,"reason":")"
            << (inlined ? "OK" : "MAX_INLINE_INSNS_AUTO_LIMIT") << "\"}\n";
    }
    out << R"({"record":"site","id":")" << fmt::format("{:016x}", 7777700 + seed * 100 + i)
        << R"(","pass":"einline","caller":")" << caller
        << R"(","callee":"shared_inline","location":"include/linux/x.h:3:1","inlined":true,"reason":"OK"})"
        << "\n";
    out << R"({"record":"function","name":")" << caller << R"(","size_before":)" << 10 + i
        << R"(,"size_after":)" << 10 + i + (seed % 3) << R"(,"inlined_callees":1,"out_of_line":)"
        << (i % 4 ? "true" : "false") << "}\n";
    if (bad && i == n / 2)
      out << R"({"record":"function","name":")" << caller << "\",\"size_after\":\"big\"}\n";
  }
  return out.str();
}

struct Collected {
  std::vector<std::string> diagnostics;
  DiagnosticSink sink() {
    return [this](const Diagnostic &d) {
      diagnostics.push_back(std::to_string(static_cast<int>(d.level)) + " " + d.file + ": " +
                            d.message);
    };
  }
};

// Everything LogSet says about its TUs (not the text's location).
std::vector<std::string> listing(const LogSet &logs, const std::vector<TuInfo> &tus) {
  std::vector<std::string> out;
  for (const TuInfo &tu : tus)
    out.push_back(fmt::format("{} {} #{} {} records, {} bytes, {} {}", tu.object, tu.origin,
                              tu.index, tu.records, tu.size, tu.digest,
                              std::hash<std::string>{}(logs.text(tu))));
  return out;
}

} // namespace

// ---- TUs of .jsonl files, read again by offset --------------------------------

TEST(TuSplitter, OffsetIsWhereTheTuStartsInTheStreamAnySplit) {
  // A dropped TU, a line longer than a piece, bytes that are not ASCII and a
  // header split anywhere: the offset is the header's first byte all the same.
  const std::string stream = header("a/x.c") + "{\"record\":\"site\",\"n\":1}\n" +
                             header("a/bad.c") + "{oops}\n" + header("a/y.c") +
                             "{\"record\":\"site\",\"text\":\"\xc3\xa9\xe2\x82\xac " +
                             std::string(300, 'x') + "\"}\n" + header("a/z.c");
  for (size_t chunk : {size_t(1), size_t(7), size_t(64), stream.size()}) {
    std::vector<std::pair<size_t, std::string>> tus;
    TuSplitter split("s.jsonl", 1 << 20, nullptr,
                     [&](TuText &&tu) { tus.emplace_back(tu.offset, tu.text); });
    for (size_t i = 0; i < stream.size(); i += chunk)
      split.feed(std::string_view(stream).substr(i, chunk));
    split.end_stream();
    ASSERT_EQ(tus.size(), 3u) << "chunk " << chunk;
    EXPECT_EQ(tus[0].first, 0u);
    EXPECT_EQ(tus[1].first, stream.find(header("a/y.c"))) << "chunk " << chunk;
    EXPECT_EQ(tus[2].first, stream.find(header("a/z.c"))) << "chunk " << chunk;
    for (const auto &[offset, text] : tus)
      EXPECT_EQ(stream.substr(offset, text.size()), text) << "chunk " << chunk;
  }
}

TEST(TuSplitter, SizeAndDigestWithoutTheText) {
  // What LogSet keeps of a TU it reads again from its file: the text's size
  // and digest, the same as those of the text when kept, line by line.
  const std::string stream =
      tu_log("a/x.c", 4, 1) + header("a/bad.c") + "{oops}\n" + tu_log("a/y.c", 9, 2);
  std::vector<TuText> kept, not_kept;
  for (bool keep : {true, false}) {
    TuSplitter split("s.jsonl", 1 << 20, nullptr,
                     [&](TuText &&tu) { (keep ? kept : not_kept).push_back(std::move(tu)); });
    split.keep_text(keep);
    for (size_t i = 0; i < stream.size(); i += 100)
      split.feed(std::string_view(stream).substr(i, 100));
    split.end_stream();
  }
  ASSERT_EQ(kept.size(), 2u);
  ASSERT_EQ(not_kept.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_TRUE(not_kept[i].text.empty());
    EXPECT_EQ(not_kept[i].size, kept[i].text.size());
    EXPECT_EQ(kept[i].size, kept[i].text.size());
    EXPECT_EQ(not_kept[i].digest, text_digest(kept[i].text));
    EXPECT_EQ(kept[i].digest, text_digest(kept[i].text));
    EXPECT_EQ(not_kept[i].offset, kept[i].offset);
    EXPECT_EQ(stream.substr(kept[i].offset, kept[i].text.size()), kept[i].text);
  }
  EXPECT_NE(kept[0].digest, kept[1].digest);
  EXPECT_NE(text_digest("a\nb\n"), text_digest("b\na\n"));
  EXPECT_NE(text_digest("ab\n"), text_digest("a\nb\n"));
}

TEST(TuSplitter, OffsetsStartAgainWithEachStream) {
  std::vector<size_t> offsets;
  TuSplitter split("s.o", 1 << 20, nullptr, [&](TuText &&tu) { offsets.push_back(tu.offset); });
  for (const char *source : {"a.c", "b.c"}) {
    const std::string log = header(std::string("d/") + source) + header("d/more.c");
    split.feed(log);
    split.end_stream();
  }
  EXPECT_EQ(offsets, (std::vector<size_t>{0, header("d/a.c").size(), 0, header("d/b.c").size()}));
}

TEST(LogSet, JsonlTusAreReadAgainFromTheirOffsets) {
  TempDir dir;
  // Several TUs of different sizes in one file, one of them dropped, and a
  // second file: each TU's text must come back from its own bytes.
  const std::string a = tu_log("fs/a.c", 3, 1), b = tu_log("fs/b.c", 40, 2),
                    c = tu_log("fs/c.c", 1, 3), d = tu_log("mm/d.c", 5, 4);
  write_file(dir.file("one.jsonl"), a + header("fs/dropped.c") + "{oops}\n" + b + c);
  write_file(dir.file("two.jsonl"), d);
  Collected said;
  LogSet logs({}, said.sink());
  logs.add_path(dir.path());
  const std::vector<TuInfo> &tus = logs.finish();
  ASSERT_EQ(tus.size(), 4u);
  const std::string texts[] = {a, b, c, d}; // sorted by object: fs/a fs/b fs/c mm/d
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_FALSE(tus[i].file.empty()) << i; // not kept in memory
    EXPECT_TRUE(tus[i].packed.empty()) << i;
    EXPECT_EQ(logs.text(tus[i]), texts[i]) << i;
  }
  EXPECT_EQ(tus[1].file_offset, (a + header("fs/dropped.c") + "{oops}\n").size());
  const std::string last = logs.text(tus[3]);
  EXPECT_EQ(size_t(std::count(last.begin(), last.end(), '\n')), tus[3].records);
  ASSERT_EQ(said.diagnostics.size(), 1u);
  EXPECT_NE(said.diagnostics[0].find("one.jsonl: TU 2 (fs/dropped.o), line 2"), std::string::npos)
      << said.diagnostics[0];
}

TEST(LogSet, AJsonlFileThatChangedSinceItWasReadIsAnError) {
  TempDir dir;
  const std::string a = tu_log("fs/a.c", 3, 1), b = tu_log("fs/b.c", 4, 2);
  const std::string path = dir.file("log.jsonl");
  auto read = [&](LogSet &logs) {
    write_file(path, a + b);
    logs.add_path(path);
    EXPECT_EQ(logs.finish().size(), 2u);
    return logs.finish();
  };
  auto changed = [&](const LogSet &logs, const TuInfo &tu) {
    try {
      logs.text(tu);
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string("not refused");
  };
  const std::string message = path + ": the file changed while it was being read";
  {
    // Grown (a TU appended, say).
    LogSet logs({}, nullptr);
    std::vector<TuInfo> tus = read(logs);
    EXPECT_EQ(logs.text(tus[1]), b);
    write_file(path, a + b + b);
    EXPECT_EQ(changed(logs, tus[0]), message);
  }
  {
    // Rewritten in place, the same size, its mtime put back: the text's
    // digest tells.
    LogSet logs({}, nullptr);
    std::vector<TuInfo> tus = read(logs);
    struct stat st;
    ASSERT_EQ(stat(path.c_str(), &st), 0);
    std::string same_size = a + b;
    same_size[a.size() + 20] = same_size[a.size() + 20] == 'x' ? 'y' : 'x';
    write_file(path, same_size);
    const struct timespec times[2] = {st.st_atim, st.st_mtim};
    ASSERT_EQ(utimensat(AT_FDCWD, path.c_str(), times, 0), 0);
    EXPECT_EQ(logs.text(tus[0]), a); // its bytes are the same
    EXPECT_EQ(changed(logs, tus[1]), message);
  }
  {
    // Gone.
    LogSet logs({}, nullptr);
    std::vector<TuInfo> tus = read(logs);
    ASSERT_EQ(unlink(path.c_str()), 0);
    EXPECT_EQ(changed(logs, tus[0]), path + ": No such file or directory");
  }
}

TEST(Model, AJsonlFileThatChangedBeforeTheModelIsBuiltIsAnError) {
  TempDir dir;
  const std::string path = dir.file("log.jsonl");
  write_file(path, tu_log("fs/a.c", 3, 1));
  LogSet logs({}, nullptr);
  logs.add_path(path);
  logs.finish();
  write_file(path, tu_log("fs/a.c", 3, 2)); // the same size, other ids
  EXPECT_THROW(build_model(logs, nullptr), Error);
}

// ---- threads ---------------------------------------------------------------------

TEST(InOrder, UsesEveryItemInOrderWhateverTheThreads) {
  for (size_t jobs : {1, 2, 3, 8}) {
    for (size_t window : {1, 4, 100}) {
      std::vector<int> worked(50);
      std::vector<size_t> used;
      std::atomic<int> running{0};
      in_order(
          worked.size(), jobs, window,
          [&](size_t i) {
            ++running;
            worked[i] = static_cast<int>(i) * 2;
            --running;
          },
          [&](size_t i) {
            EXPECT_EQ(worked[i], static_cast<int>(i) * 2);
            used.push_back(i);
          });
      std::vector<size_t> all(worked.size());
      for (size_t i = 0; i < all.size(); ++i)
        all[i] = i;
      EXPECT_EQ(used, all) << jobs << " jobs, window " << window;
      EXPECT_EQ(running, 0);
    }
  }
  in_order(
      0, 4, 4, [](size_t) { FAIL(); }, [](size_t) { FAIL(); });
}

TEST(InOrder, AnExceptionComesOutOnTheCallersThreadInItsItemsTurn) {
  for (size_t jobs : {1, 2, 4}) {
    std::vector<size_t> used;
    try {
      in_order(
          20, jobs, 3,
          [&](size_t i) {
            if (i == 7 || i == 12)
              throw Error("item {}", i);
          },
          [&](size_t i) { used.push_back(i); });
      ADD_FAILURE() << "no exception";
    } catch (const Error &e) {
      EXPECT_STREQ(e.what(), "item 7");
    }
    EXPECT_EQ(used.size(), 7u) << jobs << " jobs";

    // One from USE stops the rest.
    size_t worked_after = 0;
    std::atomic<size_t> worked{0};
    try {
      in_order(
          1000, jobs, 4, [&](size_t) { ++worked; },
          [&](size_t i) {
            if (i == 5)
              throw std::runtime_error("stop");
          });
      ADD_FAILURE() << "no exception";
    } catch (const std::runtime_error &e) {
      EXPECT_STREQ(e.what(), "stop");
      worked_after = worked;
    }
    EXPECT_LE(worked_after, 5u + 4u + jobs) << jobs << " jobs"; // the window, no further
  }
}

TEST(ReadingJobs, FromTheEnvironment) {
  const char *old = std::getenv("INLINETUNE_JOBS");
  const std::string saved = old ? old : "";
  setenv("INLINETUNE_JOBS", "3", 1);
  EXPECT_EQ(worker_threads(0), 3u);
  EXPECT_EQ(worker_threads(5), 5u);
  setenv("INLINETUNE_JOBS", "x", 1);
  EXPECT_GE(worker_threads(0), 1u);
  // Not a positive number: the CPU count, as for no setting.
  unsetenv("INLINETUNE_JOBS");
  const size_t cpus = worker_threads(0);
  for (const char *bad : {"-3", "0", "", "+2", " 2", "2x"}) {
    setenv("INLINETUNE_JOBS", bad, 1);
    EXPECT_EQ(worker_threads(0), cpus) << '"' << bad << '"';
  }
  setenv("INLINETUNE_JOBS", "99999999999999999999", 1); // beyond unsigned long: capped
  EXPECT_EQ(worker_threads(0), 64u);
  if (old)
    setenv("INLINETUNE_JOBS", saved.c_str(), 1);
  else
    unsetenv("INLINETUNE_JOBS");
}

namespace {

// A build directory: NTUS .jsonl files, some with a bad record, one that is
// not a log, one empty, one a hard link to another (read once), and one
// TU written twice (kept once).
void make_build(const TempDir &dir, int ntus, int seed) {
  for (int t = 0; t < ntus; ++t) {
    std::string source = fmt::format("drivers/d{}/file{}.c", t % 5, t);
    std::string name = source;
    for (char &c : name)
      if (c == '/')
        c = '%';
    write_file(dir.file(name + ".jsonl"),
               tu_log(source, 1 + (t * 7 + seed) % 13, seed + t, t % 9 == 4));
  }
  write_file(dir.file("junk.jsonl"), "not a log\n");
  write_file(dir.file("empty.jsonl"), "");
  write_file(dir.file("copy.jsonl"), tu_log("drivers/d1/file1.c", 1 + (7 + seed) % 13, seed + 1));
  ASSERT_EQ(link(dir.file("drivers%d0%file0.c.jsonl").c_str(), dir.file("zz-link.jsonl").c_str()),
            0);
}

struct Read {
  std::vector<std::string> tus, diagnostics;
  ReadStats stats;
};

Read read_dir(const std::string &path, size_t jobs) {
  Collected said;
  ReadOptions options;
  options.jobs = jobs;
  LogSet logs(options, said.sink());
  logs.add_path(path);
  Read r;
  r.tus = listing(logs, logs.finish());
  r.diagnostics = said.diagnostics;
  r.stats = logs.stats();
  return r;
}

// Everything in a Build, as text.
std::vector<std::string> dump(const Build &b) {
  std::vector<std::string> out;
  for (NameId i = 0; i < b.names.size(); ++i)
    out.push_back(fmt::format("name {} {}", i, b.names[i]));
  for (const TuModel &t : b.tus)
    out.push_back(fmt::format("tu {} {} {} {} {} {}", t.key, t.origin, t.index, t.records,
                              t.has_symbols, t.header.params_json));
  for (const SiteModel &s : b.sites) {
    std::string callers;
    for (NameId c : b.callers(s))
      callers += fmt::format(" {}", c);
    std::optional<Limit> l = b.limit(s);
    out.push_back(fmt::format(
        "site {} {} {} {} {} {} {} [{}] {} {} {} {} {} {}", s.tu, s.id, s.lexical_caller,
        s.lexical_caller_symbol, s.callee, s.callee_symbol, s.location, callers, s.records,
        s.inlined_records, s.einline_inlined, s.ipa_inlined, s.reason,
        l ? fmt::format("{}={} flip {}", l->param, l->value, l->flip_at ? *l->flip_at : -1) : "-"));
  }
  for (const FunctionModel &f : b.functions)
    out.push_back(fmt::format("function {} {} {} {} {} {} {} {} {}", f.tu, f.name, f.symbol,
                              f.size_before.value_or(-1), f.size_after.value_or(-1),
                              f.inlined_callees, f.out_of_line, f.emitted,
                              f.bytes ? int64_t(*f.bytes) : -1));
  for (const auto &[key, index] : b.site_index)
    out.push_back(fmt::format("site_index {} {}", key, index));
  for (const auto &[key, index] : b.function_index)
    out.push_back(fmt::format("function_index {} {}", key, index));
  for (const auto &[tu, s] : b.kept_sites)
    out.push_back(fmt::format("kept {} {} {}", tu, s.id, s.reason_text));
  out.push_back(fmt::format("errors {} files {} symbols {}", b.errors, b.files, b.has_symbols));
  return out;
}

} // namespace

TEST(LogSet, ADirectoryReadOnManyThreadsGivesWhatOneGives) {
  TempDir dir;
  make_build(dir, 60, 1);
  const Read one = read_dir(dir.path(), 1);
  EXPECT_EQ(one.tus.size(), 60u);
  EXPECT_EQ(one.stats.files, 63u); // the hard link is read once
  EXPECT_EQ(one.stats.duplicates, 1u);
  EXPECT_EQ(one.stats.errors, 2u); // junk.jsonl, empty.jsonl
  for (size_t jobs : {2, 3, 7}) {
    const Read many = read_dir(dir.path(), jobs);
    EXPECT_EQ(many.tus, one.tus) << jobs;
    EXPECT_EQ(many.diagnostics, one.diagnostics) << jobs;
    EXPECT_EQ(many.stats.files, one.stats.files);
    EXPECT_EQ(many.stats.errors, one.stats.errors);
    EXPECT_EQ(many.stats.duplicates, one.stats.duplicates);
  }
}

TEST(Model, ABuildReadOnManyThreadsIsTheBuildOneThreadMakes) {
  TempDir dir;
  make_build(dir, 40, 2);
  auto load = [&](size_t jobs, std::vector<std::string> *said) {
    LoadOptions options;
    options.jobs = jobs;
    options.keep_site = [](const Site &s) { return s.callee.name == "shared_inline"; };
    Collected c;
    Build b = load_build({dir.path()}, c.sink(), options);
    *said = c.diagnostics;
    return dump(b);
  };
  std::vector<std::string> said_one, said_many;
  const std::vector<std::string> one = load(1, &said_one);
  EXPECT_GT(one.size(), 1000u);
  EXPECT_EQ(std::count_if(said_one.begin(), said_one.end(),
                          [](const std::string &d) { return d.find("size_after") != d.npos; }),
            4); // the bad records, in TUs 4, 13, 22 and 31
  for (size_t jobs : {2, 5}) {
    EXPECT_EQ(load(jobs, &said_many), one) << jobs;
    EXPECT_EQ(said_many, said_one) << jobs;
  }
}

TEST(Diff, TwoBuildsReadAtOnceGiveWhatOneAfterTheOtherGives) {
  TempDir base, next;
  make_build(base, 30, 1);
  make_build(next, 30, 2);
  write_file(next.file("only-new.jsonl"), tu_log("lib/new.c", 2, 9));
  auto diff = [&](const char *jobs) {
    setenv("INLINETUNE_JOBS", jobs, 1);
    Collected said;
    BuildDiff d = load_diff({base.path()}, {next.path()}, said.sink());
    std::vector<std::string> out = said.diagnostics;
    for (const Flip &f : d.flips)
      out.push_back(fmt::format("flip {} {} {} {}", f.tu, f.id, f.base_reason, f.new_reason));
    for (const FunctionDiff &f : d.functions)
      out.push_back(fmt::format("function {} {} {} {} {}", f.tu, f.symbol,
                                function_status_name(f.status), f.est_delta, f.flips.size()));
    out.push_back(fmt::format("{} {} {} {}", d.sites_common, d.sites_only_base, d.sites_only_new,
                              d.errors()));
    unsetenv("INLINETUNE_JOBS");
    return out;
  };
  const std::vector<std::string> one = diff("1");
  EXPECT_GT(one.size(), 100u);
  EXPECT_EQ(diff("2"), one);
  EXPECT_EQ(diff("4"), one);

  // A build that cannot be read: BASE's diagnostics, then the error, as one
  // thread would say it.
  auto failing = [&](const char *jobs) {
    setenv("INLINETUNE_JOBS", jobs, 1);
    Collected said;
    std::string error;
    try {
      load_diff({base.path()}, {next.path() + "/no-such-dir"}, said.sink());
    } catch (const Error &e) {
      error = e.what();
    }
    unsetenv("INLINETUNE_JOBS");
    said.diagnostics.push_back(error);
    return said.diagnostics;
  };
  EXPECT_EQ(failing("2"), failing("1"));
}

// ---- records read faster -------------------------------------------------------

namespace {

const char *kLines[] = {
    R"({"record":"site","id":"00000000000000aa","pass":"inline","caller":"a","caller_symbol":"_Za",)"
    R"("lexical_caller":"b","lexical_caller_symbol":"_Zb","callee":"c","callee_symbol":"_Zc",)"
    R"("callee_clone":"c.constprop.0","location":"x.c:1:2","chain":["_Za","_Zb"],"inlined":false,)"
    R"("reason":"X","reason_text":"own","callee_size":4,"growth":3,"caller_size_before":10,)"
    R"("caller_size_after":12,"count":7,"frequency":0.5,"hot":true,)"
    R"("limit":{"param":"p","value":15,"flip_at":29}})",
    R"({"record":"site","id":"1","pass":"einline","caller":{"name":"a","symbol":"a"},)"
    R"("callee":{"name":"c"},"inlined":false,"reason":"Y","reason_text":"y text"})",
    R"({"record":"function","name":"f","symbol":"_Zf","size_before":3,"size_after":5,)"
    R"("inlined_callees":2,"out_of_line":true,"never_inline":false})",
};

// The types of a Record, all the way down ("u" unsigned, "i" integer, ...).
std::string types(const Record &r) {
  std::string out = r.is_number_unsigned() ? "u" : r.is_number_integer() ? "i" : r.type_name();
  if (r.is_structured())
    for (const auto &item : r.items())
      out += "(" + (r.is_object() ? item.key() + ":" : "") + types(item.value()) + ")";
  return out;
}

} // namespace

TEST(RecordReader, ViewsReadWhatWholeRecordsRead) {
  const TuHeader h = parse_header(
      Record::parse(R"({"record":"tu","schema":2,"reasons":{"OK":"inlined","X":"x text"}})"));
  RecordReader reader;
  Site s;
  Function f;
  SiteView sv;
  FunctionView fv;
  size_t n = 0, errors = 0;
  for (const char *base : kLines)
    for (const std::string &line : key_variants(base)) {
      const std::string whole = read_with(reader, line, false, h, s, f);
      EXPECT_EQ(read_with(reader, line, false, h, sv, fv), whole) << line;
      EXPECT_EQ(read_with(reader, line, true, h, sv, fv), whole) << line;
      ++n;
      errors += whole.rfind("error ", 0) == 0;
    }
  EXPECT_GT(n, 300u);
  EXPECT_GT(errors, 100u);
}

TEST(ParseRecord, IsRecordParse) {
  size_t n = 0;
  for (const char *base : kLines)
    for (const std::string &line : key_variants(base)) {
      const Record want = Record::parse(line), got = parse_record(line);
      EXPECT_EQ(got.dump(), want.dump()) << line;
      EXPECT_EQ(got, want) << line;
      // "-0" is the one integer simdjson does not tell from 0.
      if (line.find(":-0") == std::string::npos) {
        EXPECT_EQ(types(got), types(want)) << line;
      }
      ++n;
    }
  EXPECT_GT(n, 300u);
  for (const char *line : {"not json", "{\"a\":1", "[1e400]", "{\"a\":\"\\ud800\"}"})
    EXPECT_THROW(parse_record(line), Record::exception) << line;
  // Beyond 64 bits: simdjson refuses, nlohmann reads a double.
  EXPECT_EQ(parse_record("[123456789012345678901234]").dump(), "[1.2345678901234569e+23]");
  EXPECT_EQ(parse_record(R"({"b":1,"a":2,"b":3})").dump(), R"({"b":3,"a":2})");
}
