#include "grp/report/html/sections/fleet.hpp"

#include "grp/model/fleet/card_levels.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/text/fleet_text.hpp"

namespace grp::html {

namespace {

void card_rows(const std::string& tag, const profile& p, const fleet_levels& f,
               std::vector<row>& rows) {
    for (const auto& m : f.models) {
        for (const auto& c : m.cards) {
            const auto& info = p.devices.at(static_cast<std::size_t>(c.device)).info;
            const std::string id = info.pci_bus ? *info.pci_bus : info.uuid.value_or("");
            const std::string interval =
                m.df > 0 ? "[" + level_text(c.low) + ", " + level_text(c.high) + "]" : "-";
            rows.push_back(row({cell(tag + m.model), cell(std::to_string(c.device), c.device),
                                cell(id), cell(level_text(c.level), c.level), cell(interval),
                                cell(std::to_string(c.anchors), static_cast<double>(c.anchors)),
                                cell(std::to_string(c.rounds), static_cast<double>(c.rounds)),
                                cell(c.outlier ? "outlier" : "no")},
                               c.outlier ? "row-wrong" : ""));
        }
    }
}

} // namespace

std::string section_fleet(const std::vector<report_input>& inputs) {
    std::vector<row> rows;
    std::string lines;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const auto f = fleet_levels_of(inputs[i].prof);
        if (!f) {
            continue;
        }
        const std::string tag = inputs.size() > 1 ? "P" + std::to_string(i + 1) + " " : "";
        card_rows(tag, inputs[i].prof, *f, rows);
        for (const auto& line : fleet_lines(inputs[i].prof)) {
            lines += para(tag + line);
        }
    }
    if (rows.empty()) {
        return "";
    }
    const std::vector<column> cols = {
        {"model"},        {"card", true},
        {"identity"},     {"level", true, "time against the model's median card on the anchors"},
        {"interval"},     {"anchors", true},
        {"rounds", true}, {"outlier", false, "the whole interval beyond the threshold"}};
    return section_open("fleet", "Fleet") +
           para("Each card's time on the anchor cases, which every shard timed, against its "
                "model's median card: + is slower.") +
           lines + render_table(cols, rows, "compact sortable") + "</section>";
}

} // namespace grp::html
