#include "commands/compare_output.hpp"

#include "commands/command.hpp"
#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/report/console/compare.hpp"
#include "grp/report/console/work.hpp"
#include "grp/report/csv/compare.hpp"
#include "grp/report/json/compare.hpp"
#include "grp/report/markdown/compare.hpp"
#include "grp/report/text/table.hpp"

#include <cstdlib>
#include <iostream>
#include <sstream>

namespace grp::cli {

double parse_percent(std::string text, const char* option) {
    if (!text.empty() && text.back() == '%') {
        text.pop_back();
    }
    char* end = nullptr;
    const double pct = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !(pct >= 0) || pct >= 100) {
        throw usage_error(std::string(option) + ": '" + text +
                          "' is not a percentage from 0 to below 100; give e.g. 5 or 5%");
    }
    return pct / 100.0;
}

std::optional<output_file> csv_output(const compare_cli_options& cli) {
    if (cli.csv.empty()) {
        return std::nullopt;
    }
    if (cli.csv == "-" && (cli.json || cli.markdown)) {
        throw usage_error("--csv - and --" + std::string(cli.json ? "json" : "markdown") +
                          " would both write to stdout; give --csv a file");
    }
    output_file csv(cli.csv, "CSV", cli.force);
    std::vector<std::string> inputs = cli.files;
    inputs.insert(inputs.end(), cli.bases.begin(), cli.bases.end());
    check_distinct_files(inputs, {&csv});
    csv.probe();
    return csv;
}

void print_results(const compare_cli_options& cli, const std::vector<comparison>& all,
                   const std::optional<output_file>& csv) {
    if (csv) {
        std::ostringstream text;
        print_comparisons_csv(text, all);
        csv->write(text.str());
    }
    // Warnings go to stderr in every format, before the results, so that stdout holds only
    // the comparison and a person still sees them first.
    for (const auto& c : all) {
        for (const auto& w : c.warnings) {
            std::cerr << "warning: " << (all.size() > 1 ? terminal_escape(c.cand_label) + ": " : "")
                      << terminal_escape(w) << '\n';
        }
    }
    std::cerr.flush();
    const bool csv_on_stdout = csv && csv->is_stdout();
    if (cli.json) {
        std::cout << comparisons_to_json(all).dump(2) << '\n';
    } else if (cli.markdown) {
        print_comparisons_markdown(std::cout, all);
    } else if (!csv_on_stdout) {
        print_comparisons(std::cout, all, use_colour(1, cli.color));
    }
}

int run_work_compare(const compare_cli_options& cli, const profile& base,
                     const std::string& base_label, const std::vector<std::string>& cand_files) {
    if (!cli.pair.empty() || !cli.csv.empty()) {
        throw usage_error(std::string("check profiles hold work counts: ") +
                          (cli.pair.empty() ? "--csv" : "--pair") +
                          " applies to timed profiles only");
    }
    const double threshold = parse_percent(cli.work_threshold, "--work-threshold");
    auto all = nlohmann::ordered_json::array();
    bool fails = false;
    for (const auto& f : cand_files) {
        const auto w = compare_work(base, load_profile(f), threshold, base_label, f);
        fails = fails || w.fails();
        if (cli.json) {
            all.push_back(work_to_json(w));
        } else if (cli.markdown) {
            print_work_markdown(std::cout, w);
        } else {
            print_work_comparison(std::cout, w, use_colour(1, cli.color));
        }
    }
    if (cli.json) {
        std::cout << nlohmann::ordered_json{{"comparisons", all}}.dump(2) << '\n';
    }
    return fails ? static_cast<int>(exit_code::regression_or_wrong) : 0;
}

int exit_status(const std::vector<comparison>& all) {
    bool failed = false, biased = false, judged_nothing = false;
    for (const auto& c : all) {
        failed = failed || c.failed();
        if (!c.control) {
            biased = biased || c.count(verdict::biased) > 0;
            judged_nothing = judged_nothing || c.judged_nothing();
        }
    }
    if (failed) {
        return static_cast<int>(exit_code::regression_or_wrong);
    }
    if (biased) {
        return static_cast<int>(exit_code::biased);
    }
    return static_cast<int>(judged_nothing ? exit_code::undecided : exit_code::ok);
}

} // namespace grp::cli
