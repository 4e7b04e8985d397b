// SPDX-License-Identifier: GPL-3.0-or-later
#include "decode.h"

#include "error.h"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>

namespace inlinetune::log {

namespace {

// ---- reading a JSON value, from nlohmann or from simdjson -----------------
// parse_site and parse_function read a Record (nlohmann); RecordReader reads
// simdjson's DOM, several times faster.  Both go through one template
// (read_site, read_function) over the two value types below, so that they
// agree on every default, type check and message.

// The keys of site and function records, and their order in kKeyNames.
// (clang-format would put each on a line of its own.)
// clang-format off
enum Key : unsigned {
  k_record, k_id, k_pass, k_caller, k_caller_symbol, k_lexical_caller, k_lexical_caller_symbol,
  k_callee, k_callee_symbol, k_callee_clone, k_location, k_chain, k_chain_sites, k_inlined,
  k_reason, k_reason_text, k_callee_size, k_growth, k_caller_size_before, k_caller_size_after,
  k_count, k_frequency, k_hot, k_limit, k_name, k_symbol, k_size_before, k_size_after,
  k_inlined_callees, k_out_of_line, k_never_inline, k_elf_bytes, k_keys
};
constexpr std::array<std::string_view, k_keys> kKeyNames = {
    "record", "id", "pass", "caller", "caller_symbol", "lexical_caller", "lexical_caller_symbol",
    "callee", "callee_symbol", "callee_clone", "location", "chain", "chain_sites", "inlined",
    "reason", "reason_text", "callee_size", "growth", "caller_size_before", "caller_size_after",
    "count", "frequency", "hot", "limit", "name", "symbol", "size_before", "size_after",
    "inlined_callees", "out_of_line", "never_inline", "elf_bytes"};
// clang-format on

// A Record's value (never null: a null value reads as missing).
class NValue {
public:
  explicit NValue(const Record &v) : v_(&v) {}
  bool is_string() const { return v_->is_string(); }
  bool is_object() const { return v_->is_object(); }
  bool is_array() const { return v_->is_array(); }
  bool is_bool() const { return v_->is_boolean(); }
  bool is_int() const { return v_->is_number_integer(); }
  bool is_number() const { return v_->is_number(); }
  // An integer of 2^63 or more (nlohmann keeps those as unsigned).
  bool is_big() const {
    return v_->is_number_unsigned() && v_->get<uint64_t>() > uint64_t(INT64_MAX);
  }
  std::string_view str() const { return v_->get_ref<const std::string &>(); }
  int64_t int64() const { return v_->get<int64_t>(); }
  double number() const { return v_->get<double>(); }
  bool boolean() const { return v_->get<bool>(); }
  // The value of KEY in this object; nullopt when it is missing or null.
  std::optional<NValue> member(std::string_view key) const {
    auto it = v_->find(key);
    return it == v_->end() || it->is_null() ? std::nullopt : std::optional<NValue>(NValue(*it));
  }
  template <typename F> void each(F &&f) const {
    for (const Record &item : *v_)
      f(NValue(item));
  }

private:
  const Record *v_;
};

// A Record read as a site or function record.
class NRecord {
public:
  explicit NRecord(const Record &r) : r_(r) {}
  std::optional<NValue> get(Key key) const { return NValue(r_).member(kKeyNames[key]); }
  // KEY is there with a null value (get() reads it as missing).
  bool is_null(Key key) const {
    auto it = r_.find(kKeyNames[key]);
    return it != r_.end() && it->is_null();
  }

private:
  const Record &r_;
};

// A value of simdjson's DOM (never null).
class SValue {
public:
  explicit SValue(simdjson::dom::element e) : e_(e) {}
  bool is_string() const { return e_.type() == simdjson::dom::element_type::STRING; }
  bool is_object() const { return e_.type() == simdjson::dom::element_type::OBJECT; }
  bool is_array() const { return e_.type() == simdjson::dom::element_type::ARRAY; }
  bool is_bool() const { return e_.type() == simdjson::dom::element_type::BOOL; }
  bool is_int() const {
    return e_.type() == simdjson::dom::element_type::INT64 ||
           e_.type() == simdjson::dom::element_type::UINT64;
  }
  bool is_number() const { return is_int() || e_.type() == simdjson::dom::element_type::DOUBLE; }
  // simdjson keeps an integer as unsigned only when it is 2^63 or more.
  bool is_big() const { return e_.type() == simdjson::dom::element_type::UINT64; }
  std::string_view str() const { return e_.get_string().value_unsafe(); }
  int64_t int64() const { return e_.get_int64().value_unsafe(); }
  double number() const {
    switch (e_.type()) {
    case simdjson::dom::element_type::INT64:
      return static_cast<double>(e_.get_int64().value_unsafe());
    case simdjson::dom::element_type::UINT64:
      return static_cast<double>(e_.get_uint64().value_unsafe());
    default:
      return e_.get_double().value_unsafe();
    }
  }
  bool boolean() const { return e_.get_bool().value_unsafe(); }
  // As nlohmann: the last of duplicate keys counts.
  std::optional<SValue> member(std::string_view key) const {
    std::optional<SValue> found;
    const simdjson::dom::object object = e_.get_object().value_unsafe();
    for (simdjson::dom::key_value_pair field : object)
      if (field.key == key)
        found = field.value.is_null() ? std::nullopt : std::optional<SValue>(SValue(field.value));
    return found;
  }
  template <typename F> void each(F &&f) const {
    const simdjson::dom::array array = e_.get_array().value_unsafe();
    for (simdjson::dom::element item : array)
      f(SValue(item));
  }

private:
  simdjson::dom::element e_;
};

// A simdjson object read as a site or function record: its keys looked up
// once (the last of duplicate keys counts, as in a Record).
class SRecord {
public:
  void index(simdjson::dom::object object) {
    present_ = null_ = 0;
    for (simdjson::dom::key_value_pair field : object) {
      int key = key_of(field.key);
      if (key < 0)
        continue;
      if (field.value.is_null()) {
        present_ &= ~(uint64_t(1) << key);
        null_ |= uint64_t(1) << key;
      } else {
        present_ |= uint64_t(1) << key;
        null_ &= ~(uint64_t(1) << key);
        values_[key] = field.value;
      }
    }
  }
  std::optional<SValue> get(Key key) const {
    return present_ >> key & 1 ? std::optional<SValue>(SValue(values_[key])) : std::nullopt;
  }
  bool is_null(Key key) const { return null_ >> key & 1; }

private:
  // The keys by length: at most six share one, and a first byte tells most apart.
  struct ByLength {
    static constexpr size_t kMax = 32;
    std::array<std::array<int8_t, 8>, kMax> keys; // -1 ends a list
    ByLength() {
      for (auto &list : keys)
        list.fill(-1);
      for (unsigned k = 0; k < k_keys; ++k) {
        auto &list = keys[kKeyNames[k].size()];
        *std::find(list.begin(), list.end(), -1) = static_cast<int8_t>(k);
      }
    }
  };
  static int key_of(std::string_view name) {
    static const ByLength table;
    if (name.empty() || name.size() >= ByLength::kMax)
      return -1;
    for (int8_t k : table.keys[name.size()]) {
      if (k < 0)
        break;
      if (kKeyNames[k][0] == name[0] &&
          std::memcmp(kKeyNames[k].data(), name.data(), name.size()) == 0)
        return k;
    }
    return -1;
  }
  uint64_t present_ = 0, null_ = 0; // the keys there, and those there with null
  static_assert(k_keys <= 64);
  std::array<simdjson::dom::element, k_keys> values_;
};

[[noreturn]] void wrong(std::string_view key, const char *expected) {
  throw Error("\"{}\": expected {}", key, expected);
}

// The helpers below take a record (NRecord, SRecord) and a Key, or a value
// (NValue, SValue) and a key name.
template <typename R> auto lookup(const R &r, Key key) {
  return r.get(key);
}
template <typename V> auto lookup(const V &v, std::string_view key) -> decltype(v.member(key)) {
  return v.member(key);
}
std::string_view name_of(Key key) {
  return kKeyNames[key];
}
std::string_view name_of(std::string_view key) {
  return key;
}

template <typename R, typename K> std::optional<std::string_view> opt_string(const R &r, K key) {
  auto v = lookup(r, key);
  if (!v)
    return std::nullopt;
  if (!v->is_string())
    wrong(name_of(key), "a string");
  return v->str();
}

template <typename R, typename K> std::string_view need_string(const R &r, K key) {
  std::optional<std::string_view> s = opt_string(r, key);
  if (!s)
    throw Error("\"{}\" is missing", name_of(key));
  return *s;
}

template <typename R, typename K> std::optional<int64_t> opt_int(const R &r, K key) {
  auto v = lookup(r, key);
  if (!v)
    return std::nullopt;
  if (!v->is_int())
    wrong(name_of(key), "an integer");
  if (v->is_big())
    wrong(name_of(key), "an integer below 2^63");
  return v->int64();
}

template <typename R, typename K> std::optional<bool> opt_bool(const R &r, K key) {
  auto v = lookup(r, key);
  if (!v)
    return std::nullopt;
  if (!v->is_bool())
    wrong(name_of(key), "true or false");
  return v->boolean();
}

template <typename R, typename K> std::optional<double> opt_number(const R &r, K key) {
  auto v = lookup(r, key);
  if (!v)
    return std::nullopt;
  if (!v->is_number())
    wrong(name_of(key), "a number");
  return v->number();
}

// A string field of Site or SiteView (Function, FunctionView) set: copied
// into the string, or the view kept.
void set(std::string &to, std::string_view from) {
  to.assign(from);
}
void set(std::string_view &to, std::string_view from) {
  to = from;
}

// A function named by KEY: schema 2's "KEY" (the name) and "KEY_symbol" (only
// when it differs), or schema 1's {"name", "symbol"}.  False when KEY is
// missing.
template <typename R, typename S>
bool function_ref(const R &r, Key key, Key symbol_key, S *name, S *symbol) {
  auto v = lookup(r, key);
  if (!v)
    return false;
  if (v->is_object()) {
    set(*name, need_string(*v, "name"));
    std::optional<std::string_view> s = opt_string(*v, "symbol");
    set(*symbol, s ? *s : std::string_view(*name));
    return true;
  }
  if (!v->is_string())
    wrong(name_of(key), "a string");
  set(*name, v->str());
  std::optional<std::string_view> s = opt_string(r, symbol_key);
  set(*symbol, s ? *s : std::string_view(*name));
  return true;
}

// Into OUT, reusing its strings.
template <typename R, typename S> void string_array(const R &r, Key key, std::vector<S> &out) {
  size_t n = 0;
  if (auto v = lookup(r, key)) {
    if (!v->is_array())
      wrong(name_of(key), "an array");
    v->each([&](const auto &item) {
      if (!item.is_string())
        wrong(name_of(key), "an array of strings");
      if (n < out.size())
        set(out[n], item.str());
      else
        out.emplace_back(item.str());
      ++n;
    });
  }
  out.resize(n);
}

// Sets every field of S, a Site or SiteView (which may hold an earlier
// record's).
template <typename R, typename S> void read_site(const R &r, const TuHeader &header, S &s) {
  set(s.id, need_string(r, k_id));
  std::string_view pass = need_string(r, k_pass);
  if (pass == "einline")
    s.pass = Pass::einline;
  else if (pass == "inline")
    s.pass = Pass::ipa;
  else
    throw Error("\"pass\": expected \"einline\" or \"inline\", found {}",
                Record(std::string(pass)).dump());
  if (!function_ref(r, k_caller, k_caller_symbol, &s.caller.name, &s.caller.symbol))
    throw Error("\"caller\" is missing");
  if (!function_ref(r, k_lexical_caller, k_lexical_caller_symbol, &s.lexical_caller.name,
                    &s.lexical_caller.symbol))
    s.lexical_caller = s.caller;
  if (!function_ref(r, k_callee, k_callee_symbol, &s.callee.name, &s.callee.symbol))
    throw Error("\"callee\" is missing");
  set(s.callee_clone, opt_string(r, k_callee_clone).value_or(""));
  set(s.location, opt_string(r, k_location).value_or("?"));
  string_array(r, k_chain, s.chain);
  if (s.chain.empty())
    s.chain.push_back(s.caller.symbol);
  string_array(r, k_chain_sites, s.chain_sites);
  if (!s.chain_sites.empty() && s.chain_sites.size() + 1 != s.chain.size())
    throw Error("\"chain_sites\": expected one site id per inline copy of \"chain\" ({}), found {}",
                s.chain.size() - 1, s.chain_sites.size());
  std::optional<bool> inlined = opt_bool(r, k_inlined);
  if (!inlined)
    throw Error("\"inlined\" is missing");
  s.inlined = *inlined;
  set(s.reason, opt_string(r, k_reason).value_or(s.inlined ? "OK" : ""));
  if (auto text = header.reasons.find(std::string_view(s.reason)); text != header.reasons.end())
    set(s.reason_text, text->second);
  else
    set(s.reason_text, opt_string(r, k_reason_text).value_or("")); // schema 1
  s.callee_size = opt_int(r, k_callee_size);
  s.growth = opt_int(r, k_growth);
  s.caller_size_before = opt_int(r, k_caller_size_before);
  s.caller_size_after = opt_int(r, k_caller_size_after);
  s.count = opt_int(r, k_count);
  s.frequency = opt_number(r, k_frequency);
  s.hot = opt_bool(r, k_hot);
  s.limit.reset();
  if (auto limit = lookup(r, k_limit)) {
    if (!limit->is_object())
      wrong("limit", "an object");
    typename std::remove_reference_t<decltype(*s.limit)> l; // BasicLimit<string or view>
    l.param = need_string(*limit, "param");
    l.value = opt_int(*limit, "value").value_or(0);
    auto flip = limit->member("flip_at");
    if (flip && !(flip->is_string() && flip->str() == "unknown"))
      l.flip_at = opt_int(*limit, "flip_at");
    set(l.params_of, opt_string(*limit, "params_of").value_or(std::string_view(s.caller.symbol)));
    s.limit = std::move(l);
  }
}

template <typename R, typename F> void read_function(const R &r, F &f) {
  set(f.function.name, need_string(r, k_name));
  set(f.function.symbol, opt_string(r, k_symbol).value_or(std::string_view(f.function.name)));
  f.size_before = opt_int(r, k_size_before);
  f.size_after = opt_int(r, k_size_after);
  f.inlined_callees = opt_int(r, k_inlined_callees).value_or(0);
  f.out_of_line = opt_bool(r, k_out_of_line).value_or(false);
  f.never_inline = opt_bool(r, k_never_inline).value_or(false);
  f.elf_bytes = opt_int(r, k_elf_bytes);
  f.has_elf_bytes = f.elf_bytes || r.is_null(k_elf_bytes);
  if (f.elf_bytes && *f.elf_bytes < 0)
    wrong("elf_bytes", "a size (0 or more)");
}

// The header's helpers (nlohmann only: one header per TU).
const Record *find(const Record &r, const std::string &key) {
  auto it = r.find(key);
  return it == r.end() || it->is_null() ? nullptr : &*it;
}

std::string header_string(const Record &r, const std::string &key, std::string fallback) {
  std::optional<std::string_view> s = opt_string(NValue(r), key);
  return s ? std::string(*s) : fallback;
}

} // namespace

TuHeader parse_header(const Record &r) {
  TuHeader h;
  h.schema = static_cast<int>(opt_int(NValue(r), "schema").value_or(0));
  if (const Record *gcc = find(r, "gcc")) {
    if (!gcc->is_object())
      wrong("gcc", "an object");
    h.gcc_version = header_string(*gcc, "version", "");
    h.gcc_target = header_string(*gcc, "target", "");
  }
  h.source = header_string(r, "source", "");
  h.object = header_string(r, "object", "");
  h.tag = header_string(r, "tag", "");
  if (std::optional<std::string_view> md5 = opt_string(NValue(r), "policy_md5"))
    h.policy_md5 = std::string(*md5);
  if (const Record *params = find(r, "params")) {
    if (!params->is_object())
      wrong("params", "an object");
    for (const auto &[name, value] : params->items())
      h.params.push_back({name, value.is_string() ? value.get<std::string>() : value.dump()});
    h.params_json = params->dump();
  }
  if (const Record *reasons = find(r, "reasons")) {
    if (!reasons->is_object())
      wrong("reasons", "an object");
    for (const auto &[code, text] : reasons->items()) {
      if (!text.is_string())
        wrong("reasons", "an object of strings");
      h.reasons[code] = text.get<std::string>();
    }
  }
  if (const Record *never = find(r, "never_inline")) {
    if (!never->is_array())
      wrong("never_inline", "an array");
    for (const Record &entry : *never) {
      if (!entry.is_object())
        continue;
      NeverInlineStatus e;
      e.name = header_string(entry, "name", "");
      e.origin = header_string(entry, "origin", "");
      e.status = header_string(entry, "status", "");
      // "functions": names, or schema 1's {"name", "symbol"} objects.
      if (const Record *fs = find(entry, "functions"); fs && fs->is_array())
        for (const Record &f : *fs) {
          if (f.is_string())
            e.functions.push_back(f.get<std::string>());
          else if (std::optional<NValue> name =
                       f.is_object() ? NValue(f).member("name") : std::nullopt;
                   name && name->is_string())
            e.functions.emplace_back(name->str());
        }
      h.never_inline.push_back(std::move(e));
    }
  }
  // "function_params" and the site lists: read as far as they have the
  // shape the plugin writes; what does not is left out, not an error.
  if (const Record *fparams = find(r, "function_params"); fparams && fparams->is_array())
    for (const Record &entry : *fparams) {
      const Record *fn = entry.is_object() ? find(entry, "function") : nullptr;
      const Record *ps = entry.is_object() ? find(entry, "params") : nullptr;
      if (!fn || !fn->is_object() || !ps || !ps->is_object())
        continue;
      FunctionParams f;
      f.function.name = header_string(*fn, "name", "");
      f.function.symbol = header_string(*fn, "symbol", f.function.name);
      for (const auto &[name, value] : ps->items())
        f.params.push_back({name, value.is_string() ? value.get<std::string>() : value.dump()});
      h.function_params.push_back(std::move(f));
    }
  for (auto [key, out] : {std::pair{"forbidden_sites", &h.forbidden_sites},
                          std::pair{"forced_sites", &h.forced_sites},
                          std::pair{"forced_refused", &h.forced_refused}})
    if (const Record *sites = find(r, key); sites && sites->is_array())
      for (const Record &site : *sites)
        if (site.is_string())
          out->push_back(site.get<std::string>());
  // "replay": read as far as it has the shape the plugin writes.
  if (const Record *replay = find(r, "replay"); replay && replay->is_object()) {
    ReplaySummary s;
    s.log = header_string(*replay, "log", "");
    if (const Record *found = find(*replay, "found"); found && found->is_boolean())
      s.found = found->get<bool>();
    s.fallback = header_string(*replay, "fallback", "gcc");
    for (auto [key, out] : {std::pair{"replayed", &s.replayed}, std::pair{"not_found", &s.not_found},
                            std::pair{"unmatched", &s.unmatched},
                            std::pair{"ambiguous", &s.ambiguous}, std::pair{"refused", &s.refused},
                            std::pair{"split_at_recorded_params", &s.split_at_recorded_params},
                            std::pair{"left_to_gcc", &s.left_to_gcc},
                            std::pair{"inlined_against_log", &s.inlined_against_log}})
      if (const Record *n = find(*replay, key); n && n->is_number_integer())
        *out = n->get<int64_t>();
    h.replay = s;
  }
  h.lto = opt_bool(NValue(r), "lto").value_or(false);
  return h;
}

Site parse_site(const Record &record, const TuHeader &header) {
  Site s;
  read_site(NRecord(record), header, s);
  return s;
}

Function parse_function(const Record &record) {
  Function f;
  read_function(NRecord(record), f);
  return f;
}

// ---- RecordReader ------------------------------------------------------------

struct RecordReader::Impl {
  simdjson::dom::parser parser;
  PaddedLine padded; // the line, with the padding simdjson reads past its end
  SRecord fast;
  std::optional<Record> slow; // a line simdjson did not take
  std::string kind;
};

RecordReader::RecordReader() : impl_(std::make_unique<Impl>()) {}
RecordReader::~RecordReader() = default;

std::string_view RecordReader::parse(std::string_view line) {
  return parse_padded(impl_->padded.copy(line));
}

static_assert(PaddedLine::kPadding >= simdjson::SIMDJSON_PADDING);

std::string_view RecordReader::parse_padded(std::string_view line) {
  Impl &m = *impl_;
  m.slow.reset();
  simdjson::dom::element doc;
  simdjson::dom::object object;
  if (!m.parser.parse(line.data(), line.size(), false).get(doc) && !doc.get_object().get(object)) {
    m.fast.index(object);
    std::optional<SValue> kind = m.fast.get(k_record);
    m.kind.assign(kind && kind->is_string() ? kind->str() : "");
    return m.kind;
  }
  // Not for simdjson (an integer beyond 64 bits, which nlohmann reads as a
  // double), or not a record at all (LogSet checked it; a caller may not
  // have): nlohmann's reading decides.
  m.slow = Record::parse(line);
  auto kind = m.slow->is_object() ? m.slow->find("record") : m.slow->end();
  m.kind.assign(kind != m.slow->end() && kind->is_string() ? kind->get<std::string>() : "");
  return m.kind;
}

void RecordReader::site(const TuHeader &header, Site &site) const {
  if (impl_->slow)
    read_site(NRecord(*impl_->slow), header, site);
  else
    read_site(impl_->fast, header, site);
}

void RecordReader::function(Function &function) const {
  if (impl_->slow)
    read_function(NRecord(*impl_->slow), function);
  else
    read_function(impl_->fast, function);
}

void RecordReader::site(const TuHeader &header, SiteView &site) const {
  if (impl_->slow)
    read_site(NRecord(*impl_->slow), header, site);
  else
    read_site(impl_->fast, header, site);
}

void RecordReader::function(FunctionView &function) const {
  if (impl_->slow)
    read_function(NRecord(*impl_->slow), function);
  else
    read_function(impl_->fast, function);
}

} // namespace inlinetune::log
