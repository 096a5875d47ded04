// Placeholder: `compare` is being built (see issues). Replaced by the real command.
#include "commands/command.hpp"
#include "grp/core/error.hpp"

namespace grp::cli {
void add_compare(CLI::App& app, command_slot& slot) {
    auto* sub = app.add_subcommand("compare", "(not yet available)");
    sub->callback([&slot] { slot = [] () -> int { throw usage_error("'compare' is not built yet"); }; });
}
} // namespace grp::cli
