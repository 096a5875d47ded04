#include "grp/report/compare_printer.hpp"
#include "grp/report/console/compare.hpp"
#include "grp/report/csv/compare.hpp"
#include "grp/report/json/compare.hpp"
#include "grp/report/markdown/compare.hpp"
#include "grp/report/printer_multiplex.hpp"
#include "report/compare_samples.hpp"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <unistd.h>

namespace grp {
namespace {

using test::against_base;

std::vector<comparison> sample() {
    auto c = against_base("slower10");
    c.warnings = {"a warning"};
    return {c};
}

work_comparison sample_work(const std::string& candidate) {
    work_comparison w;
    w.base_label = "base.json";
    w.candidate_label = candidate;
    work_case c;
    c.key = make_case_key("reduce6", "float", "flat", 4096, 64);
    c.metrics = {{"instructions", 100, 120}};
    c.verdict = work_verdict::more_work;
    w.cases = {c};
    return w;
}

struct streams {
    std::ostringstream out, err;
};

enum class printer_test_format { console, markdown, json };

// As compare's make_printer (commands/compare_output.cpp) composes them: the CSV file when
// given, the warnings on err, then the format on out.
std::unique_ptr<compare_printer>
compare_printers_of(printer_test_format format, streams& s,
                    std::optional<output_file> csv = std::nullopt) {
    auto all = std::make_unique<compare_printer_multiplex>();
    if (csv) {
        all->add(std::make_unique<csv_compare_printer>(std::move(*csv)));
    }
    all->add(std::make_unique<warnings_printer>(s.err));
    if (format == printer_test_format::json) {
        all->add(std::make_unique<json_compare_printer>(s.out));
    } else if (format == printer_test_format::markdown) {
        all->add(std::make_unique<markdown_compare_printer>(s.out));
    } else {
        all->add(std::make_unique<console_compare_printer>(s.out, false));
    }
    return all;
}

// Each stdout format prints what its own function prints, and the warnings go to err first.
TEST(compare_printer, each_format_prints_what_its_function_prints) {
    const auto all = sample();
    std::ostringstream console, markdown;
    grp::print_comparisons(console, all, false);
    print_comparisons_markdown(markdown, all);
    const std::pair<printer_test_format, std::string> cases[] = {
        {printer_test_format::console, console.str()},
        {printer_test_format::markdown, markdown.str()},
        {printer_test_format::json, comparisons_to_json(all).dump(2) + "\n"}};
    for (const auto& [format, expected] : cases) {
        streams s;
        const auto p = compare_printers_of(format, s);
        EXPECT_TRUE(p->prints_work());
        p->print_comparisons(all);
        p->finish();
        EXPECT_EQ(s.out.str(), expected);
        EXPECT_EQ(s.err.str(), "warning: a warning\n");
    }
}

TEST(compare_printer, json_holds_its_one_document_until_finish) {
    streams s;
    const auto p = compare_printers_of(printer_test_format::json, s);
    p->print_work(sample_work("a.json"));
    p->print_work(sample_work("b.json"));
    EXPECT_EQ(s.out.str(), "");
    p->finish();
    const auto j = nlohmann::json::parse(s.out.str());
    ASSERT_EQ(j.at("comparisons").size(), 2u);
    EXPECT_EQ(j["comparisons"][1]["candidate"], "b.json");
    EXPECT_EQ(j["comparisons"][0]["gate"], "work");
    EXPECT_EQ(s.err.str(), ""); // the work gate has no warnings
}

TEST(compare_printer, console_and_markdown_print_each_work_gate_as_it_comes) {
    for (auto format : {printer_test_format::console, printer_test_format::markdown}) {
        streams s;
        const auto p = compare_printers_of(format, s);
        p->print_work(sample_work("a.json"));
        EXPECT_NE(s.out.str().find("FAIL: 0 same-work, 1 more-work"), std::string::npos)
            << s.out.str();
    }
}

// --csv FILE beside the table: the CSV written first, then the warnings, then the table; a
// printer with CSV in it has no form of the work gate.
TEST(compare_printer, csv_file_beside_the_console_table) {
    char name[] = "/tmp/grp_compare_printer_XXXXXX";
    const int fd = mkstemp(name);
    ASSERT_GE(fd, 0);
    close(fd);
    const auto all = sample();
    streams s;
    const auto p =
        compare_printers_of(printer_test_format::console, s, output_file(name, "CSV", true));
    EXPECT_FALSE(p->prints_work());
    p->print_comparisons(all);
    p->finish();
    std::ostringstream csv, console;
    print_comparisons_csv(csv, all);
    grp::print_comparisons(console, all, false);
    std::ifstream in(name);
    std::stringstream written;
    written << in.rdbuf();
    std::remove(name);
    EXPECT_EQ(written.str(), csv.str());
    EXPECT_EQ(s.out.str(), console.str());
}

} // namespace
} // namespace grp
