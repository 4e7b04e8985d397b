// SPDX-License-Identifier: GPL-3.0-or-later
// The decision log's encoding, schema 2 (docs/log-format.md): what is not known
// or can be inferred is left out; the reason texts go to the header.
#include "encode.h"

#include <gtest/gtest.h>

using namespace inlinetune::log;

static FunctionRef c_fn(const std::string &name) {
  return {name, name};
}

static Site site(const std::string &caller, const std::string &callee) {
  Site s;
  s.pass = Pass::einline;
  s.caller = s.lexical_caller = c_fn(caller);
  s.callee = c_fn(callee);
  s.location = "fs/open.c:10:3";
  s.chain = {caller};
  s.reason = "OK";
  s.reason_text = "inlined";
  return s;
}

TEST(DecisionLog, SiteLeavesOutWhatIsNotKnownOrInferable) {
  Site s = site("do_sys_open", "getname");
  s.inlined = true;
  s.frequency = 1.0;
  s.hot = true;
  EXPECT_EQ(encode(s), "{\"record\":\"site\",\"id\":\"" + site_id(s) +
                           "\",\"pass\":\"einline\",\"caller\":\"do_sys_open\","
                           "\"callee\":\"getname\",\"location\":\"fs/open.c:10:3\","
                           "\"inlined\":true,\"reason\":\"OK\",\"frequency\":1.0,\"hot\":true}\n");
}

TEST(DecisionLog, SiteWithEverything) {
  Site s = site("step_into", "percpu_up_read");
  s.pass = Pass::ipa;
  s.lexical_caller = c_fn("reserve_stack");
  s.callee_clone = "percpu_up_read.constprop.0";
  s.chain = {"step_into", "pick_link", "reserve_stack"};
  s.reason = "MAX_INLINE_INSNS_AUTO_LIMIT";
  s.reason_text = "--param max-inline-insns-auto limit reached";
  s.callee_size = 82;
  s.growth = 76;
  s.caller_size_before = 15;
  s.caller_size_after = 13;
  s.count = 7;
  s.frequency = 0.5;
  s.hot = false;
  s.limit = Limit{"max-inline-insns-auto", 30, 77, ""}; // params_of: the caller
  EXPECT_EQ(encode(s),
            "{\"record\":\"site\",\"id\":\"" + site_id(s) +
                "\",\"pass\":\"inline\",\"caller\":\"step_into\","
                "\"lexical_caller\":\"reserve_stack\",\"callee\":\"percpu_up_read\","
                "\"callee_clone\":\"percpu_up_read.constprop.0\",\"location\":\"fs/open.c:10:3\","
                "\"chain\":[\"step_into\",\"pick_link\",\"reserve_stack\"],\"inlined\":false,"
                "\"reason\":\"MAX_INLINE_INSNS_AUTO_LIMIT\",\"callee_size\":82,\"growth\":76,"
                "\"caller_size_before\":15,\"caller_size_after\":13,\"count\":7,"
                "\"frequency\":0.5,\"hot\":false,\"limit\":{\"param\":\"max-inline-insns-auto\","
                "\"value\":30,\"flip_at\":77}}\n");
}

TEST(DecisionLog, ParamsOfOnlyWhereNotTheCaller) {
  Site s = site("f", "g");
  s.chain = {"f", "h"};
  s.limit = Limit{"max-inline-insns-auto", 15, 24, "h"};
  EXPECT_NE(encode(s).find("\"limit\":{\"param\":\"max-inline-insns-auto\",\"value\":15,"
                           "\"flip_at\":24,\"params_of\":\"h\"}"),
            std::string::npos)
      << encode(s);
  s.limit->params_of = "f";
  EXPECT_EQ(encode(s).find("params_of"), std::string::npos) << encode(s);
}

TEST(DecisionLog, UnknownFlipPointStaysSaid) {
  Site s = site("f", "g");
  s.limit = Limit{"inline-unit-growth", 40, std::nullopt, ""};
  EXPECT_NE(
      encode(s).find(
          "\"limit\":{\"param\":\"inline-unit-growth\",\"value\":40,\"flip_at\":\"unknown\"}"),
      std::string::npos);
}

TEST(DecisionLog, SymbolsOnlyWhereTheyDifferFromTheName) {
  Site s = site("x", "y");
  s.caller = s.lexical_caller = {"ns::K::f(int)", "_ZN2ns1K1fEi"};
  s.callee = {"ns::g()", "_ZN2ns1gEv"};
  s.chain = {"_ZN2ns1K1fEi"};
  std::string line = encode(s);
  EXPECT_NE(line.find("\"caller\":\"ns::K::f(int)\",\"caller_symbol\":\"_ZN2ns1K1fEi\","
                      "\"callee\":\"ns::g()\",\"callee_symbol\":\"_ZN2ns1gEv\","),
            std::string::npos)
      << line;
  EXPECT_EQ(line.find("lexical_caller"), std::string::npos) << line;
  EXPECT_EQ(line.find("chain"), std::string::npos) << line; // [caller's symbol]

  s.lexical_caller = {"ns::h()", "_ZN2ns1hEv"};
  line = encode(s);
  EXPECT_NE(line.find("\"lexical_caller\":\"ns::h()\",\"lexical_caller_symbol\":\"_ZN2ns1hEv\","),
            std::string::npos)
      << line;
}

TEST(DecisionLog, LexicalCallerOfTheSameNameButAnotherSymbolIsKept) {
  Site s = site("f", "g");
  s.lexical_caller = {"f", "f.0"};
  EXPECT_NE(encode(s).find("\"lexical_caller\":\"f\",\"lexical_caller_symbol\":\"f.0\","),
            std::string::npos);
}

TEST(DecisionLog, IdIsTheSameWhateverIsLeftOut) {
  Site a = site("f", "g");
  Site b = a;
  b.lexical_caller = c_fn("h");
  EXPECT_NE(site_id(a), site_id(b));
  b.caller = c_fn("h"); // the same call, logged in h's own body
  b.lexical_caller = c_fn("f");
  EXPECT_EQ(site_id(a), site_id(b));
}

TEST(DecisionLog, Function) {
  Function f;
  f.function = c_fn("getname");
  f.size_after = 12;
  f.out_of_line = false;
  EXPECT_EQ(encode(f), "{\"record\":\"function\",\"name\":\"getname\",\"size_after\":12,"
                       "\"inlined_callees\":0,\"out_of_line\":false,\"never_inline\":false}\n");
  f.function = {"ns::g()", "_ZN2ns1gEv"};
  f.size_before = 20;
  f.inlined_callees = 2;
  f.never_inline = true;
  EXPECT_EQ(encode(f), "{\"record\":\"function\",\"name\":\"ns::g()\",\"symbol\":\"_ZN2ns1gEv\","
                       "\"size_before\":20,\"size_after\":12,\"inlined_callees\":2,"
                       "\"out_of_line\":false,\"never_inline\":true}\n");
}

static TuHeader header() {
  TuHeader h;
  h.gcc_version = "12.2.0";
  h.gcc_target = "aarch64-linux-gnu";
  h.source = "fs/open.c";
  h.object = "fs/open.o";
  return h;
}

TEST(DecisionLog, HeaderWithoutPolicyHasNoMd5) {
  EXPECT_EQ(encode(header()),
            "{\"record\":\"tu\",\"schema\":2,\"gcc\":{\"version\":\"12.2.0\",\"target\":"
            "\"aarch64-linux-gnu\"},\"source\":\"fs/open.c\",\"object\":\"fs/open.o\",\"tag\":\"\","
            "\"params\":{},\"function_params\":[],\"never_inline\":[],\"forbidden_sites\":[],"
            "\"lto\":false,\"reasons\":{}}\n");
  TuHeader h = header();
  h.policy_md5 = "0123456789abcdef0123456789abcdef";
  h.function_params.push_back({c_fn("do_open"), {{"max-inline-insns-auto", "50"}}});
  h.function_params.push_back({{"ns::g()", "_ZN2ns1gEv"}, {}});
  std::string line = encode(h);
  EXPECT_NE(line.find("\"tag\":\"\",\"policy_md5\":\"0123456789abcdef0123456789abcdef\","
                      "\"params\":{},\"function_params\":[{\"function\":{\"name\":\"do_open\"},"
                      "\"params\":{\"max-inline-insns-auto\":\"50\"}},{\"function\":{\"name\":"
                      "\"ns::g()\",\"symbol\":\"_ZN2ns1gEv\"},\"params\":{}}],"),
            std::string::npos)
      << line;
}

TEST(DecisionLog, ReasonTextsOncePerTuSortedByCode) {
  std::vector<Site> sites{site("f", "g"), site("f", "h"), site("f", "k"), site("f", "g")};
  sites[1].reason = "NEVER_INLINE_LIST";
  sites[1].reason_text = "function is on inlinetune's never-inline list";
  sites[2].reason = "BODY_NOT_AVAILABLE";
  sites[2].reason_text = "function body not available";
  Function f;
  f.function = c_fn("f");
  std::string log = encode_log(header(), sites, {f});
  std::string first = log.substr(0, log.find('\n') + 1);
  EXPECT_NE(first.find("\"lto\":false,\"reasons\":{\"BODY_NOT_AVAILABLE\":\"function body not "
                       "available\",\"NEVER_INLINE_LIST\":\"function is on inlinetune's "
                       "never-inline list\",\"OK\":\"inlined\"}}\n"),
            std::string::npos)
      << first;
  std::string expected = first;
  for (const Site &s : sites)
    expected += encode(s);
  expected += encode(f);
  EXPECT_EQ(log, expected);
  EXPECT_EQ(log.find("reason_text"), std::string::npos);
}

// JSON holds Unicode only: a byte that is not UTF-8 (a Latin-1 file name, a
// tag) becomes U+FFFD instead of an exception that would fail the compile;
// the id is made from the bytes as they are.
TEST(DecisionLog, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  Site s = site("f", "g");
  s.location = "lat\xe9.c:1:2";
  std::string line = encode(s);
  EXPECT_NE(line.find("\"location\":\"lat\xef\xbf\xbd.c:1:2\""), std::string::npos) << line;
  Site other = s;
  other.location = "lat\xe8.c:1:2"; // logged the same way, a different call site
  EXPECT_EQ(encode(other).substr(encode(other).find("\"pass\"")),
            line.substr(line.find("\"pass\"")));
  EXPECT_NE(site_id(other), site_id(s));
  TuHeader h = header();
  h.tag = "\xff\xfe";
  h.source = "caf\xc3\xa9.c"; // valid UTF-8 stays as it is
  line = encode(h);
  EXPECT_NE(line.find("\"source\":\"caf\xc3\xa9.c\",\"object\":\"fs/open.o\","
                      "\"tag\":\"\xef\xbf\xbd\xef\xbf\xbd\""),
            std::string::npos)
      << line;
}
