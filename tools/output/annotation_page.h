// SPDX-License-Identifier: GPL-3.0-or-later
// Annotated source in HTML: the script that draws a listing from
// annotation_data() (output/annotation_result.h), used by the page of
// `inlinetune annotate --format html` and by the report's "Annotated
// source" section (output/html_report.h), and the annotate page itself.
// The page is self-contained and checks itself as the report's does: the
// data as one escaped JSON block, scripts by nonce under a
// Content-Security-Policy of default-src 'none', strings put into the
// document as text only, and #status data-status="ok" once every call site
// of the data was drawn with no script error (testsuite/tools/annotate.test).
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace inlinetune {

// Defines window.inlinetuneSource(parent, data): appends one listing per
// file of DATA (annotation_data()) to the element PARENT and returns
// {drawn, expected}, the call-site rows drawn and those the data has on a
// line of its source.
const char *source_view_script();
// The listings' CSS.
const char *source_view_style();

// The whole page of `annotate --format html`: TITLE, and DATA
// (annotation_data() with "format" and "title" added).
std::string render_annotation_page(const std::string &title, const nlohmann::ordered_json &data);

} // namespace inlinetune
