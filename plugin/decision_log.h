// SPDX-License-Identifier: GPL-3.0-or-later
// The decision log's records (schema in docs/log-format.md) and their JSON Lines
// encoding.  GCC-free: the plugin fills these from GCC's call graph, the CLI
// reads the same shape back.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace inlinetune {

// 2: fields not known are left out instead of written as null, names are
// plain strings with the symbol only where it differs, reason texts are in the
// header (docs/log-format.md).
constexpr int kLogSchema = 2;

struct FunctionRef {
  std::string name;   // printable: demangled for C++
  std::string symbol; // assembler name
};

struct ParamValue {
  std::string name;
  std::string value;
};

struct NeverInlineStatus {
  std::string name;                   // the list entry (a glob)
  std::string origin;                 // "command line" or "policy.ini:12"
  std::string status;                 // "applied", "not defined in this TU", "conflict"
  std::vector<std::string> functions; // what it matched here
};

struct TuHeader {
  std::string gcc_version;
  std::string target;
  std::string source; // relative to the source tree
  std::string object;
  std::string tag;
  std::string policy_md5;
  std::vector<ParamValue> params; // the TU's values of GCC's inliner params
  struct FunctionParams {
    FunctionRef function;
    std::vector<ParamValue> params; // values that differ from the TU's
  };
  std::vector<FunctionParams> function_params;
  std::vector<NeverInlineStatus> never_inline;
  std::vector<std::string> forbidden_sites;
  bool lto = false; // -flto: IPA decisions are made at link time, not logged here
  // GCC's (or inlinetune's) text for each reason code the TU's site records
  // use; encode_log() fills it from the sites.
  std::map<std::string, std::string> reasons;
};

// The param that refused a call and the value at which the decision would flip.
struct Limit {
  std::string param;
  int64_t value = 0;
  std::optional<int64_t> flip_at; // absent: cannot be computed (said as "unknown")
};

struct SiteRecord {
  std::string pass;           // "einline" or "inline"
  FunctionRef caller;         // the out-of-line function whose code holds the site
  FunctionRef lexical_caller; // the function whose source holds the call
  FunctionRef callee;
  std::string callee_clone; // the IPA clone called, e.g. "foo.constprop.0" ("" for foo itself)
  std::string location;           // "file:line:col", file relative to the source tree
  std::vector<std::string> chain; // symbols: caller, then each inline copy down to the call
  bool inlined = false;
  std::string reason;      // GCC's cgraph_inline_failed_t name ("OK" when inlined) or ours
  std::string reason_text; // GCC's text for it: logged once per TU, in the header's "reasons"
  std::optional<int> callee_size, growth, caller_size_before, caller_size_after;
  std::optional<int64_t> count;
  std::optional<double> frequency;
  std::optional<bool> hot;
  std::optional<Limit> limit;
};

struct FunctionRecord {
  FunctionRef function;
  std::optional<int> size_before; // before the IPA inliner (after early inlining)
  std::optional<int> size_after;  // after the IPA inliner, inlined bodies included
  int inlined_callees = 0;
  bool out_of_line = true; // still emitted on its own after inlining
  bool never_inline = false;
};

// Site identity, stable across builds of the same source with other params:
// where the call is written (lexical caller, callee, file:line:col), not where
// inlining put copies of it.
std::string site_id(const SiteRecord &site);

// One JSON object per line, '\n'-terminated; keys in a fixed order, so equal
// input gives equal bytes.  A value that is not known is left out rather than
// written as null, and so is what a reader can infer: a symbol equal to its
// name, a lexical caller equal to the caller, a chain of just the caller.
std::string encode(const TuHeader &header);
std::string encode(const SiteRecord &site);
std::string encode(const FunctionRecord &function);

// A TU's whole log: HEADER, with "reasons" filled from SITES, then SITES,
// then FUNCTIONS.
std::string encode_log(TuHeader header, const std::vector<SiteRecord> &sites,
                       const std::vector<FunctionRecord> &functions);

} // namespace inlinetune
