// SPDX-License-Identifier: GPL-3.0-or-later
// The log reader's pieces without files: frames, TU splitting, LogSet's
// copies and order.  ELF objects and archives are tested through the command,
// in testsuite/tools/*.test.
#include "error.h"
#include "read/log_reader.h"

#include <gtest/gtest.h>
#include <zstd.h>

using namespace inlinetune;

namespace {

// One frame with its content size, as the plugin writes it.
std::string zst(std::string_view text) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3);
  EXPECT_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

// One frame without a content size, as a streaming writer makes it.
std::string zst_streamed(std::string_view text) {
  ZSTD_CCtx *cctx = ZSTD_createCCtx();
  std::string out(ZSTD_compressBound(text.size()) + 64, '\0');
  ZSTD_inBuffer in{text.data(), text.size(), 0};
  ZSTD_outBuffer o{out.data(), out.size(), 0};
  EXPECT_FALSE(ZSTD_isError(ZSTD_compressStream2(cctx, &o, &in, ZSTD_e_continue)));
  ZSTD_inBuffer none{nullptr, 0, 0};
  EXPECT_EQ(ZSTD_compressStream2(cctx, &o, &none, ZSTD_e_end), 0u);
  ZSTD_freeCCtx(cctx);
  out.resize(o.pos);
  EXPECT_EQ(ZSTD_getFrameContentSize(out.data(), out.size()), ZSTD_CONTENTSIZE_UNKNOWN);
  return out;
}

std::vector<std::string> frames(std::string_view data) {
  std::vector<std::string> out(1);
  decode_frames(
      data, [&](std::string_view text) { out.back() += text; },
      [&](std::string_view) { out.emplace_back(); });
  out.pop_back();
  return out;
}

std::string header(std::string_view object, int schema = 2) {
  return "{\"record\":\"tu\",\"schema\":" + std::to_string(schema) + ",\"object\":\"" +
         std::string(object) + "\"}\n";
}

// What a TuSplitter made of some streams.
struct Split {
  std::vector<std::string> tus;      // "index:object:lines" then the text
  std::vector<std::string> problems; // "file: message"
};

Split split(const std::vector<std::string> &streams, size_t chunk = SIZE_MAX,
            size_t max_tu_bytes = 1 << 20) {
  Split out;
  TuSplitter splitter(
      "x.o", max_tu_bytes,
      [&](const Diagnostic &d) { out.problems.push_back(d.file + ": " + d.message); },
      [&](TuText &&tu) {
        out.tus.push_back(std::to_string(tu.index) + ":" + tu.header["object"].get<std::string>() +
                          ":" + std::to_string(tu.lines) + "\n" + tu.text);
      });
  for (const std::string &stream : streams) {
    for (size_t i = 0; i < stream.size(); i += chunk)
      splitter.feed(std::string_view(stream).substr(i, chunk));
    splitter.end_stream();
  }
  return out;
}

} // namespace

// ---- decode_frames ---------------------------------------------------------

TEST(DecodeFrames, ConcatenatedFramesComeOutOneByOne) {
  EXPECT_EQ(frames(zst("one\n") + zst("two\n") + zst_streamed("three\n")),
            (std::vector<std::string>{"one\n", "two\n", "three\n"}));
  EXPECT_TRUE(frames("").empty());
}

TEST(DecodeFrames, PaddingAndSkippableFramesAreSkipped) {
  std::string skippable("\x50\x2a\x4d\x18\x03\x00\x00\x00xyz", 11);
  std::string data = std::string(3, '\0') + zst("a\n") + std::string(5, '\0') + skippable +
                     zst("b\n") + std::string(7, '\0');
  EXPECT_EQ(frames(data), (std::vector<std::string>{"a\n", "b\n"}));
}

TEST(DecodeFrames, LargeFrameStreamsInPieces) {
  std::string text;
  for (int i = 0; i < 50000; ++i)
    text += "{\"record\":\"site\",\"n\":" + std::to_string(i) + "}\n";
  std::string data = zst_streamed(text);
  size_t pieces = 0;
  std::string got;
  decode_frames(
      data,
      [&](std::string_view t) {
        ++pieces;
        EXPECT_LE(t.size(), ZSTD_DStreamOutSize());
        got += t;
      },
      [](std::string_view) {});
  EXPECT_EQ(got, text);
  EXPECT_GT(pieces, 1u);
}

TEST(DecodeFrames, CorruptDataNamesTheFrame) {
  std::string good = zst("a\n");
  try {
    frames(good + "garbage!");
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()), "corrupt zstd data at byte " + std::to_string(good.size()) +
                                         " of the log: Unknown frame descriptor");
  }
  std::string damaged = zst(std::string(1000, 'x') + "\n");
  damaged[damaged.size() / 2] ^= 0x55;
  damaged[damaged.size() / 2 + 1] ^= 0x55;
  EXPECT_THROW(frames(damaged), Error);
}

TEST(DecodeFrames, TruncatedFrame) {
  std::string frame = zst_streamed("{\"record\":\"tu\"}\n");
  for (size_t cut = 1; cut < frame.size(); ++cut) {
    try {
      frames(frame.substr(0, cut));
      FAIL() << "no error at cut " << cut;
    } catch (const Error &e) {
      EXPECT_STREQ(e.what(), "truncated zstd frame at byte 0 of the log");
    }
  }
}

// ---- TuSplitter ------------------------------------------------------------

TEST(TuSplitter, SplitsAtHeaders) {
  std::string log = header("a.o") + "{\"record\":\"site\",\"n\":1}\n" + header("b.o") +
                    "{\"record\":\"function\",\"symbol\":\"f\"}\n{\"record\":\"site\"}\n";
  Split s = split({log, header("c.o")});
  EXPECT_TRUE(s.problems.empty());
  ASSERT_EQ(s.tus.size(), 3u);
  EXPECT_EQ(s.tus[0], "1:a.o:2\n" + header("a.o") + "{\"record\":\"site\",\"n\":1}\n");
  EXPECT_EQ(s.tus[1].substr(0, 8), "2:b.o:3\n");
  EXPECT_EQ(s.tus[2], "3:c.o:1\n" + header("c.o"));
}

TEST(TuSplitter, AnySplitGivesTheSameResult) {
  std::string log = header("a.o") + "{\"record\":\"site\",\"s\":\"\xc3\xa9\"}\n" + header("b.o") +
                    "{\"record\":\"site\",\"n\":[1,2,{\"k\":null}]}\n";
  Split whole = split({log});
  for (size_t chunk : {1, 2, 3, 7, 64}) {
    Split pieces = split({log}, chunk);
    EXPECT_EQ(pieces.tus, whole.tus) << chunk;
    EXPECT_EQ(pieces.problems, whole.problems) << chunk;
  }
  EXPECT_EQ(whole.tus.size(), 2u);
}

TEST(TuSplitter, BadLineDropsItsTuAndNamesTheLine) {
  std::string log = header("a.o") + "{\"record\":\"site\"}\n{\"record\":\"site\",}\n" +
                    "{\"record\":\"site\"}\n" + header("b.o") + "{\"record\":\"site\"}\n";
  Split s = split({log});
  ASSERT_EQ(s.tus.size(), 1u);
  EXPECT_EQ(s.tus[0].substr(0, 8), "2:b.o:2\n");
  ASSERT_EQ(s.problems.size(), 1u);
  EXPECT_EQ(s.problems[0], "x.o: TU 1 (a.o), line 3: invalid JSON at byte 18: syntax error while "
                           "parsing object key - unexpected '}'; expected string literal");
}

TEST(TuSplitter, EveryLineIsAnObjectWithARecord) {
  for (std::string bad : {"[1]", "17", "{\"n\":1}", "{\"record\":7}", "", " ",
                          "{\"record\":\"site\"} {}", "{\"record\":\"\xff\"}"}) {
    Split s = split({header("a.o") + bad + "\n"});
    EXPECT_TRUE(s.tus.empty()) << bad;
    ASSERT_EQ(s.problems.size(), 1u) << bad;
    EXPECT_EQ(s.problems[0].substr(0, 22), "x.o: TU 1 (a.o), line ") << s.problems[0];
  }
  Split s = split({header("a.o") + "[1]\n{\"n\":1}\n"});
  ASSERT_EQ(s.problems.size(), 1u); // one per TU
  EXPECT_EQ(s.problems[0], "x.o: TU 1 (a.o), line 2: not a JSON object");
  s = split({header("a.o") + "{\"n\":1}\n"});
  EXPECT_EQ(s.problems.at(0), "x.o: TU 1 (a.o), line 2: no \"record\" string");
}

TEST(TuSplitter, DeepNestingIsRefused) {
  std::string deep =
      "{\"record\":\"site\",\"x\":" + std::string(100000, '[') + std::string(100000, ']') + "}\n";
  Split s = split({header("a.o") + deep});
  EXPECT_TRUE(s.tus.empty());
  EXPECT_EQ(s.problems.at(0), "x.o: TU 1 (a.o), line 2: nested more than 64 deep");
  std::string ok =
      "{\"record\":\"site\",\"x\":" + std::string(60, '[') + std::string(60, ']') + "}\n";
  EXPECT_EQ(split({header("a.o") + ok}).tus.size(), 1u);
}

TEST(TuSplitter, StreamMustStartWithAHeader) {
  Split s = split({"{\"record\":\"site\"}\n{\"record\":\"site\"}\n" + header("a.o")});
  EXPECT_EQ(s.problems,
            (std::vector<std::string>{"x.o: line 1: the log does not start with a TU header "
                                      "(\"record\":\"tu\"); found \"record\":\"site\""}));
  EXPECT_EQ(s.tus.size(), 1u); // the header that comes later starts a TU
  s = split({"not json\n"});
  EXPECT_EQ(s.problems.at(0).substr(0, 32), "x.o: line 1: invalid JSON at byt");
}

TEST(TuSplitter, Schema) {
  // Schema 1, before the compact records, is not read as schema 2.
  EXPECT_EQ(split({header("a.o", 1)}).problems.at(0),
            "x.o: TU 1 (a.o), line 1: unsupported schema 1 (this inlinetune reads schema 2)");
  EXPECT_EQ(split({header("a.o", 3)}).problems.at(0),
            "x.o: TU 1 (a.o), line 1: unsupported schema 3 (this inlinetune reads schema 2)");
  EXPECT_EQ(split({"{\"record\":\"tu\",\"schema\":\"2\",\"object\":\"a.o\"}\n"}).problems.at(0),
            "x.o: TU 1 (a.o), line 1: TU header without an integer \"schema\"");
  EXPECT_EQ(split({"{\"record\":\"tu\"}\n"}).problems.at(0),
            "x.o: TU 1 (no \"object\"), line 1: TU header without an integer \"schema\"");
  Split s = split({header("a.o", 1) + "{\"record\":\"site\"}\n" + header("b.o")});
  EXPECT_EQ(s.problems.size(), 1u);
  ASSERT_EQ(s.tus.size(), 1u);
  EXPECT_EQ(s.tus[0].substr(0, 4), "2:b.");
}

TEST(TuSplitter, LastLineWithoutNewlineIsTruncated) {
  Split s = split({header("a.o") + "{\"record\":\"site\"}"});
  EXPECT_TRUE(s.tus.empty());
  EXPECT_EQ(s.problems, (std::vector<std::string>{
                            "x.o: TU 1 (a.o), line 2: truncated: the last line has no '\\n'"}));
  // Each stream is checked on its own: the next one is fine.
  s = split({header("a.o") + "{\"rec", header("b.o")});
  EXPECT_EQ(s.tus.size(), 1u);
  EXPECT_EQ(s.problems.size(), 1u);
}

TEST(TuSplitter, AbandonDropsThePartialTu) {
  std::vector<std::string> tus, problems;
  TuSplitter splitter(
      "x.o", 1 << 20, [&](const Diagnostic &d) { problems.push_back(d.message); },
      [&](TuText &&tu) { tus.push_back(tu.header["object"]); });
  splitter.feed(header("a.o") + header("b.o") + "{\"record\":\"site\"}\n{\"rec");
  splitter.abandon();
  splitter.feed(header("c.o"));
  splitter.end_stream();
  EXPECT_EQ(tus, (std::vector<std::string>{"a.o", "c.o"}));
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(splitter.tus(), 3u);
}

TEST(TuSplitter, MemoryPerTuIsBounded) {
  std::string site = "{\"record\":\"site\",\"pad\":\"" + std::string(100, 'x') + "\"}\n";
  std::string log = header("a.o");
  for (int i = 0; i < 20; ++i)
    log += site;
  log += header("b.o") + site;
  Split s = split({log}, 7, 1000);
  ASSERT_EQ(s.tus.size(), 1u);
  EXPECT_EQ(s.tus[0].substr(0, 4), "2:b.");
  EXPECT_EQ(s.problems,
            (std::vector<std::string>{"x.o: TU 1 (a.o), line 9: log larger than 1000 bytes"}));
  // One line longer than the limit, never held whole.
  s = split({header("a.o") + "{\"record\":\"site\",\"pad\":\"" + std::string(5000, 'y') + "\"}\n" +
             header("b.o")},
            100, 1000);
  EXPECT_EQ(s.problems,
            (std::vector<std::string>{"x.o: TU 1 (a.o), line 2: line longer than 1000 bytes"}));
  EXPECT_EQ(s.tus.size(), 1u);
}

// Found by fuzz/log_reader_fuzzer.cc: a header line over the limit closed the
// TU before it when the line arrived whole, and dropped that TU when it came
// in pieces; the TUs after it were numbered differently too.  Now a line over
// the limit is refused alike however it arrives, before it is read as a header.
TEST(TuSplitter, OverlongHeaderLineGivesTheSameResultAnySplit) {
  std::string long_header = "{\"record\":\"tu\",\"schema\":" + std::to_string(kLogSchema) +
                            ",\"object\":\"b.o\",\"pad\":\"" + std::string(300, 'y') + "\"}\n";
  std::string log = header("a.o") + "{\"record\":\"site\"}\n" + long_header + header("c.o") +
                    header("d.o", kLogSchema + 1) + long_header + header("e.o");
  Split whole = split({log}, SIZE_MAX, 200);
  EXPECT_EQ(whole.problems,
            (std::vector<std::string>{
                "x.o: TU 1 (a.o), line 3: line longer than 200 bytes",
                "x.o: TU 3 (d.o), line 1: unsupported schema " + std::to_string(kLogSchema + 1) +
                    " (this inlinetune reads schema " + std::to_string(kLogSchema) + ")"}));
  ASSERT_EQ(whole.tus.size(), 2u);
  EXPECT_EQ(whole.tus[0].substr(0, 6), "2:c.o:");
  EXPECT_EQ(whole.tus[1].substr(0, 6), "4:e.o:");
  for (size_t chunk : {1, 7, 64, 199, 200, 201}) {
    Split pieces = split({log}, chunk, 200);
    EXPECT_EQ(pieces.tus, whole.tus) << chunk;
    EXPECT_EQ(pieces.problems, whole.problems) << chunk;
  }
}

// ---- LogSet ----------------------------------------------------------------

namespace {

struct Collected {
  std::vector<std::string> diagnostics;
  DiagnosticSink sink() {
    return [this](const Diagnostic &d) {
      const char *level = d.level == Diagnostic::Level::error     ? "error"
                          : d.level == Diagnostic::Level::warning ? "warning"
                                                                  : "note";
      diagnostics.push_back(std::string(level) + ": " + d.file + ": " + d.message);
    };
  }
};

std::string site(int n) {
  return "{\"record\":\"site\",\"n\":" + std::to_string(n) + "}\n";
}

std::vector<std::string> listing(const std::vector<TuInfo> &tus) {
  std::vector<std::string> out;
  for (const TuInfo &tu : tus)
    out.push_back(tu.object + " from " + tu.origin + "#" + std::to_string(tu.index));
  return out;
}

} // namespace

TEST(LogSet, SortedByObjectThenOrigin) {
  Collected c;
  LogSet logs({}, c.sink());
  logs.add_log("z.o", zst(header("kernel/z.o") + site(1)), true);
  logs.add_log("ab.o", zst(header("fs/b.o") + site(2)) + zst(header("Arch/a.o") + site(3)), true);
  logs.add_log("logs/noobj.jsonl", "{\"record\":\"tu\",\"schema\":2}\n" + site(4), false);
  const auto &tus = logs.finish();
  EXPECT_EQ(listing(tus), (std::vector<std::string>{"Arch/a.o from ab.o#2", "fs/b.o from ab.o#1",
                                                    "kernel/z.o from z.o#1",
                                                    "logs/noobj.jsonl from logs/noobj.jsonl#1"}));
  EXPECT_TRUE(c.diagnostics.empty());
  EXPECT_EQ(logs.text(tus[1]), header("fs/b.o") + site(2));
  EXPECT_EQ(logs.text(tus[2]), header("kernel/z.o") + site(1));
  EXPECT_EQ(tus[2].records, 2u);
}

TEST(LogSet, CopiesAreKeptOnceFromTheBestOrigin) {
  Collected c;
  LogSet logs({}, c.sink());
  auto sizes = [](uint64_t n) {
    return std::make_shared<const FunctionSizes>(FunctionSizes{{"f", n}});
  };
  std::string a = header("a.o") + site(1), b = header("b.o") + site(2);
  logs.add_log("logs/a.o.jsonl", a, false);                   // no symbols: last choice
  logs.add_log("vmlinux.o", zst(a) + zst(b), true, sizes(3)); // a merge: after plain objects
  logs.add_log("a.o", zst(a), true, sizes(1));
  logs.add_log("lib.a(a.o)", zst(a), true, sizes(2)); // same rank as a.o, read later
  const auto &tus = logs.finish();
  EXPECT_EQ(listing(tus), (std::vector<std::string>{"a.o from a.o#1", "b.o from vmlinux.o#2"}));
  EXPECT_EQ(tus[0].functions->at("f"), 1u);
  EXPECT_EQ(logs.stats().duplicates, 3u);
  EXPECT_TRUE(c.diagnostics.empty());
}

TEST(LogSet, DifferentLogsForOneObjectAreKeptAndReported) {
  Collected c;
  LogSet logs({}, c.sink());
  logs.add_log("new/a.o", zst(header("a.o") + site(2)), true);
  logs.add_log("old/a.o", zst(header("a.o") + site(1)), true);
  EXPECT_EQ(listing(logs.finish()),
            (std::vector<std::string>{"a.o from new/a.o#1", "a.o from old/a.o#1"}));
  EXPECT_EQ(c.diagnostics, (std::vector<std::string>{
                               "warning: a.o: 2 different logs for this object, from new/a.o, "
                               "old/a.o"}));
  EXPECT_EQ(logs.stats().errors, 0u);
}

TEST(LogSet, ErrorsAreCountedAndTheRestIsKept) {
  Collected c;
  LogSet logs({}, c.sink());
  std::string frame = zst(header("a.o") + site(1));
  logs.add_log("a.o", frame + "junk", true);
  logs.add_log("empty.o", "", true);
  logs.add_log("skip.o", std::string("\x50\x2a\x4d\x18\0\0\0\0", 8), true);
  logs.add_log("b.jsonl", header("b.o") + "{oops}\n", false);
  EXPECT_EQ(listing(logs.finish()), (std::vector<std::string>{"a.o from a.o#1"}));
  EXPECT_EQ(c.diagnostics,
            (std::vector<std::string>{
                "error: a.o: corrupt zstd data at byte " + std::to_string(frame.size()) +
                    " of the log: Unknown frame descriptor",
                "error: empty.o: empty log: no TU header", "error: skip.o: empty log: no TU header",
                "error: b.jsonl: TU 1 (b.o), line 2: invalid JSON at byte 2: syntax error while "
                "parsing object key - invalid literal; last read: '{o'; expected string literal"}));
  EXPECT_EQ(logs.stats().errors, 4u);
}

TEST(LogSet, MissingPathIsAnError) {
  Collected c;
  LogSet logs({}, c.sink());
  logs.add_path("/nonexistent/x.o");
  EXPECT_TRUE(logs.finish().empty());
  EXPECT_EQ(c.diagnostics,
            (std::vector<std::string>{"error: /nonexistent/x.o: No such file or directory"}));
  EXPECT_EQ(logs.stats().files, 0u);
}
