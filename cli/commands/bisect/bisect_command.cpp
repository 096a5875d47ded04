// `bisect`'s command line: its options, the help that explains the search, and the callback
// that runs it (bisect.hpp).
#include "commands/bisect/bisect.hpp"
#include "commands/command.hpp"
#include "commands/validators.hpp"

#include <memory>

namespace grp::cli {

namespace {

const char* bisect_footer = R"(Examples:
  gpu-reduce-prof bisect --good v1.2 --bad main -k kernels/my_reduce.json -n 2^20 -l 256
  gpu-reduce-prof bisect --resume --state bisect-state       # after Ctrl-C: the same search
  git bisect start main v1.2 && git bisect run \
    gpu-reduce-prof bisect --predicate --good v1.2 -k kernels/my_reduce.json --state /tmp/b

Each step takes the spec's folder as it was at a commit (git, into --state/trees: your
checkout is never touched) and runs a sequential duet of it against the good commit's (run
--duet, with its A/A controls; its processes added until decided, at most --budget). The first
duet is the bad commit itself: not slower ends the search (exit 0), slower chooses the cases
the search follows (or --case GLOB), undecided ends it (exit 8). Each later duet halves the
range; one left undecided is skipped as git bisect skip does, and the next pick is the nearest
untried commit to the middle.

The error rate: at most 1 + ceil(log2 N) + --max-skips duets, each judged at --alpha divided
by that count, so the chance that any verdict of the search is wrong, and with it the answer,
is at most --alpha (docs/bisect.md). The state (bisect.json) and every duet's profile are kept
in --state after each step; --resume continues an interrupted search.

--predicate: one duet of the checkout as it is (-k's spec in the working tree) against --good,
judged at --alpha (default 0.01): exit 0 good, 1 bad, 125 undecided (git bisect run skips the
commit), 128 on an error that says nothing about the commit (git bisect run stops).

Exit codes: 0 an answer (a first bad commit, or the bad commit not slower: the output says
which), 8 undecided (the range decided and what would decide the rest are printed), 2 usage,
3 OpenCL, 4 the good or bad commit's kernel does not build, 5 a bad file, 128+N a signal (the
state keeps every finished step).)";

void add_search_options(CLI::App* sub, bisect_cli_options& o) {
    sub->add_option("--good", o.good, "A commit (or ref) whose kernels are not slower")
        ->type_name("REF");
    sub->add_option("--bad", o.bad, "A later commit on its first-parent line that is slower")
        ->type_name("REF");
    sub->add_option("-k,--kernel", o.spec,
                    "The kernel spec, as a path in the repository from its root")
        ->type_name("SPEC");
    sub->add_option("--repo", o.repo, "The repository")->type_name("DIR")->capture_default_str();
    sub->add_option("--case", o.case_glob,
                    "Follow the cases whose key matches this glob (default: those the bad "
                    "commit reads slower)")
        ->type_name("GLOB");
    sub->add_option("--alpha", o.alpha,
                    "The whole search's error rate (default 0.05); with --predicate, the "
                    "duet's (default 0.01)")
        ->type_name("NUM")
        ->check(finite_range(1e-4, 0.25));
    sub->add_option("--max-skips", o.max_skips,
                    "Undecided duets the search may skip and replace (each costs alpha)")
        ->type_name("N")
        ->transform(count_range(0, 64))
        ->capture_default_str();
    sub->add_option("--state", o.state, "The folder of the state and every duet's profile")
        ->type_name("DIR")
        ->capture_default_str();
    sub->add_flag("--resume", o.resume, "Continue the search kept in --state");
    sub->add_flag("--predicate", o.predicate,
                  "For git bisect run: one duet of the checkout against --good; exit 0/1/125");
}

void add_duet_options(CLI::App* sub, bisect_cli_options& o) {
    sub->add_option("-l,--local-size", o.local_sizes, "run's -l for every duet")->type_name("LIST");
    sub->add_option("-n,--size", o.sizes, "run's -n for every duet")->type_name("N");
    sub->add_option("-t,--type", o.types, "run's -t for every duet")->type_name("TYPE");
    sub->add_option("-d,--device", o.device, "run's -d for every duet")->type_name("DEVICE");
    sub->add_option("--budget", o.budget,
                    "Each duet's most processes and/or time (run --budget); an undecided "
                    "duet is skipped")
        ->type_name("N|TIME");
    sub->add_option("--run-arg", o.run_args,
                    "Another option for every duet's run, verbatim (repeat: --run-arg=--rounds "
                    "--run-arg=6)")
        ->type_name("ARG")
        ->allow_extra_args(false);
}

} // namespace

void add_bisect(CLI::App& app, command_slot& slot) {
    auto o = std::make_shared<bisect_cli_options>();
    auto* sub = app.add_subcommand(
        "bisect", "Find the first bad commit of a kernel's history with a stated error rate");
    sub->footer(bisect_footer);
    add_search_options(sub, *o);
    add_duet_options(sub, *o);
    auto* md = sub->add_flag("--markdown", o->markdown, "Print the answer as a CI job summary");
    sub->add_flag("--json", o->json, "Print the state and the answer as JSON")->excludes(md);
    sub->add_flag("-q,--quiet", o->quiet, "No progress on stderr");
    sub->callback([o, &slot] {
        slot = [o] {
            return run_bisect(*o);
        };
    });
}

} // namespace grp::cli
