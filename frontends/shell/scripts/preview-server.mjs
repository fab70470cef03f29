#!/usr/bin/env node
/**
 * Serves the built shell and dashboard the way the gateway does (shell at / with SPA fallback,
 * remotes at /remotes/<name>/, GET /remotes.json) over a small in-memory fake of the HTTP API, to
 * look at the front end without the services. Not used by the product.
 *
 *   node frontends/shell/scripts/preview-server.mjs [--port 4173] [--signed-in] [--empty]
 *
 * GET /api/login signs the fake user in (a cookie) and /api/logout signs out; --signed-in starts
 * signed in. --empty starts with no properties.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const frontends = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const port = Number(option('--port') ?? process.env.PORT ?? 4173);
const startSignedIn = args.includes('--signed-in');

const user = {
  id: 'preview-user',
  email: 'jordan.rivera@example.com',
  firstName: 'Jordan',
  lastName: 'Rivera',
  profileImageUrl: null,
};

const daysAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString();
const seed = (fields) => ({
  id: randomUUID(),
  userId: user.id,
  yearBuilt: null,
  propertyType: 'single_family',
  additionalInfo: null,
  estimatedValue: null,
  estimatedValueLow: null,
  estimatedValueHigh: null,
  lotSize: null,
  coordinates: null,
  placeId: null,
  archived: false,
  archivedAt: null,
  ...fields,
  updatedAt: fields.createdAt,
});

let properties = args.includes('--empty')
  ? []
  : [
      seed({ address: '2418 Capitol Ave, Sacramento, CA 95816, USA', city: 'Sacramento', state: 'CA', zipCode: '95816', bedrooms: 3, bathrooms: 2, squareFootage: 1840, yearBuilt: 1928, estimatedValue: 612000, createdAt: daysAgo(1) }),
      seed({ address: '915 Alhambra Blvd, Sacramento, CA 95819', city: 'Sacramento', state: 'CA', zipCode: '95819', bedrooms: 4, bathrooms: 2.5, squareFootage: 2450, propertyType: 'townhouse', estimatedValue: 735500, createdAt: daysAgo(9) }),
      seed({ address: '77 Riverside Dr, West Sacramento, CA 95691', city: 'West Sacramento', state: 'CA', zipCode: '95691', bedrooms: 2, bathrooms: 1, squareFootage: 980, propertyType: 'condo', createdAt: daysAgo(30) }),
      seed({ address: '3301 Folsom Blvd, Sacramento, CA 95816', city: 'Sacramento', state: 'CA', zipCode: '95816', bedrooms: 5, bathrooms: 3.5, squareFootage: 3120, estimatedValue: 980000, archived: true, archivedAt: daysAgo(2), createdAt: daysAgo(60) }),
    ];

const eventClients = new Set();
function publish(type, propertyId) {
  const data = JSON.stringify({ id: randomUUID(), type, propertyId, occurredAt: new Date().toISOString() });
  for (const client of eventClients) client.write(`event: ${type}\ndata: ${data}\n\n`);
}

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.map': 'application/json' };

function sendFile(res, file) {
  const hashed = /\.[0-9a-f]{8}\./.test(path.basename(file));
  res.writeHead(200, {
    'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  createReadStream(file).pipe(res);
}

function serveStatic(res, root, relative, fallback) {
  const file = path.join(root, path.normalize(relative).replace(/^(\.\.[/\\])+/, ''));
  if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return sendFile(res, file);
  if (fallback) return sendFile(res, path.join(root, 'index.html'));
  res.writeHead(404).end('Not found');
}

function json(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : {};
}

const signedIn = (req) => /(?:^|; )preview_session=1/.test(req.headers.cookie ?? '') || startSignedIn;
const newestFirst = (list) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

async function api(req, res, url) {
  const { pathname } = url;
  if (pathname === '/api/login') {
    const returnTo = url.searchParams.get('returnTo') ?? '/';
    res.writeHead(302, { Location: returnTo.startsWith('/') ? returnTo : '/', 'Set-Cookie': 'preview_session=1; Path=/; HttpOnly' });
    return res.end();
  }
  if (pathname === '/api/logout') {
    res.writeHead(302, { Location: '/', 'Set-Cookie': 'preview_session=; Path=/; Max-Age=0' });
    return res.end();
  }
  if (!signedIn(req)) return json(res, 401, { message: 'Unauthorized' });
  if (pathname === '/api/auth/user') return json(res, 200, user);
  if (pathname === '/api/events') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    eventClients.add(res);
    req.on('close', () => eventClients.delete(res));
    return;
  }
  if (pathname === '/api/user/properties') return json(res, 200, newestFirst(properties));
  if (pathname === '/api/user/properties/active') return json(res, 200, newestFirst(properties.filter((p) => !p.archived)));
  if (pathname === '/api/user/properties/archived') return json(res, 200, newestFirst(properties.filter((p) => p.archived)));
  if (pathname === '/api/properties' && req.method === 'POST') {
    const body = await readBody(req);
    const now = new Date().toISOString();
    const property = seed({ ...body, createdAt: now });
    properties.push(property);
    publish('property.created', property.id);
    return json(res, 201, property);
  }
  const match = /^\/api\/properties\/([^/]+)(?:\/(archive|unarchive))?$/.exec(pathname);
  const property = match && properties.find((p) => p.id === match[1]);
  if (!property) return json(res, 404, { message: 'Not found' });
  if (match[2] && req.method === 'PATCH') {
    property.archived = match[2] === 'archive';
    property.archivedAt = property.archived ? new Date().toISOString() : null;
    publish(property.archived ? 'property.archived' : 'property.unarchived', property.id);
  }
  return json(res, 200, property);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://preview');
  if (url.pathname.startsWith('/api/')) {
    api(req, res, url).catch((error) => json(res, 500, { message: String(error) }));
  } else if (url.pathname === '/remotes.json') {
    json(res, 200, { dashboard: '/remotes/dashboard/mf-manifest.json' });
  } else if (url.pathname.startsWith('/remotes/dashboard/')) {
    serveStatic(res, path.join(frontends, 'dashboard/dist'), url.pathname.slice('/remotes/dashboard/'.length), false);
  } else {
    serveStatic(res, path.join(frontends, 'shell/dist'), url.pathname, true);
  }
});

server.listen(port, '127.0.0.1', () => {
  console.log(`Preview at http://127.0.0.1:${server.address().port}/ (fake API; ${startSignedIn ? 'signed in' : 'GET /api/login signs in'})`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => process.exit(0));
