#include "grp/run/rounds.hpp"

#include "grp/core/machine/cpu_affinity.hpp"
#include "grp/core/machine/cpu_contention.hpp"
#include "grp/model/measure/launch_length.hpp"
#include "grp/model/plan/round_order.hpp"
#include "grp/model/stats/stats.hpp"
#include "grp/run/interrupt.hpp"
#include "grp/run/launch/case_checks.hpp"
#include "grp/run/round_groups.hpp"
#include "grp/run/round_plan.hpp"
#include "grp/run/round_read.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <thread>

namespace grp::run {

namespace {

using clock = std::chrono::steady_clock;

double seconds_since(clock::time_point t) {
    return std::chrono::duration<double>(clock::now() - t).count();
}

void note_flag(case_result& r, const std::string& flag) {
    if (std::find(r.flags.begin(), r.flags.end(), flag) == r.flags.end()) {
        r.flags.push_back(flag);
    }
}

// One timed launch chain: restore and flush (untimed) if needed, run, check the final value,
// record. Returns false when the value was wrong (the sample is kept, the case marked wrong).
bool timed_launch(round_context& ctx, prepared_case& c, round_record& round,
                  std::vector<double>& kept, std::uint64_t resolution) {
    if (c.restore_each_launch) {
        ctx.inputs.restore(c.input);
    }
    ctx.inputs.perturb(c.input); // no two launches reduce the same data
    if (ctx.flush != nullptr && c.result.key.cache == "cold") {
        ctx.flush->run();
    }
    const auto t = c.chain->run(resolution);
    const auto values = c.chain->read_result();
    const bool right = check_launch(c, values, c.chain->read_counter());
    if (!t.flag.empty()) {
        ++round.flagged;
        note_flag(c.result, t.flag);
        return right;
    }
    round.samples_ns.push_back(t.span_ns);
    if (c.result.passes.size() > 1) {
        round.pass_sum_ns.push_back(t.pass_sum_ns);
    }
    round.overhead_ns.push_back(t.overhead_ns);
    round.host_ns = round.host_ns.value_or(0) + t.host_ns;
    kept.push_back(static_cast<double>(t.span_ns));
    return right;
}

bool round_done(const measure_options& m, const round_record& round,
                const std::vector<double>& kept, double elapsed_s) {
    const auto attempts = round.samples_ns.size() + round.flagged;
    if (attempts >= m.max_samples) {
        return true;
    }
    const auto least =
        min_samples_for(m.min_samples, kept.empty() ? 0.0 : kept.front() * 1e-9, m.long_launch_s);
    if (kept.size() < least) {
        // A case whose every stamp is flagged must still end: give up after the budget.
        return attempts >= least && elapsed_s >= round_budget_s(m);
    }
    return median_rse(kept) <= m.max_noise || elapsed_s >= round_budget_s(m);
}

// Waits until `spacing` after the previous round's start; the device idles meanwhile.
void keep_spacing(round_context& ctx, clock::time_point previous) {
    const auto due = previous + std::chrono::duration_cast<clock::duration>(
                                    std::chrono::duration<double>(ctx.measure.round_spacing_s));
    if (clock::now() < due) {
        auto t = ctx.phases.time("idle");
        while (clock::now() < due && !interrupted()) {
            std::this_thread::sleep_for(
                std::min<clock::duration>(due - clock::now(), std::chrono::milliseconds(20)));
        }
    }
}

/// One case's visit in a round: its record and the samples kept for its stopping rule.
struct visit {
    prepared_case* c;
    round_record round;
    std::vector<double> kept;
    bool dropped = false; ///< a launch failed, or the stop request cut the visit off
    bool done = false;    ///< its stopping rule was met
    bool wrong = false;   ///< a timed launch was wrong: no more launches (its samples are kept)
    double warmup_s = 0;  ///< the host's time of its last warm-up launch (0: none ran)
};

/// A cl::Error ends the visit: the case is failed and deactivated, unless the stop request cut
/// it off (then the round is simply not finished).
void fail_visit(visit& v, const cl::Error& e) {
    v.dropped = true;
    if (interrupted()) {
        return;
    }
    v.c->result.status = case_status::failed;
    v.c->result.reason = ocl::wrap("timing " + v.c->result.key.to_string(), e).what();
    v.c->chain.reset();
}

/// Binds fresh partial buffers and runs the untimed warm-up launches.
void begin_visit(round_context& ctx, visit& v) {
    auto& c = *v.c;
    v.round.started_s = seconds_since(ctx.run_start);
    v.round.warmup = 0;
    v.round.cpu = ctx.round_cpu;
    try {
        c.chain->bind(ctx.inputs.get(c.input).working);
        double last_s = 0;
        while (
            !warmup_done(ctx.measure.warmup, v.round.warmup, last_s, ctx.measure.long_launch_s) &&
            !interrupted()) {
            if (c.restore_each_launch) {
                ctx.inputs.restore(c.input);
            }
            const auto t = clock::now();
            c.chain->run_untimed();
            last_s = seconds_since(t);
            ++v.round.warmup;
        }
        v.warmup_s = last_s;
    } catch (const cl::Error& e) {
        fail_visit(v, e);
    }
}

/// Which kernel of the visits wrote into their shared input: each is launched once more on
/// pristine data (a kernel that writes only sometimes is caught by a later round).
void find_input_writer(round_context& ctx, std::vector<visit>& visits) {
    for (auto& v : visits) {
        auto& c = *v.c;
        if (v.dropped || c.restore_each_launch) {
            continue;
        }
        ctx.inputs.restore(c.input);
        if (visits.size() > 1) {
            c.chain->run_untimed();
        }
        if (visits.size() == 1 || ctx.inputs.modified(c.input)) {
            ctx.inputs.restore(c.input);
            c.result.verification.input_modified = true;
            c.restore_each_launch = true;
            mark_wrong(c.result, "the kernel wrote into its input buffer during timing");
        }
    }
}

/// After the visits' last launches: the shared working copy is pristine again, and a kernel
/// caught writing its input is marked wrong.
void check_inputs(round_context& ctx, std::vector<visit>& visits) {
    bool checked = false, restore = false;
    for (auto& v : visits) {
        if (v.dropped) {
            continue;
        }
        // A kernel declared in place, or caught writing, changed the working copy by design.
        restore = restore || v.c->restore_each_launch;
        checked = checked || !v.c->restore_each_launch;
        v.c->result.verification.input_checks += v.c->restore_each_launch ? 0 : 1;
    }
    const auto& input = visits.front().c->input;
    try {
        if (restore) {
            ctx.inputs.restore(input);
        } else if (checked && ctx.inputs.modified(input)) {
            find_input_writer(ctx, visits);
        }
    } catch (const cl::Error& e) { // unchecked input: the visits' rounds cannot be trusted
        for (auto& v : visits) {
            if (!v.dropped && v.c->active()) {
                fail_case(*v.c, "checking that the kernels left their input untouched", e);
            }
        }
    }
}

/// How the CPU was shared, and what the sensors read, while a group's visits ran.
struct cpu_share {
    std::optional<double> wait, others;
    std::optional<round_conditions> conditions;
};

/// The timed window the visits' warm-ups predict: each visit's fewest samples at its last
/// warm-up's pace; empty when a visit ran no warm-up.
std::optional<double> predicted_window_s(const measure_options& m,
                                         const std::vector<visit>& visits) {
    double s = 0;
    for (const auto& v : visits) {
        if (v.warmup_s <= 0) {
            return std::nullopt;
        }
        s += v.warmup_s *
             static_cast<double>(min_samples_for(m.min_samples, v.warmup_s, m.long_launch_s));
    }
    return s;
}

void end_visit(const measure_options& m, visit& v, const cpu_share& share) {
    auto& c = *v.c;
    v.round.cpu_wait = share.wait;
    v.round.other_cpu = share.others;
    v.round.conditions = share.conditions;
    if (v.kept.size() >= 2 && median_rse(v.kept) > m.max_noise) {
        c.result.noise_target_met = false;
    }
    if (!v.round.samples_ns.empty() || v.round.flagged > 0) {
        c.result.rounds.push_back(std::move(v.round));
    }
}

/// Timed launches of the visits in lockstep (ABAB...): each cycle launches every visit once, until
/// every visit's stopping rule is met (a visit's time budget is its share of the elapsed time).
/// A visit past its rule keeps launching, its samples kept, while another is not done: no
/// member is ever left launching back to back with itself, which would give the slowest to
/// converge other neighbours than the rest (the ABAB "tail"). A visit at its sample cap is done.
void alternate(round_context& ctx, std::vector<visit>& visits) {
    const auto resolution = ctx.session.info().timer_resolution_ns.value_or(0);
    const auto start = clock::now();
    const auto share = static_cast<double>(visits.size());
    const auto capped = [&](const visit& v) {
        return v.round.samples_ns.size() + v.round.flagged >= ctx.measure.max_samples;
    };
    while (!interrupted()) {
        bool pending = false;
        for (auto& v : visits) {
            if (!v.dropped && !v.wrong && !v.done) {
                v.done = round_done(ctx.measure, v.round, v.kept, seconds_since(start) / share);
                pending = pending || !v.done;
            }
        }
        if (!pending) {
            return;
        }
        if (ctx.meter != nullptr) {
            ctx.meter->poll();
        }
        for (auto& v : visits) {
            if (v.dropped || v.wrong || capped(v) || interrupted()) {
                continue;
            }
            try {
                v.wrong = !timed_launch(ctx, *v.c, v.round, v.kept, resolution);
            } catch (const cl::Error& e) {
                fail_visit(v, e);
            }
        }
    }
}

} // namespace

void sample_group(round_context& ctx, const std::vector<prepared_case*>& group) {
    if (group.empty()) {
        return;
    }
    const auto cooled = ctx.cool_down ? ctx.cool_down() : std::nullopt;
    std::vector<visit> visits;
    visits.reserve(group.size());
    contention_meter contention;
    contention.start();
    for (auto* c : group) {
        visits.push_back({c, {}, {}});
        begin_visit(ctx, visits.back());
    }
    if (ctx.meter != nullptr) { // after the warm-ups: the window is the timed launches'
        const auto predicted = predicted_window_s(ctx.measure, visits);
        ctx.meter->start(std::any_of(group.begin(), group.end(), [&](const prepared_case* c) {
            return counter_worth_reading(c->result, predicted);
        }));
    }
    alternate(ctx, visits);
    const cpu_share share{contention.ratio(), contention.others(),
                          with_cooldown(ctx.meter ? ctx.meter->finish() : std::nullopt, cooled)};
    if (interrupted() &&
        std::any_of(visits.begin(), visits.end(), [](const visit& v) { return v.dropped; })) {
        ctx.inputs.restore(visits.front().c->input);
    } else {
        check_inputs(ctx, visits);
    }
    for (auto& v : visits) {
        if (!v.dropped) {
            end_visit(ctx.measure, v, share);
        }
    }
}

void sample_round(round_context& ctx, prepared_case& c) {
    sample_group(ctx, {&c});
}

namespace {

/// Round r's visit of one group: its members that the round visits, in a fresh seeded order
/// (so none of them is always launched first); each round records the group's place.
void visit_group(round_context& ctx, const std::vector<prepared_case*>& group, std::size_t r,
                 std::uint32_t position) {
    const auto& m = ctx.measure;
    std::vector<prepared_case*> members;
    for (auto i : round_order(group.size(), ~m.order_seed, m.first_round + r)) {
        if (visits(r, m, *group[i])) {
            members.push_back(group[i]);
        }
    }
    std::vector<std::size_t> before;
    before.reserve(members.size());
    for (auto* c : members) {
        before.push_back(c->result.rounds.size());
    }
    sample_group(ctx, members);
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (members[i]->result.rounds.size() > before[i]) {
            members[i]->result.rounds.back().position = position;
        }
    }
}

/// Fresh allocations for every input (placement varies by round); a failed refresh fails its cases.
void refresh_inputs(round_context& ctx, const std::vector<prepared_case*>& cases,
                    const std::set<input_key>& inputs, std::size_t round) {
    for (const auto& k : inputs) {
        try {
            ctx.inputs.refresh(k);
        } catch (const cl::Error& e) {
            for (auto* c : cases) {
                if (c->active() && c->input == k) {
                    fail_case(*c, "preparing round " + std::to_string(round + 1) + "'s input", e);
                }
            }
        }
    }
}

} // namespace

void run_rounds(round_context& ctx, const std::vector<prepared_case*>& cases,
                const round_progress& progress) {
    std::set<input_key> inputs;
    for (auto* c : cases) {
        c->result.rounds_planned = ctx.measure.rounds;
        if (c->active()) {
            inputs.insert(c->input);
        }
    }
    const auto& m = ctx.measure;
    const auto groups = round_groups(ctx.families, cases);
    clock::time_point previous{};
    for (std::size_t r = 0; r < m.rounds + m.extra_rounds && !interrupted(); ++r) {
        if (r >= m.rounds && std::none_of(cases.begin(), cases.end(),
                                          [&](const auto* c) { return visits(r, m, *c); })) {
            break; // every case has its undisturbed rounds
        }
        if (r > 0) {
            keep_spacing(ctx, previous);
        }
        previous = clock::now();
        auto t = ctx.phases.time("sampling");
        refresh_inputs(ctx, cases, inputs, r);
        std::optional<cpu_pin> pin; // after refresh: its helper threads keep the whole mask
        if (auto cpu = rotation_cpu(ctx.rotation_cpus, m.first_round + r)) {
            pin.emplace(*cpu);
        }
        ctx.round_cpu = pin ? pin->pinned() : std::nullopt;
        // Every round visits the groups in a fresh seeded permutation (round_order.hpp), so no
        // case keeps a neighbour or a place in the pass; the round records its position.
        const auto order = round_order(groups.size(), m.order_seed, m.first_round + r);
        in_round_read read(ctx.round_read, cases);
        for (std::size_t k = 0; k < order.size() && !interrupted(); ++k) {
            read.before_visit(k, order.size());
            visit_group(ctx, groups[order[k]], r, static_cast<std::uint32_t>(k));
            if (progress) {
                progress(r, k, groups.size());
            }
        }
        read.record();
        if (progress) {
            progress(r, groups.size(), groups.size());
        }
    }
    for (auto* c : cases) {
        if (!interrupted()) {
            note_stopped(c->result);
        }
    }
}

} // namespace grp::run
