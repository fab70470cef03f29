/** The little XML S3 speaks: escaping, the documents this server answers, and the one body it reads. */

export const S3_NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#(\d+)|#x([0-9a-fA-F]+));/g, (_m, name: string, dec?: string, hex?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[name]!;
  });
}

export type XmlValue = string | number | boolean | XmlNode | XmlNode[] | undefined;
export interface XmlNode {
  [element: string]: XmlValue;
}

function render(node: XmlNode): string {
  let out = '';
  for (const [name, value] of Object.entries(node)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const child of value) out += `<${name}>${render(child)}</${name}>`;
    else if (typeof value === 'object') out += `<${name}>${render(value)}</${name}>`;
    else out += `<${name}>${escapeXml(String(value))}</${name}>`;
  }
  return out;
}

/** A whole XML document with one root element (namespaced like S3's, except Error). */
export function xmlDocument(root: string, body: XmlNode, namespaced = true): string {
  const attrs = namespaced ? ` xmlns="${S3_NAMESPACE}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}${attrs}>${render(body)}</${root}>`;
}

export interface RequestedPart {
  partNumber: number;
  etag: string;
}

/**
 * Reads a CompleteMultipartUpload body: `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>"…"</ETag></Part>…`.
 * Returns undefined when it is not that document (S3 answers MalformedXML).
 */
export function parseCompleteMultipartUpload(xml: string): RequestedPart[] | undefined {
  const root = /<CompleteMultipartUpload(?:\s[^>]*)?>([\s\S]*)<\/CompleteMultipartUpload>/.exec(xml);
  if (!root) return undefined;
  const parts: RequestedPart[] = [];
  for (const match of root[1]!.matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
    const body = match[1]!;
    const number = /<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(body)?.[1];
    const etag = /<ETag>([\s\S]*?)<\/ETag>/.exec(body)?.[1];
    if (number === undefined || etag === undefined) return undefined;
    parts.push({ partNumber: Number(number), etag: unescapeXml(etag.trim()) });
  }
  return parts;
}
