import type { CSSProperties, ReactNode } from 'react';
import { Button, Card, Empty, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Property } from '@hsa/contracts';
import { cityStateZip, streetPart } from '@hsa/ui-kit';
import { LazyResult } from './LazyResult';
import { PropertyCard, type PropertyCardProps } from './PropertyCard';

const gridStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
  gap: 20,
  margin: 0,
  padding: 0,
  listStyle: 'none',
};

export interface PropertyListProps {
  /** The list's accessible name, e.g. "Active properties". */
  label: string;
  query: Pick<UseQueryResult<Property[]>, 'data' | 'isPending' | 'isError' | 'refetch' | 'isRefetching'>;
  empty: ReactNode;
  cardProps: (property: Property) => Omit<PropertyCardProps, 'property'>;
}

/** A grid of property cards with its loading, error and empty states. */
export function PropertyList({ label, query, empty, cardProps }: PropertyListProps) {
  if (query.isPending || (!query.isError && !query.data)) {
    return (
      <ul style={gridStyle} aria-label={label} aria-busy="true">
        {[0, 1, 2].map((index) => (
          <li key={index}>
            <Card>
              <Skeleton active title={{ width: '70%' }} paragraph={{ rows: 4 }} />
            </Card>
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError || !query.data) {
    return (
      <LazyResult
        status="warning"
        title="We couldn't load your properties"
        subTitle="Please check your connection and try again."
        extra={
          <Button type="primary" loading={query.isRefetching} onClick={() => void query.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }
  if (query.data.length === 0) return <>{empty}</>;
  return (
    <ul style={gridStyle} aria-label={label}>
      {query.data.map((property) => (
        <li key={property.id} aria-label={`${streetPart(property.address)}, ${cityStateZip(property)}`}>
          <PropertyCard property={property} {...cardProps(property)} />
        </li>
      ))}
    </ul>
  );
}

/** An empty list: what it means and, optionally, what to do. */
export function EmptyList({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Card style={{ padding: '32px 0' }}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <div style={{ fontSize: 17, fontWeight: 600, color: 'rgba(15, 23, 42, 0.88)' }}>{title}</div>
            <div style={{ marginTop: 4 }}>{text}</div>
          </>
        }
      >
        {action}
      </Empty>
    </Card>
  );
}
