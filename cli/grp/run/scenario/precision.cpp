#include "grp/run/scenario/precision.hpp"

#include "grp/model/scenario/knee.hpp"
#include "grp/model/scenario/precision.hpp"
#include "grp/model/scenario/summary.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/run/interrupt.hpp"

#include <algorithm>
#include <cstring>

namespace grp::run {

namespace {

// reduce5: the fully unrolled tree of the classic ladder, correct on every device (a barrier at
// every level), so the only difference from the host sums is the order of the additions.
const char* const tree_kernel = "reduce5";

kernel_spec find_builtin(const std::string& name) {
    for (auto& k : builtin_kernels()) {
        if (k.name == name) {
            return k;
        }
    }
    throw usage_error("built-in kernel '" + name + "' is missing from this build");
}

std::vector<float> host_values(value_kind kind, std::uint64_t seed) {
    auto data = make_host_data(element_type::float32, data_layout::flat, precision_n, seed, kind);
    std::vector<float> v(precision_n);
    std::memcpy(v.data(), data.buffers[0].data(), v.size() * sizeof(float));
    return v;
}

// The host sums and the device value into the case's extra (names the report reads).
void add_host_sums(case_result& r, value_kind kind, std::uint64_t seed) {
    const auto v = host_values(kind, seed);
    const long double exact = sum_compensated(v);
    const double sequential = sum_sequential_float(v);
    const double pairwise = sum_pairwise_float(v);
    const double staged = sum_staged_float(v, precision_stages());
    auto number = [](std::optional<double> x) {
        return x ? nlohmann::ordered_json(*x) : nlohmann::ordered_json(nullptr);
    };
    std::optional<double> device;
    if (!r.result.empty()) {
        device = r.result[0];
    }
    r.extra["dataset"] = dataset_name(kind);
    r.extra["description"] = describe_dataset(kind);
    r.extra["kernel"] = tree_kernel;
    r.extra["values"] = {{"device_tree", number(device)},
                         {"host_sequential_float", sequential},
                         {"host_pairwise_float", pairwise},
                         {"host_staged_float", staged},
                         {"exact", static_cast<double>(exact)}};
    r.extra["rel_errors"] = {
        {"device_tree", device ? nlohmann::ordered_json(relative_error(*device, exact)) : nullptr},
        {"host_sequential_float", relative_error(sequential, exact)},
        {"host_pairwise_float", relative_error(pairwise, exact)},
        {"host_staged_float", relative_error(staged, exact)}};
}

} // namespace

void run_precision(const scenario_env& env) {
    auto& s = env.session;
    const kernel_spec spec = find_builtin(tree_kernel);
    record_builtin_kernel(env.prof, spec.name, spec.entry, "reduce.cl", spec.raw);
    const std::uint64_t local =
        pow2_local_sizes(std::min<std::uint64_t>(256, s.info().max_work_group_size.value_or(256)))
            .back();
    scenario_progress progress(env.progress, precision_datasets().size());
    nlohmann::ordered_json summaries = nlohmann::ordered_json::array();
    for (auto kind : precision_datasets()) {
        if (interrupted()) {
            break;
        }
        const case_key key =
            make_case_key("precision/" + dataset_name(kind), "float", "flat", precision_n, local);
        progress.started(key);
        data_choice data;
        data.kind = kind;
        auto r = measure_one(
            env, spec, {0, element_type::float32, data_layout::flat, precision_n, local}, data);
        if (interrupted() && r.status == case_status::ok && r.samples_ns.empty()) {
            break; // cut off mid-case: not a finished case
        }
        r.key = key;
        r.scenario = "precision";
        add_host_sums(r, kind, env.opt.sweep.seed);
        progress.finished(r);
        summaries.push_back({{"dataset", r.extra["dataset"]},
                             {"status", to_string(r.status)},
                             {"values", r.extra["values"]},
                             {"rel_errors", r.extra["rel_errors"]}});
        env.prof.cases.push_back(std::move(r));
    }
    auto& scenario = env.prof.scenarios["precision"];
    add_device_summary(scenario, env.device_index,
                       {{"n", precision_n},
                        {"kernel", tree_kernel},
                        {"local_size", local},
                        {"staged_widths", precision_stages()},
                        {"datasets", summaries}});
    scenario["explanation"] = precision_explanation();
}

} // namespace grp::run
