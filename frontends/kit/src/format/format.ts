const currencyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Money is held in whole dollars: 485000 -> "$485,000". */
export function formatCurrency(dollars: number): string {
  return currencyFormat.format(Math.round(dollars));
}

/** 2450 -> "2,450"; 2.5 -> "2.5". */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** An ISO timestamp as a short date: "Mar 5, 2026". */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** "1 bed", "4 beds": a count with its unit, singular for one. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

/** A distance in miles: "0.35 mi" under a mile, "1.2 mi" above. */
export function formatMiles(miles: number): string {
  return `${miles < 1 ? miles.toFixed(2) : miles.toFixed(1)} mi`;
}
