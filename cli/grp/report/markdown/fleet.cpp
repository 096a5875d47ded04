#include "grp/report/markdown/fleet.hpp"

#include "grp/model/fleet/card_levels.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/text/fleet_text.hpp"

namespace grp {

namespace {

std::string cards_table(const profile& p, const fleet_levels& f) {
    std::string s = "| model | card | identity | level | interval | anchors | rounds | outlier |\n"
                    "| --- | ---: | --- | ---: | --- | ---: | ---: | --- |\n";
    for (const auto& m : f.models) {
        for (const auto& c : m.cards) {
            const auto& info = p.devices.at(static_cast<std::size_t>(c.device)).info;
            const std::string id = info.pci_bus ? *info.pci_bus : info.uuid.value_or("");
            s += "| " + markdown_escape(m.model) + " | " + std::to_string(c.device) + " | " +
                 markdown_escape(id) + " | " + level_text(c.level) + " | " +
                 (m.df > 0 ? "[" + level_text(c.low) + ", " + level_text(c.high) + "]" : "-") +
                 " | " + std::to_string(c.anchors) + " | " + std::to_string(c.rounds) + " | " +
                 (c.outlier ? "**yes**" : "no") + " |\n";
        }
    }
    return s;
}

} // namespace

std::string markdown_fleet(const std::vector<const profile*>& profiles) {
    std::string out;
    for (std::size_t i = 0; i < profiles.size(); ++i) {
        const auto f = fleet_levels_of(*profiles[i]);
        if (!f) {
            continue;
        }
        out += "\n" + (profiles.size() > 1 ? "**P" + std::to_string(i + 1) + "** " : std::string());
        out += "Levels are each card's time against its model's median card on the anchor cases: "
               "+ is slower.\n\n";
        for (const auto& line : fleet_lines(*profiles[i])) {
            out += "- " + markdown_escape(line.substr(line.find_first_not_of(' '))) + "\n";
        }
        out += "\n" + cards_table(*profiles[i], *f);
    }
    return out.empty() ? out : "### Fleet: card levels from the anchors\n" + out + "\n";
}

} // namespace grp
