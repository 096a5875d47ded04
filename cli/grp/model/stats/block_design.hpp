// A two-way additive fit without interaction, for a block design with missing cells: y = block
// effect + treatment effect + noise, fitted to the cells' means (each cell a list of replicate
// values, e.g. log times of one anchor case on one card, one per round). `merge` of shards uses
// it with anchors as blocks and cards as treatments (model/fleet/card_levels.hpp).
#pragma once

#include <string>
#include <vector>

namespace grp {

struct block_design_fit {
    /// Per treatment: its effect relative to the mean of the treatments with data (they sum to
    /// zero); 0 for a treatment without data.
    std::vector<double> effect;
    std::vector<double> se;   ///< standard error of each effect; 0 when df is 0
    double df = 0;            ///< degrees of freedom of the error term
    double cell_variance = 0; ///< the variance of one cell's mean, as the error term says
    std::string error_term;   ///< "interaction", "rounds" or "none" (nothing to estimate)
};

/// Fits `cells[t][b]` (treatment t, block b; an empty cell is missing) by alternating the two
/// sets of means until they settle. The error term is the larger of two estimates of a cell
/// mean's variance: the residuals' (treatment x block interaction, when the design leaves
/// degrees of freedom) and the replicates' within cells divided by their typical count; its
/// degrees of freedom go with it. A treatment's se is sqrt(var / blocks_t x (T-1)/T).
/// Precondition: every value finite.
block_design_fit fit_block_design(const std::vector<std::vector<std::vector<double>>>& cells);

} // namespace grp
