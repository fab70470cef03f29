/** Wording helpers shared by the embedded texts. */

export const money = (v: number) => `$${Math.round(v).toLocaleString('en-US')}`;

/** "0.35 mi" under a mile, "1.2 mi" above. */
export function miles(d: number): string {
  return `${d < 1 ? d.toFixed(2) : d.toFixed(1)} mi`;
}

export function percentText(p: number): string {
  return `${p > 0 ? '+' : ''}${p.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "1 park", "3 parks". */
export function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2008-05-15".."2008-05-21" -> "May 2008"; across months "May 2008 to June 2009". */
export function periodLabel(first: string | null, last: string | null): string {
  const label = (d: string) => `${monthNames[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;
  if (!first || !last) return '';
  return label(first) === label(last) ? label(first) : `${label(first)} to ${label(last)}`;
}

export const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
