// Fuzzes the reports' scenario summaries. A profile's "scenarios" object is free form (the
// schema says so: each scenario writes its own summary), so the HTML page and the markdown
// summary must render whatever JSON a hostile or hand-edited profile holds there. The input is
// that JSON, placed into a real profile (tests/data/report/sweep.json, read from the working
// directory or $GRP_FUZZ_PROFILE), so every input reaches the renderers past the loader.
#include "fuzz_common.hpp"
#include "grp/report/html/page.hpp"
#include "grp/report/markdown/summary.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace {

const grp::profile& base_profile() {
    static const grp::profile p = [] {
        const char* env = std::getenv("GRP_FUZZ_PROFILE");
        const std::string path = env != nullptr ? env : "tests/data/report/sweep.json";
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        const auto loaded = grp::fuzz::load(text.str(), path);
        if (!loaded) {
            std::fprintf(stderr,
                         "fuzz_scenarios: %s is not a profile (run from the repository "
                         "root, or set GRP_FUZZ_PROFILE)\n",
                         path.c_str());
            std::abort();
        }
        return *loaded;
    }();
    return p;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto doc = nlohmann::ordered_json::parse(grp::fuzz::text_of(data, size), nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
        return 0;
    }
    std::vector<grp::html::report_input> inputs{{"a.json", base_profile()}};
    inputs.front().prof.scenarios = doc;
    try {
        (void)grp::html::render_report(inputs, {});
        (void)grp::render_markdown_summary(inputs, "fuzz");
    } catch (const grp::error&) {
    }
    return 0;
}
