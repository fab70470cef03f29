import { dayNumber } from './dates';

/** A house price index for one chosen series: ratios of its levels bring prices from one date to another. */
export interface PriceIndex {
  /** Multiply a price paid on fromDate by this to express it at toDate's price level. */
  factor(fromDate: string, toDate: string): number;
  /** One line saying which series this is and where it ends, e.g. for a valuation's notes. */
  describe(): string;
  /** First and last dates the index has data for; dates outside are held at the nearest end value. */
  coverage(): { start: string; end: string };
  /** Plain notes about using the index for these dates (e.g. a date after its end, held at the last value). */
  notesFor(dates: string[]): string[];
}

export interface IndexKnot {
  /** Day number (days since 1970-01-01) the level applies to. */
  day: number;
  /** Natural log of the index level. */
  logLevel: number;
}

export interface LogLinearIndexOptions {
  /** e.g. "FHFA All-Transactions HPI, Sacramento-Roseville-Folsom, CA (metro)" */
  name: string;
  /** Human label of the first and last period, e.g. "1976 Q2" / "2024 Q3". */
  startLabel: string;
  endLabel: string;
  /** Last calendar date of the last period (what "ends" means to a reader). */
  endDate: string;
  startDate: string;
}

/**
 * Index levels at knots (quarter or month midpoints), interpolated linearly in log between knots and held
 * constant before the first and after the last knot.
 */
export class LogLinearIndex implements PriceIndex {
  private readonly days: Float64Array;
  private readonly levels: Float64Array;

  constructor(
    knots: IndexKnot[],
    private readonly options: LogLinearIndexOptions,
  ) {
    if (knots.length === 0) throw new Error(`Price index "${options.name}" has no values`);
    const sorted = [...knots].sort((a, b) => a.day - b.day);
    this.days = Float64Array.from(sorted, (k) => k.day);
    this.levels = Float64Array.from(sorted, (k) => k.logLevel);
  }

  /** Log level at a day number. */
  logLevelAtDay(day: number): number {
    const days = this.days;
    const n = days.length;
    if (day <= days[0]!) return this.levels[0]!;
    if (day >= days[n - 1]!) return this.levels[n - 1]!;
    let lo = 0;
    let hi = n - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (days[mid]! <= day) lo = mid;
      else hi = mid;
    }
    const t = (day - days[lo]!) / (days[hi]! - days[lo]!);
    return this.levels[lo]! + t * (this.levels[hi]! - this.levels[lo]!);
  }

  logLevelAt(date: string): number {
    return this.logLevelAtDay(dayNumber(date));
  }

  factorDays(fromDay: number, toDay: number): number {
    return Math.exp(this.logLevelAtDay(toDay) - this.logLevelAtDay(fromDay));
  }

  factor(fromDate: string, toDate: string): number {
    return this.factorDays(dayNumber(fromDate), dayNumber(toDate));
  }

  /** Day number after which the level is held constant. */
  lastKnotDay(): number {
    return this.days[this.days.length - 1]!;
  }

  firstKnotDay(): number {
    return this.days[0]!;
  }

  describe(): string {
    return `${this.options.name}, ${this.options.startLabel} to ${this.options.endLabel}`;
  }

  /** The series' name and the labels of its first and last periods (e.g. "2024 Q3"). */
  labels(): { name: string; firstPeriod: string; lastPeriod: string } {
    return { name: this.options.name, firstPeriod: this.options.startLabel, lastPeriod: this.options.endLabel };
  }

  coverage(): { start: string; end: string } {
    return { start: this.options.startDate, end: this.options.endDate };
  }

  notesFor(dates: string[]): string[] {
    const notes: string[] = [];
    const end = dayNumber(this.options.endDate);
    const start = dayNumber(this.options.startDate);
    const later = dates.filter((d) => dayNumber(d) > end);
    const earlier = dates.filter((d) => dayNumber(d) < start);
    if (later.length > 0) {
      notes.push(
        `The index ends ${this.options.endLabel}; dates after ${this.options.endDate} (e.g. ${later[0]}) are held at its last value, so any market change since then is not reflected.`,
      );
    }
    if (earlier.length > 0) {
      notes.push(`The index starts ${this.options.startLabel}; earlier dates (e.g. ${earlier[0]}) are held at its first value.`);
    }
    return notes;
  }

  /** The knots, for tests and diagnostics. */
  knots(): IndexKnot[] {
    return Array.from(this.days, (day, i) => ({ day, logLevel: this.levels[i]! }));
  }
}
