// The page's own style sheet and scripts, inlined into every report (no external files: the
// page must open anywhere, offline, as one file). The style has light, dark
// (prefers-color-scheme) and print variants and styles the SVG charts through their classes.
// The scripts only read and rearrange the DOM (sorting, filtering) and check the page itself;
// they never take text from the profile as code.
#pragma once

#include <string_view>

namespace grp::html {

/// The CSS of the page, charts included.
std::string_view page_css();

/// Runs first, in <head>: records script errors and CSP violations so that the self-check (and
/// the browser test) can see them.
std::string_view page_head_script();

/// Runs last, in <body>: sortable tables, the case filter, and the self-check that measures
/// every svg.chart and writes the result into #grp-selfcheck (data-charts, data-zero-size,
/// data-errors, data-state).
std::string_view page_body_script();

} // namespace grp::html
