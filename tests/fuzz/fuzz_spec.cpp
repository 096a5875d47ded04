// Fuzzes the kernel spec parser and the tuning path behind it (run -k my.json): any bytes must
// give kernel specs or a grp::error, never a crash, a hang or a sanitizer report. What run does
// next is fuzzed too: one instance per tuning configuration, its build options and launch
// geometry, the sweep planned (capped) on a GPU and a CPU, and a random search's sample.
#include "fuzz_common.hpp"
#include "grp/core/machine/device_info.hpp"
#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/spec/build_options.hpp"
#include "grp/model/spec/kernel_spec.hpp"

namespace {

grp::device_info fake_device(const char* type) {
    grp::device_info d;
    d.name = std::string("fuzz ") + type;
    d.type = type;
    d.compute_units = 8;
    d.max_work_group_size = 1024;
    d.max_work_item_sizes = {1024, 1024, 64};
    d.local_mem_bytes = 65536;
    d.global_mem_bytes = 1ULL << 32;
    d.max_alloc_bytes = 1ULL << 30;
    d.preferred_work_group_multiple = 8;
    return d;
}

/// The sweep of `specs` on a device, capped low: what run plans before any kernel is built.
void plan(const std::vector<grp::kernel_spec>& specs, const char* type) {
    grp::sweep_options opt;
    opt.sizes = {1000, 4096};
    opt.local_sizes = "default";
    const auto dev = fake_device(type);
    try {
        (void)grp::count_sweep(specs, opt, dev).factors();
        (void)grp::plan_capped_sweep(specs, opt, dev, 4096);
        opt.random_configs = 2; // --search random:2
        (void)grp::plan_capped_sweep(specs, opt, dev, 4096);
    } catch (const grp::error&) {
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text = grp::fuzz::text_of(data, size);
    try {
        const auto specs = grp::parse_kernel_specs(text, "fuzz.json", [](const std::string& src) {
            if (src.find("missing") != std::string::npos) {
                throw grp::usage_error("no such source");
            }
            return std::string("__kernel void k(__global float* in) {}");
        });
        std::vector<grp::kernel_spec> instances;
        for (const auto& k : specs) {
            // One instance per tuning configuration, its options expanded for a sweep point;
            // the spec recorded.
            for (auto& instance : grp::instantiate_kernel(k)) {
                (void)grp::expand_build_options(instance, k.types.front(), 64, 1000);
                if (instances.size() < 64) {
                    instances.push_back(std::move(instance));
                }
            }
            (void)grp::local_size_violation(k, 64);
            (void)k.raw.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
        }
        plan(instances, "gpu");
        plan(instances, "cpu");
    } catch (const grp::error&) {
    }
    return 0;
}
