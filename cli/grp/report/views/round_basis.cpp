#include "grp/report/views/round_basis.hpp"

#include "grp/model/compare/options.hpp"
#include "grp/model/compare/rules.hpp"
#include "grp/model/compare/side.hpp"

namespace grp {

std::vector<set_aside_rounds> rounds_set_aside(const profile& p, int device) {
    std::vector<set_aside_rounds> out;
    if (p.settings.is_object() && p.settings.contains("duet")) {
        return out;
    }
    const compare_options defaults;
    for (const auto& c : p.cases) {
        if (c.device != device || c.status != case_status::ok) {
            continue;
        }
        const auto sides = rounds_of(p, c, defaults);
        if (sides.disturbed == 0) {
            continue;
        }
        set_aside_rounds s;
        s.c = &c;
        s.rounds = sides.rounds + sides.disturbed;
        s.kept = sides.rounds;
        s.center_ns = side_of(p, c, sides).center;
        out.push_back(s);
    }
    return out;
}

} // namespace grp
