// Placeholder: `validate` is being built (see issues). Replaced by the real command.
#include "commands/command.hpp"
#include "grp/core/error.hpp"

namespace grp::cli {
void add_validate(CLI::App& app, command_slot& slot) {
    auto* sub = app.add_subcommand("validate", "(not yet available)");
    sub->callback([&slot] { slot = [] () -> int { throw usage_error("'validate' is not built yet"); }; });
}
} // namespace grp::cli
