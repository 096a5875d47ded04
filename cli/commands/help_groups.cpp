#include "commands/help_groups.hpp"

#include "commands/command.hpp"

namespace grp::cli {

void group_run_help(CLI::App* sub) {
    tidy_help(
        sub,
        {{"Selection",
          {"--kernel", "--duet", "--local-size", "--size", "--type", "--layout", "--op", "--data",
           "--scenario", "--device", "--devices-parallel", "--search", "--param", "--max-cases",
           "--resume", "--shard", "--anchor"}},
         {"Timing", {"--rounds",    "--runs",        "--gate",         "--round-spacing",
                     "--warmup",    "--min-samples", "--max-samples",  "--samples",
                     "--max-noise", "--max-time",    "--extra-rounds", "--order",
                     "--cache",     "--seed",        "--order-seed",   "--settle",
                     "--clocks",    "--power-limit", "--cool-down",    "--cool-down-max"}},
         {"Output",
          {"--output", "--csv", "--force", "--table", "--cells", "--color", "--quiet", "--describe",
           "--list", "--print-spec", "--dry-run", "--once", "--commit"}},
         {"Advanced",
          {"--barrier-runs", "--wg-limit", "--rotate-cpus", "--sensors", "--keep-going",
           "--no-peak", "--peak-bytes", "--cl-options", "--host-repeats", "--launch-timeout"}}},
        {{"--kernel", "KERNEL"},
         {"--local-size", "LIST"},
         {"--size", "N"},
         {"--type", "TYPE"},
         {"--layout", "LAYOUT"},
         {"--op", "OP"},
         {"--data", "VALUES"},
         {"--scenario", "NAME"},
         {"--search", "HOW"},
         {"--param", "NAME=V,..."},
         {"--runs", "N"},
         {"--round-spacing", "SECONDS"},
         {"--max-time", "SECONDS"},
         {"--settle", "SECONDS"},
         {"--clocks", "base|max|MHZ[,mem=MHZ]"},
         {"--power-limit", "WATTS"},
         {"--cool-down", "CELSIUS"},
         {"--cool-down-max", "SECONDS"},
         {"--max-noise", "PCT"},
         {"--order", "ORDER"},
         {"--cache", "STATE"},
         {"--order-seed", "SEED"},
         {"--output", "FILE"},
         {"--wg-limit", "LIMIT"},
         {"--peak-bytes", "BYTES"},
         {"--cl-options", "OPTIONS"},
         {"--shard", "K/N|auto"},
         {"--anchor", "KEY"},
         {"--launch-timeout", "SECONDS"}});
}

void group_check_help(CLI::App* sub) {
    tidy_help(
        sub,
        {{"Selection",
          {"--kernel", "--local-size", "--size", "--type", "--layout", "--op", "--data", "--seed",
           "--max-cases"}},
         {"Output", {"--output", "--force", "--color", "--quiet", "--estimate-for"}},
         {"Advanced", {"--max-diagnostics", "--uninitialized", "--cl-options", "--keep-going"}}},
        {{"--kernel", "KERNEL"},
         {"--estimate-for", "GPU.json"},
         {"--local-size", "LIST"},
         {"--size", "N"},
         {"--type", "TYPE"},
         {"--layout", "LAYOUT"},
         {"--op", "OP"},
         {"--data", "VALUES"},
         {"--output", "FILE"},
         {"--cl-options", "OPTIONS"}});
}

void group_compare_help(CLI::App* sub) {
    tidy_help(
        sub,
        {{"Selection", {"--pair", "--base", "--history", "--history-window", "--normalize"}},
         {"Verdicts",
          {"--threshold", "--alpha", "--fail-on", "--work", "--work-threshold",
           "--allow-cross-machine", "--allow-one-run", "--conditions", "--waivers"}},
         {"Output",
          {"--markdown", "--json", "--csv", "--junit", "--bmf", "--force", "--color", "--explain"}},
         {"Advanced",
          {"--correction", "--moderate", "--min-rounds", "--max-cpu-wait", "--unsteady",
           "--round-center"}}},
        {{"--alpha", "P"}, {"--max-cpu-wait", "SHARE"}, {"--round-center", "WHAT"}});
}

void group_report_help(CLI::App* sub) {
    tidy_help(sub,
              {{"Output",
                {"--output", "--markdown", "--force", "--title", "--log-time", "--cells",
                 "--estimate-for"}},
               {"Verdicts", {"--threshold", "--alpha", "--normalize"}}},
              {{"--alpha", "P"}});
}

void group_history_help(CLI::App* sub) {
    tidy_help(sub,
              {{"Selection", {"--git-ref", "--under", "--repo", "--branch", "--by-time"}},
               {"Verdicts", {"--threshold", "--fdr", "--window", "--min-points", "--waivers"}},
               {"Output", {"--markdown", "--json", "--csv", "--html", "--force"}}},
              {{"--fdr", "Q"}});
}

} // namespace grp::cli
