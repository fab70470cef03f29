/**
 * Evaluates the AVM on a CSV of sales.
 *
 *   node services/valuation/dist/tools/avm-eval.js <csv> [--kfold K] [--format generic|sacramento] [--seed N] [--quiet]
 *       [--hpi-dir DIR --place "City, ST"]
 *
 * Generic sales schema (default): time-ordered protocol (stable sort by sale_date; the first 80% are the
 * history, the last 20% are valued from the history only). `--format sacramento` reads
 * sacramento-sales.csv with its filtering rules and runs k-fold cross-validation (5 folds unless --kfold
 * says otherwise), because its five sale dates make a time split meaningless.
 * Progress goes to stderr; the last stdout line is one JSON object with n, mdape, ppe10, ppe20, cod,
 * rangeCoverage and seconds.
 * By default prices are time-adjusted with a market index fitted from the history itself; with --hpi-dir
 * (the folder of the FHFA files) and --place, the FHFA series chosen for that place is used instead.
 */
import { runAvmEval } from './avm-eval-cli';

process.exitCode = runAvmEval(process.argv.slice(2));
