#include "commands/compare_output.hpp"

#include "commands/command.hpp"
#include "commands/compare_exports.hpp"
#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/report/console/compare.hpp"
#include "grp/report/csv/compare.hpp"
#include "grp/report/json/compare.hpp"
#include "grp/report/markdown/compare.hpp"
#include "grp/report/printer_multiplex.hpp"
#include "grp/report/text/table.hpp"

#include <cstdlib>
#include <iostream>
#include <optional>
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

namespace {

std::vector<std::string> inputs_of(const compare_cli_options& cli) {
    std::vector<std::string> inputs = cli.files;
    inputs.insert(inputs.end(), cli.bases.begin(), cli.bases.end());
    inputs.insert(inputs.end(), cli.work.begin(), cli.work.end()); // never written over either
    return inputs;
}

/// The --csv output, checked before any profile is read: not an input, writable, and not on
/// stdout together with --json or --markdown -.
std::optional<output_file> csv_output(const compare_cli_options& cli) {
    if (cli.csv.empty()) {
        return std::nullopt;
    }
    if (cli.csv == "-" && (cli.json || cli.markdown == "-")) {
        throw usage_error("--csv - and --" + std::string(cli.json ? "json" : "markdown -") +
                          " would both write to stdout; give --csv a file");
    }
    output_file csv(cli.csv, "CSV", cli.force);
    check_distinct_files(inputs_of(cli), {&csv});
    csv.probe();
    return csv;
}

/// --markdown FILE: the markdown, kept until the last result is in and then written to FILE
/// (the console table stays on stdout, as with --csv FILE).
class markdown_file_printer final : public compare_printer {
public:
    explicit markdown_file_printer(output_file file) : m_file(std::move(file)) {}

private:
    void do_print_comparisons(const std::vector<comparison>& all) override {
        m_markdown.print_comparisons(all);
    }
    void do_print_work(const work_comparison& w) override { m_markdown.print_work(w); }
    void do_finish() override {
        m_markdown.finish();
        m_file.write(m_text.str());
    }

    output_file m_file;
    std::ostringstream m_text;
    markdown_compare_printer m_markdown{m_text};
};

/// The --markdown file, checked as --csv's; none for "" and "-" (stdout). A value named like
/// a profile is refused: `compare --markdown a.json b.json` would write over a.json.
std::optional<output_file> markdown_output(const compare_cli_options& cli, const output_file* csv) {
    if (cli.markdown.empty() || cli.markdown == "-") {
        return std::nullopt;
    }
    const auto& md = cli.markdown;
    if (md.size() >= 5 && md.compare(md.size() - 5, 5, ".json") == 0) {
        throw usage_error("--markdown " + md +
                          ": --markdown takes the file to write (or - for "
                          "stdout, as it does alone), and " +
                          md +
                          " looks like a profile: put "
                          "--markdown after the profiles, or write --markdown -");
    }
    output_file out(md, "markdown", cli.force);
    check_distinct_files(inputs_of(cli), csv ? std::vector<const output_file*>{csv, &out}
                                             : std::vector<const output_file*>{&out});
    out.probe();
    return out;
}

/// What stdout carries: --json, --markdown -, else the console table (ANSI colour as --color
/// says; a duet's opens with its verdict, one row per case, unless --explain).
std::unique_ptr<compare_printer> stdout_printer(const compare_cli_options& cli) {
    if (cli.json) {
        return std::make_unique<json_compare_printer>(std::cout);
    }
    if (cli.markdown == "-") {
        return std::make_unique<markdown_compare_printer>(std::cout);
    }
    return std::make_unique<console_compare_printer>(std::cout, use_colour(1, cli.color),
                                                     !cli.explain);
}

} // namespace

std::unique_ptr<compare_printer> make_printer(const compare_cli_options& cli) {
    auto csv = csv_output(cli);
    auto md = markdown_output(cli, csv ? &*csv : nullptr);
    std::vector<const output_file*> taken; // --junit and --bmf may not write over these
    for (const auto* f : {csv ? &*csv : nullptr, md ? &*md : nullptr}) {
        if (f != nullptr) {
            taken.push_back(f);
        }
    }
    auto exports = export_printers(cli, taken);
    // In the order they print: the files first, the warnings (stderr, every format: stdout
    // holds only the results), then stdout's format, none when the CSV took stdout.
    auto all = std::make_unique<compare_printer_multiplex>();
    if (md) {
        all->add(std::make_unique<markdown_file_printer>(std::move(*md)));
    }
    for (auto& e : exports) {
        all->add(std::move(e));
    }
    const bool csv_on_stdout = csv && csv->is_stdout();
    if (csv) {
        all->add(std::make_unique<csv_compare_printer>(std::move(*csv)));
    }
    all->add(std::make_unique<warnings_printer>(std::cerr));
    if (cli.json || cli.markdown == "-" || !csv_on_stdout) {
        all->add(stdout_printer(cli));
    }
    return all;
}

int run_work_compare(const compare_cli_options& cli, const profile& base,
                     const std::string& base_label, const std::vector<std::string>& cand_files,
                     compare_printer& out) {
    if (!cli.pair.empty() || !out.prints_work()) {
        throw usage_error(std::string("check profiles hold work counts: ") +
                          (cli.pair.empty() ? option_without_work(cli) : "--pair") +
                          " applies to timed profiles only");
    }
    const double threshold = parse_percent(cli.work_threshold, "--work-threshold");
    // Every candidate judged before anything is printed: a refused one (a timed profile, other
    // grids) leaves no half-printed table of the others.
    std::vector<work_comparison> judged;
    judged.reserve(cand_files.size());
    for (const auto& f : cand_files) {
        judged.push_back(compare_work(base, load_profile(f), threshold, base_label, f));
    }
    bool fails = false;
    for (const auto& w : judged) {
        fails = fails || w.fails();
        out.print_work(w);
    }
    out.finish();
    return fails ? static_cast<int>(exit_code::regression_or_wrong) : 0;
}

int print_and_judge(compare_printer& out, const std::vector<comparison>& all) {
    out.print_comparisons(all);
    out.finish();
    return exit_status(all);
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
