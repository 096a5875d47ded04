#include "grp/report/console/run_legend.hpp"

namespace grp {

void print_run_legend(std::ostream& os) {
    os << R"legend(
Columns
  kernel   entry point (from its spec), "op=min" etc. unless the operator is sum; '*' marks
           the highest GB/s for each type/layout/n/operator.
  n        elements reduced (records of x,y,z for the aos12/aos16/soa layouts).
  local    work-group (local) size.
  median   median time over the samples of every round: per sample, the device span of the
           reduction's launches (pass 0 reads the input, later passes the partials), from the
           first pass's START to the last pass's END in OpenCL event profiling, gaps between
           passes included. Warm-up launches and samples with implausible timestamps are not
           counted. compare's time leaves out the rounds it sets aside (another process took
           the CPU): a line under the table gives both numbers for each case that has some.
  p5..p95  5th and 95th percentile of the same samples.
  GB/s     bytes / median time, 1 GB = 1e9 bytes. Bytes = the input read once: n x sizeof(T)
           for flat arrays, n x 12 for aos12 and soa, n x 16 for aos16 (its 4 padding bytes
           travel with each record). Partial sums read and written by later passes are not
           counted: they are under 1% of the input for every built-in kernel.
  % peak   GB/s as a percentage of this device's read bandwidth in the same rounds: the best
           of the read shapes for the device (kernels/peak.cl: stream_read at a few grids; on
           CPUs also chunk_read, one stream per work-item), found at the start of the run and
           timed once in every round; the median over rounds of the case's rate over its
           round's read (without a peak in the rounds: over the run's peak).
  Gelem/s  n / median time, in 1e9 elements (or records) per second.
  status   ok (verified), wrong (differs from the host reference beyond tolerance: exit 1),
           failed (an OpenCL error), skipped (the device or kernel cannot run this point; the
           reason is listed). "(noisy)": the relative standard error of the median stayed over
           --max-noise when --max-time ran out. "(screened)": successive halving measured it
           briefly and dropped it (never marked best). ">peak": above 105% of the peak, so not a
           memory measurement (a cache-resident input, or a peak measured too low): shown,
           never marked best, in any table or report.
Matrix (a sweep point with several local sizes): one row per kernel, one column per local
  size, the median time in each cell (--cells gbps|both for GB/s); '*' the fastest cell of its
  kernel, '**' the fastest of all, '^' launched above the kernel's reported
  CL_KERNEL_WORK_GROUP_SIZE (--wg-limit device) and verified, '~' screened out by --search
  halving at an early rung (a brief time, never marked best). A cell without a time names why
  (wg>kernel, launch, wg>device, no fp64, local mem, spec, ext, size, WRONG, failed; '-': not in
  the sweep); the full reasons follow the table. "host": the same input summed on this CPU (one
  sequential loop; one chunk per hardware thread), the summation alone, median of
  --host-repeats; the speedup is its time over the fastest cell's. "best": that cell in GB/s.
Verification: the first launch against a compensated long-double host sum (integers exactly,
32-bit wrap-around included; floats within depth x u x sum|x|, depth the longest chain of
additions through the passes, u the type's unit roundoff); then an exact check on data whose
every partial sum is exact (1s and 2s; for floats in windows of 2^23), so one dropped or
doubled element is wrong at every size and type; every timed launch's result is checked, and
the input is compared with its pristine copy (a kernel that writes its input is wrong).
)legend";
}

} // namespace grp
