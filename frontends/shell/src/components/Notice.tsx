import { useId, type ReactNode } from 'react';

export interface NoticeProps {
  /** A short line above the title, e.g. "Coming soon". */
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  icon?: ReactNode;
  tone?: 'default' | 'error';
  /** The heading level: 1 when the notice is the page's main content. */
  level?: 1 | 2;
}

/** A centred message with actions: placeholders, empty and error states of plain (antd-free) pages. */
export function Notice({ eyebrow, title, children, actions, icon, tone = 'default', level = 1 }: NoticeProps) {
  const headingId = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={`notice notice--${tone}`} aria-labelledby={headingId}>
      {icon ? (
        <div className="notice__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      {eyebrow ? <p className="notice__eyebrow">{eyebrow}</p> : null}
      <Heading id={headingId} className="notice__title">
        {title}
      </Heading>
      {children ? <div className="notice__body">{children}</div> : null}
      {actions ? <div className="notice__actions">{actions}</div> : null}
    </section>
  );
}
