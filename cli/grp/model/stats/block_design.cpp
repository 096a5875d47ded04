#include "grp/model/stats/block_design.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace grp {

namespace {

using cell_grid = std::vector<std::vector<std::vector<double>>>;

struct cell_means {
    std::vector<std::vector<double>> mean; ///< [t][b], NaN when missing
    std::size_t treatments = 0, blocks = 0;
    double within_ss = 0, within_df = 0, replicate_inv = 0; ///< replicate_inv: mean of 1/n
    std::size_t cells = 0;
};

cell_means means_of(const cell_grid& cells) {
    cell_means m;
    m.treatments = cells.size();
    for (const auto& row : cells) {
        m.blocks = std::max(m.blocks, row.size());
    }
    m.mean.assign(m.treatments, std::vector<double>(m.blocks, std::nan("")));
    for (std::size_t t = 0; t < m.treatments; ++t) {
        for (std::size_t b = 0; b < cells[t].size(); ++b) {
            const auto& v = cells[t][b];
            if (v.empty()) {
                continue;
            }
            const double mu =
                std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
            m.mean[t][b] = mu;
            for (double x : v) {
                m.within_ss += (x - mu) * (x - mu);
            }
            m.within_df += static_cast<double>(v.size() - 1);
            m.replicate_inv += 1.0 / static_cast<double>(v.size());
            ++m.cells;
        }
    }
    if (m.cells > 0) {
        m.replicate_inv /= static_cast<double>(m.cells);
    }
    return m;
}

// Alternating means (backfitting): converges to the least-squares fit of a connected design.
void backfit(const cell_means& m, std::vector<double>& tr, std::vector<double>& bl) {
    tr.assign(m.treatments, 0.0);
    bl.assign(m.blocks, 0.0);
    const auto mean_over = [](auto&& values) {
        double sum = 0, n = 0;
        for (double v : values) {
            if (!std::isnan(v)) {
                sum += v;
                ++n;
            }
        }
        return n > 0 ? sum / n : 0.0;
    };
    for (int iter = 0; iter < 500; ++iter) {
        for (std::size_t b = 0; b < m.blocks; ++b) {
            std::vector<double> r;
            for (std::size_t t = 0; t < m.treatments; ++t) {
                r.push_back(m.mean[t][b] - tr[t]);
            }
            bl[b] = mean_over(r);
        }
        double shift = 0;
        for (std::size_t t = 0; t < m.treatments; ++t) {
            std::vector<double> r;
            for (std::size_t b = 0; b < m.blocks; ++b) {
                r.push_back(m.mean[t][b] - bl[b]);
            }
            const double next = mean_over(r);
            shift = std::max(shift, std::abs(next - tr[t]));
            tr[t] = next;
        }
        if (shift < 1e-13) {
            break;
        }
    }
}

std::size_t observed(const std::vector<double>& row) {
    return static_cast<std::size_t>(
        std::count_if(row.begin(), row.end(), [](double v) { return !std::isnan(v); }));
}

struct residuals {
    double ss = 0;                    ///< of the cell means around the fit
    std::vector<std::size_t> present; ///< treatments with data
    double blocks = 0;                ///< blocks with data
};

residuals residuals_of(const cell_means& m, const std::vector<double>& tr,
                       const std::vector<double>& bl) {
    residuals r;
    std::vector<bool> block_used(m.blocks, false);
    for (std::size_t t = 0; t < m.treatments; ++t) {
        for (std::size_t b = 0; b < m.blocks; ++b) {
            if (!std::isnan(m.mean[t][b])) {
                const double e = m.mean[t][b] - bl[b] - tr[t];
                r.ss += e * e;
                block_used[b] = true;
            }
        }
        if (observed(m.mean[t]) > 0) {
            r.present.push_back(t);
        }
    }
    r.blocks = static_cast<double>(std::count(block_used.begin(), block_used.end(), true));
    return r;
}

// The larger of the interaction's and the replicates' estimate of a cell mean's variance.
void choose_error_term(block_design_fit& f, const cell_means& m, const residuals& r) {
    const double df_int =
        static_cast<double>(m.cells) - r.blocks - static_cast<double>(r.present.size()) + 1;
    const double var_int = df_int > 0 ? r.ss / df_int : 0;
    const double var_rounds = m.within_df > 0 ? m.within_ss / m.within_df * m.replicate_inv : 0;
    if (df_int > 0 && var_int >= var_rounds) {
        f.cell_variance = var_int;
        f.df = df_int;
        f.error_term = "interaction";
    } else if (m.within_df > 0) {
        f.cell_variance = var_rounds;
        f.df = m.within_df;
        f.error_term = "rounds";
    }
}

} // namespace

block_design_fit fit_block_design(const cell_grid& cells) {
    const auto m = means_of(cells);
    block_design_fit f;
    f.effect.assign(m.treatments, 0.0);
    f.se.assign(m.treatments, 0.0);
    f.error_term = "none";
    std::vector<double> tr, bl;
    backfit(m, tr, bl);
    const auto r = residuals_of(m, tr, bl);
    if (r.present.size() < 2) {
        return f;
    }
    choose_error_term(f, m, r);
    double centre = 0;
    for (auto t : r.present) {
        centre += tr[t];
    }
    const double n = static_cast<double>(r.present.size());
    centre /= n;
    for (auto t : r.present) {
        f.effect[t] = tr[t] - centre;
        f.se[t] =
            std::sqrt(f.cell_variance / static_cast<double>(observed(m.mean[t])) * (n - 1) / n);
    }
    return f;
}

} // namespace grp
