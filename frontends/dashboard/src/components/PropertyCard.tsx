import type { CSSProperties } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { EnvironmentOutlined, InboxOutlined, RollbackOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { Property } from '@hsa/contracts';
import { cityStateZip, formatCount, formatCurrency, formatDate, formatNumber, propertyTypeLabel, streetPart } from '@hsa/ui-kit';
import { CardPhotos } from './CardPhotos';
import { PropertyTypeTag } from './PropertyTypeTag';

export interface PropertyCardProps {
  property: Property;
  /** Archive (active list) or Restore (archived list). */
  onArchive?: (property: Property) => void;
  onRestore?: (property: Property) => void;
  /** This card's archive or restore call is in flight. */
  changing?: boolean;
}

const styles = {
  card: { height: '100%' },
  body: { display: 'flex', flexDirection: 'column', gap: 14, height: '100%', padding: 20 },
  title: { margin: 0, fontSize: 19, lineHeight: 1.3 },
  valueLabel: { fontSize: 12, textTransform: 'uppercase', letterSpacing: '0.05em', fontWeight: 600 },
  value: { fontSize: 26, fontWeight: 700, letterSpacing: '-0.02em', lineHeight: '32px' },
  noValue: { fontSize: 18, fontWeight: 600, lineHeight: '32px' },
  facts: { margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: '4px 14px', fontWeight: 500 },
  footer: { marginTop: 'auto', paddingTop: 14, borderTop: '1px solid rgba(15, 23, 42, 0.08)' },
  action: { flex: '1 1 auto', paddingInline: 10 },
} satisfies Record<string, CSSProperties>;

/** One property on the dashboard: its facts and the buttons to its pages. */
export function PropertyCard({ property, onArchive, onRestore, changing = false }: PropertyCardProps) {
  const navigate = useNavigate();
  const street = streetPart(property.address);
  const id = encodeURIComponent(property.id);
  return (
    <Card data-testid="property-card" style={styles.card} styles={{ body: styles.body }}>
      <Flex justify="space-between" align="center" gap={8}>
        <PropertyTypeTag>{propertyTypeLabel(property.propertyType)}</PropertyTypeTag>
        {onArchive ? (
          <Button type="text" size="small" icon={<InboxOutlined aria-hidden />} loading={changing} onClick={() => onArchive(property)}>
            Archive
          </Button>
        ) : null}
        {onRestore ? (
          <Button type="text" size="small" icon={<RollbackOutlined aria-hidden />} loading={changing} onClick={() => onRestore(property)}>
            Restore
          </Button>
        ) : null}
      </Flex>
      <div>
        <Typography.Title level={2} style={styles.title} ellipsis={{ tooltip: property.address }}>
          {street}
        </Typography.Title>
        <Typography.Text type="secondary">
          <EnvironmentOutlined aria-hidden /> {cityStateZip(property)}
        </Typography.Text>
      </div>
      <div>
        <Typography.Text type="secondary" style={styles.valueLabel}>
          Estimated value
        </Typography.Text>
        {property.estimatedValue === null ? (
          <div style={styles.noValue}>
            <Typography.Text type="secondary">Not estimated</Typography.Text>
          </div>
        ) : (
          <div style={styles.value}>{formatCurrency(property.estimatedValue)}</div>
        )}
      </div>
      <ul style={styles.facts} aria-label="Property facts">
        <li>{formatCount(property.bedrooms, 'bed')}</li>
        <li>{formatCount(property.bathrooms, 'bath')}</li>
        <li>{formatNumber(property.squareFootage)} sq ft</li>
      </ul>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        Added {formatDate(property.createdAt)}
      </Typography.Text>
      <CardPhotos propertyId={property.id} street={street} />
      <Flex gap={8} wrap style={styles.footer}>
        <Button type="primary" style={styles.action} onClick={() => navigate(`/?propertyId=${id}&step=2`)}>
          Analysis
        </Button>
        <Button style={styles.action} onClick={() => navigate(`/recommendations?propertyId=${id}`)}>
          Recommendations
        </Button>
        <Button style={styles.action} onClick={() => navigate(`/listing?propertyId=${id}`)}>
          Listing
        </Button>
      </Flex>
    </Card>
  );
}
