// SPDX-License-Identifier: GPL-3.0-or-later
#include "replay_log.h"

#include "decode.h"
#include "error.h"
#include "format.h"
#include "read/log_reader.h"
#include "symbol_names.h"

#include <cerrno>
#include <cstring>
#include <map>
#include <sys/stat.h>

namespace inlinetune {

namespace {

bool is_file(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Where, under a directory, this TU's log can be: log=DIR's file for the
// object, or the object itself in a build tree laid out as this one.
std::vector<std::string> candidates_in(const std::string &dir, const std::string &object) {
  std::vector<std::string> out;
  std::string log_file = dir + "/" + log::log_file_name(object);
  if (is_file(log_file))
    out.push_back(log_file);
  if (!object.empty() && object[0] != '/' && is_file(dir + "/" + object))
    out.push_back(dir + "/" + object);
  return out;
}

} // namespace

std::string ReplayLog::key(log::Pass pass, std::string_view caller,
                           const std::vector<std::string> &chain, std::string_view id) {
  // Symbols hold neither '\n' nor '\t'.
  std::string k(1, pass == log::Pass::einline ? 'e' : 'i');
  k += caller;
  for (const std::string &c : chain) {
    k += '\t';
    k += c;
  }
  k += '\n';
  k += id;
  return k;
}

std::string ReplayLog::precise_key(log::Pass pass, std::string_view caller,
                                   const std::vector<std::string> &chain,
                                   const std::vector<std::string> &chain_sites,
                                   std::string_view id) {
  std::vector<std::string> steps;
  for (size_t i = 0; i < chain.size(); ++i) {
    steps.push_back(chain[i]);
    if (i < chain_sites.size())
      steps.push_back(chain_sites[i]);
  }
  return key(pass, caller, steps, id);
}

void ReplayLog::add(const log::Site &site) {
  // One more record of key K in MAP: its outcome, or ambiguous when the
  // records disagree.
  auto note = [&site](std::unordered_map<std::string, Recorded> &map,
                      const std::string &k) -> Recorded & {
    auto [c, first] = map.try_emplace(k);
    if (first)
      c->second.inlined = site.inlined;
    else if (c->second.inlined != site.inlined)
      c->second.ambiguous = true;
    return c->second;
  };
  Recorded &r = note(decisions_, key(site.pass, site.caller.symbol, site.chain, site.id));
  if (site.chain_sites.empty())
    r.imprecise = true;
  else if (note(precise_,
                precise_key(site.pass, site.caller.symbol, site.chain, site.chain_sites, site.id))
               .ambiguous)
    r.imprecise = true;
  if (site.pass != log::Pass::ipa || site.chain.empty())
    return;
  note(bodies_, key(site.pass, "", {site.chain.back()}, site.id));
  note(locations_, key(site.pass, "", {site.chain.back()}, site.location));
  if (site.chain.size() >= 2)
    note(copies_, key(site.pass, site.caller.symbol, {site.chain.back()}, site.id));
}

std::optional<bool> ReplayLog::body_decision(std::string_view body_of, std::string_view id) const {
  auto it = bodies_.find(key(log::Pass::ipa, "", {std::string(body_of)}, id));
  if (it == bodies_.end() || it->second.ambiguous)
    return std::nullopt;
  return it->second.inlined;
}

std::optional<bool> ReplayLog::location_decision(std::string_view body_of,
                                                 std::string_view location) const {
  auto it = locations_.find(key(log::Pass::ipa, "", {std::string(body_of)}, location));
  if (it == locations_.end() || it->second.ambiguous)
    return std::nullopt;
  return it->second.inlined;
}

bool ReplayLog::body_disagrees(std::string_view body_of, std::string_view id) const {
  auto it = bodies_.find(key(log::Pass::ipa, "", {std::string(body_of)}, id));
  return it != bodies_.end() && it->second.ambiguous;
}

std::optional<bool> ReplayLog::copy_decision(std::string_view caller, std::string_view copy_of,
                                             std::string_view id) const {
  auto it = copies_.find(key(log::Pass::ipa, caller, {std::string(copy_of)}, id));
  if (it == copies_.end() || it->second.ambiguous)
    return std::nullopt;
  return it->second.inlined;
}

std::optional<bool> ReplayLog::decision(log::Pass pass, std::string_view caller,
                                        const std::vector<std::string> &chain,
                                        const std::vector<std::string> &chain_sites,
                                        std::string_view id) {
  auto it = decisions_.find(key(pass, caller, chain, id));
  if (it == decisions_.end())
    return std::nullopt;
  it->second.asked = true;
  if (!chain_sites.empty() && chain_sites.size() + 1 == chain.size()) {
    auto p = precise_.find(precise_key(pass, caller, chain, chain_sites, id));
    if (p != precise_.end() && !p->second.ambiguous)
      return p->second.inlined;
  }
  if (it->second.ambiguous)
    return std::nullopt;
  return it->second.inlined;
}

std::optional<std::string> ReplayLog::recorded_param(std::string_view function,
                                                     std::string_view name) const {
  auto value_in = [name](const std::vector<log::ParamValue> &values) -> std::optional<std::string> {
    for (const log::ParamValue &p : values)
      if (p.name == name)
        return p.value;
    return std::nullopt;
  };
  if (auto fn = function_params_.find(std::string(function)); fn != function_params_.end())
    if (std::optional<std::string> v = value_in(fn->second))
      return v;
  return value_in(params_);
}

bool ReplayLog::same_params(const std::vector<log::ParamValue> &tu,
                            const std::vector<log::FunctionParams> &functions) const {
  using Values = std::map<std::string, std::string>;
  auto values = [](const std::vector<log::ParamValue> &params) {
    Values v;
    for (const log::ParamValue &p : params)
      v[p.name] = p.value;
    return v;
  };
  if (values(tu) != values(params_) || functions.size() != function_params_.size())
    return false;
  for (const log::FunctionParams &f : functions) {
    auto recorded = function_params_.find(f.function.symbol);
    if (recorded == function_params_.end() || values(recorded->second) != values(f.params))
      return false;
  }
  return true;
}

size_t ReplayLog::ambiguous() const {
  size_t n = 0;
  for (const auto &[k, r] : decisions_)
    n += r.ambiguous && r.imprecise;
  return n;
}

size_t ReplayLog::unmatched() const {
  size_t n = 0;
  for (const auto &[k, r] : decisions_)
    n += !r.asked;
  return n;
}

std::optional<RecordedTu> find_recorded_tu(const std::string &path, const std::string &source,
                                           const std::string &object) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0)
    throw Error("replay log '{}': {}", path, std::strerror(errno));
  const std::vector<std::string> files =
      S_ISDIR(st.st_mode) ? candidates_in(path, object) : std::vector<std::string>{path};
  if (files.empty())
    return std::nullopt;

  std::string first_error;
  ReadOptions options; // no cache, one thread, no symbol tables
  LogSet logs(options, [&first_error](const Diagnostic &d) {
    if (d.level == Diagnostic::Level::error && first_error.empty())
      first_error = d.file + ": " + d.message;
  });
  for (const std::string &file : files)
    logs.add_path(file);
  const std::vector<TuInfo> &tus = logs.finish();
  if (!first_error.empty())
    throw Error("replay log {}", first_error);

  // The TU by source and object; by source alone when it is the only one of
  // that source (the same TU built elsewhere, -o named otherwise).
  const TuInfo *tu = nullptr;
  size_t same_source = 0;
  const TuInfo *only_source = nullptr;
  for (const TuInfo &t : tus) {
    if (t.header_source != source)
      continue;
    ++same_source;
    only_source = &t;
    if (t.header_object == object && !tu)
      tu = &t;
  }
  if (!tu && same_source == 1)
    tu = only_source;
  if (!tu) {
    if (same_source > 1)
      throw Error("replay log '{}': {} logs of '{}', none for the object '{}'", path, same_source,
                  source, object);
    return std::nullopt;
  }
  return RecordedTu{tu->origin, tu->index, logs.text(*tu)};
}

log::TuHeader read_recorded_tu(const RecordedTu &tu,
                               const std::function<void(const log::Site &)> &on_site,
                               const std::function<void(const log::Function &)> &on_function) {
  std::string_view rest = tu.text;
  log::TuHeader header = log::parse_header(log::parse_record(take_line(&rest)));
  log::RecordReader reader;
  log::Site site;
  log::Function function;
  for (size_t line = 2; !rest.empty(); ++line) {
    const std::string_view line_text = take_line(&rest);
    try {
      const std::string_view record = reader.parse(line_text);
      if (record == "site") {
        reader.site(header, site);
        on_site(site);
      } else if (record == "function" && on_function) {
        reader.function(function);
        on_function(function);
      }
    } catch (const Error &e) {
      throw Error("replay log {}: TU {}, line {}: {}", tu.origin, tu.index, line, e.what());
    }
  }
  return header;
}

std::vector<std::string> replay_function_names(const std::string &symbol) {
  return symbol_names(symbol);
}

ReplayLog ReplayLog::load(const std::string &path, const std::string &source,
                          const std::string &object) {
  ReplayLog out;
  out.origin_ = path;
  std::optional<RecordedTu> tu = find_recorded_tu(path, source, object);
  if (!tu)
    return out;

  out.found_ = true;
  out.origin_ = tu->origin;
  const log::TuHeader header =
      read_recorded_tu(*tu, [&out](const log::Site &site) { out.add(site); });
  out.params_ = header.params;
  for (const log::FunctionParams &f : header.function_params)
    out.function_params_[f.function.symbol] = f.params;
  return out;
}

} // namespace inlinetune
