#include "commands/command.hpp"

#include <memory>

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

/// CLI11's usage line shows a hidden positional as "[]": left out here.
class usage_without_hidden : public CLI::Formatter {
public:
    std::string make_usage(const CLI::App* app, std::string name) const override {
        auto usage = CLI::Formatter::make_usage(app, std::move(name));
        if (const auto at = usage.find(" []"); at != std::string::npos) {
            usage.erase(at, 3);
        }
        return usage;
    }
};

} // namespace

void accept_files_after_double_dash(CLI::App* sub) {
    sub->add_option("double-dash-files")->expected(1)->group("");
    sub->formatter(std::make_shared<usage_without_hidden>());
}

} // namespace grp::cli
