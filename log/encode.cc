// SPDX-License-Identifier: GPL-3.0-or-later
#include "encode.h"

#include <nlohmann/json.hpp>
#include <zstd.h>

#include <cstdio>

namespace inlinetune::log {

using Json = nlohmann::ordered_json;

// {"name"}, plus "symbol" when it is not the name (C++ mangling).
static Json ref(const FunctionRef &f) {
  Json j{{"name", f.name}};
  if (f.symbol != f.name)
    j["symbol"] = f.symbol;
  return j;
}

// KEY: the function's printable name, and KEY_symbol: its symbol when that
// differs (C++ mangling): a C log, the kernel's, carries each name once.
static void put_ref(Json *j, const std::string &key, const FunctionRef &f) {
  (*j)[key] = f.name;
  if (f.symbol != f.name)
    (*j)[key + "_symbol"] = f.symbol;
}

static bool same(const FunctionRef &a, const FunctionRef &b) {
  return a.name == b.name && a.symbol == b.symbol;
}

static Json params(const std::vector<ParamValue> &ps) {
  Json j = Json::object();
  for (const ParamValue &p : ps)
    j[p.name] = p.value;
  return j;
}

// Schema 2 leaves out what is not known instead of writing null: most site
// records have no limit, and many lack growth or sizes.
template <typename T> static void put(Json *j, const char *key, const std::optional<T> &v) {
  if (v)
    (*j)[key] = *v;
}

// JSON holds Unicode only, and a name may not be UTF-8: a file name in
// Latin-1, a tag, a policy's glob.  Each byte that is not part of valid
// UTF-8 is written as U+FFFD, the replacement character, so that such a TU
// still compiles and its log still parses (docs/bad-input.md).  Site ids are
// made from the bytes as they are, before this.
static std::string line(const Json &j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string encode(const TuHeader &h) {
  Json never = Json::array();
  for (const NeverInlineStatus &n : h.never_inline)
    never.push_back(Json{
        {"name", n.name}, {"origin", n.origin}, {"status", n.status}, {"functions", n.functions}});
  Json fparams = Json::array();
  for (const FunctionParams &f : h.function_params)
    fparams.push_back(Json{{"function", ref(f.function)}, {"params", params(f.params)}});
  Json j{{"record", "tu"},
         {"schema", kLogSchema},
         {"gcc", Json{{"version", h.gcc_version}, {"target", h.gcc_target}}},
         {"source", h.source},
         {"object", h.object},
         {"tag", h.tag}};
  if (h.policy_md5)
    j["policy_md5"] = *h.policy_md5;
  j["params"] = params(h.params);
  j["function_params"] = fparams;
  j["never_inline"] = never;
  j["forbidden_sites"] = h.forbidden_sites;
  // Only when a policy forces calls: other logs stay as they were.
  if (!h.forced_sites.empty() || !h.forced_refused.empty()) {
    j["forced_sites"] = h.forced_sites;
    j["forced_refused"] = h.forced_refused;
  }
  if (h.replay) {
    const ReplaySummary &r = *h.replay;
    j["replay"] = Json{{"log", r.log},           {"found", r.found},
                       {"fallback", r.fallback}, {"replayed", r.replayed},
                       {"not_found", r.not_found}, {"unmatched", r.unmatched},
                       {"ambiguous", r.ambiguous}, {"refused", r.refused},
                       {"split_at_recorded_params", r.split_at_recorded_params},
                       {"left_to_gcc", r.left_to_gcc},
                       {"inlined_against_log", r.inlined_against_log}};
  }
  j["lto"] = h.lto;
  j["reasons"] = Json::object(); // std::map: sorted by code
  for (const auto &[code, text] : h.reasons)
    j["reasons"][code] = text;
  return line(j);
}

std::string encode(const Site &s) {
  Json j{{"record", "site"}, {"id", site_id(s)}, {"pass", pass_name(s.pass)}};
  put_ref(&j, "caller", s.caller);
  if (!same(s.lexical_caller, s.caller))
    put_ref(&j, "lexical_caller", s.lexical_caller);
  put_ref(&j, "callee", s.callee);
  if (!s.callee_clone.empty())
    j["callee_clone"] = s.callee_clone;
  j["location"] = s.location;
  if (!(s.chain.size() == 1 && s.chain[0] == s.caller.symbol))
    j["chain"] = s.chain;
  if (!s.chain_sites.empty())
    j["chain_sites"] = s.chain_sites;
  j["inlined"] = s.inlined;
  j["reason"] = s.reason; // its text: the header's "reasons"
  put(&j, "callee_size", s.callee_size);
  put(&j, "growth", s.growth);
  put(&j, "caller_size_before", s.caller_size_before);
  put(&j, "caller_size_after", s.caller_size_after);
  put(&j, "count", s.count);
  put(&j, "frequency", s.frequency);
  put(&j, "hot", s.hot);
  if (s.limit) {
    Json &l = j["limit"] =
        Json{{"param", s.limit->param},
             {"value", s.limit->value},
             {"flip_at", s.limit->flip_at ? Json(*s.limit->flip_at) : Json("unknown")}};
    if (!s.limit->params_of.empty() && s.limit->params_of != s.caller.symbol)
      l["params_of"] = s.limit->params_of;
  }
  return line(j);
}

std::string encode(const Function &f) {
  Json j{{"record", "function"}, {"name", f.function.name}};
  if (f.function.symbol != f.function.name)
    j["symbol"] = f.function.symbol;
  put(&j, "size_before", f.size_before);
  put(&j, "size_after", f.size_after);
  j["inlined_callees"] = f.inlined_callees;
  j["out_of_line"] = f.out_of_line;
  j["never_inline"] = f.never_inline;
  if (f.has_elf_bytes)
    j["elf_bytes"] = f.elf_bytes ? Json(*f.elf_bytes) : Json(nullptr);
  return line(j);
}

std::string encode_log(TuHeader header, const std::vector<Site> &sites,
                       const std::vector<Function> &functions) {
  for (const Site &s : sites)
    header.reasons.emplace(s.reason, s.reason_text);
  std::string text = encode(header);
  for (const Site &s : sites)
    text += encode(s);
  for (const Function &f : functions)
    text += encode(f);
  return text;
}

std::string zstd_frame(const std::string &text, int level) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), level);
  if (ZSTD_isError(n))
    return {};
  out.resize(n);
  return out;
}

} // namespace inlinetune::log
