import { createHash } from 'node:crypto';
import { initialsOf } from './name';

const BACKGROUNDS = ['#1d4ed8', '#047857', '#7c3aed', '#b45309', '#be123c', '#0e7490', '#4d7c0f', '#9d174d'];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A round SVG avatar with the person's initials on a colour picked from the subject, so it never changes. */
export function avatarSvg(sub: string, name: string | undefined): string {
  const colourIndex = createHash('sha256').update(sub).digest()[0]! % BACKGROUNDS.length;
  const initials = escapeXml(name ? initialsOf(name) : '?');
  const label = escapeXml(name ?? 'Unknown user');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${label}">` +
    `<circle cx="64" cy="64" r="64" fill="${BACKGROUNDS[colourIndex]}"/>` +
    `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" ` +
    `font-size="52" font-weight="600" fill="#ffffff">${initials}</text></svg>`
  );
}
