/**
 * Reads published cost-versus-value figures from a markdown document (shared/data/cost-vs-value.md): every
 * `## section` holding a table with a project column, a cost column and a resale value column. The
 * section heading names the source and its year, e.g. "Cost vs. Value 2025, national".
 */

export interface CostValueSource {
  /** The section heading without its parenthetical remarks, e.g. "Cost vs. Value 2025, national". */
  label: string;
  year: number | null;
}

export interface CostValueProject {
  name: string;
  /** Published average job cost, dollars. */
  jobCost: number;
  /** Value agents expect the project to add at sale, dollars. */
  resaleValue: number;
  source: CostValueSource;
}

export interface CostValueReference {
  projects: CostValueProject[];
}

const cellsOf = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

const isSeparator = (cells: string[]) => cells.length > 0 && cells.every((c) => /^:?-{3,}:?$/.test(c));

/** "$4,672" -> 4672; "—", "-" or text -> null. */
export function parseDollars(cell: string | undefined): number | null {
  if (cell === undefined) return null;
  const cleaned = cell.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

function sourceOf(heading: string): CostValueSource {
  const label = heading.replace(/\s*\([^)]*\)/g, '').trim();
  const year = /\b(19|20)\d{2}\b/.exec(label)?.[0];
  return { label, year: year ? Number(year) : null };
}

interface Columns {
  project: number;
  cost: number;
  value: number;
}

function columnsOf(header: string[]): Columns | null {
  const find = (test: (h: string) => boolean) => header.findIndex((h) => test(h.toLowerCase()));
  const project = find((h) => h.includes('project'));
  const cost = find((h) => h.includes('cost') && !h.includes('recoup'));
  const value = find((h) => (h.includes('value') || h.includes('recovered')) && !h.includes('recoup'));
  return project >= 0 && cost >= 0 && value >= 0 ? { project, cost, value } : null;
}

export function parseCostVsValue(markdown: string): CostValueReference {
  const projects: CostValueProject[] = [];
  let source: CostValueSource | null = null;
  let columns: Columns | null = null;
  let inTable = false;
  for (const rawLine of markdown.split(/\r?\n/)) {
    const line = rawLine.trim();
    const heading = /^##\s+(.+)$/.exec(line);
    if (heading) {
      source = sourceOf(heading[1]!);
      columns = null;
      inTable = false;
      continue;
    }
    if (!line.startsWith('|')) {
      inTable = false;
      columns = null;
      continue;
    }
    const cells = cellsOf(line);
    if (!inTable) {
      columns = columnsOf(cells);
      inTable = true;
      continue;
    }
    if (isSeparator(cells) || !columns || !source) continue;
    const name = cells[columns.project];
    const jobCost = parseDollars(cells[columns.cost]);
    const resaleValue = parseDollars(cells[columns.value]);
    if (!name || jobCost === null || resaleValue === null || jobCost <= 0) continue;
    projects.push({ name, jobCost, resaleValue, source });
  }
  return { projects };
}
