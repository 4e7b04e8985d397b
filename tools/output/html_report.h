// SPDX-License-Identifier: GPL-3.0-or-later
// The page of `inlinetune report`: one self-contained HTML file that works
// offline.  It holds everything it shows: the report's data as one JSON
// block (<script type="application/json" id="inlinetune-data">), the
// plotting library (Chart.js, read from Debian's libjs-chart.js when the
// report is made) and the page's own script, which draws the charts and the
// tables from the data block.  Nothing is fetched: a Content-Security-Policy
// of default-src 'none' says so to the browser, and the scripts run by nonce
// only, so no inline event handler (<img onerror=...>) could run even if
// markup got in.  Strings reach the page only as JSON in the data block
// (script_json) or as escaped text (html_escape); the page's script puts
// them into the document with textContent, never as markup.
//
// The page records its own health for tests and for whoever opens it: the
// element #status gets data-status="ok" once every chart drew and no script
// error, failed resource load or console error happened, and
// data-status="error" with the messages otherwise (testsuite/tools/report-browser.test).
#pragma once

#include "output/table.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace inlinetune {

// DATA as the text of a <script type="application/json"> element: compact
// JSON with '<', '>' and '&' in strings written as \u003c, \u003e, \u0026 (so
// no string can end the element with "</script>" or start "<!--"), U+2028
// and U+2029 as \u2028 and \u2029, and invalid UTF-8 replaced by U+FFFD.
// JSON.parse of the element's text gives DATA back.
std::string script_json(const nlohmann::ordered_json &data);

// TEXT with &, <, >, " and ' as character references: for element text and
// quoted attribute values.
std::string html_escape(std::string_view text);

// Throws Error (naming ORIGIN) when SCRIPT holds "</script" or "<!--" in any
// case: such a script cannot be inlined into a <script> element as it is.
void check_inline_script(std::string_view script, const std::string &origin);

// A table of a Result as the page's script shows it: {"name", "title",
// "columns": [names], "numeric": [bools: right-aligned], "rows": [[the
// cells' text as the table format prints them]], "omitted": N}.
nlohmann::ordered_json table_data(const Table &table);

struct Page {
  std::string title;
  nlohmann::ordered_json data; // the data block; docs/cli.md ("report") lists its keys
  std::string chartjs;         // the library's text
  std::string chartjs_origin;  // where it was read from, for the page's footer and errors
};

// The whole HTML file.  Throws Error when the library cannot be inlined
// (check_inline_script).
std::string render_page(const Page &page);

// The pieces another page of this kind (annotate's, output/annotation_page.h)
// shares: a fresh nonce for its scripts, the guard script that runs first and
// keeps #status (window.inlinetuneFail(message), and
// window.inlinetuneFinish(charts[, what]) once drawn: WHAT replaces "N charts
// drawn" in the status text), and the style sheet.
std::string page_nonce();
const char *page_guard_script();
const char *page_style_sheet();

} // namespace inlinetune
