import { useEffect, type ReactNode } from 'react';
import { Button, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { Property } from '@hsa/contracts';
import { appName, cityStateZip, formatCurrency, propertyTypeLabel, streetPart } from '@hsa/ui-kit';
import { useProperty, usePropertyId } from '../api/property';

export interface PropertyPageFrameProps {
  /** The page's name: document title and eyebrow, e.g. "Recommendations". */
  pageName: string;
  children: (property: Property) => ReactNode;
}

function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title]);
}

/**
 * The frame of a page about one property (?propertyId=): loads it, shows its address, and the page's
 * content; a missing or foreign property gets the spec's 'Failed to load property' with Go Home.
 */
export function PropertyPageFrame({ pageName, children }: PropertyPageFrameProps) {
  const id = usePropertyId();
  const property = useProperty(id);
  const navigate = useNavigate();
  usePageTitle(property.data ? `${streetPart(property.data.address)} · ${pageName}` : pageName);

  if (!id || property.isError) {
    return (
      <div style={{ maxWidth: 1200, margin: '0 auto', padding: '40px 24px' }}>
        <Result
          status="warning"
          title={<h1 style={{ fontSize: 24, margin: 0 }}>Failed to load property</h1>}
          subTitle={id ? 'It may have been removed, or it belongs to another account.' : 'No property was chosen for this page.'}
          extra={
            <Button type="primary" onClick={() => navigate('/')}>
              Go Home
            </Button>
          }
        />
      </div>
    );
  }
  if (property.isPending) {
    return (
      <div style={{ maxWidth: 1200, margin: '0 auto', padding: '40px 24px' }} aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  const p = property.data;
  const analysis = `/?propertyId=${encodeURIComponent(p.id)}&step=2`;
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: '32px 24px 56px' }}>
      <Flex vertical gap={6} style={{ marginBottom: 24 }}>
        <Link to={analysis} style={{ fontWeight: 600 }}>
          <ArrowLeftOutlined aria-hidden /> Back to Analysis
        </Link>
        <Typography.Text type="secondary" strong>
          {pageName}
        </Typography.Text>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 30, letterSpacing: '-0.02em' }}>
          {streetPart(p.address)}
        </Typography.Title>
        <Flex gap={10} align="center" wrap>
          <Typography.Text type="secondary">{cityStateZip(p)}</Typography.Text>
          <Tag color="blue">{propertyTypeLabel(p.propertyType)}</Tag>
          {p.estimatedValue !== null ? <Typography.Text strong>Estimated value {formatCurrency(p.estimatedValue)}</Typography.Text> : null}
        </Flex>
      </Flex>
      {children(p)}
    </div>
  );
}
