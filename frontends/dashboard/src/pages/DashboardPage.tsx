import { useState } from 'react';
import { Button, Flex, Skeleton, Tabs, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { AuthUser } from '@hsa/contracts';
import { useAuth } from '@hsa/ui-kit';
import { useActiveProperties, useArchiveProperty, useArchivedProperties, useRestoreProperty } from '../api/properties';
import { EmptyList, PropertyList } from '../components/PropertyList';
import { SignedOutNotice } from '../components/SignedOutNotice';

/** The property dashboard (exposed as ./DashboardPage): active and archived properties. */
export default function DashboardPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} style={{ padding: '40px 24px' }} />;
  if (!user) return <SignedOutNotice />;
  return <Dashboard user={user} />;
}

/** "Active Properties (3)"; no count until the list has loaded. */
export function tabLabel(name: string, count: number | undefined): string {
  return count === undefined ? name : `${name} (${count})`;
}

function Dashboard({ user }: { user: AuthUser }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState('active');
  const active = useActiveProperties();
  const archived = useArchivedProperties();
  const archive = useArchiveProperty();
  const restore = useRestoreProperty();
  const addProperty = () => navigate('/add-property');
  const changingId = (mutation: typeof archive) => (mutation.isPending ? mutation.variables?.id : undefined);

  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: '40px 24px 56px' }}>
      <Flex justify="space-between" align="flex-end" wrap gap={16} style={{ marginBottom: 20 }}>
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 30, letterSpacing: '-0.02em' }}>
            {user.firstName ? `Welcome back, ${user.firstName}` : 'Welcome back'}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 15 }}>
            Track your homes, their estimated value and what to do next.
          </Typography.Text>
        </div>
        <Button type="primary" size="large" icon={<PlusOutlined aria-hidden />} onClick={addProperty}>
          Add New Property
        </Button>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        size="large"
        items={[
          {
            key: 'active',
            label: tabLabel('Active Properties', active.data?.length),
            children: (
              <PropertyList
                label="Active properties"
                query={active}
                cardProps={(property) => ({
                  onArchive: (target) => archive.mutate(target),
                  changing: changingId(archive) === property.id,
                })}
                empty={
                  <EmptyList
                    title="No active properties yet"
                    text="Add your first property to see its estimated value, recommendations and listing."
                    action={
                      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={addProperty}>
                        Add Your First Property
                      </Button>
                    }
                  />
                }
              />
            ),
          },
          {
            key: 'archived',
            label: tabLabel('Archived', archived.data?.length),
            children: (
              <PropertyList
                label="Archived properties"
                query={archived}
                cardProps={(property) => ({
                  onRestore: (target) => restore.mutate(target),
                  changing: changingId(restore) === property.id,
                })}
                empty={
                  <EmptyList
                    title="No archived properties"
                    text="Properties you archive are kept here, and you can restore them at any time."
                  />
                }
              />
            ),
          },
        ]}
      />
    </div>
  );
}
