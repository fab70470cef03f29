import type { ReactNode } from 'react';
import { Card, Tag } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { cityStateZip, propertyTypeLabel, streetPart } from '@hsa/ui-kit';
import type { ShownComparableSale } from '@hsa/contracts';
import { comparablesDataSource } from '../domain/comparables';
import type { WizardProperty } from '../domain/wizardProperty';
import type { WizardStep } from '../domain/wizardRoute';
import { ComparablesSection } from '../components/ComparablesSection';
import type { UnlockAction } from '../components/Locked';
import { NeighborhoodSlot } from '../components/NeighborhoodSlot';
import { NextSteps } from '../components/NextSteps';
import { NoSalesDataNotice } from '../components/NoSalesDataNotice';
import { PropertyFacts } from '../components/PropertyFacts';
import { SaleHistorySection } from '../components/SaleHistorySection';
import { StepHeader } from '../components/StepHeader';
import { ValueCard } from '../components/ValueCard';
import { ValueHistorySection } from '../components/ValueHistorySection';
import { isSavedProperty } from '../api/comparables';
import { isValidCoordinates } from '../map/projection';
import { usePageTitle } from '../components/usePageTitle';
import { useAfterFirstPaint } from '../components/useAfterFirstPaint';

export interface AnalysisStepProps {
  property: WizardProperty;
  comparables: UseQueryResult<ShownComparableSale[], Error>;
  /** Demo mode: value, comparables and map blurred; neighborhood locked; next steps locked. */
  demo: boolean;
  unlock?: UnlockAction | undefined;
  /** Refresh Valuation, for a saved property. */
  refresh?: { onClick: () => void; loading: boolean } | undefined;
  onEditDetails: () => void;
  /** Opens step 3 (recommendations, after generating them here) or 4 (the listing). */
  goToStep: (step: WizardStep) => void;
  /** Shown under the heading (demo mode's banner). */
  notice?: ReactNode;
}

/** Step 2: the estimate with its range, the facts, the comparables and their map, the neighborhood and what's next. */
export function AnalysisStep({ property, comparables, demo, unlock, refresh, onEditDetails, goToStep, notice }: AnalysisStepProps) {
  usePageTitle(`${streetPart(property.address)} · Analysis`);
  const dataSource = comparablesDataSource(comparables.data ?? []) ?? property.dataSource;
  // A saved home the sales data does not hold (entered by hand): nothing located can be shown, and one notice says why.
  const unlocated = !demo && isSavedProperty(property) && !isValidCoordinates(property.coordinates);
  // The value card and the facts first; the sections under them (the map, the tables, the charts) a moment later.
  const sectionsShown = useAfterFirstPaint();
  return (
    <div className="wz-stack">
      <StepHeader
        eyebrow={demo ? 'Step 2 · Free demo analysis' : 'Step 2 · Analysis'}
        title={streetPart(property.address)}
        subtitle={
          <span className="wz-inline">
            <span>{cityStateZip(property)}</span>
            <Tag color="blue" bordered={false}>
              {propertyTypeLabel(property.propertyType)}
            </Tag>
          </span>
        }
      />
      {notice}
      {unlocated ? <NoSalesDataNotice /> : null}
      <div className="wz-grid wz-grid--analysis">
        <ValueCard
          property={property}
          dataSource={dataSource}
          locked={demo}
          refresh={demo || unlocated ? undefined : refresh}
          {...(unlocated ? { noEstimateReason: 'There is no sales data near this address.' } : {})}
        />
        <Card title={<h2 className="wz-card-title">Property facts</h2>}>
          <PropertyFacts property={property} variant="analysis" hideValue={demo} />
        </Card>
      </div>
      {unlocated || !sectionsShown ? null : (
        <>
          <SaleHistorySection property={property} demo={demo} />
          <ValueHistorySection
            propertyId={isSavedProperty(property) ? property.id : null}
            hasEstimate={property.estimatedValue !== null}
            demo={demo}
          />
          <ComparablesSection property={property} comparables={comparables} variant="analysis" locked={demo} />
          <NeighborhoodSlot property={property} demo={demo} unlock={unlock} />
        </>
      )}
      {sectionsShown ? (
        <NextSteps propertyId={demo ? null : property.id} demo={demo} unlock={unlock} onEditDetails={onEditDetails} goToStep={goToStep} />
      ) : null}
    </div>
  );
}
