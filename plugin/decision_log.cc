// SPDX-License-Identifier: GPL-3.0-or-later
#include "decision_log.h"

#include <nlohmann/json.hpp>

namespace inlinetune {

using Json = nlohmann::ordered_json;

static Json ref(const FunctionRef &f) { return Json{{"name", f.name}, {"symbol", f.symbol}}; }

static Json params(const std::vector<ParamValue> &ps) {
  Json j = Json::object();
  for (const ParamValue &p : ps)
    j[p.name] = p.value;
  return j;
}

template <typename T> static Json optional(const std::optional<T> &v) {
  return v ? Json(*v) : Json(nullptr);
}

// 64-bit FNV-1a: a short, stable digest for ids; not for security.  (md5 would
// do too but lives in libiberty, which the CLI need not link for this.)
static std::string fnv1a(const std::string &s) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[17];
  snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string site_id(const SiteRecord &site) {
  return fnv1a(site.lexical_caller.symbol + '\n' + site.callee.symbol + '\n' + site.location);
}

static std::string line(const Json &j) { return j.dump() + "\n"; }

std::string encode(const TuHeader &h) {
  Json never = Json::array();
  for (const NeverInlineStatus &n : h.never_inline)
    never.push_back(Json{{"name", n.name},
                         {"origin", n.origin},
                         {"status", n.status},
                         {"functions", n.functions}});
  Json fparams = Json::array();
  for (const TuHeader::FunctionParams &f : h.function_params)
    fparams.push_back(Json{{"function", ref(f.function)}, {"params", params(f.params)}});
  return line(Json{{"record", "tu"},
                   {"schema", kLogSchema},
                   {"gcc", Json{{"version", h.gcc_version}, {"target", h.target}}},
                   {"source", h.source},
                   {"object", h.object},
                   {"tag", h.tag},
                   {"policy_md5", h.policy_md5.empty() ? Json(nullptr) : Json(h.policy_md5)},
                   {"params", params(h.params)},
                   {"function_params", fparams},
                   {"never_inline", never},
                   {"forbidden_sites", h.forbidden_sites},
                   {"lto", h.lto}});
}

std::string encode(const SiteRecord &s) {
  Json limit = nullptr;
  if (s.limit)
    limit = Json{{"param", s.limit->param},
                 {"value", s.limit->value},
                 {"flip_at", s.limit->flip_at ? Json(*s.limit->flip_at) : Json("unknown")}};
  return line(Json{{"record", "site"},
                   {"id", site_id(s)},
                   {"pass", s.pass},
                   {"caller", ref(s.caller)},
                   {"lexical_caller", ref(s.lexical_caller)},
                   {"callee", ref(s.callee)},
                   {"callee_clone", s.callee_clone.empty() ? Json(nullptr) : Json(s.callee_clone)},
                   {"location", s.location},
                   {"chain", s.chain},
                   {"inlined", s.inlined},
                   {"reason", s.reason},
                   {"reason_text", s.reason_text},
                   {"callee_size", optional(s.callee_size)},
                   {"growth", optional(s.growth)},
                   {"caller_size_before", optional(s.caller_size_before)},
                   {"caller_size_after", optional(s.caller_size_after)},
                   {"count", optional(s.count)},
                   {"frequency", optional(s.frequency)},
                   {"hot", optional(s.hot)},
                   {"limit", limit}});
}

std::string encode(const FunctionRecord &f) {
  return line(Json{{"record", "function"},
                   {"name", f.function.name},
                   {"symbol", f.function.symbol},
                   {"size_before", optional(f.size_before)},
                   {"size_after", optional(f.size_after)},
                   {"inlined_callees", f.inlined_callees},
                   {"out_of_line", f.out_of_line},
                   {"never_inline", f.never_inline}});
}

} // namespace inlinetune
