// compare's exporters for CI systems beside its own outputs: --junit FILE (JUnit XML, for test
// report tabs) and --bmf FILE (Bencher Metric Format JSON, for `bencher run`). Their files are
// checked before any profile is read, as --csv's and --markdown's are.
#pragma once

#include "commands/compare_output.hpp"

#include <memory>
#include <vector>

namespace grp::cli {

/// The --junit and --bmf printers (report/junit/compare.hpp, report/bmf/compare.hpp), none when
/// neither is given. Each file is checked: a file, not stdout ("-"), not an input, not one of
/// `others` (the CSV and markdown files) nor each other, writable; usage_error or file_error
/// as output_file::probe otherwise.
std::vector<std::unique_ptr<compare_printer>>
export_printers(const compare_cli_options& cli, std::vector<const output_file*> others);

/// The option that keeps a work gate (check profiles) from printing: "--csv" or "--bmf", the
/// formats without one.
std::string option_without_work(const compare_cli_options& cli);

} // namespace grp::cli
