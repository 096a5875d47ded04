#include "grp/model/baseline/resume.hpp"

#include "grp/model/baseline/merge.hpp"
#include "grp/model/compare/case_compare.hpp"
#include "grp/model/compare/sequential_design.hpp"

#include <algorithm>
#include <set>

namespace grp {

namespace {

bool on_device(const profile& p, const case_result& c, const device_info& dev) {
    const auto d = static_cast<std::size_t>(c.device);
    return d < p.devices.size() && same_device(p.devices[d].info, dev);
}

std::string source_of(const profile& p, const std::string& kernel) {
    for (const auto& k : p.kernels) {
        if (k.name == kernel) {
            return k.sha256;
        }
    }
    return "";
}

// A case that successive halving dropped early has fewer rounds by design.
bool dropped_by_halving(const case_result& c) {
    return c.extra.is_object() && c.extra.contains("halving_rung");
}

// Leaves out the runs no case has a round of (this run's when nothing was left to measure, the
// resumed one's when all its cases were measured again), and renumbers the rounds' runs. One
// run stays when none has a round.
void drop_empty_runs(profile& p) {
    std::set<std::uint32_t> used;
    for (const auto& c : p.cases) {
        for (const auto& r : c.rounds) {
            used.insert(r.run);
        }
    }
    if (used.empty()) {
        used.insert(0);
    }
    std::vector<std::uint32_t> to(p.runs.size());
    std::vector<run_record> kept;
    for (std::size_t i = 0; i < p.runs.size(); ++i) {
        to[i] = static_cast<std::uint32_t>(kept.size());
        if (used.count(static_cast<std::uint32_t>(i)) != 0) {
            kept.push_back(p.runs[i]);
        }
    }
    p.runs = std::move(kept);
    for (auto& c : p.cases) {
        for (auto& r : c.rounds) {
            r.run = r.run < to.size() ? to[r.run] : r.run;
        }
    }
}

// Whether `now` measured the case `c` of `resumed` again (same key on the same device).
bool measured_again(const profile& resumed, const case_result& c, const profile& now) {
    const auto d = static_cast<std::size_t>(c.device);
    if (!c.scenario.empty() || d >= resumed.devices.size()) {
        return false;
    }
    return find_resumed(now, c.key, resumed.devices[d].info) != nullptr;
}

// A kernel whose source changed has every case measured again with the new source: its old
// record goes with them, so the union holds one source and the merge does not call it mixed.
// Where a case of the old source stays (this run did not reach it), both stay, and the
// merge's warning is true.
void drop_replaced_sources(profile& kept, const resume_rules& rules) {
    auto& ks = kept.kernels;
    ks.erase(std::remove_if(ks.begin(), ks.end(),
                            [&](const kernel_record& k) {
                                const auto now = rules.sources.find(k.name);
                                const bool changed = now != rules.sources.end() &&
                                                     !now->second.empty() &&
                                                     now->second != k.sha256;
                                return changed && std::none_of(kept.cases.begin(), kept.cases.end(),
                                                               [&](const case_result& c) {
                                                                   return c.key.kernel == k.name;
                                                               });
                            }),
             ks.end());
}

} // namespace

const case_result* find_resumed(const profile& resumed, const case_key& key,
                                const device_info& dev) {
    for (const auto& c : resumed.cases) {
        if (c.scenario.empty() && c.key == key && on_device(resumed, c, dev)) {
            return &c;
        }
    }
    return nullptr;
}

resume_action resume_action_for(const case_result* had, const profile& resumed,
                                const resume_rules& rules) {
    if (had == nullptr) {
        return resume_action::absent;
    }
    const auto now = rules.sources.find(had->key.kernel);
    const std::string before = source_of(resumed, had->key.kernel);
    if (now != rules.sources.end() && !before.empty() && !now->second.empty() &&
        before != now->second) {
        return resume_action::source_changed;
    }
    if (had->status == case_status::failed) {
        return resume_action::failed;
    }
    if (had->status == case_status::ok && had->rounds.size() < rules.rounds &&
        !dropped_by_halving(*had)) {
        return resume_action::short_rounds;
    }
    return resume_action::keep;
}

std::optional<std::string> resume_device_problem(const profile& resumed, const std::string& path,
                                                 const std::vector<device_info>& devices) {
    std::set<std::size_t> with_cases;
    for (const auto& c : resumed.cases) {
        with_cases.insert(static_cast<std::size_t>(c.device));
    }
    for (const auto d : with_cases) {
        if (d >= resumed.devices.size()) {
            continue; // validate refuses such a profile; nothing to match here
        }
        const auto& had = resumed.devices[d].info;
        if (std::none_of(devices.begin(), devices.end(),
                         [&](const device_info& dev) { return same_device(had, dev); })) {
            std::string names;
            for (const auto& dev : devices) {
                names += (names.empty() ? "'" : ", '") + dev.name + "'";
            }
            return path + " was measured on '" + had.name + "', which this run does not " +
                   "measure (it measures " + (names.empty() ? "no device" : names) +
                   "): --resume continues a run on its own device. Select that device (-d), " +
                   "or measure anew and combine the profiles with merge";
        }
    }
    return std::nullopt;
}

std::vector<std::string> resume_setting_warnings(const profile& resumed, const std::string& path,
                                                 const nlohmann::ordered_json& now) {
    // Rounds, extra rounds and the time budget are split over the processes (the resumed
    // profile records the first one's share); the plan's rounds are judged per case instead.
    static const std::vector<std::pair<const char*, const char*>> keys = {
        {"cl_options", "build options (--cl-options)"},
        {"data", "input data (--data, --seed)"},
        {"wg_limit", "work-group limit (--wg-limit)"},
        {"warmup_per_round", "timing: warm-up launches per round (--warmup)"},
        {"min_samples_per_round", "timing: samples per round (--min-samples)"},
        {"max_samples_per_round", "timing: samples per round (--max-samples)"},
        {"max_noise", "timing: noise target (--max-noise)"},
        {"round_spacing_s", "timing: round spacing (--round-spacing)"},
        {"rotate_cpus", "timing: --rotate-cpus"},
        {"sensors", "timing: --sensors"},
    };
    std::vector<std::string> out;
    if (const auto& seq = resumed.settings.find("sequential"); seq != resumed.settings.end()) {
        out.push_back(
            path + " is a sequential duet (" +
            (resumed.complete ? std::string("finished") : std::string("cut short, so incomplete")) +
            "; settings.sequential): --resume adds no looks to it, and keeps its "
            "record of the looks" +
            (resumed.complete ? "" : " and its incomplete mark") +
            " wherever its cases are kept, so compare judges it at its last look; "
            "to decide it, run the duet again");
    }
    for (const auto& [key, what] : keys) {
        const auto a = resumed.settings.find(key);
        const auto b = now.find(key);
        if (a == resumed.settings.end() || b == now.end() || *a == *b) {
            continue; // an older profile without the setting is not a difference
        }
        out.push_back(std::string(what) + " differ: " + path + " has " + a->dump() + ", this run " +
                      b->dump() + "; its kept cases were measured that way, the new ones this way");
    }
    return out;
}

namespace {

// A sequential duet's cases kept by --resume were measured under its looks: the record goes with
// them (without it compare would judge them as a fixed design at the full alpha), and a duet
// cut short stays incomplete, since --resume adds no looks (#70). Looks past the processes
// that still hold rounds (their cases measured again) are left out: an earlier look is stricter.
void keep_sequential_record(const profile& resumed, const std::string& path, profile& out) {
    auto d = sequential_design_of(resumed.settings);
    if (!d) {
        return;
    }
    const std::size_t measured = measured_processes(out);
    while (!d->looks.empty() && d->looks.back() > measured) {
        d->looks.pop_back();
        d->stopped = "interrupted";
    }
    if (!d->looks.empty()) {
        out.settings["sequential"] = to_json(*d);
    }
    if (resumed.complete && !d->looks.empty()) {
        return;
    }
    const std::string note = "the sequential duet resumed from " + path +
                             " was cut short; --resume adds no looks: run the duet again to "
                             "decide it";
    const std::string& before = out.complete ? resumed.incomplete_reason : out.incomplete_reason;
    out.incomplete_reason = before.find(note) != std::string::npos ? before
                            : before.empty()                       ? note
                                                                   : before + "; " + note;
    out.complete = false;
}

} // namespace

profile resume_union(const profile& resumed, const std::string& resumed_path, const profile& now,
                     const resume_rules& rules, std::vector<std::string>& warnings) {
    profile kept = resumed;
    kept.cases.clear();
    kept.complete = true; // judged here, case by case: no "incomplete" warning from the merge
    std::size_t unfinished = 0;
    for (const auto& c : resumed.cases) {
        if (measured_again(resumed, c, now)) {
            continue; // measured whole again: the new case replaces it
        }
        const bool ours = c.scenario.empty() && rules.sources.count(c.key.kernel) != 0;
        unfinished += ours && resume_action_for(&c, resumed, rules) != resume_action::keep;
        kept.cases.push_back(c);
    }
    drop_replaced_sources(kept, rules);
    auto m = merge_profiles({{kept, resumed_path}, {now, "this run"}});
    warnings = m.warnings;
    profile& out = m.merged;
    drop_empty_runs(out);
    out.tool = now.tool;
    out.host = now.host;
    out.settings = now.settings.empty() ? resumed.settings : now.settings;
    out.settings["resumed_from"] = resumed_path;
    out.complete = now.complete && unfinished == 0;
    out.incomplete_reason = now.complete && unfinished != 0
                                ? std::to_string(unfinished) + " case(s) of " + resumed_path +
                                      " still lack planned rounds, failed or have a changed "
                                      "source: resume again with their sweep to measure them"
                                : now.incomplete_reason;
    out.host_baselines = resumed.host_baselines;
    for (const auto& b : now.host_baselines) {
        out.host_baselines.push_back(b);
    }
    if (!kept.cases.empty()) {
        keep_sequential_record(resumed, resumed_path, out);
    }
    return std::move(out);
}

} // namespace grp
