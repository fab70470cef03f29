import { useEffect } from 'react';
import { Button } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { loginUrl, redirectToLogin, useToast } from '@hsa/ui-kit';
import { LazyResult } from './LazyResult';

/** The spec's unauthorized redirect: 500 ms. */
export const signedOutRedirectDelayMs = 500;

/** Shown to a signed-out visitor of the dashboard, who is sent to the login page shortly after. */
export function SignedOutNotice() {
  const toast = useToast();
  useEffect(() => {
    toast.error('Unauthorized', 'You are logged out. Logging in again...');
    return redirectToLogin(signedOutRedirectDelayMs, '/dashboard');
  }, [toast]);
  return (
    <LazyResult
      icon={<LockOutlined aria-hidden />}
      title="You are logged out"
      subTitle="Logging in again..."
      extra={
        <Button type="primary" onClick={() => window.location.assign(loginUrl('/dashboard'))}>
          Sign In
        </Button>
      }
    />
  );
}
