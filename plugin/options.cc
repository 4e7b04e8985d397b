// SPDX-License-Identifier: GPL-3.0-or-later
#include "options.h"

#include "did_you_mean.h"

namespace inlinetune {

std::string PluginArg::spelling() const {
  std::string s = kPluginArgPrefix + key;
  if (value)
    s += "=" + *value;
  return s;
}

const std::vector<OptionSpec> &option_table() {
  using K = OptionSpec::Kind;
  static const std::vector<OptionSpec> table = {
      {"profile", K::Value, "NAME",
       "apply a built-in profile to every TU: 'gcc' (no change) or 'rfc' (the arm64 RFC's five "
       "params); repeatable; applied before policy files"},
      {"policy", K::Value, "FILE", "read a policy file (docs/policy.md); repeatable, in order"},
      {"noinline", K::Value, "A,B,...",
       "never inline these functions (name globs; C++ by mangled or demangled name)"},
      {"srctree", K::Value, "DIR",
       "source tree root that TU globs are relative to (default: $srctree, else the current "
       "directory)"},
      {"tag", K::Value, "STRING", "free label recorded with each TU"},
      {"log", K::Value, "obj|off|DIR",
       "where the decision log goes: compressed into the object file (obj, the default), "
       "one file per TU in directory DIR, or nowhere (off)"},
      {"replay", K::Value, "PATH",
       "replay the decisions of a recorded log (a log directory, a .jsonl file, an object or a "
       "build tree): each TU its own, in the inliner that made them (docs/replay.md)"},
      {"replay-fallback", K::Value, "gcc|never|always",
       "what replay does with a call site its log does not know: GCC decides (gcc, the "
       "default), never inline it, or inline it where GCC can"},
      {"replay-tus", K::Value, "GLOB,...",
       "replay only in the TUs these path globs match (default: every TU)"},
      {"replay-functions", K::Value, "GLOB,...",
       "replay only the calls in the code of the functions these name globs match (default: "
       "every function)"},
      {"verbose", K::Flag, nullptr, "print one summary line per TU on stderr"},
  };
  return table;
}

std::string option_help_text() {
  std::string text;
  for (const OptionSpec &o : option_table()) {
    if (!text.empty())
      text += "; ";
    text += o.key;
    if (o.value_name)
      text += std::string("=") + o.value_name;
    text += std::string(": ") + o.help;
  }
  return text;
}

// log= takes two lowercase keywords, and any other value is a directory:
// log=OFF or log=Obj would silently create a directory of that name in every
// compile's working directory and log there.  Such a value is an error, not a
// warning: the plugin is silent unless asked, and kbuild probes flags with
// -Werror, where a warning would quietly fail every probe (and so change the
// kernel's flags) while the real compiles went on; an error stops the build
// where the user looks.  A directory of that name is still one path away:
// log=./OFF.
static bool log_keyword_in_other_case(const std::string &value, std::string *keyword) {
  for (const char *k : {"obj", "off"}) {
    std::string_view kw = k;
    if (value.size() != kw.size() || value == kw)
      continue;
    bool same = true;
    for (size_t i = 0; i < kw.size(); ++i)
      same = same && (value[i] | 0x20) == kw[i]; // ASCII letters only in both
    if (same) {
      *keyword = k;
      return true;
    }
  }
  return false;
}

static std::string known_keys() {
  std::string keys;
  for (const OptionSpec &o : option_table())
    keys += (keys.empty() ? "" : ", ") + std::string(o.key);
  return keys;
}

bool parse_options(const std::vector<PluginArg> &args, Options *out,
                   std::vector<std::string> *errors) {
  size_t errors_before = errors->size();
  for (const PluginArg &arg : args) {
    const OptionSpec *spec = nullptr;
    for (const OptionSpec &o : option_table())
      if (arg.key == o.key)
        spec = &o;
    if (!spec) {
      std::vector<std::string_view> keys;
      for (const OptionSpec &o : option_table())
        keys.push_back(o.key);
      std::string hint = closest_word(arg.key, keys);
      errors->push_back("unknown option '" + arg.spelling() + "'" +
                        (hint.empty() ? "" : " (did you mean '" + hint + "'?)") +
                        " (known: " + known_keys() + ")");
      continue;
    }
    if (spec->kind == OptionSpec::Kind::Flag && arg.value) {
      errors->push_back("option '" + arg.spelling() + "' takes no value");
      continue;
    }
    if (spec->kind == OptionSpec::Kind::Value && (!arg.value || arg.value->empty())) {
      errors->push_back("option '" + arg.spelling() + "' needs a value: " + arg.key + "=" +
                        spec->value_name);
      continue;
    }
    const std::string &v = arg.value ? *arg.value : std::string();
    if (arg.key == "profile")
      out->profiles.push_back(v);
    else if (arg.key == "policy")
      out->policy_files.push_back(v);
    else if (arg.key == "noinline")
      out->noinline_lists.push_back(v);
    else if (arg.key == "srctree")
      out->srctree = v;
    else if (arg.key == "tag")
      out->tag = v;
    else if (arg.key == "log") {
      std::string keyword;
      if (log_keyword_in_other_case(v, &keyword)) {
        errors->push_back("option '" + arg.spelling() +
                          "': log= takes 'obj' or 'off', in lowercase, or a directory: did you "
                          "mean 'log=" +
                          keyword + "'? (for a directory named '" + v + "', write 'log=./" + v +
                          "')");
        continue;
      }
      out->log = v;
    } else if (arg.key == "replay")
      out->replay = v;
    else if (arg.key == "replay-fallback") {
      if (v != "gcc" && v != "never" && v != "always") {
        errors->push_back("option '" + arg.spelling() +
                          "': replay-fallback= takes 'gcc', 'never' or 'always'");
        continue;
      }
      out->replay_fallback = v;
    } else if (arg.key == "replay-tus" || arg.key == "replay-functions") {
      const bool tus = arg.key == "replay-tus";
      std::vector<Glob> &globs = tus ? out->replay_tus : out->replay_functions;
      size_t start = 0;
      while (start <= v.size()) {
        size_t comma = v.find(',', start);
        std::string pattern = v.substr(start, comma == std::string::npos ? comma : comma - start);
        start = comma == std::string::npos ? v.size() + 1 : comma + 1;
        Glob g;
        std::string why;
        if (pattern.empty())
          errors->push_back("option '" + arg.spelling() + "': an empty glob");
        else if (!Glob::compile(pattern, tus ? Glob::Kind::Path : Glob::Kind::Name, &g, &why))
          errors->push_back("option '" + arg.spelling() + "': '" + pattern + "': " + why);
        else
          globs.push_back(g);
      }
    } else if (arg.key == "verbose")
      out->verbose = true;
  }
  if (!out->replay)
    for (const PluginArg &arg : args)
      if (arg.key.rfind("replay-", 0) == 0 && arg.value && !arg.value->empty())
        errors->push_back("option '" + arg.spelling() + "' needs a log to replay: replay=PATH");
  return errors->size() == errors_before;
}

} // namespace inlinetune
