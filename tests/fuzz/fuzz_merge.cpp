// Fuzzes what turns several profiles into one gate input: merge (and --base), --resume's union
// and compare --pair on a duet, on two fabricated profiles (split at the first NUL byte; without
// one, a profile with itself). A merge or a resume union must write a profile that loads again
// (what the tool writes it must read back), and the pair gate must judge or refuse with a
// grp::error, never crash, hang or report undefined behaviour.
#include "fuzz_common.hpp"
#include "grp/model/baseline/merge.hpp"
#include "grp/model/baseline/resume.hpp"
#include "grp/model/compare/compare.hpp"
#include "grp/model/compare/control.hpp"
#include "grp/model/compare/pair.hpp"

#include <cstdio>
#include <cstdlib>

namespace {

/// What this tool writes it must read back.
void reloads(const grp::profile& p, const char* what) {
    try {
        (void)grp::parse_profile(grp::profile_text(p), "again.json");
    } catch (const grp::error& e) {
        std::fprintf(stderr, "a %s profile, written, does not load: %s\n", what, e.what());
        std::abort();
    }
}

void merge(const grp::profile& a, const grp::profile& b) {
    try {
        const auto m = grp::merge_profiles({{a, "a.json"}, {b, "b.json"}, {a, "a2.json"}});
        reloads(m.merged, "merged");
        grp::compare_options opt;
        (void)grp::compare_profiles(m.merged, b, opt, "merged.json", "b.json");
    } catch (const grp::error&) {
    }
}

void resume(const grp::profile& a, const grp::profile& b) {
    grp::resume_rules rules;
    rules.rounds = 1 + b.cases.size() % 12;
    for (const auto& k : b.kernels) {
        rules.sources[k.name] = k.sha256;
    }
    try {
        for (const auto& c : b.cases) {
            const auto d = static_cast<std::size_t>(c.device);
            const auto dev = d < b.devices.size() ? b.devices[d].info : grp::device_info{};
            (void)grp::resume_action_for(grp::find_resumed(a, c.key, dev), a, rules);
        }
        (void)grp::resume_setting_warnings(a, "a.json", b.settings);
        std::vector<std::string> warnings;
        reloads(grp::resume_union(a, "a.json", b, rules, warnings), "resumed");
    } catch (const grp::error&) {
    }
}

/// The duet's pairs, else the first two kernels as --pair would name them.
void pair(const grp::profile& p) {
    auto pairs = grp::recorded_pairs(p);
    if (pairs.empty() && p.cases.size() >= 2 && p.cases[0].key.kernel != p.cases[1].key.kernel) {
        pairs.push_back({p.cases[0].key.kernel, p.cases[1].key.kernel});
    }
    grp::compare_options opt;
    for (const auto& pr : pairs) {
        try {
            (void)grp::runs_of_pair(p, pr);
            auto c = grp::compare_pair(p, pr, opt, "duet.json");
            if (!pr.control.empty()) {
                const auto control = grp::compare_control(p, pr.base, pr.control, opt, "d.json");
                grp::apply_control(c, control, "the base kernel built again", opt);
            }
        } catch (const grp::error&) {
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto [a_text, b_text] = grp::fuzz::split_at_nul(grp::fuzz::text_of(data, size));
    const auto a = grp::fuzz::load(a_text, "a.json");
    const auto b = a ? grp::fuzz::load(b_text, "b.json") : std::nullopt;
    if (!a || !b) {
        return 0;
    }
    merge(*a, *b);
    resume(*a, *b);
    pair(*a);
    return 0;
}
