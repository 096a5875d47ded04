// The words a comparison ends with, shared by the console and markdown printers: one line per
// failing case in hyperfine's manner ("reduce6 (float, n=2^20, local 256): candidate ran
// 1.10 ± 0.02 × slower than base"), and the cross-device table (cross_device.hpp) with the
// headline that says its timing is not gated. Text only: each printer escapes for its output.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/text/table.hpp"

#include <string>
#include <vector>

namespace grp {

/// "reduce6 (float, n=2^20, local 256)": kernel, then type (with layout and operator where not
/// flat and sum), n, local size, parameters and a cold cache.
std::string case_words(const case_key& key);

/// One line per failing case of `c`: with a ratio, "<case>: <who> ran R ± H × slower than
/// base", where H is the larger distance from R to an end of the case's (1 - alpha) interval
/// (the interval the verdict came from; faster: both inverted); without one, what failed.
/// Nothing for a duet's A/A control (its cases never fail).
std::vector<std::string> failing_case_lines(const comparison& c, const std::string& who);

/// How a failing line names `c`'s side: "candidate" when `all` holds one candidate (a duet's
/// A/A controls aside), else its label.
std::string candidate_name(const std::vector<comparison>& all, const comparison& c);

/// Each kernel's best on each side, GB/s, % of each side's own peak and the GB/s ratio.
text_table cross_device_text_table(const comparison& c, bool safe_terminal);

/// The line above the cross-device table: which devices, how the best was chosen, not gated.
std::string cross_device_caption(const comparison& c);

/// "NOT GATED: ..." for a comparison whose timing could only be read, across devices or one run
/// against one (comparison::timing_not_gated): why, and what was shown instead or what to do.
std::string not_gated_headline(const comparison& c);

} // namespace grp
