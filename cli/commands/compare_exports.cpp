#include "commands/compare_exports.hpp"

#include "grp/core/error.hpp"
#include "grp/report/bmf/compare.hpp"
#include "grp/report/junit/compare.hpp"

#include <optional>

namespace grp::cli {

namespace {

// --junit or --bmf's file: none when not given; "-" is refused (stdout carries the table).
std::optional<output_file> export_output_file(const std::string& path, const char* option,
                                              const char* what, bool force) {
    if (path.empty()) {
        return std::nullopt;
    }
    if (path == "-") {
        throw usage_error(std::string(option) + " takes the file to write: stdout carries " +
                          "compare's table (or --json, --markdown -); give a file name");
    }
    return output_file(path, what, force);
}

} // namespace

std::vector<std::unique_ptr<compare_printer>>
export_printers(const compare_cli_options& cli, std::vector<const output_file*> others) {
    auto junit = export_output_file(cli.junit, "--junit", "JUnit XML", cli.force);
    auto bmf = export_output_file(cli.bmf, "--bmf", "BMF JSON", cli.force);
    std::vector<std::string> inputs = cli.files;
    inputs.insert(inputs.end(), cli.bases.begin(), cli.bases.end());
    for (const auto* f : {junit ? &*junit : nullptr, bmf ? &*bmf : nullptr}) {
        if (f != nullptr) {
            others.push_back(f);
        }
    }
    check_distinct_files(inputs, others);
    std::vector<std::unique_ptr<compare_printer>> out;
    if (junit) {
        junit->probe();
        out.push_back(std::make_unique<junit_compare_printer>(std::move(*junit)));
    }
    if (bmf) {
        bmf->probe();
        out.push_back(std::make_unique<bmf_compare_printer>(std::move(*bmf)));
    }
    return out;
}

std::string option_without_work(const compare_cli_options& cli) {
    return cli.csv.empty() && !cli.bmf.empty() ? "--bmf" : "--csv";
}

} // namespace grp::cli
