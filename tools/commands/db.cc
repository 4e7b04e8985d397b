// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune db -o FILE.sqlite PATH... [--build NAME] [--append] [--symbols]
//               [--results CSV [--base-variant V] [--new-variant V]]
//
// The logs as a SQLite database for SQL and pandas (tools/output/database.h has
// the schema, docs/cli.md "db" documents it): the TUs, every site record,
// the folded decisions diff compares, the functions with their real bytes,
// the never-inline entries, with --symbols every function symbol of the
// objects, and with --results the measured workload results (with their
// spread, min and max, where the CSV has it).  Each build goes in under a
// label (--build, default the first PATH's name); --append adds a build to
// an existing database of the same schema version, so two builds can be
// diffed in SQL.
// The database is written to a temporary file beside FILE, in one
// transaction, and renamed over FILE at the end.
#include "atomic_file.h"
#include "commands/commands.h"
#include "commands/option_groups.h"
#include "error.h"
#include "inputs/results_reader.h"
#include "output/database.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

namespace inlinetune {

namespace {

struct Options {
  std::vector<std::string> paths;
  std::string output, build;
  ResultsFileOptions results;
  std::string guest_profile;
  bool append = false, symbols = false;
};

// "build/" -> "build", "a/fs/open.o" -> "open.o".
std::string default_label(std::string path) {
  while (path.size() > 1 && path.back() == '/')
    path.pop_back();
  size_t slash = path.rfind('/');
  return slash == std::string::npos || path.size() == 1 ? path : path.substr(slash + 1);
}

// A temporary file beside PATH, removed unless renamed over PATH by commit().
// The database, written beside its final path and renamed there when
// complete (common/atomic_file.h); with --append, a copy of the old one.
class TempFile {
public:
  explicit TempFile(const std::string &path) : file_(path) {
    int fd = file_.create(AtomicFile::default_mode());
    if (fd < 0)
      throw Error("{}: cannot create a temporary file beside it: {}", path, std::strerror(errno));
    close(fd);
  }

  const std::string &path() const { return file_.temp_path(); }
  void copy_from(const std::string &from) {
    std::ifstream in(from, std::ios::binary);
    if (!in)
      throw Error("{}: cannot open the database to append to: {}", from, std::strerror(errno));
    std::ofstream out(path(), std::ios::binary | std::ios::trunc);
    out << in.rdbuf();
    if (!out.flush())
      throw Error("{}: write error: {}", path(), std::strerror(errno));
  }
  void commit() {
    if (!file_.commit())
      throw Error("{}: cannot rename {} to it: {}", file_.path(), file_.temp_path(),
                  std::strerror(errno));
  }

private:
  AtomicFile file_;
};

int run(const Options &options) {
  if (options.output.empty() || options.output == "-")
    throw UsageError("give the database file with -o FILE.sqlite");
  options.results.check_variants();
  const std::string label =
      options.build.empty() ? default_label(options.paths.at(0)) : options.build;
  if (label.empty())
    throw UsageError("--build: the label is empty");

  TempFile temp(options.output); // before reading: a bad -o fails at once
  if (options.append)
    temp.copy_from(options.output);
  std::optional<Results> results;
  if (!options.results.results.empty())
    results = options.results.read();
  std::optional<GuestProfile> guest; // refused whole before anything is written
  if (!options.guest_profile.empty())
    guest = read_guest_profile(options.guest_profile);

  ReadOptions read_options;
  read_options.function_sizes = true;
  LogSet logs(read_options, report);
  for (const std::string &path : options.paths)
    logs.add_path(path);
  if (logs.finish().empty())
    throw Error("no decision logs found in {}", fmt::join(options.paths, ", "));

  size_t errors = 0;
  DbCounts n;
  std::string guest_line;
  {
    Database db(temp.path(), options.output);
    // The file is renamed into place only when complete: no journal needed.
    db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;");
    db.create_schema();
    db.exec("BEGIN");
    n = write_build(db, label, options.paths, logs, options.symbols, report, &errors);
    if (results)
      n.results = write_results(db, *results);
    size_t guest_functions = 0;
    if (guest)
      guest_functions = write_guest_profile(db, label, *guest);
    guest_line = guest ? fmt::format(", guest profile: {} region{}, {} function lines",
                                     guest->regions.size(), guest->regions.size() == 1 ? "" : "s",
                                     guest_functions)
                       : "";
    db.exec("COMMIT");
    db.create_indexes();
  }
  temp.commit();
  if (results)
    errors += results->errors;
  fmt::print("{}: build '{}': {} TU{}, {} site records ({} call sites), {} functions, {} "
             "never-inline entries{}{}{}\n",
             options.output, label, n.tus, n.tus == 1 ? "" : "s", n.sites, n.decisions, n.functions,
             n.never_inline, options.symbols ? fmt::format(", {} symbols", n.symbols) : "",
             results ? fmt::format(", {} results", n.results) : "", guest_line);
  return errors ? 1 : 0;
}

} // namespace

std::function<int()> setup_db(Args &args) {
  auto options = std::make_shared<Options>();
  args.positionals("PATH", &options->paths, true,
                   "Build directories, objects, archives (thin too) and .jsonl logs");
  args.option("-o,--output", "FILE", &options->output,
              "The database to write (required; replaced atomically)");
  args.option("--build", "NAME", &options->build,
              "The build's label in the database (default: the first PATH's name)");
  args.flag("--append", &options->append,
            "Add the build to the existing database FILE instead of replacing it");
  args.flag("--symbols", &options->symbols,
            "Also write every function symbol of the objects (table symbols)");
  options->results.declare(
      args,
      "Measured results to add (table results, with their min and max): CSV "
      "workload,metric,baseline,new or workload,metric,variant,value,runs,min,max",
      "Long-layout results: the base variant (default: baseline)",
      "Long-layout results: the new variant (default: the only other one)");
  args.option("--guest-profile", "FILE", &options->guest_profile,
              "The build's guest profile to add (guestprof, format 2 of docs/guest-profile.md; "
              "tables guest_*)");
  return [options] { return run(*options); };
}

} // namespace inlinetune
