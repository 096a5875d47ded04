// CSV as spreadsheets and pandas read it (RFC 4180): a header row, then one row per record;
// a field with a comma, quote or line break is quoted, quotes doubled; a text that starts like a
// formula (=, +, -, @, tab, CR) is quoted after an apostrophe, so no spreadsheet runs it; a
// number that is absent or not finite is an empty field, never "nan".
#pragma once

#include "grp/model/profile/profile.hpp"

#include <optional>
#include <ostream>
#include <string>

namespace grp {

/// `s` as one CSV field (a text: numbers are csv_number's).
std::string csv_field(const std::string& s);
/// A number with 10 significant digits, or "" when absent or not finite.
std::string csv_number(const std::optional<double>& v);

/// The columns of run's CSV, in order: stable (new ones are only ever appended), documented in
/// docs/run.md ("run --csv").
extern const char* const run_csv_header;

/// One row per case of `p` (every status; a case without timing has empty timing fields).
void print_cases_csv(std::ostream& os, const profile& p);

} // namespace grp
