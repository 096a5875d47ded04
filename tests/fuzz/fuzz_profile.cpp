// Fuzzes the profile loader (compare, report and validate read every profile through it) and
// validate's checker: any bytes must give a profile or a grp::error; a loaded profile must
// write back out (run's writer) and load again.
#include "fuzz_common.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/model/profile/schema_check.hpp"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = grp::fuzz::text_of(data, size);
    (void)grp::check_profile_text(text, "fuzz.json"); // never throws a grp::error
    const auto p = grp::fuzz::load(text, "fuzz.json");
    if (!p) {
        return 0;
    }
    (void)grp::duplicate_case_keys(*p);
    const std::string again = grp::profile_text(*p);
    try {
        (void)grp::parse_profile(again, "again.json");
    } catch (const grp::error& e) {
        std::fprintf(stderr, "a loaded profile, written back, does not load: %s\n", e.what());
        std::abort(); // what this tool writes it must read back
    }
    return 0;
}
