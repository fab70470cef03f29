const msPerDay = 86_400_000;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 (UTC) of a YYYY-MM-DD date; throws on anything else. */
export function dayNumber(date: string): number {
  const match = isoDate.exec(date);
  if (!match) throw new Error(`Invalid date "${date}" (expected YYYY-MM-DD)`);
  const [, y, m, d] = match;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  const back = new Date(ms);
  if (back.getUTCMonth() !== Number(m) - 1 || back.getUTCDate() !== Number(d)) throw new Error(`Invalid date "${date}"`);
  return Math.round(ms / msPerDay);
}

export function isIsoDate(date: string): boolean {
  try {
    dayNumber(date);
    return true;
  } catch {
    return false;
  }
}

export function dateOfDay(day: number): string {
  return new Date(day * msPerDay).toISOString().slice(0, 10);
}

/** Day number of the middle of a calendar quarter (quarter 1..4). */
export function quarterMidDay(year: number, quarter: number): number {
  const start = Date.UTC(year, (quarter - 1) * 3, 1) / msPerDay;
  const end = Date.UTC(year, quarter * 3, 1) / msPerDay;
  return (start + end) / 2;
}

export function quarterEndDate(year: number, quarter: number): string {
  return dateOfDay(Date.UTC(year, quarter * 3, 1) / msPerDay - 1);
}

/** Day number of the middle of a calendar month (month 1..12). */
export function monthMidDay(year: number, month: number): number {
  const start = Date.UTC(year, month - 1, 1) / msPerDay;
  const end = Date.UTC(year, month, 1) / msPerDay;
  return (start + end) / 2;
}

/** Months since 1970-01 (0-based) of a day number. */
export function monthIndexOfDay(day: number): number {
  const d = new Date(day * msPerDay);
  return (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth();
}

export function monthIndexMidDay(monthIndex: number): number {
  return monthMidDay(1970 + Math.floor(monthIndex / 12), (monthIndex % 12) + 1);
}

export function formatMonthIndex(monthIndex: number): string {
  const year = 1970 + Math.floor(monthIndex / 12);
  return `${year}-${String((monthIndex % 12) + 1).padStart(2, '0')}`;
}
