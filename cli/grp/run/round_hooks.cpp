#include "grp/run/round_hooks.hpp"

#include "grp/core/machine/cpu_affinity.hpp"

namespace grp::run {

void add_round_hooks(round_context& ctx, const run_options& opt, device_sensors* sensors,
                     peak_probe* probe) {
    if (sensors != nullptr && sensors->thermal) {
        ctx.cool_down = [sensors, &opt] {
            return cool_before_round(*sensors, opt.cooldown);
        };
    }
    if (opt.measure.rotate_cpus) {
        ctx.rotation_cpus = allowed_cpus();
    }
    if (!opt.duet.empty()) {
        // A duet alternates every kernel of a sweep point (base, control, every candidate): a
        // randomized block per point, so no kernel is launched after a fixed other one.
        for (const auto& k : opt.kernels) {
            ctx.families[k.name] = "duet";
        }
    }
    if (probe != nullptr) {
        ctx.round_read = [probe] {
            return probe->read_in_round();
        };
    }
}

} // namespace grp::run
