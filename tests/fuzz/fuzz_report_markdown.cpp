// Fuzzes the markdown summary renderer on one or two profiles (split at the first NUL byte).
#include "fuzz_common.hpp"
#include "grp/report/markdown/summary.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto [a_text, b_text] = grp::fuzz::split_at_nul(grp::fuzz::text_of(data, size));
    std::vector<grp::html::report_input> inputs;
    if (auto a = grp::fuzz::load(a_text, "a.json")) {
        inputs.push_back({"a.json", std::move(*a)});
    }
    if (a_text != b_text) {
        if (auto b = grp::fuzz::load(b_text, "b.json")) {
            inputs.push_back({"b.json", std::move(*b)});
        }
    }
    if (inputs.empty()) {
        return 0;
    }
    try {
        (void)grp::render_markdown_summary(inputs, "fuzz");
    } catch (const grp::error&) {
    }
    return 0;
}
