import { Card, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Property } from '@hsa/contracts';
import {
  cityStateZip,
  formatCount,
  formatCurrency,
  formatDate,
  formatNumber,
  propertyTypeLabel,
  queryKeys,
  streetPart,
} from '@hsa/ui-kit';
import { AlertIcon, CompassIcon } from '../components/icons';
import { Notice } from '../components/Notice';
import { usePageTitle } from '../components/usePageTitle';

/**
 * `/` for signed-in users with propertyId, fromLogin or address in the query. Until the analysis
 * wizard arrives it shows the saved property's details (step 2) or says what is coming.
 */
export default function WizardPage() {
  const [query] = useSearchParams();
  const propertyId = query.get('propertyId');
  return propertyId ? <SavedProperty id={propertyId} /> : <WizardComingSoon address={query.get('address')} />;
}

function WizardComingSoon({ address }: { address: string | null }) {
  usePageTitle('Property Analysis');
  const navigate = useNavigate();
  return (
    <div className="container page">
      <Notice
        eyebrow="Coming soon"
        icon={<CompassIcon />}
        title="The analysis wizard arrives in the next release"
        actions={
          <>
            <button type="button" className="btn btn--primary" onClick={() => navigate('/add-property')}>
              Add a Property
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => navigate('/dashboard')}>
              View All Properties
            </button>
          </>
        }
      >
        <p>
          {address
            ? `Soon you'll see the estimate, comparable sales and a map for ${address} right here. For now, add it to your properties by hand.`
            : "Soon you'll look up any address and get its estimate, comparable sales and a map right here. For now, add a property by hand."}
        </p>
      </Notice>
    </div>
  );
}

function SavedProperty({ id }: { id: string }) {
  const navigate = useNavigate();
  const { data: property, isPending, isError } = useQuery<Property>({ queryKey: queryKeys.property(id) });
  usePageTitle(property ? `${streetPart(property.address)} · Analysis` : 'Property Analysis');

  if (isError) {
    return (
      <div className="container page">
        <Notice
          tone="error"
          icon={<AlertIcon />}
          title="Failed to load property"
          actions={
            <button type="button" className="btn btn--primary" onClick={() => navigate('/')}>
              Go Home
            </button>
          }
        >
          <p>It may have been removed, or it belongs to another account.</p>
        </Notice>
      </div>
    );
  }

  if (isPending) {
    return (
      <div className="container page" aria-busy="true">
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  }

  return (
    <div className="container page">
      <Flex vertical gap={20}>
        <Flex justify="space-between" align="flex-end" wrap gap={16}>
          <div>
            <Typography.Text type="secondary" strong>
              Step 2 · Analysis
            </Typography.Text>
            <Typography.Title level={1} style={{ margin: '4px 0 6px', fontSize: 30, letterSpacing: '-0.02em' }}>
              {streetPart(property.address)}
            </Typography.Title>
            <Flex gap={10} align="center" wrap>
              <Typography.Text type="secondary">{cityStateZip(property)}</Typography.Text>
              <Tag color="blue">{propertyTypeLabel(property.propertyType)}</Tag>
            </Flex>
          </div>
          <Flex gap={8} wrap>
            <Link to="/dashboard" className="btn btn--secondary">
              View All Properties
            </Link>
            <Link to="/add-property" className="btn btn--primary">
              Add Another Property
            </Link>
          </Flex>
        </Flex>
        <div className="saved-property">
          <Card>
            <Typography.Text type="secondary">Estimated value</Typography.Text>
            <div className="value-figure">
              {property.estimatedValue === null ? 'Not estimated yet' : formatCurrency(property.estimatedValue)}
            </div>
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              The value range, comparable sales, a map and neighborhood insights for this home arrive in the next
              release.
            </Typography.Paragraph>
          </Card>
          <Card title="Property details">
            <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} colon={false} layout="vertical" size="small">
              <Descriptions.Item label="Bedrooms">{formatCount(property.bedrooms, 'bed')}</Descriptions.Item>
              <Descriptions.Item label="Bathrooms">{formatCount(property.bathrooms, 'bath')}</Descriptions.Item>
              <Descriptions.Item label="Square footage">{formatNumber(property.squareFootage)} sq ft</Descriptions.Item>
              <Descriptions.Item label="Year built">{property.yearBuilt ?? 'Not provided'}</Descriptions.Item>
              <Descriptions.Item label="Property type">{propertyTypeLabel(property.propertyType)}</Descriptions.Item>
              <Descriptions.Item label="Added">{formatDate(property.createdAt)}</Descriptions.Item>
              {property.additionalInfo ? (
                <Descriptions.Item label="Additional information" span="filled">
                  {property.additionalInfo}
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          </Card>
        </div>
      </Flex>
    </div>
  );
}
