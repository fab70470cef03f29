import type { ReactNode } from 'react';
import { formatCurrency, formatNumber } from '@hsa/ui-kit';
import { pricePerSquareFoot } from '../domain/valuation';
import type { WizardProperty } from '../domain/wizardProperty';
import { LockIcon } from './icons';
import { useLockMessages } from './lockMessages';

export interface PropertyFactsProps {
  property: WizardProperty;
  /** Which facts: step 1 shows beds, baths and square feet; step 2 adds year built and price per square foot. */
  variant: 'summary' | 'analysis';
  /** Demo mode: the price per square foot would give the hidden value away. */
  hideValue?: boolean;
}

const unknown = '—';

/** The property's key facts as a definition list. */
export function PropertyFacts({ property, variant, hideValue = false }: PropertyFactsProps) {
  const lockMessages = useLockMessages();
  const perSqft = pricePerSquareFoot(property.estimatedValue, property.squareFootage);
  const facts: { label: string; value: ReactNode }[] = [
    { label: 'Bedrooms', value: property.bedrooms !== null ? formatNumber(property.bedrooms) : unknown },
    { label: 'Bathrooms', value: property.bathrooms !== null ? formatNumber(property.bathrooms) : unknown },
    { label: 'Square feet', value: property.squareFootage !== null ? formatNumber(property.squareFootage) : unknown },
  ];
  if (variant === 'analysis') {
    facts.push({ label: 'Year built', value: property.yearBuilt ?? unknown });
    facts.push({
      label: 'Price per sq ft',
      value: hideValue ? (
        <span className="wz-facts__locked">
          <LockIcon size={13} /> {lockMessages.short}
        </span>
      ) : perSqft !== null ? (
        formatCurrency(perSqft)
      ) : (
        unknown
      ),
    });
  }
  return (
    <dl className={`wz-facts wz-facts--${variant}`}>
      {facts.map((fact) => (
        <div key={fact.label} className="wz-facts__item">
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
