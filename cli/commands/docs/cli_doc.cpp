#include "commands/docs/cli_doc.hpp"

namespace grp::cli {

namespace {

// CLI11 writes a checked set into the type name: "TEXT:{matrix,list}".
std::vector<std::string> allowed_values(const std::string& type_name) {
    const auto open = type_name.find('{');
    const auto close = type_name.find('}', open == std::string::npos ? 0 : open);
    std::vector<std::string> out;
    if (open == std::string::npos || close == std::string::npos) {
        return out;
    }
    std::string item;
    for (char c : type_name.substr(open + 1, close - open - 1)) {
        if (c == ',') {
            out.push_back(item);
            item.clear();
        } else if (c != ' ') {
            item += c;
        }
    }
    out.push_back(item);
    return out;
}

option_doc describe_option(const CLI::Option& o) {
    option_doc d;
    for (const auto& s : o.get_snames()) {
        d.names.push_back("-" + s);
    }
    for (const auto& l : o.get_lnames()) {
        d.names.push_back("--" + l);
    }
    if (o.get_positional()) {
        d.positional = o.get_name(true, false);
    }
    d.takes_value = o.get_expected_max() > 0; // a flag expects none
    if (d.takes_value) {
        d.type_name = o.get_type_name();
        d.values = allowed_values(d.type_name);
        d.type_name = d.type_name.substr(0, d.type_name.find(':'));
    }
    d.description = o.get_description();
    return d;
}

} // namespace

std::vector<command_doc> describe_commands(const CLI::App& app) {
    std::vector<command_doc> out;
    for (const CLI::App* sub :
         app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); })) {
        command_doc c{sub->get_name(), sub->get_description(), sub->get_footer(), {}};
        for (const CLI::Option* o : sub->get_options()) {
            if (!o->get_group().empty()) { // an empty group hides an option from --help
                c.options.push_back(describe_option(*o));
            }
        }
        out.push_back(std::move(c));
    }
    return out;
}

std::string first_sentence(const std::string& text, std::size_t max_chars) {
    std::string s;
    for (char c : text) {
        s += c == '\n' ? ' ' : c;
    }
    const auto stop = s.find(". ");
    s = s.substr(0, stop);
    if (s.size() > max_chars) {
        s = s.substr(0, max_chars - 3) + "...";
    }
    return s;
}

} // namespace grp::cli
