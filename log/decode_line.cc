// SPDX-License-Identifier: GPL-3.0-or-later
// One line of a log: checked (check_record) and parsed (parse_record), and a
// TU header's schema.  A file of its own, apart from the records' decoding
// (decode.cc): these run on every line a LogSet reads, and with both in
// one file GCC's inliner treated simdjson's parser differently here:
// `inlinetune summary` of bench-tools' synthetic kernel (2.4 million
// records, one thread, callgrind) took 30.96 G instructions against 30.20 G
// before the log library; as two files, 30.28 G.
#include "decode.h"

#include "error.h"

#include <simdjson.h>

#include <fmt/format.h>

#include <optional>

namespace inlinetune::log {

namespace {

constexpr int kMaxDepth = 64; // JSON nesting within one record

// ---- one line: checked, parsed ---------------------------------------------

// nlohmann's message without its "[json.exception...] parse error at line 1,
// column N: " preamble (each record is parsed alone, so its line is always 1),
// and with the bytes it quotes ("last read: ...") that are not printable
// ASCII escaped: they may not be UTF-8.
std::string json_error(const Record::exception &e) {
  std::string_view raw = e.what();
  size_t column = raw.find("column ");
  size_t colon = raw.find(": ", column == std::string::npos ? 0 : column);
  if (colon != std::string::npos)
    raw.remove_prefix(colon + 2);
  std::string what;
  for (char c : raw) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f)
      what += fmt::format("\\x{:02x}", u);
    else
      what += c;
  }
  if (const auto *pe = dynamic_cast<const Record::parse_error *>(&e))
    return fmt::format("invalid JSON at byte {}: {}", pe->byte, what);
  return "invalid JSON: " + what;
}

// Checks a line without building it: a SAX pass that tracks the depth and
// catches the top-level "record" (some three times faster than parsing into
// a Record, which only headers need).
class LineChecker : public nlohmann::json_sax<Record> {
public:
  bool null() override { return value(false); }
  bool boolean(bool) override { return value(false); }
  bool number_integer(number_integer_t) override { return value(false); }
  bool number_unsigned(number_unsigned_t) override { return value(false); }
  bool number_float(number_float_t, const string_t &) override { return value(false); }
  bool binary(binary_t &) override { return value(false); }
  bool string(string_t &s) override {
    if (depth_ == 1 && in_record_)
      kind_ = s;
    return value(true);
  }
  bool start_object(std::size_t) override { return open(true); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t &k) override {
    in_record_ = depth_ == 1 && k == "record";
    return true;
  }
  bool parse_error(std::size_t, const std::string &,
                   const nlohmann::detail::exception &e) override {
    problem_ = json_error(e);
    return false;
  }

  std::string result(bool parsed, std::string *kind) {
    if (!problem_.empty())
      return problem_;
    if (too_deep_)
      return fmt::format("nested more than {} deep", kMaxDepth);
    if (!parsed || !object_)
      return "not a JSON object";
    if (!kind_)
      return "no \"record\" string";
    if (kind)
      *kind = std::move(*kind_);
    return "";
  }

private:
  bool value(bool is_string) {
    if (depth_ == 1 && in_record_ && !is_string)
      kind_.reset(); // a later "record" overrides an earlier one, as in a Record
    in_record_ = false;
    return depth_ > 0; // a scalar at the top: not an object
  }
  bool open(bool object) {
    if (depth_ == 0)
      object_ = object;
    else
      value(false);
    if (++depth_ > kMaxDepth)
      too_deep_ = true;
    return !too_deep_ && object_;
  }
  bool close() {
    --depth_;
    return true;
  }

  int depth_ = 0;
  bool object_ = false, in_record_ = false, too_deep_ = false;
  std::optional<std::string> kind_;
  std::string problem_;
};

std::string check_header(const Record &header) {
  auto schema = header.find("schema");
  if (schema == header.end() || !schema->is_number_integer())
    return "TU header without an integer \"schema\"";
  if (*schema != kLogSchema)
    return fmt::format("unsupported schema {} (this inlinetune reads schema {})", schema->dump(),
                       kLogSchema);
  return "";
}

// check_record's fast path: simdjson validates a line some five times faster
// than LineChecker.  It takes exactly the lines nlohmann takes (strict UTF-8,
// escapes and surrogates, no control characters in strings, nesting counted
// alike), except integers beyond 64 bits, which it refuses; so whatever it
// refuses goes to LineChecker, which decides and words the message.
class FastChecker {
public:
  FastChecker() {
    if (parser_.allocate(size_t(1) << 16, kMaxDepth))
      throw std::bad_alloc();
  }
  // True when LINE is a JSON object whose (last) "record" is a string, put in *KIND.
  bool check(std::string_view line, std::string *kind) {
    const std::string_view padded = padded_.copy(line);
    simdjson::dom::element doc;
    simdjson::dom::object object;
    if (parser_.parse(padded.data(), padded.size(), false).get(doc) || doc.get_object().get(object))
      return false;
    std::optional<std::string_view> found;
    for (simdjson::dom::key_value_pair field : object)
      if (field.key == "record")
        found = field.value.is_string()
                    ? std::optional<std::string_view>(field.value.get_string().value_unsafe())
                    : std::nullopt;
    if (!found)
      return false;
    if (kind)
      kind->assign(*found);
    return true;
  }

private:
  simdjson::dom::parser parser_;
  PaddedLine padded_;
};

// A value of a kind to_record does not know (a newer simdjson's BIGINT):
// the line is read by nlohmann's parser instead.
struct UnknownKind {};

// A simdjson value as the Record nlohmann's parser makes of its text.
Record to_record(simdjson::dom::element e) {
  using Type = simdjson::dom::element_type;
  switch (e.type()) {
  case Type::OBJECT: {
    Record object = Record::object();
    const simdjson::dom::object fields = e.get_object().value_unsafe();
    // Room first: the members' keys are const, so growing would copy them.
    object.get_ref<Record::object_t &>().reserve(fields.size());
    for (simdjson::dom::key_value_pair field : fields)
      object[std::string(field.key)] = to_record(field.value); // a later duplicate replaces
    return object;
  }
  case Type::ARRAY: {
    Record array = Record::array();
    const simdjson::dom::array items = e.get_array().value_unsafe();
    array.get_ref<Record::array_t &>().reserve(items.size());
    for (simdjson::dom::element item : items)
      array.push_back(to_record(item));
    return array;
  }
  case Type::INT64: {
    // nlohmann types an integer without a '-' as unsigned ("-0" is the one
    // it types otherwise; both print as 0).
    const int64_t v = e.get_int64().value_unsafe();
    return v < 0 ? Record(v) : Record(static_cast<uint64_t>(v));
  }
  case Type::UINT64:
    return Record(e.get_uint64().value_unsafe());
  case Type::DOUBLE:
    return Record(e.get_double().value_unsafe());
  case Type::STRING:
    return Record(std::string(e.get_string().value_unsafe()));
  case Type::BOOL:
    return Record(e.get_bool().value_unsafe());
  case Type::NULL_VALUE:
    break;
  default:
    throw UnknownKind{};
  }
  return Record(nullptr);
}

} // namespace

Record parse_record(std::string_view line) {
  thread_local simdjson::dom::parser parser;
  thread_local PaddedLine buffer;
  const std::string_view padded = buffer.copy(line);
  simdjson::dom::element doc;
  if (parser.parse(padded.data(), padded.size(), false).get(doc))
    return Record::parse(line);
  try {
    return to_record(doc);
  } catch (const UnknownKind &) {
    return Record::parse(line);
  }
}

std::string check_record(std::string_view line, std::string *kind) {
  thread_local FastChecker fast;
  if (fast.check(line, kind))
    return "";
  LineChecker checker;
  bool parsed = Record::sax_parse(line, &checker);
  return checker.result(parsed, kind);
}

std::string header_problem(const Record &header) {
  return check_header(header);
}

std::string header_object(const Record &header) {
  auto object = header.find("object");
  return object != header.end() && object->is_string() ? object->get<std::string>() : "";
}

} // namespace inlinetune::log
