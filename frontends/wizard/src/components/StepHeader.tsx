import type { ReactNode } from 'react';

export interface StepHeaderProps {
  /** "Step 2 · Analysis" */
  eyebrow: string;
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}

/** The heading of a wizard step: where you are, the page's one h1, and its actions. */
export function StepHeader({ eyebrow, title, subtitle, actions }: StepHeaderProps) {
  return (
    <header className="wz-step-header">
      <div className="wz-step-header__text">
        <p className="wz-eyebrow">{eyebrow}</p>
        <h1 className="wz-title">{title}</h1>
        {subtitle ? <div className="wz-subtitle">{subtitle}</div> : null}
      </div>
      {actions ? <div className="wz-step-header__actions">{actions}</div> : null}
    </header>
  );
}
