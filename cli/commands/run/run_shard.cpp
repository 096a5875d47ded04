#include "commands/run/run_shard.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"

#include <algorithm>
#include <memory>

namespace grp::cli {

std::optional<run::shard_plan> apply_shard(const run_cli_options& o, run::run_options& opts) {
    if (o.shard.empty()) {
        if (!o.anchors.empty()) {
            throw usage_error("--anchor without --shard: anchors are the cases every shard of a "
                              "sharded sweep times; add --shard K/N (or auto)");
        }
        return std::nullopt;
    }
    const auto spec = parse_shard(o.shard, process_environment());
    auto plan = run::plan_shard(opts, spec, o.anchors);
    opts.shard = std::make_shared<const shard_filter>(plan.filter);
    return plan;
}

void print_shard_plan(std::ostream& os, const run::shard_plan& s) {
    const auto& r = s.record;
    const auto [low, high] = std::minmax_element(s.load_s.begin(), s.load_s.end());
    os << "\nshard " << r.index << "/" << r.count << " (" << r.source << "): " << r.cases
       << " of the plan's " << r.planned_cases << " cases, " << r.anchors.size()
       << (r.anchors.size() == 1 ? " anchor" : " anchors") << " included\n"
       << "  estimated cost of its share: " << format_fixed(s.load_s.at(r.index - 1), 1)
       << " s (the shards' range " << format_fixed(*low, 1) << "-" << format_fixed(*high, 1)
       << " s), plus the anchors' " << format_fixed(s.anchors_s, 1) << " s in every shard\n";
    for (const auto& a : r.anchors) {
        os << "  anchor: " << terminal_escape(a) << '\n';
    }
    os << "  plan sha256: " << r.plan_sha256 << '\n';
}

} // namespace grp::cli
