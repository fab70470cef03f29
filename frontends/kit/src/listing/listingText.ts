/** Words as a reader counts them. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The description's paragraphs (blank lines separate them). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** "2418 Capitol Ave, Sacramento" -> "listing-2418-capitol-ave.txt" */
export function listingFileName(address: string | null | undefined): string {
  const street = (address ?? '').split(',')[0] ?? '';
  const slug = street
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `listing${slug ? `-${slug}` : ''}.txt`;
}

/** The text file a seller downloads: the description, then the key selling points. */
export function listingFileText(description: string, keySellingPoints: string[]): string {
  const points = keySellingPoints.length ? `\n\nKey selling points:\n${keySellingPoints.map((p) => `- ${p}`).join('\n')}` : '';
  return `${description.trim()}${points}\n`;
}

/** Starts a download of `text` as a UTF-8 text file. */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Copies text with the Clipboard API, or the old way where it is missing (plain http, older browsers). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}
