// SPDX-License-Identifier: GPL-3.0-or-later
// The decision log's records as plain structs: the one place in tools/ that
// knows the records' JSON keys (docs/log-format.md).  Schema 2 leaves out
// what is not known and what equals its default; the parsers put the defaults
// back (a missing "lexical_caller" is the caller, a missing "chain" is
// [caller], a missing "symbol" is the name), so no subcommand needs to know
// which keys a writer may omit.  The schema-1 shapes ({"name","symbol"}
// objects, null for unknown, "reason_text" on each site) are read the same
// way, so a schema-1 log that gets this far reads correctly.
//
// A record with a key of the wrong type, or without a key it must have,
// throws Error naming the key; unknown keys are ignored.
#pragma once

#include "log_reader.h"
#include "padded_line.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace inlinetune {

// One entry of a TU header's "never_inline" list.
struct NeverInlineEntry {
  std::string name, origin, status;   // the glob, "command line" or "policy.ini:12", "applied", ...
  std::vector<std::string> functions; // the names it matched ("applied")
};

// "record": "tu", the first line of each TU's log.
struct TuHeader {
  int schema = 0;
  std::string gcc_version, gcc_target;
  std::string source; // relative to the source tree, or absolute outside it
  std::string object; // as the driver was told to write it
  std::string tag;
  std::optional<std::string> policy_md5;
  std::vector<std::pair<std::string, std::string>> params; // in the log's order
  std::string params_json = "{}"; // the same as the log's JSON object, values typed
  std::map<std::string, std::string, std::less<>> reasons; // reason code -> GCC's text
  std::vector<std::string> never_inline_applied;           // entries with status "applied"
  std::vector<NeverInlineEntry> never_inline;              // every entry, in the log's order
  bool lto = false;
};

enum class Pass { einline, ipa }; // "einline", "inline"
const char *pass_name(Pass pass);

// For a refusal by a size limit: the param, its value for this caller, and the
// value at which the decision would flip (nullopt: "unknown").
struct Limit {
  std::string param;
  int64_t value = 0;
  std::optional<int64_t> flip_at;
};

// "record": "site": one call site as one inliner saw it.
struct Site {
  std::string id;
  Pass pass = Pass::einline;
  std::string caller, caller_symbol;                 // the out-of-line function holding the call
  std::string lexical_caller, lexical_caller_symbol; // the function whose source holds it
  std::string callee, callee_symbol;
  std::string callee_clone;       // "foo.constprop.0", or ""
  std::string location;           // "file:line:col", or "?"
  std::vector<std::string> chain; // symbols, caller first
  bool inlined = false;
  std::string reason;      // "OK" when inlined
  std::string reason_text; // the header's text for REASON ("" if it has none)
  std::optional<int64_t> callee_size, growth, caller_size_before, caller_size_after, count;
  std::optional<double> frequency;
  std::optional<bool> hot;
  std::optional<Limit> limit;
};

// "record": "function": one function defined in the TU.
struct Function {
  std::string name, symbol;
  std::optional<int64_t> size_before, size_after;
  int64_t inlined_callees = 0;
  bool out_of_line = false;
  bool never_inline = false;
};

// Site and Function with each string a view: into the record (valid until
// the RecordReader's next parse()) or the TuHeader, or of a literal.  For a
// reader that keeps no record whole (build_model): the same fields, defaults
// and errors as Site and Function, without a copy of each string.
struct LimitView {
  std::string_view param;
  int64_t value = 0;
  std::optional<int64_t> flip_at;
};
struct SiteView {
  std::string_view id;
  Pass pass = Pass::einline;
  std::string_view caller, caller_symbol, lexical_caller, lexical_caller_symbol;
  std::string_view callee, callee_symbol, callee_clone, location;
  std::vector<std::string_view> chain;
  bool inlined = false;
  std::string_view reason, reason_text;
  std::optional<int64_t> callee_size, growth, caller_size_before, caller_size_after, count;
  std::optional<double> frequency;
  std::optional<bool> hot;
  std::optional<LimitView> limit;
};
struct FunctionView {
  std::string_view name, symbol;
  std::optional<int64_t> size_before, size_after;
  int64_t inlined_callees = 0;
  bool out_of_line = false;
  bool never_inline = false;
};

TuHeader parse_header(const Record &record);
// HEADER supplies the reason texts.
Site parse_site(const Record &record, const TuHeader &header);
Function parse_function(const Record &record);

// The same for a whole build's records, several times faster: simdjson's
// DOM instead of a Record, each key looked up once, and the caller's Site and
// Function reused from record to record (their strings keep their buffers).
// One template reads both ways, so the results and the errors are those of
// parse_site and parse_function on Record::parse(line).
class RecordReader {
public:
  RecordReader();
  ~RecordReader();
  RecordReader(const RecordReader &) = delete;
  RecordReader &operator=(const RecordReader &) = delete;

  // Reads LINE, one line of a log that LogSet checked (without its '\n'), and
  // returns its "record" ("" when it has none); valid until the next parse().
  std::string_view parse(std::string_view line);
  // The same for a LINE followed by at least kPadding bytes that may be read
  // (the rest of its TU's text, and LogSet::text's spare capacity): parsed
  // where it is, not copied first (simdjson reads past the end of its input).
  static constexpr size_t kPadding = PaddedLine::kPadding;
  std::string_view parse_padded(std::string_view line);
  // The line as a site or function record; every field of SITE or FUNCTION
  // is set.  Throws Error as parse_site and parse_function do.
  void site(const TuHeader &header, Site &site) const;
  void function(Function &function) const;
  // The same as views (valid until the next parse(), and while HEADER lives).
  void site(const TuHeader &header, SiteView &site) const;
  void function(FunctionView &function) const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The symbol as it appears in the object: GCC's leading '*' (an asm label
// used verbatim) dropped.
std::string object_symbol(const std::string &symbol);

} // namespace inlinetune
