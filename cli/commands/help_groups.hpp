// How each command's --help is grouped (selection, timing, output, advanced) and what its values
// are called, in one place: the long options' tables for tidy_help (command.hpp), applied
// after a command has added its options.
#pragma once

#include <CLI/CLI.hpp>

namespace grp::cli {

/// run: Selection, Timing, Output, Advanced.
void group_run_help(CLI::App* sub);
/// check: Selection, Output, Advanced.
void group_check_help(CLI::App* sub);
/// compare: Selection, Verdicts, Output, Advanced.
void group_compare_help(CLI::App* sub);
/// report: Output, Verdicts.
void group_report_help(CLI::App* sub);
/// history: where the profiles come from, what fails, what is printed.
void group_history_help(CLI::App* sub);

} // namespace grp::cli
