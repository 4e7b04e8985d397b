// SPDX-License-Identifier: GPL-3.0-or-later
// inlinetune report BASE NEW -o report.html [--results CSV] [--exec-profile FILE]
//                   [--title T] [--top N] [--chartjs PATH]
// inlinetune report --base P... --new P... -o report.html [options as above]
//
// One self-contained HTML page about two builds: the diff's summary line,
// real .text bytes by subsystem, flipped decisions by reason, the functions
// with the largest byte deltas (beside GCC's estimates, with the flips that
// caused them), the flip thresholds of NEW's refusals by a size limit, the
// vanished and appeared functions, the builds' provenance, and with
// --results the correlation with measured workload results.  The numbers
// are diff's (build_diff.h, diff_result.h) and correlate's (correlation.h,
// correlation_result.h); this file gathers them into the page's data block
// and html_report.h makes the page.  docs/cli.md ("report") says how to read each plot.
#include "commands/commands.h"
#include "commands/option_groups.h"
#include "error.h"
#include "inputs/csv_reader.h"
#include "inputs/source_files.h"
#include "model/attribution.h"
#include "model/build_diff.h"
#include "model/correlation.h"
#include "model/source_annotation.h"
#include "output/annotation_result.h"
#include "output/attribution_result.h"
#include "output/correlation_result.h"
#include "output/diff_result.h"
#include "output/html_report.h"
#include "output/output_file.h"
#include "output/table.h"

#include <fmt/format.h>
#include <fmt/ranges.h> // fmt::join (in format.h before fmt 11)

#include <algorithm>
#include <map>
#include <memory>
#include <set>

namespace inlinetune {

namespace {

// Debian's libjs-chart.js (3.9 in bookworm); --chartjs overrides.
#define DEFAULT_CHARTJS "/usr/share/javascript/chart.js/chart.min.js"
const char *const default_chartjs = DEFAULT_CHARTJS;

struct Options {
  TwoBuildsOptions builds;
  std::string output;
  ResultsFileOptions results;
  ExecutionProfileOptions profile;
  GuestProfileOptions guest;
  std::string title, top = "25", chartjs;
  std::string annotate = "3";
  std::vector<std::string> source_roots;
};

std::string read_chartjs(const std::string &path) {
  std::string text;
  try {
    text = read_text_file(path);
  } catch (const Error &e) {
    throw Error("cannot read the Chart.js library: {}; install Debian's libjs-chart.js "
                "(apt-get install libjs-chart.js, or make deps), or give another copy of "
                "Chart.js 3 with --chartjs PATH",
                e.what());
  }
  if (text.find("Chart") == std::string::npos)
    throw Error("{} does not look like Chart.js (no \"Chart\" in it)", path);
  return text;
}

// How many of BUILD's TUS share each value of KEY (an object, such as
// {"tag": "rfc"}), as [{KEY..., "tus": n}], most TUs first.
template <typename Key> Cell tally(const Build &build, const std::vector<uint32_t> &tus, Key key) {
  std::map<Cell, size_t> counts;
  for (uint32_t t : tus)
    ++counts[key(build.tus[t].header)];
  std::vector<std::pair<Cell, size_t>> order(counts.begin(), counts.end());
  std::stable_sort(order.begin(), order.end(),
                   [](const auto &x, const auto &y) { return x.second > y.second; });
  Cell out = Cell::array();
  for (auto &[value, n] : order) {
    value["tus"] = n;
    out.push_back(std::move(value));
  }
  return out;
}

// Where a build came from: its paths, and for its TUS (those compared) their
// compiler, tag, policy files' md5 and params.
Cell provenance(const Build &build, const std::vector<std::string> &paths,
                const std::vector<uint32_t> &tus) {
  size_t with_symbols = 0;
  for (uint32_t t : tus)
    with_symbols += build.tus[t].has_symbols;
  return Cell{{"paths", paths},
              {"tus", tus.size()},
              {"tus_with_symbols", with_symbols},
              {"gcc", tally(build, tus,
                            [](const TuHeader &h) {
                              return Cell{{"version", h.gcc_version}, {"target", h.gcc_target}};
                            })},
              {"tags", tally(build, tus,
                             [](const TuHeader &h) {
                               return Cell{{"tag", h.tag}};
                             })},
              {"policy_md5",
               tally(build, tus,
                     [](const TuHeader &h) {
                       return Cell{{"md5", h.policy_md5 ? Cell(*h.policy_md5) : Cell(nullptr)}};
                     })},
              {"params", tally(build, tus, [](const TuHeader &h) {
                 std::string s;
                 for (const auto &[k, v] : h.params)
                   s += (s.empty() ? "" : " ") + k + "=" + v;
                 return Cell{{"params", s}};
               })}};
}

// Per size-limit param, NEW's refusals by that limit: the param's values for
// their callers and the values at which they would flip, each as [[value,
// count], ...] ascending, and how many have no known flip point.  The most
// refused param first.
Cell thresholds(const BuildDiff &d) {
  struct Param {
    std::map<int64_t, size_t> values, flip_at;
    size_t refused = 0, unknown = 0;
  };
  std::map<std::string, Param> params;
  std::vector<bool> compared(d.next.tus.size());
  for (auto [bt, nt] : d.common)
    compared[nt] = true;
  for (const SiteModel &s : d.next.sites) {
    const SiteLimit *limit = d.next.site_limit(s);
    if (s.inlined() || !limit || !compared[s.tu])
      continue;
    Param &p = params[std::string(d.next.str(limit->param))];
    ++p.refused;
    ++p.values[limit->value];
    if (limit->flip_at)
      ++p.flip_at[*limit->flip_at];
    else
      ++p.unknown;
  }
  std::vector<std::pair<std::string, const Param *>> order;
  for (const auto &[name, p] : params)
    order.emplace_back(name, &p);
  std::stable_sort(order.begin(), order.end(), [](const auto &x, const auto &y) {
    return x.second->refused > y.second->refused;
  });
  auto pairs = [](const std::map<int64_t, size_t> &m) {
    Cell out = Cell::array();
    for (const auto &[v, n] : m)
      out.push_back(Cell::array({v, n}));
    return out;
  };
  Cell out = Cell::array();
  for (const auto &[name, p] : order)
    out.push_back(Cell{{"param", name},
                       {"refused", p->refused},
                       {"unknown", p->unknown},
                       {"values", pairs(p->values)},
                       {"flip_at", pairs(p->flip_at)}});
  return out;
}

// GCC's text for each reason code, from the TU headers of both builds.
std::map<std::string, std::string> reason_texts(const BuildDiff &d) {
  std::map<std::string, std::string> texts;
  for (const Build *b : {&d.base, &d.next})
    for (const TuModel &t : b->tus)
      texts.insert(t.header.reasons.begin(), t.header.reasons.end());
  texts.emplace("OK", "inlined");
  return texts;
}

// The correlation section: correlate's Result for D, RESULTS and PROFILE,
// its raw JSON and its tables.  ERRORS: the problems reading them.
Cell correlation_data(const BuildDiff &d, const Results &results, const ExecutionProfile *profile,
                      size_t errors, size_t top) {
  const Correlation c = correlate(d, results, profile);
  const Result res = correlation_result(d, results, c, errors, top);
  Cell tables = Cell::array();
  for (const Table &t : res.tables)
    tables.push_back(table_data(t));
  return {{"headline", res.headline}, {"data", to_json(res)}, {"tables", tables}};
}

// The annotated-source section: the N files with the most flips (ties by
// name), as `annotate --diff` shows them, from the models' folded decisions
// (no records were kept whole).  A file whose text is not found is listed
// without it.
Cell annotate_data(const BuildDiff &d, size_t n, const std::vector<std::string> &source_roots) {
  std::map<std::string, size_t> flips;
  for (const Flip &f : d.flips)
    if (auto loc = parse_location(f.location))
      ++flips[std::string(loc->file)];
  std::vector<std::pair<std::string, size_t>> order(flips.begin(), flips.end());
  std::stable_sort(order.begin(), order.end(),
                   [](const auto &x, const auto &y) { return x.second > y.second; });
  if (order.size() > n)
    order.resize(n);
  std::set<std::string> files;
  for (const auto &[file, count] : order)
    files.insert(file);
  const Annotation a = annotate_builds(
      d.base, d.next, [&](std::string_view file) { return files.count(std::string(file)) > 0; });
  std::vector<std::string> roots = source_roots;
  for (const auto &[b, paths] :
       {std::pair(&d.next, &d.new_paths), std::pair(&d.base, &d.base_paths)})
    for (std::string &r : candidate_source_roots(*b, *paths))
      if (std::find(roots.begin(), roots.end(), r) == roots.end())
        roots.push_back(std::move(r));
  std::vector<SourceText> sources;
  for (const AnnotatedFile &f : a.files) {
    std::optional<std::string> path = find_source(f.file, roots);
    // Not found: the page lists the file's sites without the text, and
    // says so (a report without the tree is no error, nor worth a note).
    sources.push_back(path ? read_source(*path) : SourceText());
  }
  return annotation_data(a, sources, SiteFilter::all);
}

int run(const Options &options) {
  const size_t top = parse_top(options.top);
  size_t annotate = 0;
  try {
    annotate = parse_top(options.annotate);
  } catch (const UsageError &) {
    throw UsageError("--annotate: '{}' is not a count (0 for none)", options.annotate);
  }
  const auto [base_paths, new_paths] = options.builds.paths();
  if (options.output.empty() || options.output == "-")
    throw UsageError("give the page's file with -o FILE");
  if (options.profile.profile.size() && options.results.results.empty())
    throw UsageError("--exec-profile needs --results: the profile weighs the functions that "
                     "explain the measured results");
  options.profile.check();
  const AttributionOptions attribution_options = options.guest.options();
  const std::string chartjs_path = options.chartjs.empty() ? default_chartjs : options.chartjs;
  const std::string chartjs = read_chartjs(chartjs_path);
  Output out(options.output); // before reading: a bad -o fails at once

  // The small inputs first: a missing column fails before the builds load.
  std::optional<Results> results;
  std::optional<ExecutionProfile> profile;
  size_t errors = 0;
  if (!options.results.results.empty()) {
    results = options.results.read();
    errors += results->errors;
  }
  if ((profile = options.profile.read()))
    errors += profile->errors;
  std::optional<std::pair<GuestProfile, GuestProfile>> guest;
  if (options.guest.given())
    guest = options.guest.read();
  LoadOptions load;
  load.copies = guest.has_value(); // the attribution's joins count inline copies
  const BuildDiff d = load_diff(base_paths, new_paths, report, load);
  if (std::string warning = tu_mismatch_warning(d); !warning.empty())
    fmt::print(stderr, "inlinetune: warning: {}\n", warning);
  errors += d.errors();

  // The diff as `inlinetune diff` has it: functions, vanished and appeared
  // (cut to --top) from --by function; subsystems and reasons (all of them)
  // from --by reason.
  const Result by_function = diff_result(d, GroupBy::function, top);
  const Result by_reason = diff_result(d, GroupBy::reason, 0);
  Cell diff = to_json(by_function), all = to_json(by_reason);
  diff.erase("subsystems_omitted");
  diff["subsystems"] = all["subsystems"];
  const std::map<std::string, std::string> texts = reason_texts(d);
  for (Cell &r : all["reasons"]) {
    auto t = texts.find(r["reason"].get<std::string>());
    r["text"] = t == texts.end() ? "" : t->second;
  }
  diff["reasons"] = all["reasons"];
  Cell tables = Cell::object();
  for (const Table &t : by_function.tables)
    if (t.name != "subsystems")
      tables[t.name] = table_data(t);
  for (const Table &t : by_reason.tables)
    tables[t.name] = table_data(t);

  std::vector<uint32_t> base_tus, new_tus;
  for (auto [bt, nt] : d.common) {
    base_tus.push_back(bt);
    new_tus.push_back(nt);
  }

  const Cell correlation =
      results ? correlation_data(d, *results, profile ? &*profile : nullptr, errors, top)
              : Cell(nullptr);

  // The attribution section: correlate --guest-profiles's Result.
  Cell attribution = nullptr;
  if (guest) {
    const Attribution a = attribute(d, guest->first, guest->second, attribution_options);
    GuestProfileOptions::warn(a);
    Result res = attribution_only_result(a, errors);
    add_attribution(res, d, a);
    Cell tables = Cell::array();
    for (const Table &t : res.tables)
      tables.push_back(table_data(t));
    attribution = {{"headline", res.headline},
                   {"cache_note", kCacheModelNote},
                   {"data", to_json(res)},
                   {"tables", tables}};
  }

  const std::string title = options.title.empty()
                                ? fmt::format("inlinetune report: {} vs {}",
                                              fmt::join(base_paths, " "), fmt::join(new_paths, " "))
                                : options.title;
  Page page;
  page.title = title;
  page.chartjs = chartjs;
  page.chartjs_origin = chartjs_path;
  page.data = {
      {"format", "inlinetune-report"},
      {"format_version", 1},
      {"title", title},
      {"headline", by_function.headline},
      {"bytes_known", d.tus_without_symbols < d.common.size()},
      {"sizes_note",
       "Estimated sizes (est_*) are GCC's own estimates, in GCC's size units, of a "
       "function's body after inlining (the function record's size_after); bytes are the "
       "real st_size of the function's ELF symbols in the objects (the symbol and the "
       "pieces GCC split off: .constprop, .isra, .part, .cold).  The two need not agree, "
       "and only bytes are what the kernel's .text pays."},
      {"builds",
       {{"base", provenance(d.base, d.base_paths, base_tus)},
        {"new", provenance(d.next, d.new_paths, new_tus)}}},
      {"diff", diff},
      {"thresholds", thresholds(d)},
      {"tables", tables},
      {"correlation", correlation},
      {"attribution", attribution},
      {"annotate", annotate ? annotate_data(d, annotate, options.source_roots) : Cell(nullptr)}};
  out.write(render_page(page));
  out.commit();
  return errors ? 1 : 0;
}

} // namespace

std::function<int()> setup_report(Args &args) {
  auto options = std::make_shared<Options>();
  options->builds.declare(args);
  args.option("-o,--output", "FILE", &options->output,
              "The HTML file to write (required; replaced atomically)");
  options->results.declare(
      args, "Measured results to correlate the diff with, as for correlate: CSV "
            "workload,metric,baseline,new or workload,metric,variant,value,runs,min,max");
  options->profile.declare(
      args, "An execution profile (needs --results): perf report --stdio or perf script "
            "output, or a symbol,weight CSV");
  options->guest.declare(args);
  args.option("--title", "TEXT", &options->title,
              "The page's title (default: inlinetune report: BASE vs NEW)");
  args.option("--top", "N", &options->top,
              "Functions in the chart and the tables (default 25; 0: all)");
  args.option("--annotate", "N", &options->annotate,
              "Annotated source of the N files with the most flipped decisions (default 3; 0: "
              "none), their changed call sites under their lines");
  args.multi_option("-S,--source-root", "DIR", &options->source_roots,
                    "Where the source tree is for --annotate (repeatable), when it is not where "
                    "the builds ran");
  args.option("--chartjs", "PATH", &options->chartjs,
              "Chart.js to inline (default: Debian libjs-chart.js's " DEFAULT_CHARTJS ")");
  return [options] { return run(*options); };
}

} // namespace inlinetune
