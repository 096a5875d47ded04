// Escaping for the report writers. Every string that comes from a profile (kernel, device, host
// and path names, reasons, scenario facts) is untrusted input: a kernel may be named
// `<script>alert(1)</script>`. The HTML and SVG writers pass each such string through
// html_escape, the markdown writer through markdown_escape, so it always renders as text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace grp {

/// Escapes text for HTML/SVG element content and for quoted attribute values: & < > " ' become
/// entities, and control characters other than tab, newline and carriage return become U+FFFD
/// (HTML forbids them). Valid for both contexts, so callers need not know which one they are in.
std::string html_escape(std::string_view text);

/// Escapes text for a table cell or the middle of a line of GitHub-flavoured markdown: inline
/// markup (\ ` * _ [ ] | ~) is backslash-escaped, & < > become entities and newlines spaces, so
/// a table row stays one row and no emphasis, link, image or raw HTML is formed. Precondition:
/// the result is not placed at the start of a line (where # or - would still mean something).
std::string markdown_escape(std::string_view text);

/// `text` as a markdown code span, outside a table: nothing escaped (in a code span a backslash
/// shows as itself), newlines as spaces, fenced by one backtick more than the longest run of
/// backticks it holds (padded with a space where it starts or ends with one). Not for table
/// cells, where GitHub splits a row at `|` even inside a span.
std::string markdown_code(std::string_view text);

/// "| a | b |\n": one GitHub table row, every cell through markdown_escape.
std::string markdown_row(const std::vector<std::string>& cells);

/// Makes a string safe for use as an HTML id or CSS class fragment: letters and digits are kept,
/// everything else becomes '-'. Not unique by itself: callers add a counter where it matters.
std::string html_id(std::string_view text);

} // namespace grp
