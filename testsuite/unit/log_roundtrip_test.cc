// SPDX-License-Identifier: GPL-3.0-or-later
// The log library's two halves agree: every record kind the plugin encodes
// (log/encode.h) decodes (log/decode.h) to what was encoded, field by field,
// with and without each optional field, with names that need escaping or
// differ from their symbols, and through both decoders (parse_* on a
// Record, RecordReader's simdjson path, owned and as views).
#include "decode.h"
#include "encode.h"

#include <gtest/gtest.h>

using namespace inlinetune::log;

namespace {

// Fields compared one by one, so a failure names the field.
template <typename A, typename B> void expect_ref(const A &a, const B &b, const char *what) {
  EXPECT_EQ(std::string(a.name), std::string(b.name)) << what;
  EXPECT_EQ(std::string(a.symbol), std::string(b.symbol)) << what;
}

template <typename S> void expect_site(const Site &want, const S &got) {
  EXPECT_EQ(std::string(got.id), site_id(want));
  EXPECT_EQ(got.pass, want.pass);
  expect_ref(want.caller, got.caller, "caller");
  expect_ref(want.lexical_caller, got.lexical_caller, "lexical_caller");
  expect_ref(want.callee, got.callee, "callee");
  EXPECT_EQ(std::string(got.callee_clone), want.callee_clone);
  EXPECT_EQ(std::string(got.location), want.location);
  ASSERT_EQ(got.chain.size(), want.chain.size());
  for (size_t i = 0; i < want.chain.size(); ++i)
    EXPECT_EQ(std::string(got.chain[i]), want.chain[i]);
  ASSERT_EQ(got.chain_sites.size(), want.chain_sites.size());
  for (size_t i = 0; i < want.chain_sites.size(); ++i)
    EXPECT_EQ(std::string(got.chain_sites[i]), want.chain_sites[i]);
  EXPECT_EQ(got.inlined, want.inlined);
  EXPECT_EQ(std::string(got.reason), want.reason);
  EXPECT_EQ(std::string(got.reason_text), want.reason_text);
  EXPECT_EQ(got.callee_size, want.callee_size);
  EXPECT_EQ(got.growth, want.growth);
  EXPECT_EQ(got.caller_size_before, want.caller_size_before);
  EXPECT_EQ(got.caller_size_after, want.caller_size_after);
  EXPECT_EQ(got.count, want.count);
  EXPECT_EQ(got.frequency, want.frequency);
  EXPECT_EQ(got.hot, want.hot);
  ASSERT_EQ(got.limit.has_value(), want.limit.has_value());
  if (want.limit) {
    EXPECT_EQ(std::string(got.limit->param), want.limit->param);
    EXPECT_EQ(got.limit->value, want.limit->value);
    EXPECT_EQ(got.limit->flip_at, want.limit->flip_at);
    // Left out by the encoder when it is the caller's, put back by the decoder.
    EXPECT_EQ(std::string(got.limit->params_of),
              want.limit->params_of.empty() ? want.caller.symbol : want.limit->params_of);
  }
}

template <typename F> void expect_function(const Function &want, const F &got) {
  expect_ref(want.function, got.function, "function");
  EXPECT_EQ(got.size_before, want.size_before);
  EXPECT_EQ(got.size_after, want.size_after);
  EXPECT_EQ(got.inlined_callees, want.inlined_callees);
  EXPECT_EQ(got.out_of_line, want.out_of_line);
  EXPECT_EQ(got.never_inline, want.never_inline);
}

void expect_params(const std::vector<ParamValue> &want, const std::vector<ParamValue> &got) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(got[i].name, want[i].name);
    EXPECT_EQ(got[i].value, want[i].value);
  }
}

void expect_header(const TuHeader &want, const TuHeader &got) {
  EXPECT_EQ(got.schema, kLogSchema);
  EXPECT_EQ(got.gcc_version, want.gcc_version);
  EXPECT_EQ(got.gcc_target, want.gcc_target);
  EXPECT_EQ(got.source, want.source);
  EXPECT_EQ(got.object, want.object);
  EXPECT_EQ(got.tag, want.tag);
  EXPECT_EQ(got.policy_md5, want.policy_md5);
  expect_params(want.params, got.params);
  ASSERT_EQ(got.function_params.size(), want.function_params.size());
  for (size_t i = 0; i < want.function_params.size(); ++i) {
    expect_ref(want.function_params[i].function, got.function_params[i].function,
               "function_params");
    expect_params(want.function_params[i].params, got.function_params[i].params);
  }
  ASSERT_EQ(got.never_inline.size(), want.never_inline.size());
  for (size_t i = 0; i < want.never_inline.size(); ++i) {
    EXPECT_EQ(got.never_inline[i].name, want.never_inline[i].name);
    EXPECT_EQ(got.never_inline[i].origin, want.never_inline[i].origin);
    EXPECT_EQ(got.never_inline[i].status, want.never_inline[i].status);
    EXPECT_EQ(got.never_inline[i].functions, want.never_inline[i].functions);
  }
  EXPECT_EQ(got.forbidden_sites, want.forbidden_sites);
  EXPECT_EQ(got.forced_sites, want.forced_sites);
  EXPECT_EQ(got.forced_refused, want.forced_refused);
  EXPECT_EQ(got.replay.has_value(), want.replay.has_value());
  if (got.replay && want.replay) {
    EXPECT_TRUE(*got.replay == *want.replay);
  }
  EXPECT_EQ(got.lto, want.lto);
  EXPECT_EQ(got.reasons, want.reasons);
}

// A site with nothing optional, and one with everything, C++ names and
// characters JSON must escape.
Site bare_site() {
  Site s;
  s.pass = Pass::einline;
  s.caller = s.lexical_caller = {"do_sys_open", "do_sys_open"};
  s.callee = {"getname", "getname"};
  s.location = "fs/open.c:10:3";
  s.chain = {"do_sys_open"};
  s.inlined = true;
  s.reason = "OK";
  s.reason_text = "inlined";
  return s;
}

Site full_site() {
  Site s;
  s.pass = Pass::ipa;
  s.caller = {"ns::outer(int)", "_ZN2ns5outerEi"};
  s.lexical_caller = {"ns::mid()::{lambda(int)#1}::operator()(int) const",
                      "_ZZN2ns3midEvENKUliE_clEi"};
  s.callee = {"vec::operator+(vec const&) const", "_ZNK3vecplERKS_"};
  s.callee_clone = "_ZNK3vecplERKS_.constprop.0";
  s.location = "dir with \"quotes\"\\and\ttab/caf\xc3\xa9.cc:4294967295:1";
  s.chain = {"_ZN2ns5outerEi", "_ZN2ns3midEv", "_ZZN2ns3midEvENKUliE_clEi"};
  s.chain_sites = {"0123456789abcdef", "fedcba9876543210"};
  s.inlined = false;
  s.reason = "MAX_INLINE_INSNS_AUTO_LIMIT";
  s.reason_text = "--param max-inline-insns-auto limit reached";
  s.callee_size = 77;
  s.growth = -3;
  s.caller_size_before = 1000000;
  s.caller_size_after = 1000074;
  s.count = int64_t(1) << 40;
  s.frequency = 0.125;
  s.hot = false;
  s.limit = Limit{"max-inline-insns-auto", 30, 78, "_ZZN2ns3midEvENKUliE_clEi"};
  return s;
}

TuHeader full_header() {
  TuHeader h;
  h.gcc_version = "12.2.0";
  h.gcc_target = "aarch64-linux-gnu";
  h.source = "/abs/o/samples/x.mod.c";
  h.object = "samples/x.mod.o";
  h.tag = "tag with \"quotes\" and \\";
  h.policy_md5 = "0123456789abcdef0123456789abcdef";
  h.params = {{"early-inlining-insns", "14"}, {"max-inline-insns-auto", "30"}};
  h.function_params = {{{"do_open", "do_open"}, {{"max-inline-insns-auto", "50"}}},
                       {{"ns::g()", "_ZN2ns1gEv"}, {}}};
  h.never_inline = {{"vfs_*", "policy.ini:12", "applied", {"vfs_symlink", "vfs_open"}},
                    {"nothing_here", "command line", "not defined in this TU", {}}};
  h.forbidden_sites = {"do_symlinkat -> vfs_symlink @ fs/namei.c:4400:8"};
  h.forced_sites = {"fs/open.c:40:9 do_open -> helper"};
  h.forced_refused = {"fs/open.c:41:9 do_open -> ext (function body not available)"};
  h.replay = ReplaySummary{"logs/fs%open.o.jsonl", true, "never", 120, 3, 2, 1, 4, 7};
  h.lto = true;
  return h;
}

// Decodes LOG (encode_log's) both ways and checks it against what went in.
void round_trip(const TuHeader &header, const std::vector<Site> &sites,
                const std::vector<Function> &functions) {
  const std::string log = encode_log(header, sites, functions);
  std::vector<std::string> lines;
  for (size_t at = 0; at < log.size();) {
    size_t nl = log.find('\n', at);
    ASSERT_NE(nl, std::string::npos);
    lines.push_back(log.substr(at, nl - at));
    at = nl + 1;
  }
  ASSERT_EQ(lines.size(), 1 + sites.size() + functions.size());
  for (const std::string &line : lines) {
    std::string kind;
    EXPECT_EQ(check_record(line, &kind), "") << line;
  }

  TuHeader want = header;
  for (const Site &s : sites)
    want.reasons.emplace(s.reason, s.reason_text);
  const Record head = parse_record(lines[0]);
  EXPECT_EQ(header_problem(head), "");
  EXPECT_EQ(header_object(head), header.object);
  const TuHeader got = parse_header(head);
  expect_header(want, got);

  RecordReader reader;
  Site owned;
  SiteView view;
  Function owned_fn;
  FunctionView view_fn;
  for (size_t i = 0; i < sites.size(); ++i) {
    const std::string &line = lines[1 + i];
    SCOPED_TRACE(line);
    expect_site(sites[i], parse_site(parse_record(line), got));
    ASSERT_EQ(reader.parse(line), "site");
    reader.site(got, owned);
    expect_site(sites[i], owned);
    reader.site(got, view);
    expect_site(sites[i], view);
  }
  for (size_t i = 0; i < functions.size(); ++i) {
    const std::string &line = lines[1 + sites.size() + i];
    SCOPED_TRACE(line);
    expect_function(functions[i], parse_function(parse_record(line)));
    ASSERT_EQ(reader.parse(line), "function");
    reader.function(owned_fn);
    expect_function(functions[i], owned_fn);
    reader.function(view_fn);
    expect_function(functions[i], view_fn);
  }
}

} // namespace

TEST(LogRoundTrip, BareRecords) {
  TuHeader h;
  h.gcc_version = "11.3.0";
  h.gcc_target = "x86_64-linux-gnu";
  h.source = "fs/open.c";
  h.object = "fs/open.o";
  Function f;
  f.function = {"do_sys_open", "do_sys_open"};
  round_trip(h, {bare_site()}, {f});
}

TEST(LogRoundTrip, EveryOptionalFieldAndOddNames) {
  Function f;
  f.function = {"ns::g()", "_ZN2ns1gEv"};
  f.size_before = 20;
  f.size_after = 12;
  f.inlined_callees = 3;
  f.out_of_line = false;
  f.never_inline = true;
  Function asm_label;
  asm_label.function = {"renamed", "*renamed_in_asm"};
  round_trip(full_header(), {full_site(), bare_site()}, {f, asm_label});
}

TEST(LogRoundTrip, LimitWithoutFlipPointAndEachOptionalAlone) {
  Site unknown = full_site();
  unknown.limit = Limit{"inline-unit-growth", 40, std::nullopt, ""};
  std::vector<Site> sites{unknown};
  // Each optional field set on its own on a bare site.
  for (int field = 0; field < 8; ++field) {
    Site s = bare_site();
    s.inlined = false;
    s.reason = "BODY_NOT_AVAILABLE";
    s.reason_text = "function body not available";
    s.location = "fs/open.c:" + std::to_string(field) + ":1";
    switch (field) {
    case 0:
      s.callee_size = 0;
      break;
    case 1:
      s.growth = 0;
      break;
    case 2:
      s.caller_size_before = 5;
      break;
    case 3:
      s.caller_size_after = 6;
      break;
    case 4:
      s.count = 0;
      break;
    case 5:
      s.frequency = 0.0;
      break;
    case 6:
      s.hot = true;
      break;
    case 7:
      s.callee_clone = "getname.part.0";
      break;
    }
    sites.push_back(s);
  }
  TuHeader h = full_header();
  h.policy_md5.reset();
  h.lto = false;
  round_trip(h, sites, {});
}

// The encoder derives the id; whatever a caller left in Site::id is not written.
TEST(LogRoundTrip, IdIsDerived) {
  Site s = bare_site();
  s.id = "not an id";
  const std::string line = encode(s);
  EXPECT_EQ(parse_site(parse_record(line.substr(0, line.size() - 1)), TuHeader{}).id,
            site_id(bare_site()));
}
