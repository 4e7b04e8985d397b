// SPDX-License-Identifier: GPL-3.0-or-later
// The fast paths of the log reader against the nlohmann ones they stand in
// for: check_record's simdjson path (log_reader.cc) must take and refuse the
// lines nlohmann does, and RecordReader (records.cc, simdjson) must give the
// Site, Function or error that parse_site / parse_function give on
// Record::parse of the same line.
#include "error.h"
#include "log_reader.h"
#include "records.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

using namespace inlinetune;

namespace {

std::string opt(const std::optional<int64_t> &v) {
  return v ? std::to_string(*v) : "-";
}

std::string describe(const Site &s) {
  std::string limit = "-";
  if (s.limit)
    limit = fmt::format("{}={}/{}", s.limit->param, s.limit->value, opt(s.limit->flip_at));
  return fmt::format(
      "id={} pass={} caller={}/{} lexical={}/{} callee={}/{} clone={} loc={} "
      "chain={} inlined={} reason={} text={} sizes={},{},{},{} count={} freq={} "
      "hot={} limit={}",
      s.id, pass_name(s.pass), s.caller, s.caller_symbol, s.lexical_caller, s.lexical_caller_symbol,
      s.callee, s.callee_symbol, s.callee_clone, s.location, fmt::join(s.chain, ">"), s.inlined,
      s.reason, s.reason_text, opt(s.callee_size), opt(s.growth), opt(s.caller_size_before),
      opt(s.caller_size_after), opt(s.count), s.frequency ? fmt::format("{}", *s.frequency) : "-",
      s.hot ? (*s.hot ? "yes" : "no") : "-", limit);
}

std::string describe(const Function &f) {
  return fmt::format("name={} symbol={} sizes={},{} callees={} ool={} never={}", f.name, f.symbol,
                     opt(f.size_before), opt(f.size_after), f.inlined_callees, f.out_of_line,
                     f.never_inline);
}

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
      return "site " + describe(parse_site(r, h));
    if (kind == "function")
      return "function " + describe(parse_function(r));
    return "other " + kind;
  } catch (const Error &e) {
    return std::string("error ") + e.what();
  }
}

// The same through one RecordReader, whose Site and Function are reused.
std::string fast(RecordReader &reader, const std::string &line, const TuHeader &h, Site &s,
                 Function &f) {
  std::string kind(reader.parse(line));
  try {
    if (kind == "site") {
      reader.site(h, s);
      return "site " + describe(s);
    }
    if (kind == "function") {
      reader.function(f);
      return "function " + describe(f);
    }
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
    R"("inlined_callees":2,"out_of_line":true,"never_inline":false})";

// Every key of RECORD with VALUE in its place, without it, and given twice.
std::vector<std::string> variants(const std::string &record) {
  static const std::vector<std::string> values = {"7",
                                                  "-3",
                                                  "\"x\"",
                                                  "\"unknown\"",
                                                  "true",
                                                  "null",
                                                  "[]",
                                                  "[\"s\"]",
                                                  "[1]",
                                                  "{}",
                                                  R"({"name":"n","symbol":"s"})",
                                                  R"({"name":7})",
                                                  "1.5",
                                                  "-0",
                                                  "9223372036854775807",
                                                  "9223372036854775808",
                                                  "18446744073709551616",
                                                  "1e3",
                                                  "\"\\u00e9\\ud83d\\ude00\""};
  std::vector<std::string> out{record};
  Record r = Record::parse(record);
  for (const auto &item : r.items()) {
    std::string key = item.key();
    if (key == "record")
      continue;
    for (const std::string &v : values) {
      Record changed = r;
      changed[key] = Record::parse(v);
      out.push_back(changed.dump());
      // Duplicate keys: the last one counts (first the original, then v; and the reverse).
      std::string dump = r.dump();
      out.push_back(dump.substr(0, dump.size() - 1) + ",\"" + key + "\":" + v + "}");
      out.push_back("{\"" + key + "\":" + v + "," + dump.substr(1));
    }
    Record without = r;
    without.erase(key);
    out.push_back(without.dump());
    if (key == "limit")
      for (const char *l :
           {R"({"value":1})", R"({"param":"p","value":"v"})", R"({"param":"p","flip_at":"soon"})",
            R"({"param":"p","flip_at":null})", R"({"param":"p","value":18446744073709551615})"}) {
        Record changed = r;
        changed[key] = Record::parse(l);
        out.push_back(changed.dump());
      }
  }
  return out;
}

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
    for (const std::string &line : variants(base)) {
      std::string want = slow(line, h);
      EXPECT_EQ(fast(reader, line, h, s, f), want) << line;
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
    EXPECT_EQ(fast(reader, line, h, s, f), slow(line, h)) << line;
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
