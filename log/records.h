// SPDX-License-Identifier: GPL-3.0-or-later
// log/records.h: the decision log's records, the one definition that the
// plugin fills and encodes (log/encode.h) and the CLI decodes
// (log/decode.h).  Schema and meaning of each field: docs/log-format.md.
// GCC-free.
//
// A site and a function record come in two spellings of one template: with
// std::string (Site, Function), which owns its text, and with
// std::string_view (SiteView, FunctionView), whose text points into the
// line it was decoded from, for a reader that keeps no record whole (the
// CLI's build model reads millions).
#pragma once

#include "format.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace inlinetune::log {

template <typename Str> struct BasicFunctionRef {
  Str name;   // printable: demangled for C++
  Str symbol; // assembler name
};
using FunctionRef = BasicFunctionRef<std::string>;

struct ParamValue {
  std::string name;
  std::string value; // as the log has it: a string, or the JSON text of another value
};

// One entry of a TU header's "never_inline" list.
struct NeverInlineStatus {
  std::string name;                   // the list entry (a glob)
  std::string origin;                 // "command line" or "policy.ini:12"
  std::string status;                 // "applied", "not defined in this TU", "conflict"
  std::vector<std::string> functions; // what it matched here
};

// A function with params of its own: those that differ from the TU's.
struct FunctionParams {
  FunctionRef function;
  std::vector<ParamValue> params;
};

// "record": "tu", the first line of each TU's log.
// Replay in one TU: where its recorded log came from (the path given when
// none was found), the fallback, and counts of distinct call sites (a site
// per inliner, caller and inline copy, as the log keys them): decided by the
// log, not in the log (decided by the fallback), in the log but not in
// this compile, in the log with records that disagree (left to the
// fallback), and recorded inlined but refused by GCC's legality checks.
struct ReplaySummary {
  std::string log;
  bool found = false;
  std::string fallback = "gcc";
  int64_t replayed = 0, not_found = 0, unmatched = 0, ambiguous = 0, refused = 0;
  // Functions ipa-split ran on at the recorded params (docs/replay.md).
  int64_t split_at_recorded_params = 0;
  // The IPA inliner's recorded refusals left to GCC's inliner (the TU
  // compiled at its log's params), and recorded refusals GCC's IPA
  // inliner inlined (docs/replay.md).
  int64_t left_to_gcc = 0, inlined_against_log = 0;
  bool operator==(const ReplaySummary &o) const {
    return log == o.log && found == o.found && fallback == o.fallback &&
           replayed == o.replayed && not_found == o.not_found && unmatched == o.unmatched &&
           ambiguous == o.ambiguous && refused == o.refused &&
           split_at_recorded_params == o.split_at_recorded_params &&
           left_to_gcc == o.left_to_gcc && inlined_against_log == o.inlined_against_log;
  }
};

struct TuHeader {
  int schema = kLogSchema; // as read; the encoder writes kLogSchema
  std::string gcc_version, gcc_target;
  std::string source; // relative to the source tree, or absolute outside it
  std::string object; // as the driver was told to write it
  std::string tag;
  std::optional<std::string> policy_md5; // of the policy files, when there were any
  std::vector<ParamValue> params;        // the TU's values of GCC's inliner params, in order
  // The decoder's copy of the log's "params" object as JSON text (values
  // typed as the log has them), for readers that store it whole (db).
  std::string params_json = "{}";
  std::vector<FunctionParams> function_params;
  std::vector<NeverInlineStatus> never_inline;
  std::vector<std::string> forbidden_sites;
  // Sites a policy forces (inline-call, inline-site): inlined, and refused
  // with GCC's reason; written only when a policy forces some.
  std::vector<std::string> forced_sites, forced_refused;
  // What replay (-fplugin-arg-inlinetune-replay) did in the TU; only with
  // replay.
  std::optional<ReplaySummary> replay;
  bool lto = false; // -flto: IPA decisions are made at link time, not logged here
  // GCC's (or inlinetune's) text for each reason code the TU's site records
  // use; encode_log() fills it from the sites.
  std::map<std::string, std::string, std::less<>> reasons;
};

// Which inliner decided: the early inliner ("einline") or the IPA one ("inline").
enum class Pass { einline, ipa };
const char *pass_name(Pass pass);

// For a refusal by a size limit: the param, its value, the value at which
// the decision would flip (nullopt: "unknown"), and the symbol of the
// function whose params GCC read: for a call inside an inline copy, the IPA
// inliner's max-inline-insns-auto and -single are the inline copy's
// function's, every other limit the caller's.  The encoder leaves
// params_of out when it is the caller's symbol, the decoder puts it back.
template <typename Str> struct BasicLimit {
  Str param;
  int64_t value = 0;
  std::optional<int64_t> flip_at;
  Str params_of;
};

// "record": "site": one call site as one inliner saw it.
template <typename Str> struct BasicSite {
  // Decoded from the log; the encoder writes site_id() instead (it is
  // derived, never set by hand).
  Str id;
  Pass pass = Pass::einline;
  BasicFunctionRef<Str> caller;         // the out-of-line function whose code holds the site
  BasicFunctionRef<Str> lexical_caller; // the function whose source holds the call
  BasicFunctionRef<Str> callee;
  Str callee_clone;       // the IPA clone called, e.g. "foo.constprop.0" ("" for foo itself)
  Str location;           // "file:line:col", file relative to the source tree ("?" unknown)
  std::vector<Str> chain; // symbols: caller, then each inline copy down to the call
  // The ids of the calls that made each inline copy of "chain" (one fewer
  // than chain): tell apart two copies of one function in one caller.
  // Empty for a call in the caller's own body, and in logs written before.
  std::vector<Str> chain_sites;
  bool inlined = false;
  Str reason;      // GCC's cgraph_inline_failed_t name ("OK" when inlined) or ours
  Str reason_text; // its text: written once per TU, in the header's "reasons"
  std::optional<int64_t> callee_size, growth, caller_size_before, caller_size_after, count;
  std::optional<double> frequency;
  std::optional<bool> hot;
  std::optional<BasicLimit<Str>> limit;
};
using Limit = BasicLimit<std::string>;
using Site = BasicSite<std::string>;
using SiteView = BasicSite<std::string_view>;

// "record": "function": one function defined in the TU.
template <typename Str> struct BasicFunction {
  BasicFunctionRef<Str> function;
  std::optional<int64_t> size_before; // before the IPA inliner (after early inlining)
  std::optional<int64_t> size_after;  // after the IPA inliner, inlined bodies included
  int64_t inlined_callees = 0;
  bool out_of_line = true; // still emitted on its own after inlining
  bool never_inline = false;
  // Only in `inlinetune extract --with-symbols` output, never the plugin's:
  // the function's real bytes in its object (null: not emitted).
  bool has_elf_bytes = false;
  std::optional<int64_t> elf_bytes;
};
using Function = BasicFunction<std::string>;
using FunctionView = BasicFunction<std::string_view>;

// Site identity, stable across builds of the same source with other params:
// where the call is written (lexical caller, callee, file:line:col), not where
// inlining put copies of it.
std::string site_id(const Site &site);

// The symbol as it appears in the object: GCC's leading '*' (an asm label
// used verbatim) dropped.
std::string object_symbol(const std::string &symbol);

} // namespace inlinetune::log
