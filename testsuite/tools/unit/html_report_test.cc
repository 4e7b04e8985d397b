// SPDX-License-Identifier: GPL-3.0-or-later
// The report's page (html_report.h): the JSON block's escaping, text
// escaping, the check on the inlined library, and the page's shape.
#include "error.h"
#include "output/html_report.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <string>

using namespace inlinetune;

namespace {

using Json = nlohmann::ordered_json;

const std::string kAbsurd = "</script><img src=x onerror=alert(1)>";

size_t count(const std::string &text, const std::string &what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

} // namespace

TEST(ScriptJson, NoStringCanEndTheScriptElement) {
  Json data = {{"function", kAbsurd},
               {"upper", "</SCRIPT >"},
               {"comment", "<!-- <script>"},
               {"amp", "a && b > c"},
               {kAbsurd, {1, 2}}}; // keys too
  const std::string text = script_json(data);
  EXPECT_EQ(text.find('<'), std::string::npos) << text;
  EXPECT_EQ(text.find('>'), std::string::npos) << text;
  EXPECT_EQ(text.find('&'), std::string::npos) << text;
  EXPECT_EQ(lower(text).find("</script"), std::string::npos);
  EXPECT_NE(text.find(R"("function":"\u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e")"),
            std::string::npos)
      << text;
  // JSON.parse (here nlohmann) gives the data back, unchanged.
  EXPECT_EQ(Json::parse(text), data);
}

TEST(ScriptJson, LineSeparatorsAreEscaped) {
  // U+2028 and U+2029: valid in JSON strings, line breaks to older JavaScript.
  Json data = {{"s", "a\u2028b\u2029c"}};
  const std::string text = script_json(data);
  EXPECT_EQ(text, R"({"s":"a\u2028b\u2029c"})");
  EXPECT_EQ(Json::parse(text), data);
}

TEST(ScriptJson, InvalidUtf8IsReplacedNotFatal) {
  Json data = {{"s", std::string("a\xff<b")}};
  const std::string text = script_json(data);
  EXPECT_EQ(text, "{\"s\":\"a\xef\xbf\xbd\\u003cb\"}");
}

TEST(HtmlEscape, EscapesMarkupAndQuotes) {
  EXPECT_EQ(html_escape(kAbsurd), "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;");
  EXPECT_EQ(html_escape(R"(a & "b" 'c')"), "a &amp; &quot;b&quot; &#39;c&#39;");
  EXPECT_EQ(html_escape("plain"), "plain");
}

TEST(InlineScript, RefusesWhatWouldEndOrConfuseTheElement) {
  EXPECT_NO_THROW(check_inline_script("var Chart = 1; if (a < b) c = '<\\/script>';", "ok.js"));
  for (const char *bad : {"x = '</script>'", "x = '</ScRiPt '", "<!-- y"}) {
    try {
      check_inline_script(bad, "bad.js");
      ADD_FAILURE() << bad;
    } catch (const Error &e) {
      EXPECT_EQ(std::string(e.what()).rfind("bad.js: holds \"", 0), 0u) << e.what();
    }
  }
}

TEST(TableData, CellsAsTheTableFormatPrintsThem) {
  Table t;
  t.name = "functions";
  t.title = "Functions:";
  t.columns = {Column("function"), Column("bytes"), Column("delta", true),
               Column("flips", ItemText([](const Cell &c) { return "+" + c.get<std::string>(); }))};
  t.rows.push_back({kAbsurd, nullptr, 12, Cell::array({"a", "b"})});
  t.rows.push_back({"g", 5, -3, Cell::array()});
  t.omitted = 7;
  Json d = table_data(t);
  EXPECT_EQ(d["name"], "functions");
  EXPECT_EQ(d["title"], "Functions:");
  EXPECT_EQ(d["columns"], Json({"function", "bytes", "delta", "flips"}));
  EXPECT_EQ(d["numeric"], Json({false, true, true, false}));
  EXPECT_EQ(d["rows"][0], Json({kAbsurd, "-", "+12", "+a; +b"}));
  EXPECT_EQ(d["rows"][1], Json({"g", "5", "-3", ""}));
  EXPECT_EQ(d["omitted"], 7);
}

TEST(Page, OneDataBlockFiveScriptsNothingFetched) {
  Page page;
  page.title = "report " + kAbsurd;
  page.data = {{"headline", "1 -> 2 " + kAbsurd}, {"name", kAbsurd}};
  page.chartjs = "/* Chart.js stand-in */ var Chart = function () {};";
  page.chartjs_origin = "chart.min.js";
  const std::string html = render_page(page);

  // The guard, Chart.js, the data block, the annotated source's view
  // (output/annotation_page.h) and the page's script: each closed once, so
  // nothing in the data closed one early.
  EXPECT_EQ(count(html, "<script"), 5u);
  EXPECT_EQ(count(lower(html), "</script"), 5u);
  EXPECT_EQ(count(html, "<img"), 0u);
  EXPECT_NE(html.find("<title>report &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</title>"),
            std::string::npos);
  EXPECT_NE(html.find("<p class=\"headline\">1 -&gt; 2 &lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find(page.chartjs), std::string::npos);

  // The data block reads back as the data.
  const std::string open = "<script type=\"application/json\" id=\"inlinetune-data\">";
  const size_t at = html.find(open);
  ASSERT_NE(at, std::string::npos);
  const size_t begin = at + open.size(), end = html.find("</script>", begin);
  EXPECT_EQ(Json::parse(html.substr(begin, end - begin)), page.data);

  // Scripts run by the policy's nonce; nothing may be fetched.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      html, m,
      std::regex("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                 "script-src 'nonce-([A-Za-z0-9+/]+)'; style-src 'unsafe-inline'; img-src "
                 "data:\">")));
  EXPECT_GE(m[1].length(), 16);
  EXPECT_EQ(count(html, "<script nonce=\"" + m[1].str() + "\">"), 4u);
  EXPECT_EQ(count(html, "src=\"http"), 0u);
  EXPECT_EQ(count(html, "href=\"http"), 0u);
}

TEST(Page, RefusesALibraryThatCannotBeInlined) {
  Page page;
  page.title = "t";
  page.chartjs = "var Chart = '</script>';";
  page.chartjs_origin = "evil.js";
  EXPECT_THROW(render_page(page), Error);
}
