import { Button, Card, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CreatePropertyInput, Property } from '@hsa/contracts';
import {
  PropertyDetailsForm,
  apiRequest,
  isUnauthorizedError,
  propertyListKeys,
  queryKeys,
  streetPart,
  useAuth,
  useToast,
} from '@hsa/ui-kit';
import { NeedsAntd } from '../antd/AntdHost';
import { PageSpinner } from '../components/PageSpinner';
import { usePageTitle } from '../components/usePageTitle';
import { SignInPrompt } from './SignInPrompt';

/** `/add-property`: until the analysis wizard arrives, signed-in users add a property by its details. */
export default function AddPropertyPage() {
  usePageTitle('Add a Property');
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!user) {
    return (
      <SignInPrompt title="Sign in to add a property" returnTo="/add-property">
        Save your home to your account to get its analysis, recommendations and a listing description.
      </SignInPrompt>
    );
  }
  return (
    <NeedsAntd>
      <AddPropertyForm />
    </NeedsAntd>
  );
}

function AddPropertyForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const create = useMutation({
    mutationFn: (body: CreatePropertyInput) => apiRequest<Property>('POST', '/api/properties', body),
    onSuccess: (property) => {
      queryClient.setQueryData(queryKeys.property(property.id), property);
      for (const queryKey of propertyListKeys) void queryClient.invalidateQueries({ queryKey });
      toast.success('Analysis Complete', `${streetPart(property.address)} was added to your properties.`);
      navigate(`/?propertyId=${encodeURIComponent(property.id)}&step=2`);
    },
    onError: (error) => {
      if (!isUnauthorizedError(error)) toast.error('Error', 'Failed to analyze property. Please try again.');
    },
  });

  return (
    <div className="container page page--narrow">
      <Typography.Title level={1} style={{ margin: '0 0 4px', fontSize: 30, letterSpacing: '-0.02em' }}>
        Add a property
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
        Tell us about the home. We'll save it to your properties and prepare its analysis.
      </Typography.Paragraph>
      <Card>
        <PropertyDetailsForm
          submitLabel="Analyze Property"
          submitting={create.isPending}
          onSubmit={(body) => create.mutate(body)}
          secondaryActions={
            <Button size="large" onClick={() => navigate('/dashboard')}>
              Cancel
            </Button>
          }
        />
      </Card>
    </div>
  );
}
