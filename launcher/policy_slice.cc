// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy_slice.h"

#include <ini.h>
#include <map>
#include <set>
#include <vector>

namespace inlinetune {

namespace {

constexpr const char *kHeader =
    "# inlinetune-cc: the policy settings that reach one TU (launcher/policy_slice.h)\n";

// "KEY = VALUE", or "KEY=VALUE" where that would not fit in a line of the
// INI reader (INI_MAX_LINE, with the line end): the setting came from a line
// that held at least KEY, '=' and VALUE, so the short form always fits.
std::string setting(std::string_view key, std::string_view value) {
  std::string out = std::string(key) + " = " + std::string(value);
  if (out.size() + 2 > INI_MAX_LINE)
    out = std::string(key) + "=" + std::string(value);
  return out + "\n";
}

// One [rule] of the slice: TU-wide (no functions) or per function.
struct Block {
  std::set<std::string> functions;
  std::map<std::string, std::string> params; // last setting wins within a block
};

// The lists of every matching rule: they add up over rules, in any order.
std::set<std::string> list_lines(const std::vector<const Rule *> &rules) {
  std::set<std::string> out;
  for (const Rule *r : rules) {
    for (const NeverInline &n : r->never_inline)
      out.insert(setting("never-inline", n.name.pattern()));
    for (const CallSelector &c : r->forbidden_calls)
      out.insert(setting(c.key, c.text));
    for (const CallSelector &c : r->forced_calls)
      out.insert(setting(c.key, c.text));
  }
  return out;
}

void render_block(const Block &b, const std::set<std::string> *lists, std::string *out) {
  *out += "[rule]\n";
  for (const std::string &f : b.functions)
    *out += setting("function", f);
  for (const auto &[name, value] : b.params)
    *out += setting(name, value);
  if (lists)
    for (const std::string &l : *lists)
      *out += l;
}

} // namespace

std::string policy_slice_for_tu(const Policy &policy, std::string_view tu_path) {
  std::vector<const Rule *> rules;
  for (const Rule &r : policy.rules())
    if (r.matches_tu(tu_path))
      rules.push_back(&r);

  // Each rule's params, the last of each name; and the last TU-wide rule
  // setting each name, before which every setting of it is dead.
  std::vector<std::map<std::string, std::string>> params(rules.size());
  std::map<std::string, size_t> last_tu_wide;
  for (size_t i = 0; i < rules.size(); ++i)
    for (const ParamSetting &p : rules[i]->params) {
      params[i][p.name] = p.value;
      if (!rules[i]->is_function_rule())
        last_tu_wide[p.name] = i;
    }

  std::vector<Block> blocks;
  for (size_t i = 0; i < rules.size(); ++i) {
    Block b;
    for (const Glob &g : rules[i]->functions)
      b.functions.insert(g.pattern());
    for (const auto &[name, value] : params[i]) {
      auto last = last_tu_wide.find(name);
      if (last == last_tu_wide.end() || i >= last->second)
        b.params[name] = value;
    }
    if (b.params.empty())
      continue;
    // Adjacent rules of the same scope act as one: the later one's settings
    // win, and nothing in between reads the earlier ones.
    if (!blocks.empty() && blocks.back().functions == b.functions) {
      for (auto &[name, value] : b.params)
        blocks.back().params[name] = value;
      continue;
    }
    blocks.push_back(std::move(b));
  }

  const std::set<std::string> lists = list_lines(rules);
  std::string out = kHeader;
  const bool lists_in_first = !blocks.empty() && blocks.front().functions.empty();
  if (!lists.empty() && !lists_in_first)
    render_block(Block{}, &lists, &out);
  for (size_t i = 0; i < blocks.size(); ++i)
    render_block(blocks[i], i == 0 && lists_in_first ? &lists : nullptr, &out);
  return out;
}

std::string policy_slice_whole(const Policy &policy) {
  std::string out = kHeader;
  out += "# (the TU was not known: every rule, with its scope)\n";
  for (const Rule &r : policy.rules()) {
    out += "[rule]\n";
    for (const Glob &g : r.tus)
      out += setting("tu", g.pattern());
    for (const Glob &g : r.functions)
      out += setting("function", g.pattern());
    for (const ParamSetting &p : r.params)
      out += setting(p.name, p.value);
    for (const NeverInline &n : r.never_inline)
      out += setting("never-inline", n.name.pattern());
    for (const CallSelector &c : r.forbidden_calls)
      out += setting(c.key, c.text);
    for (const CallSelector &c : r.forced_calls)
      out += setting(c.key, c.text);
  }
  return out;
}

} // namespace inlinetune
