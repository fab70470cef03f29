import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useGenerateListing, useListing, useUpdateListing } from '../ai/aiApi';
import { listingMessages, rotation, type AiVariant } from '../ai/aiTexts';
import { GeneratingState } from '../ai/GeneratingState';
import { OutdatedNotice, writtenForAnotherEstimate } from '../ai/OutdatedNotice';
import { ListingCard } from './ListingCard';

export interface ListingWorkspaceProps {
  propertyId: string;
  address: string;
  /** The home's estimate now: a listing written for another one says it may be out of date. */
  estimatedValue: number | null;
  /** 'page' (the Listing page's toasts) or 'wizard' (the wizard's toasts). */
  variant: AiVariant;
}

/**
 * A home's listing for the page and the wizard: the generate prompt, the loading state, and the card (with a notice
 * when it was written for an earlier estimate).
 */
export function ListingWorkspace({ propertyId, address, estimatedValue, variant }: ListingWorkspaceProps) {
  const listing = useListing(propertyId);
  const generate = useGenerateListing(propertyId, variant);
  const update = useUpdateListing(propertyId);

  if (listing.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (listing.isError) {
    return (
      <Card>
        <Typography.Paragraph>We couldn't load the listing for this home.</Typography.Paragraph>
        <Button onClick={() => void listing.refetch()}>Try Again</Button>
      </Card>
    );
  }
  if (generate.isPending) {
    return (
      <Card>
        <GeneratingState title="Writing your listing…" messages={listingMessages} intervalMs={rotation.generatingMs} />
      </Card>
    );
  }
  if (!listing.data) {
    return (
      <Card data-testid="listing-prompt">
        <Flex vertical align="center" gap={12} style={{ padding: '24px 8px', textAlign: 'center' }}>
          <FileTextOutlined aria-hidden style={{ fontSize: 36, color: '#1f5eff' }} />
          <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
            Write your listing description
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ maxWidth: 560, margin: 0 }}>
            Get a ready-to-publish description written only from your home's real details, with its key selling points
            highlighted.
          </Typography.Paragraph>
          <Button type="primary" size="large" onClick={() => generate.mutate()}>
            Generate Listing
          </Button>
        </Flex>
      </Card>
    );
  }
  const { basedOnEstimate } = listing.data;
  return (
    <Flex vertical gap={16}>
      {writtenForAnotherEstimate(basedOnEstimate, estimatedValue) ? (
        <OutdatedNotice what="listing" basedOnEstimate={basedOnEstimate} estimatedValue={estimatedValue} onRegenerate={() => generate.mutate()} />
      ) : null}
      <ListingCard
        listing={listing.data}
        address={address}
        onRegenerate={() => generate.mutate()}
        regenerating={generate.isPending}
        onSave={(description) => update.mutateAsync(description)}
        saving={update.isPending}
      />
    </Flex>
  );
}
