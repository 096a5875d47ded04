// The HTML report as one self-contained page: head (CSP, inline style and scripts), a header
// with the devices and a table of contents, the sections of sections/ and scenarios/ in reading
// order, and a footer. No network: no external script, style, font or image. Every profile string
// is escaped by the section writers.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

struct page_options {
    std::string title;       ///< page title; empty: "gpu-reduce-prof report: DEVICE…"
    std::string generator;   ///< e.g. "gpu-reduce-prof 0.1.0 (git abc123)", shown in the footer
    compare_options compare; ///< how verdicts are decided when there are several profiles
    bool log_time = false;   ///< time axes (the sample distributions) on a log10 scale
};

/// A page of the same look around `body` (sections the caller rendered, already escaped): the
/// head with its policy, a header with `title`, the footer and the scripts (history's page).
std::string render_page(const std::string& title, const std::string& body, const page_options& opt);

/// The complete page. Precondition: `inputs` is not empty.
std::string render_report(const std::vector<report_input>& inputs, const page_options& opt);

} // namespace grp::html
