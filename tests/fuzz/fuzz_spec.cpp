// Fuzzes the kernel spec parser (run -k my.json): any bytes must give kernel specs or a
// grp::error, never a crash, a hang or a sanitizer report.
#include "fuzz_common.hpp"
#include "grp/model/spec/kernel_spec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = grp::fuzz::text_of(data, size);
    try {
        const auto specs = grp::parse_kernel_specs(text, "fuzz.json", [](const std::string& src) {
            if (src.find("missing") != std::string::npos) {
                throw grp::usage_error("no such source");
            }
            return std::string("__kernel void k(__global float* in) {}");
        });
        for (const auto& k : specs) {
            // What run does with a spec next: one instance per tuning configuration, its
            // options expanded for a sweep point; the spec recorded.
            for (const auto& instance : grp::instantiate_kernel(k)) {
                (void)grp::expand_build_options(instance, k.types.front(), 64, 1000);
            }
            (void)grp::local_size_violation(k, 64);
            (void)k.raw.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
        }
    } catch (const grp::error&) {
    }
    return 0;
}
