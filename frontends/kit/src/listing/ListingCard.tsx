import { useState, type CSSProperties } from 'react';
import { Button, Card, Flex, Input, Space, Tag, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, EditOutlined, ReloadOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { Listing } from '@hsa/contracts';
import { aiToasts } from '../ai/aiTexts';
import { useToast } from '../feedback/useToast';
import { copyText, countWords, downloadTextFile, listingFileName, listingFileText, paragraphs } from './listingText';

export interface ListingCardProps {
  listing: Listing;
  /** The home's address (file name of the download, title of a share). */
  address: string;
  onRegenerate: () => void;
  regenerating: boolean;
  /** Saves an edited description; resolves when saved. */
  onSave: (description: string) => Promise<unknown>;
  saving: boolean;
}

const statStyles = {
  label: { fontSize: 13, color: '#4b5567', margin: 0 },
  value: { fontSize: 22, fontWeight: 700, margin: 0 },
} satisfies Record<string, CSSProperties>;

/**
 * The listing description with what a seller does with it: Regenerate, Copy Description, Edit (and save),
 * Download (a text file) and Share (the Web Share API, else the page link is copied); the key selling point
 * badges and the statistics (words, characters, key features, and the fixed 'A+' AI rating).
 */
export function ListingCard({ listing, address, onRegenerate, regenerating, onSave, saving }: ListingCardProps) {
  const toast = useToast();
  const [draft, setDraft] = useState<string | null>(null);
  const editing = draft !== null;
  const description = listing.description;

  const copy = async () => {
    try {
      await copyText(description);
      toast.success(aiToasts.copied.title);
    } catch {
      toast.error(aiToasts.copyFailed.title, aiToasts.copyFailed.description);
    }
  };

  const share = async () => {
    const title = `Listing: ${address.split(',')[0]}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: description });
        return;
      } catch (error) {
        if ((error as { name?: string }).name === 'AbortError') return; // the person closed the share sheet
      }
    }
    try {
      await copyText(window.location.href);
      toast.success(aiToasts.copied.title, 'Link to this page copied.');
    } catch {
      toast.error(aiToasts.copyFailed.title, aiToasts.copyFailed.description);
    }
  };

  const save = async () => {
    if (draft === null) return;
    try {
      await onSave(draft);
      setDraft(null);
    } catch {
      // The toast says it failed; the draft stays for another try.
    }
  };

  // When a model is configured but its answer was not used, the built-in writer's label says why.
  const source = listing.editedAt
    ? 'Edited by you'
    : listing.engine === 'openai'
      ? 'Written by AI from your home\'s details'
      : (listing.sourceNote ?? "Written from your home's details by the built-in writer");

  return (
    <Flex vertical gap={20} data-testid="listing-card">
      <Card
        title={<h2 style={{ margin: 0, fontSize: 20 }}>Listing description</h2>}
        extra={<Typography.Text type="secondary">{source}</Typography.Text>}
      >
        {editing ? (
          <Flex vertical gap={12}>
            <label htmlFor="listing-description-editor" style={{ fontWeight: 600 }}>
              Edit the description
            </label>
            <Input.TextArea
              id="listing-description-editor"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              autoSize={{ minRows: 8, maxRows: 24 }}
              maxLength={5000}
            />
            <Space wrap>
              <Button type="primary" onClick={() => void save()} loading={saving} disabled={!draft.trim()}>
                Save
              </Button>
              <Button onClick={() => setDraft(null)} disabled={saving}>
                Cancel
              </Button>
            </Space>
          </Flex>
        ) : (
          <div data-testid="listing-description" style={{ fontSize: 16, lineHeight: 1.7 }}>
            {paragraphs(description).map((p, i) => (
              <p key={i} style={{ margin: '0 0 14px' }}>
                {p}
              </p>
            ))}
          </div>
        )}
        {!editing ? (
          <Space wrap style={{ marginTop: 8 }}>
            <Button icon={<ReloadOutlined aria-hidden />} onClick={onRegenerate} loading={regenerating}>
              Regenerate
            </Button>
            <Button type="primary" icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
              Copy Description
            </Button>
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setDraft(description)}>
              Edit
            </Button>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              onClick={() => downloadTextFile(listingFileName(address), listingFileText(description, listing.keySellingPoints))}
            >
              Download
            </Button>
            <Button icon={<ShareAltOutlined aria-hidden />} onClick={() => void share()}>
              Share
            </Button>
          </Space>
        ) : null}
      </Card>
      <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>Key selling points</h2>}>
        <ul aria-label="Key selling points" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}>
          {listing.keySellingPoints.map((point) => (
            <li key={point}>
              <Tag style={{ fontSize: 14, padding: '4px 10px', color: '#1e3a8a', background: '#eff4ff', borderColor: '#bfd0ff', marginInlineEnd: 0 }}>
                {point}
              </Tag>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>Statistics</h2>}>
        <dl style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', gap: 16, margin: 0 }}>
          <div>
            <dt style={statStyles.label}>Words</dt>
            <dd style={statStyles.value} data-testid="stat-words">
              {countWords(description)}
            </dd>
          </div>
          <div>
            <dt style={statStyles.label}>Characters</dt>
            <dd style={statStyles.value} data-testid="stat-characters">
              {description.length}
            </dd>
          </div>
          <div>
            <dt style={statStyles.label}>Key features</dt>
            <dd style={statStyles.value} data-testid="stat-features">
              {listing.keySellingPoints.length}
            </dd>
          </div>
          <div>
            <dt style={statStyles.label}>AI rating</dt>
            <dd style={{ ...statStyles.value, color: '#15803d' }} data-testid="stat-rating">
              A+
            </dd>
          </div>
        </dl>
      </Card>
    </Flex>
  );
}
