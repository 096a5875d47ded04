#include "commands/command.hpp"

#include <algorithm>
#include <memory>
#include <sstream>

namespace grp::cli {

namespace {

std::vector<std::string> g_argv;

} // namespace

void set_invocation_argv(int argc, char** argv) {
    g_argv.assign(argv, argv + argc);
}

const std::vector<std::string>& invocation_argv() {
    return g_argv;
}

void add_device_option(CLI::App* sub, std::vector<std::string>& devices) {
    sub->add_option("-d,--device", devices,
                    "Device(s): flat INDEX, P:D, a case-insensitive name substring, or 'all'. "
                    "Default: the first GPU, else the first device")
        ->delimiter(',')
        ->type_name("DEV");
}
void add_color_option(CLI::App* sub, std::string& mode) {
    sub->add_option("--color", mode,
                    "Colour the tables: auto (on a terminal, unless NO_COLOR is set), always, "
                    "never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();
}

namespace {

/// CLI11's usage line shows a hidden positional as "[]": left out here. Option groups are
/// printed in the order tidy_help gave, each option in its place in the group's list (CLI11
/// prints groups in the order of their first option and options in the order added).
class grouped_help : public CLI::Formatter {
public:
    explicit grouped_help(std::vector<help_group> groups = {}) : m_groups(std::move(groups)) {}

    std::string make_usage(const CLI::App* app, std::string name) const override {
        auto usage = CLI::Formatter::make_usage(app, std::move(name));
        if (const auto at = usage.find(" []"); at != std::string::npos) {
            usage.erase(at, 3);
        }
        return usage;
    }

    std::string make_help(const CLI::App* app, std::string name,
                          CLI::AppFormatMode mode) const override {
        if (mode == CLI::AppFormatMode::Sub) {
            return make_expanded(app);
        }
        std::stringstream out;
        out << make_description(app) << make_usage(app, std::move(name)) << make_positionals(app)
            << groups_in_order(app, mode) << make_subcommands(app, mode) << '\n'
            << make_footer(app);
        return out.str();
    }

private:
    std::string groups_in_order(const CLI::App* app, CLI::AppFormatMode mode) const {
        auto groups = app->get_groups();
        std::stable_sort(groups.begin(), groups.end(),
                         [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
        std::string out;
        for (const auto& group : groups) {
            auto opts = app->get_options([&](const CLI::Option* o) {
                return o->get_group() == group && o->nonpositional() &&
                       (mode != CLI::AppFormatMode::Sub || app->get_help_ptr() != o);
            });
            std::stable_sort(opts.begin(), opts.end(), [&](const auto* a, const auto* b) {
                return place(group, *a) < place(group, *b);
            });
            if (!group.empty() && !opts.empty()) {
                out += make_group(group, false, opts);
            }
        }
        return out;
    }

    /// Ungrouped options (-h) first, then the groups in the order given.
    std::size_t rank(const std::string& group) const {
        const auto at = std::find_if(m_groups.begin(), m_groups.end(),
                                     [&](const help_group& g) { return g.title == group; });
        return at == m_groups.end() ? 0 : static_cast<std::size_t>(at - m_groups.begin()) + 1;
    }

    /// Where `o` stands in its group's list (its long name's index).
    std::size_t place(const std::string& group, const CLI::Option& o) const {
        const auto rank_of = rank(group);
        if (rank_of == 0) {
            return 0;
        }
        const auto& names = m_groups[rank_of - 1].options;
        return static_cast<std::size_t>(
            std::find_if(names.begin(), names.end(),
                         [&](const std::string& n) { return o.check_name(n); }) -
            names.begin());
    }

    std::vector<help_group> m_groups;
};

/// A word for CLI11's default type names. `full` is get_type_name(): the type, then ":" and
/// each validator's description (a set's "{on,off}" stays: it lists the values; our range
/// validators describe nothing, validators.hpp); the type alone is set, as CLI11 adds the rest.
std::string readable_type(const std::string& full) {
    const auto type = full.substr(0, full.find(':'));
    if (type == "UINT" || type == "INT") {
        return "N";
    }
    return type == "FLOAT" ? "NUM" : type;
}

} // namespace

void accept_files_after_double_dash(CLI::App* sub) {
    sub->add_option("double-dash-files")->expected(1)->group("");
    sub->formatter(std::make_shared<grouped_help>());
}

void tidy_help(CLI::App* sub, const std::vector<help_group>& groups,
               const std::vector<std::pair<std::string, std::string>>& type_names) {
    for (const auto& g : groups) {
        for (const auto& name : g.options) {
            sub->get_option(name)->group(g.title);
        }
    }
    for (auto* o : sub->get_options()) {
        if (o->get_type_size() != 0 && o->get_option_text().empty()) {
            o->type_name(readable_type(o->get_type_name()));
        }
    }
    for (const auto& [name, type] : type_names) {
        sub->get_option(name)->type_name(type);
    }
    sub->formatter(std::make_shared<grouped_help>(groups));
}

} // namespace grp::cli
