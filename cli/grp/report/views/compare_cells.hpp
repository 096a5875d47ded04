// What the compare printers share: how a side's value, a change, an interval and a verdict are
// written, the case label, and the settings line. Internal to the compare printers of every format.
#pragma once

#include "grp/model/compare/compare.hpp"

#include <optional>
#include <string>

namespace grp {

/// ANSI colour of a verdict: red for what fails, yellow for what needs a look, green for
/// improvements; nullptr for plain.
const char* verdict_colour(verdict v);

/// "+9.86%", "-0.21%", "+141.6%": two decimals below 10 %, one above.
std::string signed_percent(double fraction);

/// What a side is compared by: its median time, % of peak, or ratio to the reference.
std::string shown_value(const std::optional<case_side>& s, const compare_options& opt);

/// "[+6.1%, +13.6%]" or "-".
std::string interval_cell(const case_comparison& cc);

/// The case name; with the device when a comparison holds the same key on several devices.
std::string row_label(const comparison& c, const case_comparison& cc);

/// "slower (fails)", "inconclusive", ...
std::string verdict_cell(const case_comparison& cc);

/// The most characters a note takes in a table (note_label).
inline constexpr std::size_t max_note_label = 40;

/// The table's note for a case, as cargo puts a label in place and the explanation once: the
/// note itself when it is at most max_note_label characters, else a short label of its first
/// fact ("interval wider than ±5.0%", "too few undisturbed rounds", "A/A control not same: not
/// judged", ...); the full note is printed once, in the not-decided list or under the table.
std::string note_label(const case_comparison& cc, const compare_options& opt);

/// "threshold 5.0%, 99% interval, fail on slower,wrong,unmeasured", with normalization.
std::string options_line(const comparison& c);

/// The comparison whose options_line heads a list: the first that is no A/A control (a duet
/// lists its controls first), else the first. Precondition: `all` is not empty.
const comparison& headline_comparison(const std::vector<comparison>& all);

} // namespace grp
