// Placeholder: `report` is being built (see issues). Replaced by the real command.
#include "commands/command.hpp"
#include "grp/core/error.hpp"

namespace grp::cli {
void add_report(CLI::App& app, command_slot& slot) {
    auto* sub = app.add_subcommand("report", "(not yet available)");
    sub->callback([&slot] { slot = [] () -> int { throw usage_error("'report' is not built yet"); }; });
}
} // namespace grp::cli
