// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune annotate FILE PATH...                [-S DIR] [-U N | --all] [--only KIND]
// inlinetune annotate FILE --base P... --new P... [--color WHEN] [--format F] [-o FILE]
// inlinetune annotate --diff FILE BASE NEW
//
// The source of FILE (a file as the logs name it: relative to the source
// tree, a glob, or the end of a path) with the inlining decisions at each
// call line, as LLVM's opt-viewer shows optimization remarks and perf
// annotate shows samples: each line with its number, and under a line that
// holds calls one line per call site, the caret under its column, with the
// callee, the decision, what each inliner did with every copy of the call
// (reason, growth, and for a refusal by a size limit the param, its value,
// whose params GCC read and the value it flips at); with two builds, what
// changed.  The same sites as rows with --format table|csv|json, and as a
// self-contained HTML page with --format html.  The text comes from the
// source tree, found from the TUs' origins or --source-root.  The sites are
// model/source_annotation.h's; what is printed, output/annotation_result.h.
#include "commands/commands.h"
#include "commands/option_groups.h"
#include "error.h"
#include "inputs/source_files.h"
#include "model/build_diff.h"
#include "model/source_annotation.h"
#include "output/annotation_page.h"
#include "output/annotation_result.h"
#include "output/output_file.h"
#include "output/table.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <set>

namespace inlinetune {

namespace {

struct Options {
  std::vector<std::string> words; // FILE PATH...
  std::vector<std::string> base, next, source_roots;
  bool diff = false, all = false;
  std::string context = "3", only = "all", color = "auto", format = "text", output;
  RowOptions rows; // --format table, csv, json
};

enum class OutputKind { text, html, rows };

bool use_color(const std::string &when, const std::string &output) {
  if (when == "always")
    return true;
  if (when == "never")
    return false;
  if (when != "auto")
    throw UsageError("--color: '{}' is not one of: auto, always, never", when);
  const char *term = std::getenv("TERM");
  return (output.empty() || output == "-") && isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR") &&
         !(term && std::string(term) == "dumb");
}

// The sources of A's files, looked for under ROOTS; throws Error for the
// first that is not there.
std::vector<SourceText> read_sources(const Annotation &a, const std::vector<std::string> &roots) {
  std::vector<SourceText> sources;
  for (const AnnotatedFile &f : a.files) {
    std::optional<std::string> path = find_source(f.file, roots);
    if (!path) {
      std::vector<std::string> tried;
      if (!f.file.empty() && f.file.front() == '/')
        tried.push_back(f.file);
      else
        for (const std::string &r : roots)
          tried.push_back(r == "." ? f.file : r + "/" + f.file);
      throw Error("{}: source not found (looked for {}); give the source tree with "
                  "--source-root DIR",
                  f.file,
                  list_some(tried) +
                      (tried.size() > 3 ? fmt::format(" ({} places)", tried.size()) : ""));
    }
    sources.push_back(read_source(*path));
  }
  return sources;
}

int run(const Options &options) {
  if (options.words.empty())
    throw UsageError("give FILE and the build's PATHs");
  const std::string &pattern = options.words[0];
  const std::vector<std::string> rest(options.words.begin() + 1, options.words.end());
  const bool two = options.diff || !options.base.empty() || !options.next.empty();
  std::vector<std::string> base_paths, new_paths;
  if (two) {
    std::tie(base_paths, new_paths) = diff_paths(rest, options.base, options.next);
  } else {
    if (rest.empty())
      throw UsageError("give at least one PATH after FILE (or --base PATH... --new PATH...)");
    new_paths = rest;
  }
  OutputKind kind = OutputKind::rows;
  Format format = Format::table;
  if (options.format == "text")
    kind = OutputKind::text;
  else if (options.format == "html")
    kind = OutputKind::html;
  else if (options.format == "table" || options.format == "csv" || options.format == "json")
    format = parse_format(options.format);
  else
    throw UsageError("--format: '{}' is not one of: text, table, csv, json, html", options.format);
  ListingOptions listing;
  listing.filter = parse_site_filter(options.only);
  listing.all = options.all;
  try {
    listing.context = parse_top(options.context); // a count, as --top's
  } catch (const UsageError &) {
    throw UsageError("--context: '{}' is not a count", options.context);
  }
  listing.color = kind == OutputKind::text && use_color(options.color, options.output);
  const SourceFileMatcher match(pattern);
  Output out(options.output); // before reading: a bad -o fails at once

  const RowShaping shaping = options.rows.shaping(0);
  LoadOptions load;
  load.keep_tu = options.rows.keep_tu();
  load.keep_site = [&match](const Site &s) { return keep_record(s, match); };
  std::optional<Build> base;
  Build next;
  if (two) {
    auto builds = load_builds(base_paths, new_paths, report, load);
    base = std::move(builds.first);
    next = std::move(builds.second);
  } else {
    next = load_build(new_paths, report, load);
  }
  const size_t errors = next.errors + (base ? base->errors : 0);
  if (next.tus.empty() || (base && base->tus.empty()))
    throw Error("no decision logs found in {}",
                fmt::join(next.tus.empty() ? new_paths : base_paths, ", "));

  Annotation a = base ? annotate_builds(*base, next, match) : annotate_build(next, match);
  if (a.files.empty())
    throw Error("no call site written in a file matching '{}' in the {} TUs read", pattern,
                next.tus.size() + (base ? base->tus.size() : 0));
  {
    // The file FILE names exactly, when one does, not its namesakes.
    std::vector<std::string> names;
    for (const AnnotatedFile &f : a.files)
      names.push_back(f.file);
    const std::vector<std::string> best = match.best(names);
    const std::set<std::string> keep(best.begin(), best.end());
    a.files.erase(std::remove_if(a.files.begin(), a.files.end(),
                                 [&](const AnnotatedFile &f) { return !keep.count(f.file); }),
                  a.files.end());
  }

  if (kind == OutputKind::rows) {
    Result res = annotation_result(a, listing.filter, errors);
    shape(res, shaping);
    out.write(render(res, format));
  } else {
    std::vector<std::string> roots = options.source_roots;
    for (const Build *b : {&next, base ? &*base : nullptr})
      if (b)
        for (std::string &r : candidate_source_roots(*b, b == &next ? new_paths : base_paths))
          if (std::find(roots.begin(), roots.end(), r) == roots.end())
            roots.push_back(std::move(r));
    const std::vector<SourceText> sources = read_sources(a, roots);
    for (size_t i = 0; i < a.files.size(); ++i) {
      size_t past = 0;
      for (const AnnotatedSite &s : a.files[i].sites)
        past += static_cast<size_t>(s.line) > sources[i].lines.size();
      if (past)
        report({Diagnostic::Level::warning, sources[i].path,
                fmt::format("{} call site{} past its last line ({}): the file changed since the "
                            "build?",
                            past, past == 1 ? "" : "s", sources[i].lines.size())});
    }
    if (kind == OutputKind::text) {
      out.write(render_listing(a, sources, listing));
    } else {
      const std::string title = fmt::format("inlinetune annotate: {}", pattern);
      nlohmann::ordered_json data = annotation_data(a, sources, listing.filter);
      data["format"] = "inlinetune-annotate";
      data["format_version"] = 1;
      data["title"] = title;
      data["builds"] = base ? nlohmann::ordered_json{{"base", base_paths}, {"new", new_paths}}
                            : nlohmann::ordered_json{{"new", new_paths}};
      out.write(render_annotation_page(title, data));
    }
  }
  out.commit();
  return errors ? 1 : 0;
}

} // namespace

std::function<int()> setup_annotate(Args &args) {
  auto options = std::make_shared<Options>();
  args.positionals("FILE PATH", &options->words, true,
                   "FILE: a source file as the logs name it (relative to the source tree: "
                   "fs/open.c), a glob ('fs/*.c') or the end of a path (open.c); PATH: the "
                   "build's directories, objects, archives and .jsonl logs");
  args.multi_option("--base", "PATH", &options->base,
                    "A path of the base build (repeatable; with --new: compare two builds)");
  args.multi_option("--new", "PATH", &options->next,
                    "A path of the new build (repeatable; with --base)");
  args.flag("--diff", &options->diff,
            "Compare two builds: the PATHs are BASE and NEW, one each (as diff takes them)");
  args.multi_option("-S,--source-root", "DIR", &options->source_roots,
                    "Where the source tree is (repeatable; looked in first), when it is not "
                    "where the build ran");
  args.option("-U,--context", "N", &options->context,
              "Lines of source around each annotated line (default 3)");
  args.flag("--all", &options->all, "Every line of the source, not only those near call sites");
  args.option("--only", "KIND", &options->only,
              "Only these call sites: all (the default), inlined, refused, flipped or changed "
              "(two builds)");
  args.option("--color", "WHEN", &options->color,
              "Colour the text output: auto (the default: when standard output is a terminal), "
              "always or never");
  options->rows.declare(
      args,
      "Sort the rows (--format table, csv, json) by these columns (default: file, line, column)");
  args.option("--format", "FORMAT", &options->format,
              "text (the default: the annotated source), table, csv or json (the call sites as "
              "rows), html (a self-contained page)");
  args.option("-o,--output", "FILE", &options->output,
              "Write to FILE (replaced atomically) instead of standard output");
  return [options] { return run(*options); };
}

} // namespace inlinetune
