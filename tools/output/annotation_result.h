// SPDX-License-Identifier: GPL-3.0-or-later
// What `inlinetune annotate` prints of an Annotation (model/source_annotation.h):
// the source listing with each call site's decisions under its line (the
// text format), the same sites as rows (table, csv and json, through the one
// printer, output/table.h), and the data the HTML pages draw the listing
// from (annotate --format html, report --annotate).  One text per site,
// site_text(), serves the listing and the pages alike.  docs/cli.md
// ("annotate") describes each column.
#pragma once

#include "inputs/source_files.h"
#include "model/source_annotation.h"
#include "output/table.h"

#include <string>
#include <vector>

namespace inlinetune {

// Which sites are shown (--only).
enum class SiteFilter { all, inlined, refused, flipped, changed };
// Throws UsageError unless NAME is one of: all, inlined, refused, flipped,
// changed.
SiteFilter parse_site_filter(const std::string &name);
// inlined / refused: by the shown build's decision (NEW's with two);
// flipped: to inlined or to refused; changed: any change (new and gone
// sites included).
bool site_shown(const AnnotatedSite &site, SiteFilter filter);

// How a decision looks: "inlined", "refused", or "partly" (inlined in some
// of the TUs holding the site only).
const char *decision_state(const SiteDecision &d);

// A site's annotation, one line after another (no colour): first "CALLEE:
// DECISION; einline: ...; inline: ...", then for a site that changed
// between two builds "base: ..." and "new: ...".  Each with the state
// (decision_state) it is shown in.
struct TextLine {
  std::string text;
  std::string state; // "inlined", "refused", "partly"
  bool flip = false; // the line of a flipped site
};
std::vector<TextLine> site_text(const AnnotatedSite &site, bool two_builds);

// The first line: sites, files, lines, decisions (and changes).
std::string annotation_headline(const Annotation &a, SiteFilter filter);

// The sites as rows (one table, "sites"), for table, csv and json.
Result annotation_result(const Annotation &a, SiteFilter filter, size_t errors);

struct ListingOptions {
  size_t context = 3; // lines around each annotated line
  bool all = false;   // every line
  bool color = false; // ANSI colours
  SiteFilter filter = SiteFilter::all;
};

// The text format: the headline, then per file its source lines (each with
// its number) and under each line that holds shown sites their annotations,
// the caret under the call's column.  SOURCES: one per file of A, in order.
std::string render_listing(const Annotation &a, const std::vector<SourceText> &sources,
                           const ListingOptions &options);

// What the pages draw: {"two_builds", "headline", "files": [{"file",
// "source", "tus", "lines": [text...], "sites": [{"line", "column",
// "state", "change", "text": [lines], "row": {the row's cells by column}}],
// "past_end": N}]}.  SOURCES as for render_listing (a null path: the text
// is not known, "lines" is null).
nlohmann::ordered_json annotation_data(const Annotation &a, const std::vector<SourceText> &sources,
                                       SiteFilter filter);

} // namespace inlinetune
