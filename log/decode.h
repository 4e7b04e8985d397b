// SPDX-License-Identifier: GPL-3.0-or-later
// log/decode.h: lines of a decision log back into records (log/records.h):
// one line checked and parsed (decode_line.cc), records decoded (decode.cc);
// what the CLI and the fuzzers read.  The one place, with log/encode.cc,
// that knows the records' JSON keys (docs/log-format.md).  Schema 2 leaves
// out what is not known and what equals its default; the decoder puts the
// defaults back (a missing "lexical_caller" is the caller, a missing
// "chain" is [caller], a missing "symbol" is the name), so no reader needs
// to know which keys a writer may omit.  The schema-1 shapes ({"name",
// "symbol"} objects, null for unknown, "reason_text" on each site) are
// read the same way.
//
// A record with a key of the wrong type, or without a key it must have,
// throws Error (common/error.h) naming the key; unknown keys are ignored.
// GCC-free.
#pragma once

#include "padded_line.h"
#include "records.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <string_view>

namespace inlinetune::log {

// One record, one line of a log.  Ordered, so that a record written back out
// keeps the plugin's key order.
using Record = nlohmann::ordered_json;

// ---- one line ----------------------------------------------------------------

// Checks one line of a log (without its '\n'): a JSON object, nested at most
// 64 deep, with a string "record", which goes to *KIND.  Returns what is
// wrong with it, or "".
std::string check_record(std::string_view line, std::string *kind);

// LINE (one record, without its '\n') as Record::parse reads it, or the
// same exception: some five times faster where simdjson takes the line, its
// DOM copied into the Record (numbers typed as nlohmann types them, the last
// of duplicate keys counting, in the first one's place); Record::parse reads
// what simdjson refuses (an integer beyond 64 bits, or a line that is not
// JSON).
Record parse_record(std::string_view line);

// ---- records -----------------------------------------------------------------

// What is wrong with a TU header for this decoder ("" when nothing): no
// integer "schema", or one other than kLogSchema.
std::string header_problem(const Record &header);
// The header's "object", or "" (for messages about a header that may be bad).
std::string header_object(const Record &header);

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

  // Reads LINE, one line of a log that was checked (without its '\n'), and
  // returns its "record" ("" when it has none); valid until the next parse().
  std::string_view parse(std::string_view line);
  // The same for a LINE followed by at least kPadding bytes that may be read
  // (the rest of its TU's text, and its spare capacity): parsed where it
  // is, not copied first (simdjson reads past the end of its input).
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

} // namespace inlinetune::log
