// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune-cc: a compiler launcher that gives the plugin, in place of its
// policy files, only the part of them that applies to the TU being compiled
// (launcher/policy_slice.h), in a file named by the hash of its text.  Put
// in front of a compiler cache, it makes the cache key each object on its
// TU's own settings:
//
//   make CC="inlinetune-cc ccache aarch64-linux-gnu-gcc-12" KCFLAGS="-fplugin=...
//   -fplugin-arg-inlinetune-policy=P"
//
// so that a build under a policy that changed the rules of some TUs
// recompiles those TUs and takes every other object from the cache
// (docs/log-format.md, "ccache with inlinetune-cc").  It changes no other
// argument and runs PROGRAM with the rest; a command that loads no policy
// and replays nothing, or whose policy files or options do not parse (the
// plugin then reports where), runs as given.
//
// Options (before PROGRAM): --slices DIR (INLINETUNE_CC_SLICES; default
// $XDG_CACHE_HOME/inlinetune/policy-slices), --record FILE
// (INLINETUNE_CC_RECORD: one JSON line per command that loads a policy or
// replays).  A replay (replay=PATH) is sliced too: the TU's own recorded
// log in a file named by its content, or no replay option for a TU out of
// replay-tus (launcher/replay_slice.h).
// Exit status: PROGRAM's; 1 when the slice cannot be written, 2 for a
// usage error, 127 when PROGRAM cannot be run.
#include "atomic_file.h"
#include "compiler_command.h"
#include "error.h"
#include "policy.h"
#include "policy_slice.h"
#include "project_version.h"
#include "replay_slice.h"
#include "source_path.h"

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace {

using namespace inlinetune;

[[noreturn]] void run(const std::string &program, const std::vector<std::string> &args) {
  std::vector<char *> argv;
  argv.push_back(const_cast<char *>(program.c_str()));
  for (const std::string &a : args)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  execvp(program.c_str(), argv.data());
  std::fprintf(stderr, "inlinetune-cc: error: cannot run '%s': %s\n", program.c_str(),
               std::strerror(errno));
  std::exit(127);
}

std::string default_slices_dir() {
  if (const char *d = std::getenv("INLINETUNE_CC_SLICES"); d && *d)
    return d;
  if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x == '/')
    return std::string(x) + "/inlinetune/policy-slices";
  const char *home = std::getenv("HOME");
  return std::string(home && *home ? home : "/tmp") + "/.cache/inlinetune/policy-slices";
}

bool make_dirs(const std::string &dir) {
  for (size_t i = 1; i <= dir.size(); ++i)
    if (i == dir.size() || dir[i] == '/')
      if (mkdir(dir.substr(0, i).c_str(), 0777) != 0 && errno != EEXIST)
        return false;
  return true;
}

// TEXT under DIR as HASH.EXT, written once: the name is its content's.
std::string store_slice(const std::string &dir, const std::string &text, const char *ext,
                        std::string *key) {
  const XXH128_hash_t h = XXH3_128bits(text.data(), text.size());
  char hex[33];
  std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  *key = hex;
  const std::string path = dir + "/" + hex + "." + ext;
  struct stat st;
  if (stat(path.c_str(), &st) == 0)
    return path;
  if (!make_dirs(dir))
    throw std::runtime_error("cannot make directory " + dir + ": " + std::strerror(errno));
  AtomicFile file(path);
  const int fd = file.create(0644);
  bool ok = fd >= 0 && write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ok = (fd >= 0 && close(fd) == 0) && ok && file.commit();
  if (!ok)
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
  return path;
}

void record(const std::string &file, const nlohmann::json &line) {
  const std::string text = line.dump() + "\n";
  // One write with O_APPEND: the lines of compiles running at once do not mix.
  const int fd = open(file.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  const bool ok =
      fd >= 0 && write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  const int saved = errno;
  if (fd >= 0)
    close(fd);
  if (!ok)
    throw std::runtime_error("cannot append to " + file + ": " + std::strerror(saved));
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"inlinetune-cc [OPTION...] PROGRAM [ARG...] runs PROGRAM (a compiler, or a compiler "
               "cache and a compiler) with the "
               "inlinetune plugin's policy files replaced by the part of them that applies to "
               "the TU compiled, in a file named by its content, so that a compiler cache keys "
               "each object on its TU's own settings.",
               "inlinetune-cc"};
  app.set_version_flag("--version",
                       std::string("inlinetune-cc ") + kVersion + " (commit " + kCommit + ")");
  std::string slices = default_slices_dir();
  const char *rec = std::getenv("INLINETUNE_CC_RECORD");
  std::string record_file = rec ? rec : "";
  app.add_option("--slices", slices,
                 "where the slices go (default: $INLINETUNE_CC_SLICES, else "
                 "$XDG_CACHE_HOME/inlinetune/policy-slices)")
      ->option_text("DIR");
  app.add_option(
         "--record", record_file,
         "append one JSON line per command that loads a policy or replays: its source, TU, slice "
         "and settings key (default: $INLINETUNE_CC_RECORD)")
      ->option_text("FILE");
  app.prefix_command();
  app.footer("PROGRAM's exit status; 1 when a slice cannot be written; 2 for a usage error; "
             "127 when PROGRAM cannot be run.  See docs/log-format.md, section 'ccache with "
             "inlinetune-cc'.");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    return app.exit(e);
  }
  std::vector<std::string> rest = app.remaining();
  if (rest.empty()) {
    std::fprintf(stderr, "inlinetune-cc: error: no PROGRAM to run (usage: %s)\n",
                 "inlinetune-cc [OPTION...] PROGRAM [ARG...]");
    return 2;
  }
  const std::string program = rest.front();
  rest.erase(rest.begin());

  // PROGRAM may be a compiler cache or a distributed compiler with the
  // compiler as its first argument ("ccache gcc ..."): the compiler's
  // arguments start after it.
  const size_t skip = is_compiler_launcher(program) && !rest.empty() ? 1 : 0;
  const std::vector<std::string> head(rest.begin(), rest.begin() + skip);
  const std::vector<std::string> args(rest.begin() + skip, rest.end());
  const CompilerCommand command = parse_compiler_command(args);
  if (command.policy_args.empty() && !command.replay)
    run(program, rest);
  Policy policy;
  std::vector<PolicyDiagnostic> diags;
  for (const std::string &f : command.policy_files)
    if (!policy.load_file(f, &diags))
      run(program, rest); // the plugin reports the file's errors, with their lines
  // A key taken for a misspelt policy key ("profle") is an error the plugin
  // reports at its line: let it, in the user's file rather than the slice.
  for (const ParamSetting *p : policy.all_params())
    if (!p->near_key.empty())
      run(program, rest);
  Options options;
  std::vector<std::string> option_errors;
  if (command.replay && !parse_options(plugin_args(args), &options, &option_errors))
    run(program, rest); // the plugin reports the bad option
  try {
    std::optional<std::string> tu;
    if (command.source)
      tu = relative_source_path(*command.source, source_tree_root(command.srctree), "");
    std::vector<std::string> compiler_args = args;
    nlohmann::json line = {{"source", command.source ? nlohmann::json(*command.source) : nullptr},
                           {"tu", tu ? nlohmann::json(*tu) : nullptr}};
    if (!command.policy_args.empty()) {
      const std::string text = tu ? policy_slice_for_tu(policy, *tu) : policy_slice_whole(policy);
      std::string key;
      const std::string path = store_slice(slices, text, "ini", &key);
      line["settings"] = key;
      line["slice"] = path;
      line["policies"] = command.policy_files;
      compiler_args = with_policy(args, command, path);
    }
    if (command.replay) {
      // Without a known TU, or where PATH holds no log of it, replay= stays
      // as given (keyed by its path).  A log the reader cannot read is the
      // plugin's to report, at its own error.
      line["replay"] = *options.replay;
      std::optional<ReplaySlice> r;
      if (tu) {
        try {
          r = replay_slice_for_tu(options, *tu, compile_object(command.output, *command.source));
        } catch (const Error &) {
        }
      }
      if (r && !r->in_scope) {
        compiler_args = with_replay(compiler_args, std::nullopt);
        line["replay"] = nullptr;
      } else if (r && r->log_text) {
        std::string key;
        const std::string path = store_slice(slices, *r->log_text, "jsonl", &key);
        compiler_args = with_replay(compiler_args, path, r->functions);
        line["replay"] = path;
        if (r->functions)
          line["replay_functions"] = *r->functions;
      }
    }
    if (!record_file.empty())
      record(record_file, line);
    std::vector<std::string> out = head;
    for (std::string &a : compiler_args)
      out.push_back(std::move(a));
    run(program, out);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "inlinetune-cc: error: %s\n", e.what());
    return 1;
  }
}
