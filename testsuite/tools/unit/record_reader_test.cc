// SPDX-License-Identifier: GPL-3.0-or-later
// The fast paths of the log reader against the nlohmann ones they stand in
// for: check_record's simdjson path (log_reader.cc) must take and refuse the
// lines nlohmann does, and RecordReader (log/decode.cc, simdjson) must give the
// Site, Function or error that parse_site / parse_function give on
// Record::parse of the same line.
#include "decode.h"
#include "error.h"
#include "read/log_reader.h"
#include "record_text.h"

#include <gtest/gtest.h>

using namespace inlinetune;
using namespace inlinetune::test;

namespace {

TuHeader test_header() {
  return parse_header(
      Record::parse(R"({"record":"tu","schema":2,"reasons":{"OK":"inlined","X":"x text"}})"));
}

// What nlohmann's path makes of LINE: the record's description or its error.
std::string slow(const std::string &line, const TuHeader &h) {
  try {
    Record r = Record::parse(line);
    std::string kind = r.at("record").get<std::string>();
    if (kind == "site")
      return "site " + describe_site(parse_site(r, h));
    if (kind == "function")
      return "function " + describe_function(parse_function(r));
    return "other " + kind;
  } catch (const Error &e) {
    return std::string("error ") + e.what();
  }
}

const char *kSite =
    R"({"record":"site","id":"00000000000000aa","pass":"inline","caller":"a","caller_symbol":"_Za",)"
    R"("lexical_caller":"b","lexical_caller_symbol":"_Zb","callee":"c","callee_symbol":"_Zc",)"
    R"("callee_clone":"c.constprop.0","location":"x.c:1:2","chain":["_Za","_Zb"],"inlined":false,)"
    R"("reason":"X","reason_text":"own","callee_size":4,"growth":3,"caller_size_before":10,)"
    R"("caller_size_after":12,"count":7,"frequency":0.5,"hot":true,)"
    R"("limit":{"param":"p","value":15,"flip_at":29}})";
const char *kFunction =
    R"({"record":"function","name":"f","symbol":"_Zf","size_before":3,"size_after":5,)"
    R"("inlined_callees":2,"out_of_line":true,"never_inline":false,"elf_bytes":96})";

} // namespace

TEST(RecordReader, AgreesWithParseSiteAndParseFunction) {
  TuHeader h = test_header();
  RecordReader reader;
  Site s;
  Function f;
  size_t n = 0, errors = 0;
  for (const char *base : {kSite, kFunction,
                           R"({"record":"site","id":"1","pass":"einline",)"
                           R"("caller":"a","callee":"b","inlined":true})"}) {
    for (const std::string &line : key_variants(base)) {
      std::string want = slow(line, h);
      EXPECT_EQ(read_with(reader, line, false, h, s, f), want) << line;
      ++n;
      errors += want.rfind("error ", 0) == 0;
    }
  }
  EXPECT_GT(n, 1000u);
  EXPECT_GT(errors, 300u); // the variants do reach the errors
}

TEST(RecordReader, SchemaOneShapesAndOtherRecords) {
  TuHeader h = test_header();
  RecordReader reader;
  Site s;
  Function f;
  for (std::string line :
       {std::string(
            R"({"record":"site","id":"1","pass":"einline","caller":{"name":"a","symbol":"a"},)"
            R"("lexical_caller":{"name":"b","symbol":"b"},"callee":{"name":"c"},)"
            R"("callee_clone":null,"location":"x.c:1:1","chain":["a","b"],"inlined":false,)"
            R"("reason":"Y","reason_text":"y text","growth":null,"limit":null})"),
        std::string(R"({"record":"later","x":1})"),
        std::string(R"({"record":"site","record":"function","name":"f"})"),
        // simdjson does not take integers beyond 64 bits; nlohmann reads them as doubles.
        std::string(R"({"record":"site","id":"1","pass":"einline","caller":"a","callee":"b",)"
                    R"("inlined":true,"frequency":18446744073709551616})"),
        std::string(R"({"record":"function","name":"f","size_after":99999999999999999999})")})
    EXPECT_EQ(read_with(reader, line, false, h, s, f), slow(line, h)) << line;
}

TEST(CheckRecord, FastPathTakesWhatNlohmannTakes) {
  std::string kind;
  auto ok = [&](const std::string &line) {
    kind.clear();
    return check_record(line, &kind).empty();
  };
  auto nested = [](int depth) { // DEPTH containers, the record included
    return "{\"record\":\"s\",\"x\":" + std::string(depth - 1, '[') + std::string(depth - 1, ']') +
           "}";
  };
  EXPECT_TRUE(ok(nested(64)));
  EXPECT_EQ(check_record(nested(65), nullptr), "nested more than 64 deep");
  EXPECT_TRUE(ok(R"({"record":"a","record":"b"})"));
  EXPECT_EQ(kind, "b");
  EXPECT_EQ(check_record(R"({"record":"a","record":1})", nullptr), "no \"record\" string");
  EXPECT_TRUE(ok(R"({"record":1,"record":"c"})"));
  EXPECT_EQ(kind, "c");
  EXPECT_TRUE(ok(R"( {"record":"\u00e9\ud83d\ude00","n":-0,"m":1e3} )"));
  EXPECT_EQ(kind, "\u00e9\U0001F600");
  EXPECT_TRUE(ok(R"({"record":"r","big":18446744073709551616,"neg":-9223372036854775809})"));
  EXPECT_EQ(kind, "r");
  for (std::string bad :
       {std::string(R"({"record":"\ud800"})"), std::string(R"({"record":"\udc00x"})"),
        std::string("{\"record\":\"a\tb\"}"), std::string("{\"record\":\"a\x01\"}"),
        std::string("{\"record\":\"\xc0\x80\"}"), std::string("{\"record\":\"\xed\xa0\x80\"}"),
        std::string(R"({"record":"r","n":1e400})"), std::string(R"({"record":"r","n":01})"),
        std::string(R"({"record":"r"} x)")})
    EXPECT_FALSE(ok(bad)) << bad;
}
