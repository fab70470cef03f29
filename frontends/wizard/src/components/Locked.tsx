import type { ReactNode } from 'react';
import { Button } from 'antd';
import { LockIcon } from './icons';

/** What unlocks a locked feature: 'Sign In to Save' for visitors, 'Save Now' after a failed auto-save. */
export interface UnlockAction {
  label: string;
  onClick: () => void;
  loading?: boolean;
}

export interface LockedProps {
  locked: boolean;
  /** Says what is hidden and why, e.g. "Sign in to see the estimated value". */
  message: string;
  action?: UnlockAction | undefined;
  children: ReactNode;
}

/**
 * Demo mode's blur: the content stays in place but blurred, out of the tab order and hidden from
 * assistive technology (inert), with a message and the button that unlocks it.
 */
export function Locked({ locked, message, action, children }: LockedProps) {
  if (!locked) return children;
  return (
    <div className="wz-locked">
      <div className="wz-locked__content" aria-hidden="true" inert>
        {children}
      </div>
      <div className="wz-locked__overlay">
        <span className="wz-locked__icon">
          <LockIcon size={18} />
        </span>
        <p className="wz-locked__message">{message}</p>
        {action ? (
          <Button type="primary" onClick={action.onClick} loading={action.loading}>
            {action.label}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
