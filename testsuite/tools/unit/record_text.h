// SPDX-License-Identifier: GPL-3.0-or-later
// For the tests that hold the log reader's fast paths against its nlohmann
// ones (record_reader_test.cc, reading_test.cc): one text for what a line
// reads as, whichever path read it, and the lines to read.
#pragma once

#include "decode.h"
#include "error.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>
#include <string>
#include <vector>

namespace inlinetune::test {

inline std::string opt(const std::optional<int64_t> &v) {
  return v ? std::to_string(*v) : "-";
}

// Every field of a Site or a SiteView, so that two reads compare as text.
template <typename S> std::string describe_site(const S &s) {
  std::string limit = "-";
  if (s.limit)
    limit = fmt::format("{}={}/{}", s.limit->param, s.limit->value, opt(s.limit->flip_at));
  return fmt::format(
      "id={} pass={} caller={}/{} lexical={}/{} callee={}/{} clone={} loc={} chain={} "
      "inlined={} reason={} text={} sizes={},{},{},{} count={} freq={} hot={} limit={}",
      s.id, pass_name(s.pass), s.caller.name, s.caller.symbol, s.lexical_caller.name,
      s.lexical_caller.symbol, s.callee.name, s.callee.symbol, s.callee_clone, s.location,
      fmt::join(s.chain, ">"), s.inlined, s.reason, s.reason_text, opt(s.callee_size),
      opt(s.growth), opt(s.caller_size_before), opt(s.caller_size_after), opt(s.count),
      s.frequency ? fmt::format("{}", *s.frequency) : "-", s.hot ? (*s.hot ? "yes" : "no") : "-",
      limit);
}

// Every field of a Function or a FunctionView.
template <typename F> std::string describe_function(const F &f) {
  return fmt::format("name={} symbol={} sizes={},{} callees={} ool={} never={} elf={}:{}",
                     f.function.name, f.function.symbol, opt(f.size_before), opt(f.size_after),
                     f.inlined_callees, f.out_of_line, f.never_inline, f.has_elf_bytes,
                     opt(f.elf_bytes));
}

// LINE read by READER (from a padded buffer when PADDED) into S or F, which
// are reused from line to line as the reader reuses them: "site ...",
// "function ...", "other KIND" or "error MESSAGE".
template <typename S, typename F>
std::string read_with(RecordReader &reader, const std::string &line, bool padded, const TuHeader &h,
                      S &s, F &f) {
  const std::string padded_line = line + std::string(RecordReader::kPadding, ' ');
  const std::string kind(
      padded ? reader.parse_padded(std::string_view(padded_line).substr(0, line.size()))
             : reader.parse(line));
  try {
    if (kind == "site") {
      reader.site(h, s);
      return "site " + describe_site(s);
    }
    if (kind == "function") {
      reader.function(f);
      return "function " + describe_function(f);
    }
    return "other " + kind;
  } catch (const Error &e) {
    return std::string("error ") + e.what();
  }
}

// RECORD (a JSON object) with each key's value replaced by each of some
// values of every JSON type and edge (beyond 64 bits, -0, escapes), left
// out, and given twice (the original first, then the new value, and the
// reverse: the last one counts); "limit" also gets objects malformed inside.
inline std::vector<std::string> key_variants(const std::string &record) {
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
                                                  R"({"param":"p","value":2})",
                                                  "1.5",
                                                  "-0",
                                                  "9223372036854775807",
                                                  "9223372036854775808",
                                                  "18446744073709551616",
                                                  "1e3",
                                                  "\"\\u00e9\\ud83d\\ude00\""};
  std::vector<std::string> out{record};
  const Record r = Record::parse(record);
  const std::string dump = r.dump();
  for (const auto &item : r.items()) {
    const std::string key = item.key();
    if (key == "record")
      continue;
    for (const std::string &v : values) {
      Record changed = r;
      changed[key] = Record::parse(v);
      out.push_back(changed.dump());
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

} // namespace inlinetune::test
