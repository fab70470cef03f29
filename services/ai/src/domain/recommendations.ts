import { roiRatio, type Recommendation, type RecommendationPriority } from '@hsa/contracts';
import type { CostValueProject, CostValueReference } from './cost-vs-value';
import { ageOf, type GenerationInput, type HomeFacts } from './facts';
import { alreadyDone, profileFor, slug, type ProjectProfile } from './project-profiles';

/** The price level figures are scaled by: the home's estimate against a national median sale price. */
export interface NationalPriceLevel {
  medianPrice: number;
  /** e.g. "US median existing-home sale price, 2024 (NAR)". */
  label: string;
}

export interface RecommendationSettings {
  nationalPrice: NationalPriceLevel;
  /** Living area the published job specifications roughly correspond to (area-scaled jobs). */
  referenceHomeSqft: number;
  /** At most this many recommendations. */
  maxRecommendations: number;
  /** The year ages are counted to. */
  currentYear: number;
}

export const defaultRecommendationSettings: Omit<RecommendationSettings, 'nationalPrice' | 'currentYear'> = {
  referenceHomeSqft: 2000,
  maxRecommendations: 10,
};

/** A project adapted to one home, before it is chosen or ranked. */
export interface AdaptedProject {
  project: CostValueProject;
  profile: ProjectProfile;
  id: string;
  cost: number;
  value: number;
  roi: number;
  priority: RecommendationPriority;
  /** The home's age makes this a typical need. */
  dueByAge: boolean;
  areaFactor: number;
  priceFactor: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Figures are shown in round tens of dollars; ROI and totals are computed from the shown figures. */
const roundTens = (v: number) => Math.max(0, Math.round(v / 10) * 10);
const money = (v: number) => `$${Math.round(v).toLocaleString('en-US')}`;
const priorityRank: Record<RecommendationPriority, number> = { high: 0, medium: 1, low: 2 };

/** Which facts the home is known to have (only from what the owner said or photographed). */
export function knownFeatures(input: Pick<GenerationInput, 'facts' | 'photoRoomTypes'>): { garage: boolean; hardwood: boolean } {
  const info = input.facts.additionalInfo ?? '';
  return {
    garage: input.photoRoomTypes.includes('garage') || /\bgarage\b/i.test(info),
    hardwood: /\bhardwood|\bwood floor/i.test(info),
  };
}

function priceFactorOf(facts: HomeFacts, settings: RecommendationSettings): number {
  if (facts.estimatedValue === null || facts.estimatedValue <= 0) return 1;
  return clamp(facts.estimatedValue / settings.nationalPrice.medianPrice, 0.5, 3);
}

function priorityOf(roi: number, dueByAge: boolean): RecommendationPriority {
  if (roi >= 0 || (dueByAge && roi >= -0.15)) return 'high';
  if (roi >= -0.3 || dueByAge) return 'medium';
  return 'low';
}

/** Every published project that fits the home, with cost and value adapted to it. */
export function adaptProjects(
  reference: CostValueReference,
  input: Pick<GenerationInput, 'facts' | 'photoRoomTypes'>,
  settings: RecommendationSettings,
): AdaptedProject[] {
  const { facts } = input;
  const features = knownFeatures(input);
  const age = ageOf(facts, settings.currentYear);
  const priceFactor = priceFactorOf(facts, settings);
  const areaFactor = clamp(facts.squareFootage / settings.referenceHomeSqft, 0.5, 2);
  const valueCap = facts.estimatedValue ? facts.estimatedValue * 0.15 : Number.POSITIVE_INFINITY;
  const adapted: AdaptedProject[] = [];
  for (const project of reference.projects) {
    const profile = profileFor(project.name);
    if (profile.requires && !features[profile.requires]) continue;
    if (profile.exterior && facts.propertyType === 'condo') continue;
    if (alreadyDone(profile, facts.additionalInfo)) continue;
    const cost = roundTens(project.jobCost * (profile.scalesWithArea ? areaFactor : 1));
    const value = roundTens(Math.min(project.resaleValue * priceFactor, valueCap));
    if (cost <= 0) continue;
    const roi = roiRatio(cost, value);
    const dueByAge = age !== null && profile.typicalNeedAfterYears !== undefined && age >= profile.typicalNeedAfterYears;
    adapted.push({
      project,
      profile,
      id: slug(project.name),
      cost,
      value,
      roi,
      priority: priorityOf(roi, dueByAge),
      dueByAge,
      areaFactor,
      priceFactor,
    });
  }
  return adapted;
}

/** One project per family (the best return), ranked by priority then ROI; at most `max`. */
export function chooseProjects(adapted: AdaptedProject[], max: number): AdaptedProject[] {
  const bestOfFamily = new Map<string, AdaptedProject>();
  for (const a of adapted) {
    const current = bestOfFamily.get(a.profile.family);
    if (!current || a.roi > current.roi) bestOfFamily.set(a.profile.family, a);
  }
  const ranked = [...bestOfFamily.values()].sort(
    (a, b) => priorityRank[a.priority] - priorityRank[b.priority] || b.roi - a.roi || a.id.localeCompare(b.id),
  );
  const worthIt = ranked.filter((a) => a.priority !== 'low' || a.roi >= -0.5);
  return (worthIt.length >= 3 ? worthIt : ranked).slice(0, max);
}

function describe(a: AdaptedProject, facts: HomeFacts, settings: RecommendationSettings, currentYear: number): string {
  const { project, profile } = a;
  const recouped = Math.round((project.resaleValue / project.jobCost) * 100);
  const parts = [profile.summary];
  parts.push(
    `Published national average: ${money(project.jobCost)} job cost and ${money(project.resaleValue)} added at resale (${recouped}% recouped, ${project.source.label}).`,
  );
  const adaptations: string[] = [];
  if (profile.scalesWithArea && a.areaFactor !== 1) {
    adaptations.push(`cost scaled to its ${facts.squareFootage.toLocaleString('en-US')} sq ft`);
  }
  if (facts.estimatedValue) {
    adaptations.push(
      `value scaled to local prices (estimate ${money(facts.estimatedValue)} against the ${money(settings.nationalPrice.medianPrice)} ${settings.nationalPrice.label})`,
    );
  } else {
    adaptations.push('value left at the national figure until the home has an estimate');
  }
  parts.push(`For this home: ${adaptations.join('; ')}.`);
  const age = ageOf(facts, currentYear);
  if (a.dueByAge && age !== null && facts.yearBuilt !== null) {
    parts.push(`Built in ${facts.yearBuilt}, the home is at an age where this work is commonly due, and ${profile.buyerAppeal}.`);
  } else {
    parts.push(`Why it matters: ${profile.buyerAppeal}.`);
  }
  return parts.join(' ');
}

/**
 * The embedded engine's recommendations: published cost-versus-value figures adapted to the home's size,
 * age and local price level, prioritised and explained, with their source.
 */
export function recommendFromReference(
  reference: CostValueReference,
  input: Pick<GenerationInput, 'facts' | 'photoRoomTypes'>,
  settings: RecommendationSettings,
): Recommendation[] {
  const chosen = chooseProjects(adaptProjects(reference, input, settings), settings.maxRecommendations);
  return chosen.map((a) => toRecommendation(a, describe(a, input.facts, settings, settings.currentYear)));
}

export function toRecommendation(a: AdaptedProject, description: string, overrides: Partial<Pick<Recommendation, 'title' | 'priority'>> = {}): Recommendation {
  return {
    id: a.id,
    title: overrides.title ?? a.project.name,
    category: a.profile.category,
    description,
    priority: overrides.priority ?? a.priority,
    estimatedCost: a.cost,
    estimatedValueIncrease: a.value,
    roi: a.roi,
    source: `${a.project.source.label}; adapted to this home`,
  };
}
