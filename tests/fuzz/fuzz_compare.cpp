// Fuzzes compare on two profiles (split at the first NUL byte; without one, a profile against
// itself), through the public compare_profiles API and compare's printers.
#include "fuzz_common.hpp"
#include "grp/model/compare/compare.hpp"
#include "grp/report/console/compare.hpp"
#include "grp/report/csv/compare.hpp"
#include "grp/report/json/compare.hpp"
#include "grp/report/markdown/compare.hpp"
#include "grp/report/text/compare_tables.hpp"

#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto [a_text, b_text] = grp::fuzz::split_at_nul(grp::fuzz::text_of(data, size));
    const auto a = grp::fuzz::load(a_text, "base.json");
    const auto b = a ? grp::fuzz::load(b_text, "cand.json") : std::nullopt;
    if (!a || !b) {
        return 0;
    }
    for (const char* normalize : {"none", "peak"}) {
        grp::compare_options opt;
        try {
            grp::parse_normalize(normalize, opt);
            const auto c = grp::compare_profiles(*a, *b, opt, "base.json", "cand.json");
            std::ostringstream os;
            grp::print_comparisons(os, {c}, false);
            grp::print_comparisons_markdown(os, {c});
            (void)grp::comparisons_to_json({c}).dump(
                -1, ' ', false, nlohmann::ordered_json::error_handler_t::strict);
        } catch (const grp::error&) {
        }
    }
    return 0;
}
