#include "grp/report/console/round_basis.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/model/compare/options.hpp"
#include "grp/report/views/round_basis.hpp"

namespace grp {

void print_round_basis(std::ostream& os, const profile& p, int device, const char* indent) {
    const auto cases = rounds_set_aside(p, device);
    if (cases.empty()) {
        return;
    }
    os << indent << cases.size() << (cases.size() == 1 ? " case has" : " cases have")
       << " rounds that compare sets aside (another process took the CPU, or the clocks were "
          "unsteady): the times above are over every round, compare's over the rest only\n";
    for (const auto& s : cases) {
        os << indent << "  " << terminal_escape(s.c->key.to_string()) << ": median "
           << (s.c->summary ? format_ns(s.c->summary->median_ns) : "-") << " over " << s.rounds
           << " rounds; compare ";
        if (s.center_ns) {
            os << format_ns(*s.center_ns) << " over the " << s.kept << " undisturbed"
               << (s.kept < compare_options{}.min_rounds ? " (too few for a verdict)" : "");
        } else {
            os << "judges none: " << s.kept << " undisturbed";
        }
        os << '\n';
    }
}

} // namespace grp
