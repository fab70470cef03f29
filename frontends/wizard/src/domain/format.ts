import { formatCurrency, formatNumber } from '@hsa/ui-kit';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A sale date: "2008-05-21" (a calendar day, not a UTC instant) or an ISO time -> "May 21, 2008". */
export function formatSaleDate(value: string | null): string {
  if (!value) return '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/** 0.42 -> "0.4 mi"; 0.04 -> "< 0.1 mi" */
export function formatDistance(miles: number | null): string {
  if (miles === null) return '';
  return miles < 0.1 ? '< 0.1 mi' : `${formatNumber(Math.round(miles * 10) / 10)} mi`;
}

/** "$68,212" or "—" when unknown. */
export function formatMoney(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatCurrency(value) : '—';
}

const varianceFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** A "vs. market" figure, always to one decimal: "+4.2%", "-3.0%", "0.0%". */
export function formatVariance(percent: number | null): string {
  return percent === null ? '—' : `${varianceFormat.format(percent)}%`;
}

/** "3 bd · 2 ba · 1,450 sq ft", leaving out what is unknown. */
export function formatFacts(facts: { bedrooms: number | null; bathrooms: number | null; squareFootage: number | null }): string {
  return [
    facts.bedrooms !== null ? `${formatNumber(facts.bedrooms)} bd` : null,
    facts.bathrooms !== null ? `${formatNumber(facts.bathrooms)} ba` : null,
    facts.squareFootage !== null ? `${formatNumber(facts.squareFootage)} sq ft` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
