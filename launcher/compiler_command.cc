// SPDX-License-Identifier: GPL-3.0-or-later
#include "compiler_command.h"

#include "options.h"

#include <algorithm>
#include <string_view>

namespace inlinetune {

namespace {

// GCC driver options whose value is the next argument (gcc(1); the list
// ccache's compopt.c keeps for the same purpose).  Only the separate form:
// "-Ifoo" and "-I" "foo" both work, and only the second hides a word.
constexpr std::string_view kTakesNext[] = {"-o",        "-x",           "-I",
                                           "-D",        "-U",           "-include",
                                           "-imacros",  "-isystem",     "-idirafter",
                                           "-iprefix",  "-iwithprefix", "-iwithprefixbefore",
                                           "-isysroot", "-iquote",      "-imultilib",
                                           "-MF",       "-MT",          "-MQ",
                                           "-A",        "-L",           "-l",
                                           "-T",        "-u",           "-e",
                                           "-Xlinker",  "-Xassembler",  "-Xpreprocessor",
                                           "-aux-info", "--param",      "-wrapper",
                                           "-B",        "-z",           "-G",
                                           "-V",        "-b",           "-dumpbase",
                                           "-dumpdir",  "-dumpbase-ext"};

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// A file GCC compiles as C or C++ source by its name (gcc(1), "-x").
bool is_source_name(std::string_view file) {
  for (std::string_view ext : {".c", ".cc", ".cp", ".cxx", ".cpp", ".CPP", ".c++", ".C"})
    if (ends_with(file, ext))
      return true;
  return false;
}

std::optional<std::string_view> value_of(std::string_view arg, std::string_view key) {
  const std::string prefix = std::string(kPluginArgPrefix) + std::string(key) + "=";
  if (arg.substr(0, prefix.size()) != prefix)
    return std::nullopt;
  return arg.substr(prefix.size());
}

} // namespace

bool is_compiler_launcher(std::string_view program) {
  const std::string_view name = program.substr(program.rfind('/') + 1);
  for (std::string_view l : {"ccache", "sccache", "distcc", "icecc"})
    if (name == l)
      return true;
  return false;
}

CompilerCommand parse_compiler_command(const std::vector<std::string> &args) {
  CompilerCommand out;
  // Each input with whether the -x in force before it names C or C++
  // (a named source needs no -x; another -x, cpp-output among them, is not
  // a source we can name the TU of).
  struct Input {
    std::string name;
    bool as_source;
  };
  std::vector<Input> inputs;
  bool compiles = false, preprocess_only = false, response_file = false;
  std::string language = "none";
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (auto v = value_of(a, "policy")) {
      out.policy_args.push_back(i);
      out.policy_files.emplace_back(*v);
    } else if (auto v = value_of(a, "srctree")) {
      out.srctree = std::string(*v);
    } else if (value_of(a, "replay")) {
      out.replay = true;
    }
    if (a == "-o" && i + 1 < args.size())
      out.output = args[i + 1];
    else if (a.size() > 2 && a.compare(0, 2, "-o") == 0)
      out.output = a.substr(2);
    if (a == "-c" || a == "-S")
      compiles = true;
    else if (a == "-E" || a == "-M" || a == "-MM")
      preprocess_only = true;
    else if (!a.empty() && a[0] == '@')
      response_file = true;
    else if (a == "-x" && i + 1 < args.size())
      language = args[i + 1];
    else if (a.size() > 2 && a.compare(0, 2, "-x") == 0)
      language = a.substr(2);
    if (std::find(std::begin(kTakesNext), std::end(kTakesNext), a) != std::end(kTakesNext)) {
      ++i; // its value, not an input
      continue;
    }
    if (a == "-" || a.empty() || a[0] != '-') {
      const bool as_source =
          a != "-" &&
          (language == "none" ? is_source_name(a) : language == "c" || language == "c++");
      inputs.push_back({a, as_source});
    }
  }
  if (compiles && !preprocess_only && !response_file && inputs.size() == 1 &&
      inputs.front().as_source)
    out.source = inputs.front().name;
  return out;
}

std::vector<std::string> with_policy(const std::vector<std::string> &args,
                                     const CompilerCommand &command, const std::string &policy) {
  std::vector<std::string> out;
  for (size_t i = 0; i < args.size(); ++i) {
    const bool is_policy = std::find(command.policy_args.begin(), command.policy_args.end(), i) !=
                           command.policy_args.end();
    if (!is_policy)
      out.push_back(args[i]);
    else if (i == command.policy_args.front())
      out.push_back(std::string(kPluginArgPrefix) + "policy=" + policy);
  }
  return out;
}

std::vector<PluginArg> plugin_args(const std::vector<std::string> &args) {
  std::vector<PluginArg> out;
  const std::string prefix = kPluginArgPrefix;
  for (const std::string &a : args) {
    if (a.compare(0, prefix.size(), prefix) != 0)
      continue;
    PluginArg p;
    const size_t eq = a.find('=', prefix.size());
    p.key =
        a.substr(prefix.size(), eq == std::string::npos ? std::string::npos : eq - prefix.size());
    if (eq != std::string::npos)
      p.value = a.substr(eq + 1);
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<std::string> with_replay(const std::vector<std::string> &args,
                                     const std::optional<std::string> &log,
                                     const std::optional<std::vector<std::string>> &functions) {
  // Keys with a value only: a bare one is the plugin's error, and the
  // launcher runs such a command as given (parse_options fails).
  auto is = [](const std::string &a, std::string_view key) { return value_of(a, key).has_value(); };
  std::vector<std::string> out;
  bool functions_written = false; // the plugin adds up repeated replay-functions=
  for (const std::string &a : args) {
    const bool drop =
        is(a, "replay-tus") || (!log && (is(a, "replay-functions") || is(a, "replay-fallback")));
    if (is(a, "replay")) {
      if (log)
        out.push_back(std::string(kPluginArgPrefix) + "replay=" + *log);
    } else if (log && functions && is(a, "replay-functions")) {
      if (functions_written)
        continue;
      std::string joined;
      for (const std::string &f : *functions)
        joined += (joined.empty() ? "" : ",") + f;
      out.push_back(std::string(kPluginArgPrefix) + "replay-functions=" + joined);
      functions_written = true;
    } else if (!drop) {
      out.push_back(a);
    }
  }
  return out;
}

} // namespace inlinetune
